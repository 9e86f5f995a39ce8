//! The cue lists, declared once: each is a field of one group's struct
//! (`cues/`: answers, what a message says, categories, debts, amounts,
//! days) and a key of `lexicon.json`'s `"cues"` object; a missing or
//! unknown key is an error. A list's doc says what its words signal.

use std::collections::BTreeMap;

use super::CueList;

/// Declares a group of cue lists: a struct with one field per list, the
/// lists' names, and where its bits start and end (after the group
/// before it; a list's bit is its place among every list).
macro_rules! cue_group {
    (
        $(#[doc = $gdoc:expr])*
        $group:ident after $start:expr;
        $($(#[doc = $doc:expr])* $name:ident,)*
    ) => {
        $(#[doc = $gdoc])*
        #[derive(Debug)]
        pub struct $group {
            $($(#[doc = $doc])* pub $name: &'static CueList,)*
        }

        impl $group {
            /// The lists' names, in the order declared.
            pub(in crate::nlu::lexicon) const NAMES: &'static [&'static str] =
                &[$(stringify!($name)),*];
            /// The first list's bit.
            pub(in crate::nlu::lexicon) const START: usize = $start;
            /// One past the last list's bit.
            pub(in crate::nlu::lexicon) const END: usize = $start + Self::NAMES.len();

            /// The group's fields, pointing into every list.
            pub(in crate::nlu::lexicon) fn from_lists(lists: &'static [CueList]) -> Self {
                let [$($name),*] = &lists[Self::START..Self::END] else {
                    unreachable!("a group's lists are its names")
                };
                $group { $($name),* }
            }
        }
    };
}

mod amounts;
mod answers;
mod categories;
mod days;
mod debts;
mod said;

pub use amounts::Amounts;
pub use answers::Answers;
pub use categories::Categories;
pub use days::Days;
pub use debts::Debts;
pub use said::Said;

/// Cue lists by what they signal, in groups.
#[derive(Debug)]
pub struct Cues {
    pub answers: Answers,
    pub said: Said,
    pub categories: Categories,
    pub debts: Debts,
    pub amounts: Amounts,
    pub days: Days,
    /// Every list, in the order declared.
    lists: &'static [CueList; COUNT],
}

/// Every group's names, in the order of their bits.
const GROUPS: [&[&str]; 6] = [
    Answers::NAMES,
    Said::NAMES,
    Categories::NAMES,
    Debts::NAMES,
    Amounts::NAMES,
    Days::NAMES,
];

/// How many cue lists there are.
pub(super) const COUNT: usize = Days::END;

/// Every list's name, in the order of their bits.
fn names() -> impl Iterator<Item = &'static str> {
    GROUPS.iter().flat_map(|group| group.iter().copied())
}

impl Cues {
    pub(super) fn from_map(mut map: BTreeMap<String, Vec<String>>) -> Result<Cues, String> {
        if let Some(missing) = names().find(|name| !map.contains_key(*name)) {
            return Err(format!("missing cue list {missing}"));
        }
        let mut words: Vec<Vec<String>> = names()
            .map(|name| map.remove(name).unwrap_or_default())
            .collect();
        if let Some(extra) = map.keys().next() {
            return Err(format!("unknown cue list {extra}"));
        }
        // One loop builds every list, and the fields point into them:
        // code per field would be repeated hundreds of times.
        let lists: &'static [CueList; COUNT] = Box::leak(Box::new(std::array::from_fn(|bit| {
            CueList::new(bit, std::mem::take(&mut words[bit]))
        })));
        Ok(Cues {
            answers: Answers::from_lists(lists),
            said: Said::from_lists(lists),
            categories: Categories::from_lists(lists),
            debts: Debts::from_lists(lists),
            amounts: Amounts::from_lists(lists),
            days: Days::from_lists(lists),
            lists,
        })
    }

    /// Every list with its name, in the order declared.
    pub fn all(&self) -> impl Iterator<Item = (&'static str, &'static CueList)> {
        names().zip(self.lists.iter())
    }
}
