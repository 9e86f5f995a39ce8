//! A save told again: right after something was saved, a message that
//! takes it back and tells it once more ("no espera, me dio 250", "me
//! equivoqué, le pagué 1,500", "le pagué 100, no 150", "no espera, son
//! 12,500" after the balance) corrects what was saved, never saves a
//! second one beside it.

use super::recent::{SavedBefore, saved_before};
use super::state::AgentState;
use crate::nlu::lexicon::cues;
use crate::nlu::{Intent, Reading, Understanding};
use crate::tools::TransactionRow;

/// The intent a message that tells a save again asks for: the last
/// movement changed, or the balance set again. `None` when the message
/// is no retelling (nothing saved the turn before, money of another
/// kind, a second movement: "también me dio 50").
pub fn retold_intent(state: &AgentState, reading: &Reading, u: &Understanding) -> Option<Intent> {
    let saved = saved_before(state)?;
    match saved {
        SavedBefore::Movement if u.intent == Intent::LogTransaction => {
            let retold = denies_saved_amount(state, reading)
                || takes_back(reading)
                    && !adds_another(reading)
                    && kind_fits(state, u)
                    && u.amount.is_some();
            retold.then_some(Intent::UpdateLastTransaction)
        }
        SavedBefore::Balance
            if matches!(
                u.intent,
                Intent::LogTransaction | Intent::UpdateLastTransaction | Intent::Unknown
            ) =>
        {
            let bare = u.category.is_none() && !u.kind_said && u.amount.is_some();
            (bare && takes_back(reading) && !adds_another(reading))
                .then_some(Intent::SetBankBalance)
        }
        _ => None,
    }
}

/// The message read as the intent a retelling asks for. A movement told
/// again is the one saved last, whatever words of it the message
/// repeats ("me dio", "le pagué").
pub fn retold(reading: &Reading, intent: Intent) -> Understanding {
    let mut u = reading.understanding_as(intent);
    if intent == Intent::UpdateLastTransaction {
        u.target = Some(crate::nlu::RowReference {
            position: Some(1),
            ..Default::default()
        });
    }
    u
}

/// Whether a message, said with nothing open, tells again the movement
/// the turn before saved: it is that movement's change, whichever agent
/// would take the statement alone ("no espera, me dio 250" after a
/// cobro's payment is no second payment).
pub fn retells_saved_movement(state: &AgentState, reading: &Reading) -> bool {
    retold_intent(state, reading, reading.understanding()) == Some(Intent::UpdateLastTransaction)
}

/// Whether the message opens taking back what was said or done ("no
/// espera", "perdón", "mejor", "eran") or says it was a mistake ("me
/// equivoqué"), and denies no money it names ("no me dio nada").
fn takes_back(reading: &Reading) -> bool {
    let c = cues();
    let opens = crate::nlu::answers::starts_correction(reading.folded());
    let mistake = reading
        .words()
        .any(|w| c.said.mistake_words.words().contains(&w));
    (opens || mistake) && !reading.money_denied()
}

/// "también", "otro": a second movement, not the first told again.
fn adds_another(reading: &Reading) -> bool {
    let c = cues();
    reading.words().any(|w| {
        c.amounts.follow_up_words.words().contains(&w) || c.days.adds_item.words().contains(&w)
    })
}

/// Whether the way the message's money goes, when its words say it, is
/// the way a movement saved the turn before went. A movement an agent's
/// action recorded (a cobro's payment) is of any kind.
fn kind_fits(state: &AgentState, u: &Understanding) -> bool {
    let Some(kind) = u.kind.filter(|_| u.kind_said) else {
        return true;
    };
    let rows = saved_rows(state);
    rows.is_empty() || rows.iter().any(|row| row.kind == kind)
}

/// "le pagué 100, no 150" right after the $150 payment was saved: a
/// movement told again that denies, after its amount, the amount just
/// saved.
fn denies_saved_amount(state: &AgentState, reading: &Reading) -> bool {
    let amounts = &reading.extraction().amounts;
    let rows = saved_rows(state);
    amounts
        .iter()
        .enumerate()
        .filter(|(i, m)| m.retracted && amounts[..*i].iter().any(|kept| !kept.retracted))
        .any(|(_, m)| rows.iter().any(|row| row.amount_mxn_cents == m.centavos))
}

/// Whether a change that names only an amount would leave every movement
/// saved the turn before as it is: each already has that amount.
pub fn leaves_saved_as_is(state: &AgentState, reading: &Reading) -> bool {
    let u = reading.understanding();
    let only_amount = u.category.is_none() && u.date.is_none() && !u.kind_said;
    let rows = saved_rows(state);
    only_amount
        && !rows.is_empty()
        && u.amount
            .is_some_and(|amount| rows.iter().all(|row| row.amount_mxn_cents == amount))
}

/// The movements the finance tools saved the turn before.
fn saved_rows(state: &AgentState) -> Vec<TransactionRow> {
    let results = state.tool_results.iter().filter(|r| r.ok);
    results
        .flat_map(|r| match r.tool_name.as_str() {
            "add_transaction" => r.data_as::<TransactionRow>().into_iter().collect(),
            "add_transactions" => r
                .data_as::<crate::tools::TransactionList>()
                .map(|l| l.transactions)
                .unwrap_or_default(),
            "pay_debt" => r
                .data_as::<crate::tools::DebtPayment>()
                .map(|p| vec![p.transaction])
                .unwrap_or_default(),
            _ => Vec::new(),
        })
        .collect()
}
