//! A finance draft that waits while another agent's request runs: the
//! same courtesy a data flow gets when a finance request interrupts it.
//! The draft (its question, or its prompt with the same id and expiry)
//! is moved out of the way whole, named, and brought back once the other
//! agent has nothing open; "cancelar" drops it with everything else.

use serde::{Deserialize, Serialize};

use super::state::{
    AgentState, BackupEntry, ClarificationQuestion, ParamsDraft, PendingAction, PendingWrite,
    RowChoice, Snapshot, TransactionDraft,
};
use crate::nlu::{Intent, RowReference};

/// Every field of an open finance draft, as it was when set to wait.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitingDraft {
    /// How the reply named it ("el gasto de $250.00 en transporte").
    pub summary: String,
    pub last_user_message: String,
    pub extracted_intent: Intent,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft_intent: Option<Intent>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_action: Option<PendingAction>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_transaction: Option<TransactionDraft>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_params: Option<ParamsDraft>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clarification_questions: Vec<ClarificationQuestion>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub intent_candidates: Vec<Intent>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unclear_message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resume_simulation: Option<TransactionDraft>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_target: Option<RowReference>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row_choice: Option<RowChoice>,
}

impl AgentState {
    /// Moves the open finance draft out of the way, whole, under `summary`.
    /// A draft already waiting is kept in the backup log (one waits at a
    /// time; the reply names both).
    pub fn suspend_draft(&mut self, summary: String) {
        let draft = WaitingDraft {
            summary,
            last_user_message: self.last_user_message.clone(),
            extracted_intent: self.extracted_intent,
            draft_intent: self.draft_intent.take(),
            pending_action: self.pending_action.take_if(|p| p.write().is_some()),
            pending_transaction: self.pending_transaction.take(),
            pending_params: self.pending_params.take(),
            clarification_questions: std::mem::take(&mut self.clarification_questions),
            intent_candidates: std::mem::take(&mut self.intent_candidates),
            unclear_message: self.unclear_message.take(),
            resume_simulation: self.resume_simulation.take(),
            pending_target: self.pending_target.take(),
            row_choice: self.row_choice.take(),
        };
        self.waiting_draft = Some(Box::new(draft));
    }

    /// Puts the waiting draft back as the open one and returns how it was
    /// named. Only when no finance draft is open.
    pub fn resume_draft(&mut self) -> Option<String> {
        if self.has_open_flow() {
            return None;
        }
        let draft = *self.waiting_draft.take()?;
        self.last_user_message = draft.last_user_message;
        self.extracted_intent = draft.extracted_intent;
        self.draft_intent = draft.draft_intent;
        self.pending_action = draft.pending_action;
        self.pending_transaction = draft.pending_transaction;
        self.pending_params = draft.pending_params;
        self.clarification_questions = draft.clarification_questions;
        self.intent_candidates = draft.intent_candidates;
        self.unclear_message = draft.unclear_message;
        self.resume_simulation = draft.resume_simulation;
        self.pending_target = draft.pending_target;
        self.row_choice = draft.row_choice;
        Some(draft.summary)
    }

    /// Drops the waiting draft when its prompt would write again what
    /// `done` just wrote, returning how it was named.
    pub fn drop_waiting_repeat(&mut self, done: &PendingWrite, at_iso: &str) -> Option<String> {
        let waiting = self.waiting_draft.as_ref()?.pending_action.as_ref()?;
        if !waiting.write().is_some_and(|w| w.repeats(done)) {
            return None;
        }
        self.drop_waiting_draft("done_meanwhile", at_iso)
    }

    /// Drops the waiting draft into the backup log (a "cancelar", an
    /// engine error, or another draft set to wait in its place), returning
    /// how it was named; nothing is dropped without being kept there.
    pub fn drop_waiting_draft(&mut self, reason: &str, at_iso: &str) -> Option<String> {
        let draft = *self.waiting_draft.take()?;
        self.push_backup(BackupEntry {
            at_iso: at_iso.to_string(),
            reason: reason.to_string(),
            summary: Some(draft.summary.clone()),
            snapshot: Snapshot {
                last_user_message: draft.last_user_message,
                extracted_intent: draft.extracted_intent,
                pending_action: draft.pending_action,
                pending_transaction: draft.pending_transaction,
                clarification_questions: draft.clarification_questions,
                current_flow: None,
            },
        });
        Some(draft.summary)
    }
}
