//! The public extraction API: everything Caja reads from one message, with
//! where in the text it read it.
//!
//! ```
//! use caja_core::nlu::extract;
//! use chrono::NaiveDate;
//!
//! let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
//! let text = "ayer gasté 20 dólares y 150 en tacos";
//! let e = extract(text, today);
//! assert_eq!(e.amounts[0].currency, "USD");
//! assert_eq!(&text[e.amounts[0].span.clone()], "20 dólares");
//! assert_eq!((e.amounts[1].centavos, e.amounts[1].currency), (15_000, "MXN"));
//! assert_eq!(e.dates[0].from.to_string(), "2026-11-21");
//! assert_eq!(&text[e.dates[0].span.clone()], "ayer");
//! assert_eq!(e.items.len(), 2);
//! ```

use std::ops::Range;

use chrono::NaiveDate;

use super::amount::{AmountMatch, find_amounts};
use super::date::{find_date, find_month};
use super::normalize::Token;
use super::period::{Grain, find_period_match};
use super::{Understanding, moments};

/// One amount of money in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Money {
    /// The magnitude in hundredths of the currency's unit (centavos for
    /// pesos), always positive; see `negative`.
    pub centavos: i64,
    /// `"MXN"` for pesos (a bare `$` is pesos), else the foreign ISO code
    /// (`"USD"`, `"EUR"`, `"BTC"`…). Foreign money is never pesos.
    pub currency: &'static str,
    /// Written with a minus sign or after "menos".
    pub negative: bool,
    /// The message itself takes it back for another ("unos 80, no, mejor
    /// 150" takes back the 80; "fue 180, no 250" the 250).
    pub retracted: bool,
    /// Nothing says it is money: a count before its noun ("2 docenas"), a
    /// year. Another amount in the message is the money.
    pub doubtful: bool,
    /// Byte range in the text, currency words included.
    pub span: Range<usize>,
}

/// One day or period named in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct When {
    /// First and last day, inclusive (the same day for `Grain::Day`).
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub grain: Grain,
    /// Byte range in the text.
    pub span: Range<usize>,
}

/// Everything read from one message.
#[derive(Clone, Debug, PartialEq)]
pub struct Extraction {
    /// Every amount, in text order; clock times, dates, counts and
    /// durations are not amounts.
    pub amounts: Vec<Money>,
    /// Every day or period, in text order. A day for logging is the most
    /// recent past one unless the sentence points ahead ("mañana pago").
    pub dates: Vec<When>,
    /// Each item of a message that lists several ("100 en tacos y 50 en
    /// refresco"), read on its own; empty for one item.
    pub items: Vec<Understanding>,
    /// The reading the agent acts on (intent, the chosen amount, category,
    /// date, period, debt fields).
    pub reading: Understanding,
}

/// Reads `text` as written on `today` (the user's civil date).
pub fn extract(text: &str, today: NaiveDate) -> Extraction {
    extract_from(&super::Reading::new(text, today))
}

/// The extraction of a message already read: its tokens, its
/// understanding and its items are the reading's, read once.
pub(super) fn extract_from(read: &super::Reading) -> Extraction {
    let (text, today, tokens) = (read.text(), read.today(), read.tokens());
    let bytes = ByteOffsets::new(text);
    let span = |start: usize, end: usize| bytes.span(tokens, start, end);

    let day = find_date(tokens, today);
    let mut used = vec![false; tokens.len()];
    moments::mark_not_money(tokens, day.as_ref(), &mut used);
    let month = find_month(tokens, today);
    if let Some(m) = &month {
        used[m.start..m.end.min(tokens.len())].fill(true);
    }
    let found = find_amounts(tokens, &used);
    let mut kept = found.clone();
    let taken = super::amount::take_back(tokens, &mut kept);
    let amounts = found
        .iter()
        .map(|m: &AmountMatch| Money {
            centavos: m.centavos,
            currency: m.foreign.map_or("MXN", |f| f.code()),
            negative: m.negative,
            retracted: taken.iter().any(|t| t.start == m.start),
            doubtful: m.score <= 0,
            span: span(m.start, m.end),
        })
        .collect();

    let mut dates: Vec<When> = Vec::new();
    if let Some(p) = find_period_match(tokens, today) {
        dates.push(When {
            from: p.period.from,
            to: p.period.to,
            grain: p.grain,
            span: span(p.start, p.end),
        });
    }
    if let Some(d) = &day
        && !dates.iter().any(|w| w.from == d.date && w.to == d.date)
    {
        dates.push(When {
            from: d.date,
            to: d.date,
            grain: Grain::Day,
            span: span(d.start, d.end),
        });
    }
    if let Some(m) = &month
        && let Some(days) = m.days()
    {
        dates.push(When {
            from: days.from,
            to: days.to,
            grain: Grain::Month,
            span: span(m.start, m.end),
        });
    }
    dates.sort_by_key(|w| w.span.start);

    let pieces = read.items();
    let items = if pieces.len() > 1 {
        pieces
            .iter()
            .map(|piece| super::understand(piece, today))
            .collect()
    } else {
        Vec::new()
    };
    Extraction {
        amounts,
        dates,
        items,
        reading: read.understanding().clone(),
    }
}

/// Char offsets (what tokens carry) to byte offsets of the original text.
struct ByteOffsets(Vec<usize>);

impl ByteOffsets {
    fn new(text: &str) -> Self {
        let mut offsets: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        offsets.push(text.len());
        ByteOffsets(offsets)
    }

    fn at(&self, char_offset: usize) -> usize {
        self.0
            .get(char_offset)
            .copied()
            .unwrap_or_else(|| self.0.last().copied().unwrap_or(0))
    }

    fn span(&self, tokens: &[Token], start: usize, end: usize) -> Range<usize> {
        match (
            tokens.get(start),
            end.checked_sub(1).and_then(|e| tokens.get(e)),
        ) {
            (Some(first), Some(last)) if end > start => self.at(first.start)..self.at(last.end),
            _ => 0..0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    #[test]
    fn amounts_carry_currency_sign_and_span() {
        let text = "me cobraron €40 y -1,200 de ajuste, más 35 pesos";
        let e = extract(text, today());
        let got: Vec<(i64, &str, bool, &str)> = e
            .amounts
            .iter()
            .map(|m| (m.centavos, m.currency, m.negative, &text[m.span.clone()]))
            .collect();
        assert_eq!(
            got,
            vec![
                (4_000, "EUR", false, "€40"),
                (120_000, "MXN", true, "1,200"),
                (3_500, "MXN", false, "35 pesos"),
            ]
        );
    }

    #[test]
    fn days_and_periods_carry_grain_and_span() {
        let text = "¿cuánto gasté la semana pasada?";
        let e = extract(text, today());
        assert_eq!(e.dates.len(), 1);
        assert_eq!(e.dates[0].grain, Grain::Week);
        assert_eq!(&text[e.dates[0].span.clone()], "semana pasada");
        assert_eq!(e.dates[0].from.to_string(), "2026-11-09");
        let e = extract("gastos de octubre", today());
        assert_eq!(e.dates[0].grain, Grain::Month);
        assert_eq!(e.dates[0].to.to_string(), "2026-10-31");
        // An hour is neither an amount nor a day.
        let e = extract("a las 10:30", today());
        assert!(e.amounts.is_empty());
    }
}
