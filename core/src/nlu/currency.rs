//! Money that is not Mexican pesos: codes, symbols and names (lexicon
//! data), never converted.

use super::lexicon::currencies;

/// A currency other than Mexican pesos, by its ISO 4217 code (`BTC` for
/// bitcoin). Never converted: the agent asks for the amount in pesos.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Foreign(pub(super) &'static str);

impl Foreign {
    pub fn code(self) -> &'static str {
        self.0
    }
}

/// The foreign currency a folded word names, if any: codes, names in
/// Spanish and English, singular and plural, and the tokens the symbols
/// become (`€` → `eur`, `£` → `gbp`…).
pub(super) fn foreign_word(word: &str) -> Option<Foreign> {
    currencies().names.get(word).map(|&code| Foreign(code))
}

/// The currency an adjective makes "pesos" or "dólares" ("pesos
/// colombianos", "dólares canadienses").
pub(super) fn foreign_adjective(word: &str) -> Option<Foreign> {
    currencies().adjectives.get(word).map(|&code| Foreign(code))
}
