//! The cue lists, declared once: each is a field of [`Cues`] and a key of
//! `lexicon.json`'s `"cues"` object; a missing or unknown key is an error.
//! A list's doc says what its words signal.

use std::collections::BTreeMap;

use super::CueList;

macro_rules! cue_lists {
    ($($(#[doc = $doc:expr])* $name:ident,)*) => {
        /// Cue lists by what they signal.
        #[derive(Debug)]
        pub struct Cues {
            $($(#[doc = $doc])* pub $name: CueList,)*
        }

        /// How many cue lists there are.
        pub(super) const COUNT: usize = [$(stringify!($name)),*].len();

        impl Cues {
            pub(super) fn from_map(
                mut map: BTreeMap<String, Vec<String>>,
            ) -> Result<Cues, String> {
                let mut bit = 0;
                let cues = Cues {
                    $($name: take(&mut map, stringify!($name), &mut bit)?,)*
                };
                match map.keys().next() {
                    Some(extra) => Err(format!("unknown cue list {extra}")),
                    None => Ok(cues),
                }
            }

            /// Every list with its name, in the order declared.
            pub fn all(&self) -> [(&'static str, &CueList); COUNT] {
                [$((stringify!($name), &self.$name)),*]
            }
        }
    };
}

fn take(
    map: &mut BTreeMap<String, Vec<String>>,
    name: &str,
    bit: &mut usize,
) -> Result<CueList, String> {
    let cues = map
        .remove(name)
        .ok_or_else(|| format!("missing cue list {name}"))?;
    *bit += 1;
    Ok(CueList::new(*bit - 1, cues))
}

cue_lists! {
    /// Words never read as categories, even one typo away from a keyword.
    not_category_words,
    /// Verbs of paying something owed ("aboné", "liquidé").
    payment_verbs,
    /// Replies that confirm a pending action (the seed's allowlist; not
    /// folded: "sí" keeps its accent, "si" is listed too).
    confirm_tokens,
    /// Replies that reject it.
    reject_tokens,
    /// Words that pick logging among "¿Quieres 1) … o 2) …?".
    choose_log,
    /// Words that pick a question among "¿Quieres 1) … o 2) …?".
    choose_query,
    /// Words that pick a simulation among "¿Quieres 1) … o 2) …?".
    choose_simulate,
    /// Words that pick a budget among "¿Quieres 1) … o 2) …?".
    choose_budget,
    /// Words that pick a debt among "¿Quieres 1) … o 2) …?".
    choose_debt,
    /// Words that pick the bank balance among "¿Quieres 1) … o 2) …?".
    choose_balance,
    /// Words that pick a correction among "¿Quieres 1) … o 2) …?".
    choose_correct,
    /// Words that pick deleting among "¿Quieres 1) … o 2) …?".
    choose_delete,
    /// Words after a number that make it a clock time.
    clock_suffixes,
    /// Words after a number that make it a duration or a count of time.
    duration_units,
    /// Units of things bought: "20 kilos", "40 litros" count goods, not money.
    quantity_units,
    /// Words that end a clock time ("a las 10 y media").
    clock_fractions,
    /// Words after a number that make it money, not a day.
    amount_words,
    /// Weekday abbreviations as people write them before a day number.
    weekday_abbreviations,
    /// Words before "mañana" that make it the morning, not tomorrow.
    morning_markers,
    /// Words that name the present moment.
    now_words,
    /// Words that make a weekday the coming one ("el próximo viernes").
    next_markers,
    /// Phrases that say money goes to what is owed ("de lo que le debo").
    owed_phrases,
    /// Lenders people name on their own ("coppel", "infonavit").
    lenders,
    /// Words that say what kind of debt it is, not whose ("tarjeta").
    generic_debt_words,
    /// Words that start a debt's name ("tarjeta", "préstamo").
    debt_kinds,
    /// Words that end a debt's name.
    debt_name_stops,
    /// Words that join two items ("y", "más").
    item_joiners,
    /// Words that say an amount is pesos ("pesos", "varos", "mxn").
    peso_words,
}
