//! What a message is to an open finance draft: at its confirmation (a
//! decision, a change of it or of one of its rows, another movement for
//! the same «sí», a question, a new request) and at its question (the
//! answer, or a request of its own).

use super::{AtConfirmation, AtQuestion, answers_category};
use crate::agent::state::{AgentState, Field, PendingWrite};
use crate::confidence::{CLEAR, SURE};
use crate::nlu::answers::{self, Decision};
use crate::nlu::{Intent, Reading, Understanding};

pub(super) fn at_confirmation(state: &AgentState, reading: &Reading) -> AtConfirmation {
    if reading.decision() != Decision::Other {
        return AtConfirmation::Decision;
    }
    // "sí, y también 40 de propina": the yes is asked for alone, and the
    // movement said after it joins the prompt, never dropped.
    if let Some(rest) = answers::after_yes(reading) {
        let rest = Reading::new(&rest, reading.today());
        if let Some(rows) = crate::agent::rows::add_rows(state, &rest) {
            return AtConfirmation::AddRows(rows);
        }
    }
    // A yes with more words is not a change of the draft (its words are
    // never read into it); the gate asks for the yes alone.
    if answers::opens_with_yes(reading) {
        return AtConfirmation::YesWithMore;
    }
    // "saqué 2000 del cajero" while the tacos wait: the person's own
    // money moved is said to be no movement, and the prompt stays as it
    // is (never a new amount or kind for it).
    if crate::nlu::moves_own_money(reading) && !reading.extraction().amounts.is_empty() {
        return AtConfirmation::Question;
    }
    // "ah no, los tacos fueron 150" while several movements wait.
    if let Some(rows) = crate::agent::rows::patch_row(state, reading) {
        return AtConfirmation::PatchRow(rows);
    }
    // "y 80 de refresco": another movement for the same «sí», never a
    // change of the one shown.
    if let Some(rows) = crate::agent::rows::add_rows(state, reading) {
        return AtConfirmation::AddRows(rows);
    }
    if new_movement(reading) {
        return AtConfirmation::NewRequest;
    }
    // "no, es un gasto nuevo, cargué gasolina 200" while the change of a
    // stored movement waits: what it says is another movement.
    if matches!(
        state.pending_write(),
        Some(PendingWrite::UpdateLastTransaction(_))
    ) && reading
        .cues()
        .has(crate::nlu::lexicon::cues().said.new_record_phrases)
    {
        return AtConfirmation::NewRequest;
    }
    if let Some(at) = points_at_draft(state, reading) {
        return at;
    }
    if let Some(other) = names_another_row(state, reading) {
        return AtConfirmation::AnotherRow(Box::new(other));
    }
    let u = reading.understanding();
    // "y eran 250" while several movements wait: which one is asked.
    let several = matches!(
        state.pending_write(),
        Some(PendingWrite::AddTransactions(_))
    );
    if several && (is_correction(reading, u) || crate::agent::drafts::would_patch(state, reading)) {
        return AtConfirmation::WhichOfSeveral;
    }
    // "no, es ingreso, soy taxista": the kind named differs from the
    // movement shown, whatever else is said.
    // A question ("¿cuánto gané esta semana?") asks; its verb turns
    // nothing.
    let asks = u.intent == Intent::QueryData && reading.is_question();
    let kind_changes = !asks
        && state.pending_transaction.as_ref().is_some_and(|draft| {
            answers::kind_named(reading, draft.kind).is_some_and(|kind| draft.kind != Some(kind))
        });
    // "no espera, la gasolina que puse fue 900 no 800" while an income of
    // 1,000 waits: it takes back money the draft does not hold, so it
    // changes a movement saved before.
    let correction = is_correction(reading, u);
    if !kind_changes
        && correction
        && let Some(other) = takes_back_saved(state, reading)
    {
        return AtConfirmation::AnotherRow(Box::new(other));
    }
    if (kind_changes || correction)
        && (state.pending_transaction.is_some() || state.pending_params.is_some())
    {
        return AtConfirmation::Correction;
    }
    if u.intent == Intent::QueryData && u.confidence >= SURE {
        return AtConfirmation::Question;
    }
    let whole = u.intent != Intent::LogTransaction || answers::complete_finance_request(reading);
    if u.intent != Intent::Unknown
        && u.intent != Intent::UpdateLastTransaction
        && u.confidence >= SURE
        && whole
    {
        return AtConfirmation::NewRequest;
    }
    if let Some(rows) = crate::agent::rows::other_category_rows(state, reading) {
        return AtConfirmation::AddRows(rows);
    }
    // "el 10 de diciembre pagamos el carro" while an income waits: money
    // moving the other way is no piece of it.
    if other_way(state, u) {
        return AtConfirmation::NewRequest;
    }
    // "el 12", "pero fue entre 4", "350": a bare piece that fits.
    if crate::agent::drafts::would_patch(state, reading) {
        return AtConfirmation::Piece;
    }
    AtConfirmation::NotAToken
}

pub(super) fn at_question(state: &AgentState, reading: &Reading) -> AtQuestion {
    if crate::nlu::moves_own_money(reading) && !reading.extraction().amounts.is_empty() {
        return AtQuestion::Question;
    }
    if let Some(again) = crate::agent::recent::simulation_follow_up(state, reading) {
        return AtQuestion::SimulationAgain(Box::new(again));
    }
    let u = reading.understanding();
    // "hojas 95" while the category of "masa 380" is asked: another
    // movement, never the amount of this one changed without a word.
    if answers_category(state) && another_amount(state, reading, u) {
        return AtQuestion::NewRequest;
    }
    if in_pieces(state, reading) {
        return AtQuestion::Pieces;
    }
    // "don Ramiro dejó 100 de lo que debe" to «¿Cómo se llama la deuda?»
    // of a debt of 900: money of its own is no name.
    if names_other_money(state, u) {
        return AtQuestion::NewRequest;
    }
    // "no espera, la gasolina que puse fue 900 no 800" while this one's
    // amount is asked: a change of a movement saved before.
    if is_correction(reading, u)
        && let Some(other) = takes_back_saved(state, reading)
    {
        return AtQuestion::AnotherRow(Box::new(other));
    }
    let choosing_intent = !state.intent_candidates.is_empty();
    // "hoy le aboné 400 a refacciones" to «¿Ya lo pagaste hoy…?» about
    // 2,400: a set answer's words in a request with money of its own.
    let closed_answer = answers_closed_question(state, reading) && !amount_differs(state, u);
    if !choosing_intent && !closed_answer && u.confidence >= CLEAR && is_full_request(reading, u) {
        if u.intent == Intent::QueryData {
            return AtQuestion::Question;
        }
        if replaces_draft(state, u) {
            return AtQuestion::NewRequest;
        }
    }
    AtQuestion::Answer
}

/// Whether the movement's amount is asked and the reply gives the money
/// of several movements, each with its own amount.
fn in_pieces(state: &AgentState, reading: &Reading) -> bool {
    let asks_amount = state
        .clarification_questions
        .first()
        .is_some_and(|q| q.field == crate::agent::state::Field::Amount);
    let items = &reading.extraction().items;
    asks_amount
        && state.draft_intent == Some(Intent::LogTransaction)
        && items.len() >= 2
        && items.iter().all(|item| item.amount.is_some())
}

/// A message that stands on its own, not a bare answer ("180", "comida").
/// An answer comes first: "como 830 con la comisión" to "¿cuánto fue en
/// pesos?" is the amount, not a new income; only a whole request ("gasté
/// 300 en uber") is new.
fn is_full_request(reading: &Reading, u: &Understanding) -> bool {
    match u.intent {
        Intent::QueryData | Intent::DeleteLastTransaction | Intent::SimulatePurchase => true,
        Intent::LogTransaction => {
            u.amount.is_some() && u.category.is_some() && answers::complete_finance_request(reading)
        }
        Intent::SetBudget | Intent::ManageDebt => true,
        // "tengo 12,000 en el banco": the amount and the bank together.
        Intent::SetBankBalance => u.amount.is_some(),
        // While a draft is open a correction is about the draft.
        Intent::UpdateLastTransaction => false,
        Intent::Unknown => false,
    }
}

/// Whether a full request `u` is a new request rather than an answer that
/// patches the open draft: another kind of request, or the same kind about
/// something else ("gasté 300 en uber" while the taco's amount is asked).
fn replaces_draft(state: &AgentState, u: &Understanding) -> bool {
    if state.draft_intent == Some(Intent::ManageDebt) && u.intent == Intent::SetBankBalance {
        // "saldo 2,500" while a debt is open is the debt's balance.
        return false;
    }
    if state.draft_intent != Some(u.intent) {
        return true;
    }
    let draft_category = state
        .pending_transaction
        .as_ref()
        .and_then(|d| d.category.as_deref());
    u.intent == Intent::LogTransaction
        && (matches!((draft_category, u.category), (Some(open), Some(new)) if open != new.key)
            || amount_differs(state, u))
}

/// Whether the debt's name is asked and the reply names an amount that
/// is none of the debt's.
fn names_other_money(state: &AgentState, u: &Understanding) -> bool {
    let asks_name = state
        .clarification_questions
        .first()
        .is_some_and(|q| q.field == Field::DebtName);
    let Some(params) = state.pending_params.as_ref() else {
        return false;
    };
    let debt = [params.debt_balance_mxn_cents, params.debt_minimum_mxn_cents];
    let said = u.amount.or(u.debt_balance).or(u.debt_minimum);
    asks_name && said.is_some_and(|a| !debt.contains(&Some(a)))
}

/// Whether `u` names an amount and the open movement another one.
fn amount_differs(state: &AgentState, u: &Understanding) -> bool {
    let draft_amount = state
        .pending_transaction
        .as_ref()
        .and_then(|d| d.amount_mxn_cents);
    matches!((draft_amount, u.amount), (Some(open), Some(new)) if open != new)
}

/// Whether a reply to a movement's question names another amount than the
/// movement's, with no word of correcting it ("no, eran 95" corrects).
fn another_amount(state: &AgentState, reading: &Reading, u: &Understanding) -> bool {
    // While a purchase is weighed ("¿me alcanza para unos audífonos de
    // 2000?"), a movement with its own place is one ("el martes fui al
    // súper, 1,250 en costco").
    let draft = match state.draft_intent {
        Some(Intent::LogTransaction) => {
            matches!(u.intent, Intent::LogTransaction | Intent::Unknown)
        }
        Some(Intent::SimulatePurchase) => {
            u.intent == Intent::LogTransaction && u.category.is_some()
        }
        _ => false,
    };
    amount_differs(state, u) && draft && !answers::starts_correction(reading.folded())
}

/// A whole new movement said plainly, with its own verb of money in or
/// out and its amount, and nothing that opens a correction ("hoy me
/// saqué 1,800 en el taxi"): a request of its own, whatever draft or row
/// its words recall.
fn new_movement(reading: &Reading) -> bool {
    let own = reading.understanding();
    own.intent == Intent::LogTransaction
        && own.kind_said
        && own.amount.is_some()
        && own.confidence >= CLEAR
        && !answers::starts_correction(reading.folded())
}

/// While the change of a stored movement waits for its "sí": the message
/// read as a change of another one ("el de los tacos fue ayer" when the
/// uber's waits), named by other words or another position.
fn names_another_row(state: &AgentState, reading: &Reading) -> Option<Understanding> {
    // A delete of another one is a request of its own, read as such later.
    // A question ("mis movimientos") asks; it changes nothing.
    if state.draft_intent != Some(Intent::UpdateLastTransaction)
        || matches!(
            reading.understanding().intent,
            Intent::DeleteLastTransaction | Intent::QueryData
        )
    {
        return None;
    }
    let pending = state.pending_target.clone().unwrap_or_default();
    let said = reading.understanding_as(Intent::UpdateLastTransaction);
    let target = said.target.clone()?;
    let other_words =
        !target.words.is_empty() && !target.words.iter().any(|w| pending.words.contains(w));
    // Position 1 is also what a change naming no movement falls back to.
    let other_position = target.words.is_empty()
        && target.position.is_some_and(|p| {
            Some(p) != pending.position && (p != 1 || answers::names_last_record(reading))
        });
    (other_words || other_position).then_some(said)
}

/// "bórralo" while a draft waits: it points at the draft shown, never
/// at a stored movement (a reflexive «sí» would delete one). At a
/// deletion's own prompt it asks for the «sí» itself.
fn points_at_draft(state: &AgentState, reading: &Reading) -> Option<AtConfirmation> {
    let u = reading.understanding();
    let points = u.intent == Intent::DeleteLastTransaction
        && !answers::names_last_record(reading)
        && u.amount.is_none()
        && u.category.is_none()
        && u.description.is_none()
        && u.date.is_none()
        && u.target.as_ref().is_none_or(|t| {
            // The last one is the reading's default; a place counted
            // from it («el penúltimo») names a record.
            t.position.is_none_or(|p| p == 1)
                && t.amounts.is_empty()
                && t.date_iso.is_none()
                && t.words.is_empty()
        });
    points.then(|| match state.pending_write() {
        Some(PendingWrite::DeleteLastTransaction(_)) => AtConfirmation::YesWithMore,
        _ => AtConfirmation::Withdraw,
    })
}

/// A correction that takes back only amounts the open movement does not
/// hold: read as the change of a saved movement.
fn takes_back_saved(state: &AgentState, reading: &Reading) -> Option<Understanding> {
    let draft = state.pending_transaction.as_ref()?.amount_mxn_cents;
    draft?;
    if state.draft_intent != Some(Intent::LogTransaction) {
        return None;
    }
    let denied = denied_amounts(reading);
    let holds = |amount: i64| draft == Some(amount);
    let named = reading
        .extraction()
        .amounts
        .iter()
        .any(|m| holds(m.centavos));
    if denied.is_empty() || named {
        return None;
    }
    // It names what it changes, and that is not the open movement.
    let said = reading.understanding_as(Intent::UpdateLastTransaction);
    let target = said.target.as_ref()?;
    let open = state.pending_transaction.as_ref()?;
    let is_open = |word: &String| {
        open.description
            .as_deref()
            .is_some_and(|d| crate::nlu::normalize::fold(d).contains(word.as_str()))
            || crate::nlu::category::key_of_word(word)
                .is_some_and(|k| open.category.as_deref() == Some(k))
    };
    (!target.words.is_empty() && !target.words.iter().any(is_open)).then_some(said)
}

/// The amounts the message denies after the one it gives: a "no" right
/// before them, with no mark between, after another amount ("fue 900 no
/// 800"; "no 300" and "no, 300" give 300). Narrower than
/// `nlu::amount::take_back`, which also takes back the first of "80 digo
/// 90": here only money denied outright points at another movement.
fn denied_amounts(reading: &Reading) -> Vec<i64> {
    let no = &crate::nlu::lexicon::cues().said.no_words;
    let tokens = reading.tokens();
    let folded = reading.folded();
    let amounts = &reading.extraction().amounts;
    amounts
        .iter()
        .enumerate()
        .filter(|(i, m)| {
            *i > 0
                && tokens
                    .iter()
                    .rposition(|t| t.end <= m.span.start)
                    .is_some_and(|k| {
                        tokens[k].is_in(no)
                            && tokens[k].start >= amounts[i - 1].span.end
                            && folded
                                .get(tokens[k].end..m.span.start)
                                .is_some_and(|gap| gap.chars().all(char::is_whitespace))
                    })
        })
        .map(|(_, m)| m.centavos)
        .collect()
}

/// Whether the message says money moving the other way than the open
/// movement's, with a verb of its own ("pagamos" while an income waits).
fn other_way(state: &AgentState, u: &Understanding) -> bool {
    let draft = state.pending_transaction.as_ref().and_then(|d| d.kind);
    u.kind_said && draft.is_some() && u.kind.is_some() && u.kind != draft
}

/// "no, fue en comida", "mejor 300", "eran 300": fixes a field of the
/// draft being confirmed.
fn is_correction(reading: &Reading, u: &Understanding) -> bool {
    let marker =
        answers::starts_correction(reading.folded()) || u.intent == Intent::UpdateLastTransaction;
    if !marker {
        return false;
    }
    // Read the fields as a correction would carry them.
    let fields = reading.understanding_as(Intent::UpdateLastTransaction);
    let has_field = fields.amount.is_some() || fields.category.is_some() || fields.date.is_some();
    has_field || answers::names_correction_field(reading.folded())
}

/// Whether the message is one of the answers a question with set answers
/// takes ("el total" to "¿tu parte es…?", "ya lo pagué hoy"): it answers,
/// even when it would read as a request of its own.
fn answers_closed_question(state: &AgentState, reading: &Reading) -> bool {
    match state.clarification_questions.first().map(|q| q.field) {
        Some(Field::SplitShare) => answers::split_answer(reading).is_some(),
        Some(Field::FutureDate) => crate::nlu::moments::future_answer(reading.folded()).is_some(),
        _ => false,
    }
}
