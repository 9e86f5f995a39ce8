//! Cue lists: which category, and how it is described (`nlu.rs`, `category.rs`).

use super::super::CueList;

cue_group! {
    /// Which category, and how it is described (`nlu.rs`, `category.rs`).
    Categories after super::said::Said::END;
    /// Money earned by working or selling ("cobré", "vendí").
    work_income_verbs,
    /// "Me pagaron": earned by working when the work is named.
    paid_me_phrases,
    /// The work paid for ("por un trabajo", "proyecto").
    work_words,
    /// First words of category keywords that say how, not what ("me regalaron", "la tarjeta"): not
    /// a description.
    manner_keyword_starts,
    /// Paying the card itself ("pagué la tarjeta"), not paying with it.
    card_payment_phrases,
    /// Category keywords that lose to any other category in the message ("casa", "trabajo").
    generic_category_keywords,
    /// Keywords of a fuel for the home that is also a vehicle's ("gas"): they lose to a transport
    /// category said with them ("500 de gas pal taxi").
    fuel_keywords,
    /// Words never read as categories, even one typo away from a keyword.
    not_category_words,
    /// Endings a plural adds to a category keyword ("tacos", "farmacias", "pantalones"), tried in
    /// this order.
    plural_suffixes,
}
