//! clarify: asks the one missing thing, or, in patch mode, applies the
//! user's answer to the draft and sends it back to validate without
//! restarting the pipeline.

use super::drafts::apply_answer;
use super::state::{AgentState, ClarificationQuestion, Field, QuestionKey};
use super::{Mode, TurnCtx, text};
use crate::agent::text::reasons;
use crate::graph::NodeOutcome;
use crate::nlu::answers::{SplitAnswer, split_answer};
use crate::nlu::moments::{FutureAnswer, future_answer};
use crate::nlu::understand_as;

pub fn clarify(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    match std::mem::take(&mut ctx.mode) {
        Mode::Patch => patch(state, ctx),
        Mode::Correction => correct(state, ctx),
        Mode::Fresh | Mode::Decide => ask(state, ctx),
    }
}

fn ask(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    let Some(question) = state.clarification_questions.first().cloned() else {
        ctx.say(text::HELP);
        return NodeOutcome::because("respond", reasons::NO_QUESTION_TO_ASK);
    };
    ctx.say(question.question.clone());
    if question.field == Field::Intent {
        ctx.suggestions = state
            .intent_candidates
            .iter()
            .map(|i| capitalize(text::intent_label(*i)))
            .collect();
    } else {
        ctx.suggestions = text::question_suggestions(question.field);
    }
    NodeOutcome::because("respond", reasons::asked(question.field))
}

fn patch(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    if !state.intent_candidates.is_empty() {
        return choose_intent(state, ctx);
    }
    let asked = state.clarification_questions.first().map(|q| q.field);
    if asked == Some(Field::FutureDate)
        && let Some(answer) = future_answer(ctx.reading.folded())
    {
        return answer_future_date(state, ctx, answer);
    }
    if asked == Some(Field::SplitShare) {
        return answer_split(state, ctx);
    }
    if asked == Some(Field::CorrectionField) && names_another_row(state, &ctx.reading) {
        // "los tacos fueron 95" while the insurance's change is asked: a
        // correction of the tacos, never the tacos' values on the
        // insurance.
        let u = ctx.reading.understanding().clone();
        super::drafts::start_drafts(state, &u);
        state.clarification_questions.clear();
        return NodeOutcome::because("validate", reasons::ANOTHER_ROW_NAMED);
    }
    let mut patch = apply_answer(state, &ctx.reading, asked);
    // "¿Qué quieres corregir…?" answered with the field ("la categoría",
    // "el monto, ponle 300"): that field is asked, or read from the rest.
    if patch.applied.is_empty()
        && asked == Some(Field::CorrectionField)
        && let Some(field) = named_field(&ctx.reading)
    {
        state.clarification_questions = vec![ClarificationQuestion {
            key: super::validate::question_key(field),
            question: text::question(field, None),
            field,
        }];
        patch = apply_answer(state, &ctx.reading, Some(field));
        if patch.applied.is_empty() {
            return ask(state, ctx);
        }
    }
    if patch.applied.is_empty() {
        if let Some(code) = patch.foreign {
            state.clarification_questions = vec![ClarificationQuestion {
                key: QuestionKey::Amount,
                question: text::question(Field::ForeignAmount, Some(code)),
                field: Field::ForeignAmount,
            }];
        } else if patch.day_outside {
            ctx.say(text::DAY_OUTSIDE);
        } else if patch.budget_span {
            ctx.say(text::BUDGET_PER_MONTH);
        } else if let Some(cash) = patch.cash {
            ctx.say(text::cash_is_not_the_bank(Some(cash)));
        } else {
            ctx.say(text::NOT_UNDERSTOOD);
        }
        return ask(state, ctx);
    }
    // Answered: the questions are refreshed by validate.
    state.clarification_questions.clear();
    NodeOutcome::because("validate", reasons::took(&patch.applied, false))
}

/// An answer that is itself a correction naming a stored movement by
/// words the one being corrected was not named by.
fn names_another_row(state: &AgentState, reading: &crate::nlu::Reading) -> bool {
    let u = reading.understanding();
    let Some(said) = u.target.as_ref().filter(|t| !t.words.is_empty()) else {
        return false;
    };
    let named = state.pending_target.as_ref().map(|t| &t.words);
    u.intent == crate::nlu::Intent::UpdateLastTransaction
        && !named.is_some_and(|words| said.words.iter().any(|w| words.contains(w)))
}

/// The field of a movement a message names ("la categoría", "el monto").
fn named_field(reading: &crate::nlu::Reading) -> Option<Field> {
    let cues = crate::nlu::lexicon::cues();
    let named =
        |list: &crate::nlu::lexicon::CueList| reading.words().any(|w| list.words().contains(&w));
    [
        (cues.answers.amount_field_words, Field::Amount),
        (cues.answers.category_field_words, Field::Category),
        (cues.days.date_field_words, Field::Date),
    ]
    .into_iter()
    .find_map(|(list, field)| named(list).then_some(field))
}

/// "Ya lo pagué hoy" moves the day to today; "para ese día" keeps it;
/// "es un pago pendiente" records nothing and says so.
fn answer_future_date(
    state: &mut AgentState,
    ctx: &mut TurnCtx,
    answer: FutureAnswer,
) -> NodeOutcome {
    let Some(draft) = state.pending_transaction.as_mut() else {
        return ask(state, ctx);
    };
    match answer {
        FutureAnswer::PaidToday => draft.date_iso = Some(crate::time::iso_date(ctx.today)),
        FutureAnswer::OnThatDay => draft.date_confirmed = true,
        FutureAnswer::Pending => {
            state.backup("future_payment", &ctx.now_iso);
            state.clear_flow();
            ctx.say(text::FUTURE_NOT_LOGGED);
            return NodeOutcome::because("respond", reasons::FUTURE_PAYMENT_NOT_LOGGED);
        }
    }
    state.clarification_questions.clear();
    NodeOutcome::because(
        "validate",
        reasons::future_date(matches!(answer, FutureAnswer::PaidToday)),
    )
}

/// "¿Tu parte es $310.00?": "sí" logs the part, "el total" the bill, an
/// amount itself. Anything else asks again and changes nothing.
fn answer_split(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    let Some(draft) = state.pending_transaction.as_mut() else {
        return ask(state, ctx);
    };
    let (Some(total), Some(ways)) = (draft.amount_mxn_cents, draft.split_ways) else {
        return ask(state, ctx);
    };
    if let Some(split) = crate::nlu::split::find_split(ctx.reading.tokens()) {
        // "ah no, éramos 5", "no, fueron 1,200 entre 3": the bill is
        // recounted and the part asked again.
        draft.split_ways = Some(split.ways);
        if let Some(a) = ctx
            .reading
            .understanding_as(crate::nlu::Intent::LogTransaction)
            .amount
        {
            draft.amount_mxn_cents = Some(a);
        }
        state.clarification_questions.clear();
        return NodeOutcome::because("validate", reasons::split_recounted(split.ways));
    }
    let answer = split_answer(&ctx.reading);
    if let Some(SplitAnswer::Amount(new_total)) = answer
        && ctx
            .reading
            .extraction()
            .amounts
            .iter()
            .any(|m| m.centavos == total && m.currency == "MXN")
        && new_total != total
    {
        // "fue 1,420 no 1,240": the bill's total was wrong; asked again.
        draft.amount_mxn_cents = Some(new_total);
        state.clarification_questions.clear();
        return NodeOutcome::because("validate", reasons::SPLIT_TOTAL_CORRECTED);
    }
    let amount = match answer {
        Some(SplitAnswer::Part) => crate::money::share(total, ways),
        Some(SplitAnswer::Total) => total,
        Some(SplitAnswer::Amount(amount)) => amount,
        None => {
            ctx.say(text::SPLIT_WHICH);
            return ask(state, ctx);
        }
    };
    // Other fields the answer brings ("sí, fue en comida") still count;
    // the amount is the one the answer chose.
    apply_answer(state, &ctx.reading, Some(Field::SplitShare));
    if let Some(draft) = state.pending_transaction.as_mut() {
        draft.amount_mxn_cents = Some(amount);
        draft.split_ways = None;
    }
    state.clarification_questions.clear();
    NodeOutcome::because("validate", reasons::split_answered(amount))
}

fn correct(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    let mut patched = state.clone();
    patched.drop_write();
    let patch = apply_answer(&mut patched, &ctx.reading, None);
    if patch.applied.is_empty() {
        ctx.say(text::REASK);
        ctx.suggestions = vec![text::YES.into(), text::NO.into()];
        return NodeOutcome::because("respond", reasons::CORRECTION_NOT_UNDERSTOOD);
    }
    *state = patched;
    state.clarification_questions.clear();
    NodeOutcome::because("validate", reasons::took(&patch.applied, true))
}

fn choose_intent(state: &mut AgentState, ctx: &mut TurnCtx) -> NodeOutcome {
    let chosen = crate::nlu::answers::choose_intent(ctx.reading.folded(), &state.intent_candidates);
    let original = state.unclear_message.clone().unwrap_or_default();
    state.clear_flow();
    match chosen {
        Some(intent) => {
            ctx.understanding = Some(understand_as(&original, ctx.today, intent));
            NodeOutcome::because("parse", reasons::chose(intent))
        }
        None => {
            ctx.understanding = None;
            NodeOutcome::because("parse", reasons::NOT_A_CHOICE_READ_AS_A_NEW_MESSAGE)
        }
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
