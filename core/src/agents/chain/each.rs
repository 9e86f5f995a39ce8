//! A price for each, answered for a flow's money: times the count of
//! what the flow is for ("6 tamales" … "a 18 cada uno").

use serde_json::Value;

use crate::agents::registry::Agent;
use crate::nlu::Reading;

/// "a 18 cada uno" answered for money once "6 tamales" is what it is for:
/// the price of each times the count the flow's concept holds.
pub(super) fn for_each_counted(
    agent: &Agent,
    spec: &crate::agents::spec::SlotSpec,
    slots: &serde_json::Map<String, Value>,
    reading: &Reading,
    value: Value,
) -> Value {
    use crate::agents::spec::SlotType;
    let c = crate::nlu::lexicon::cues();
    let tokens = reading.tokens();
    let each = (0..tokens.len()).any(|k| c.answers.each_one.cue_at(tokens, k).is_some());
    let one_number = tokens
        .iter()
        .filter(|t| t.kind == crate::nlu::normalize::TokenKind::Number)
        .count()
        == 1;
    if spec.kind != SlotType::MoneyMxn || !each || !one_number {
        return value;
    }
    let count = agent
        .spec
        .slots
        .iter()
        .filter(|(_, s)| s.kind == SlotType::Concept)
        .filter_map(|(name, _)| slots.get(name)?.as_str())
        .find_map(|concept| concept.split_whitespace().next()?.parse::<i64>().ok())
        .filter(|n| (2..=999).contains(n));
    let price = reading
        .extraction()
        .amounts
        .iter()
        .find(|m| !m.retracted && !m.negative && m.currency == "MXN")
        .map(|m| m.centavos);
    match (count, price) {
        (Some(n), Some(cents)) => cents
            .checked_mul(n)
            .map(crate::tools::sandbox::decimal)
            .unwrap_or(value),
        _ => value,
    }
}
