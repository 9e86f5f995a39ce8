//! Money that is not Mexican pesos: codes, symbols and names (lexicon
//! data), never converted.

/// A currency other than Mexican pesos, by its ISO 4217 code (`BTC` for
/// bitcoin). Never converted: the agent asks for the amount in pesos.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Foreign(pub(super) &'static str);

impl Foreign {
    pub fn code(self) -> &'static str {
        self.0
    }
}

/// Folded words that name a foreign currency next to an amount, and its
/// code. Lexicon data: codes, names in Spanish and English, singular and
/// plural, and the tokens the symbols become (`€` → `eur`, `£` → `gbp`…).
const FOREIGN_WORDS: &[(&str, &str)] = &[
    ("usd", "USD"),
    ("dolares", "USD"),
    ("dolar", "USD"),
    ("dollars", "USD"),
    ("dollar", "USD"),
    ("dlls", "USD"),
    ("dls", "USD"),
    ("dll", "USD"),
    ("bucks", "USD"),
    ("verdes", "USD"),
    ("eur", "EUR"),
    ("euros", "EUR"),
    ("euro", "EUR"),
    ("gbp", "GBP"),
    ("libras", "GBP"),
    ("libra", "GBP"),
    ("pounds", "GBP"),
    ("pound", "GBP"),
    ("jpy", "JPY"),
    ("yenes", "JPY"),
    ("yen", "JPY"),
    ("yens", "JPY"),
    ("cop", "COP"),
    ("ars", "ARS"),
    ("clp", "CLP"),
    ("pen", "PEN"),
    ("soles", "PEN"),
    ("sol", "PEN"),
    ("brl", "BRL"),
    ("reales", "BRL"),
    ("real", "BRL"),
    ("reais", "BRL"),
    ("cad", "CAD"),
    ("aud", "AUD"),
    ("chf", "CHF"),
    ("francos", "CHF"),
    ("franco", "CHF"),
    ("cny", "CNY"),
    ("yuanes", "CNY"),
    ("yuan", "CNY"),
    ("rmb", "CNY"),
    ("gtq", "GTQ"),
    ("quetzales", "GTQ"),
    ("quetzal", "GTQ"),
    ("pesetas", "ESP"),
    ("peseta", "ESP"),
    ("btc", "BTC"),
    ("bitcoin", "BTC"),
    ("bitcoins", "BTC"),
    ("satoshis", "BTC"),
    ("eth", "ETH"),
    ("ether", "ETH"),
    ("usdt", "USDT"),
    ("usdc", "USDC"),
];

/// Adjectives that make "pesos" or "dólares" another country's currency
/// ("pesos colombianos", "dólares canadienses").
const FOREIGN_ADJECTIVES: &[(&str, &str)] = &[
    ("colombianos", "COP"),
    ("colombiano", "COP"),
    ("argentinos", "ARS"),
    ("argentino", "ARS"),
    ("chilenos", "CLP"),
    ("chileno", "CLP"),
    ("cubanos", "CUP"),
    ("cubano", "CUP"),
    ("uruguayos", "UYU"),
    ("uruguayo", "UYU"),
    ("dominicanos", "DOP"),
    ("dominicano", "DOP"),
    ("filipinos", "PHP"),
    ("filipino", "PHP"),
    ("canadienses", "CAD"),
    ("canadiense", "CAD"),
    ("australianos", "AUD"),
    ("australiano", "AUD"),
    ("americanos", "USD"),
    ("americano", "USD"),
    ("estadounidenses", "USD"),
];

/// The foreign currency a folded word names, if any.
pub(super) fn foreign_word(word: &str) -> Option<Foreign> {
    FOREIGN_WORDS
        .iter()
        .find(|(w, _)| *w == word)
        .map(|&(_, code)| Foreign(code))
}

pub(super) fn foreign_adjective(word: &str) -> Option<Foreign> {
    FOREIGN_ADJECTIVES
        .iter()
        .find(|(w, _)| *w == word)
        .map(|&(_, code)| Foreign(code))
}
