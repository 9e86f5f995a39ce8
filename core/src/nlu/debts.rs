//! Debts as people name them: the name ("tarjeta bbva", "coppel", "mi
//! hermano"), balance, minimum payment and due day.

use super::lexicon::cues;
use super::*;

/// "el dia 15", "cada 15", "los dias 10", "fecha de pago 20", "vence el 5".
pub(super) fn find_due_day(tokens: &[Token]) -> Option<(u8, usize, usize)> {
    for i in 0..tokens.len() {
        let t = &tokens[i];
        if t.kind != TokenKind::Number || t.text.len() > 2 {
            continue;
        }
        let Ok(day) = t.text.parse::<u8>() else {
            continue;
        };
        if !(1..=31).contains(&day) {
            continue;
        }
        let prev = |k: usize| i.checked_sub(k).map(|j| tokens[j].text.as_str());
        let due_marker = matches!(prev(1), Some("cada" | "dias" | "pago"))
            || prev(1) == Some("dia") && !matches!(prev(2), Some("el" | "al")) && prev(2).is_some()
            || prev(1) == Some("dia")
                && tokens
                    .iter()
                    .any(|t| t.is_any(&["pago", "paga", "vence", "corte", "fecha", "minimo"]))
            || matches!(prev(1), Some("el"))
                && matches!(
                    prev(2),
                    Some("vence" | "pagar" | "pago" | "paga" | "toca" | "corte")
                )
            || prev(1) == Some("al")
                && tokens
                    .iter()
                    .any(|t| t.is_any(&["dia", "pago", "paga", "vence", "corte"]))
            || matches!(prev(1), Some("los"))
                && !tokens
                    .get(i + 1)
                    .is_some_and(|n| n.is_any(&["pesos", "mil"]));
        let money_follows = tokens
            .get(i + 1)
            .is_some_and(|n| n.is_any(&["mil", "k", "pesos", "varos", "mxn", "lucas", "pesitos"]));
        if due_marker && !money_follows {
            let start = i.saturating_sub(1);
            return Some((day, start, i + 1));
        }
    }
    None
}

pub(super) fn debt_entities(
    u: &mut Understanding,
    f: &Features<'_>,
    amounts: &[AmountMatch],
    due_day: Option<u8>,
) {
    u.debt_due_day = due_day;
    // Which amount is the minimum and which the balance: read the words
    // since the previous amount.
    let mut segment_start = 0;
    for m in amounts.iter().filter(|m| m.foreign.is_none()) {
        let before: Vec<&str> = f.tokens[segment_start..m.start]
            .iter()
            .map(|t| t.text.as_str())
            .collect();
        segment_start = m.end;
        let minimum_word = before.iter().any(|w| {
            matches!(
                *w,
                "minimo"
                    | "mensualidad"
                    | "mensual"
                    | "mensuales"
                    | "abono"
                    | "abonos"
                    | "cuota"
                    | "quincenal"
            )
        }) || before.last().is_some_and(|w| *w == "pago" || *w == "pagar");
        let minimum_after = f
            .tokens
            .get(m.end)
            .is_some_and(|t| t.is_any(&["mensuales", "quincenales"]))
            || f.tokens
                .get(m.end)
                .is_some_and(|t| t.is_any(&["al", "cada", "por"]))
                && f.tokens
                    .get(m.end + 1)
                    .is_some_and(|t| t.is_any(&["mes", "quincena"]));
        let balance_word = before.iter().any(|w| {
            matches!(
                *w,
                "saldo"
                    | "debo"
                    | "debe"
                    | "deuda"
                    | "quedo"
                    | "queda"
                    | "quedan"
                    | "total"
                    | "balance"
                    | "adeudo"
                    | "va"
            )
        });
        let is_minimum = (minimum_word || minimum_after)
            && !(balance_word && !minimum_after && before.last().is_none_or(|w| *w != "minimo"));
        if is_minimum && u.debt_minimum.is_none() {
            u.debt_minimum = Some(m.centavos);
        } else if u.debt_balance.is_none() {
            u.debt_balance = Some(m.centavos);
        } else if u.debt_minimum.is_none() {
            u.debt_minimum = Some(m.centavos);
        }
    }
    if amounts.is_empty() && f.has_any(&["cero", "ceros"]) {
        u.debt_balance = Some(0);
    }
}

/// The debt's name as a token span: "tarjeta bbva", "coppel", "mi hermano".
pub(super) fn debt_name(f: &Features<'_>, amounts: &[AmountMatch]) -> Option<(usize, usize)> {
    let tokens = f.tokens;
    let in_amount = |i: usize| amounts.iter().any(|m| (m.start..m.end).contains(&i));
    let cues = cues();
    let stop = |j: usize| {
        let t = &tokens[j];
        t.kind == TokenKind::Number || t.is_in(&cues.debt_name_stops) || in_amount(j)
    };
    // Words after `start` up to a stop word.
    let run_from = |start: usize| {
        let mut end = start;
        while end < tokens.len() && !stop(end) {
            end += 1;
        }
        end
    };
    for (i, t) in tokens.iter().enumerate() {
        if !t.is_in(&cues.debt_kinds) {
            continue;
        }
        let mut j = i + 1;
        // "tarjeta de credito bbva"
        if tokens.get(j).is_some_and(|n| n.is_word("de"))
            && tokens.get(j + 1).is_some_and(|n| n.is_word("credito"))
        {
            j += 2;
        }
        let end = run_from(j);
        if end > j {
            return Some((i, end));
        }
        // "prestamo del coche", "prestamo de mi hermano", "credito de mercado pago"
        if tokens
            .get(j)
            .is_some_and(|n| n.is_any(&["de", "del", "con"]))
            && !in_amount(j + 1)
        {
            let mut k = j + 1;
            if tokens.get(k).is_some_and(|n| n.is_word("mi")) {
                k += 1;
            }
            let end = run_from(k);
            if end > k {
                return Some((i, end));
            }
        }
        return Some((i, i + 1));
    }
    // "le debo 3 mil a mi hermano", "deuda con coppel", "debo en liverpool".
    for (i, t) in tokens.iter().enumerate() {
        if i == 0 || !t.is_any(&["a", "con", "en"]) || in_amount(i + 1) {
            continue;
        }
        let mut k = i + 1;
        if tokens.get(k).is_some_and(|n| n.is_any(&["el", "la"])) {
            k += 1;
        }
        let name_start = k;
        if tokens.get(k).is_some_and(|n| n.is_word("mi")) {
            k += 1;
        }
        let end = run_from(k);
        if end > k {
            return Some((name_start, end));
        }
    }
    // Lenders named on their own: "coppel", "infonavit".
    tokens
        .iter()
        .position(|t| t.is_in(&cues.lenders))
        .map(|i| (i, i + 1))
}

pub(super) fn distinctive_words(name: &str) -> Vec<String> {
    fold(name)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !cues().generic_debt_words.contains(w))
        .map(str::to_string)
        .collect()
}

/// The creditor a payment goes to, as a token span: "le aboné 1,000 a
/// Coppel", "pagué 2 mil de la tarjeta nu", "le di 500 a mi compadre de lo
/// que le debo". Only a payment verb with a card, a lender, or "a <name>"
/// names one; "pagué 300 en uber" pays no debt.
pub(super) fn paid_to(f: &Features<'_>, amounts: &[AmountMatch]) -> Option<(usize, usize)> {
    let cues = cues();
    if !f.has(&cues.payment_verbs) {
        return None;
    }
    let tokens = f.tokens;
    let (start, end) = debt_name(f, amounts)?;
    // "pagué la tarjeta" says what kind of debt, not which one.
    if tokens[start..end]
        .iter()
        .all(|t| cues.generic_debt_words.contains(&t.text))
    {
        return None;
    }
    // The name must not be a place the money was spent in ("en uber") or
    // what it bought ("de luz").
    let named_by = start.checked_sub(1).map(|i| tokens[i].text.as_str());
    let card_or_lender = tokens[start..end]
        .iter()
        .any(|t| t.is_in(&cues.debt_kinds) || t.is_in(&cues.lenders));
    let owed = super::intents::owes_payment(f)
        || f.phrase("le debo")
        || f.phrase("le debia")
        || f.has_any(&["deuda", "abone", "abono"]);
    // "con tarjeta" says how something was paid, not what.
    match named_by {
        Some("en" | "por" | "para") => None,
        Some("con") if !owed => None,
        Some("a" | "al" | "con") if card_or_lender || owed || f.has_word("le") => {
            Some((start, end))
        }
        _ if card_or_lender => Some((start, end)),
        _ => None,
    }
}
