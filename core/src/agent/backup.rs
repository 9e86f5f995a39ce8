//! The backup log (seed `backup_overwrite_log`): every draft or flow that
//! was dropped or set aside, named as the reply named it.

use super::state::{AgentState, BACKUP_LOG_LIMIT, BackupEntry, Snapshot};
use crate::agents::state::FlowState;

impl AgentState {
    /// Appends a snapshot of the open flow to `backup_overwrite_log`,
    /// keeping only the last [`BACKUP_LOG_LIMIT`].
    pub fn backup(&mut self, reason: &str, at_iso: &str) {
        let summary = crate::agent::text::dialogue::finance_flow(self);
        self.push_backup(BackupEntry {
            at_iso: at_iso.to_string(),
            reason: reason.to_string(),
            summary,
            snapshot: Snapshot {
                last_user_message: self.last_user_message.clone(),
                extracted_intent: self.extracted_intent,
                pending_action: self.pending_action.clone().filter(|p| p.write().is_some()),
                pending_transaction: self.pending_transaction.clone(),
                clarification_questions: self.clarification_questions.clone(),
                current_flow: None,
            },
        });
    }

    /// Keeps a data agent's dropped flow in `backup_overwrite_log`, named
    /// as the reply named it: its state and the user's answers (its
    /// `state_data` came from services and is left out, so the checkpoint
    /// stays small).
    pub fn backup_flow(
        &mut self,
        reason: &str,
        at_iso: &str,
        summary: String,
        mut flow: FlowState,
    ) {
        flow.state_data.clear();
        self.push_backup(BackupEntry {
            at_iso: at_iso.to_string(),
            reason: reason.to_string(),
            summary: Some(summary),
            snapshot: Snapshot {
                last_user_message: self.last_user_message.clone(),
                extracted_intent: self.extracted_intent,
                pending_action: None,
                pending_transaction: None,
                clarification_questions: Vec::new(),
                current_flow: Some(flow),
            },
        });
    }

    pub(super) fn push_backup(&mut self, entry: BackupEntry) {
        self.backup_overwrite_log.push(entry);
        let excess = self
            .backup_overwrite_log
            .len()
            .saturating_sub(BACKUP_LOG_LIMIT);
        self.backup_overwrite_log.drain(..excess);
    }
}
