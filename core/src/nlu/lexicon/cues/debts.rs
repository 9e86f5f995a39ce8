//! Cue lists: debts: their name, balance, minimum and due day, and payments to them (`debts.rs`).

use super::super::CueList;

cue_group! {
    /// Debts: their name, balance, minimum and due day, and payments to them (`debts.rs`).
    Debts after super::categories::Categories::END;
    /// Verbs of paying something owed ("aboné", "liquidé").
    payment_verbs,
    /// Verbs of a debt forgiven in part ("me perdonó 500"): the money
    /// after them is neither the balance nor the minimum.
    forgive_verbs,
    /// Phrases of money owed to the user («me debe», «me quedó a deber»):
    /// a cobro's, never a debt of the user's.
    owed_to_me,
    /// Words of a card's statement day («corte»): the day after them is
    /// no due day.
    cutoff_words,
    /// Words before how something was paid («con la tarjeta», «en la
    /// tarjeta»).
    method_prepositions,
    /// The word whose category a payment that lowers a debt takes when
    /// the debt's name names none ("préstamo").
    debt_payment_words,
    /// Phrases that say money goes to what is owed ("de lo que le debo").
    owed_phrases,
    /// Relative words ("la masa que me fió"): before a verb of lending
    /// they say what was lent, never who lent it.
    relative_words,
    /// Money toward what is owed ("le debo", "aboné", "deuda").
    owed_cues,
    /// Lenders people name on their own ("coppel", "infonavit").
    lenders,
    /// Words that say what kind of debt it is, not whose ("tarjeta").
    generic_debt_words,
    /// Words that start a debt's name ("tarjeta", "préstamo").
    debt_kinds,
    /// Words after a debt kind that are still its kind ("tarjeta de crédito").
    debt_kind_suffixes,
    /// Words that end a debt's name.
    debt_name_stops,
    /// Words between a debt kind and whose it is ("préstamo de mi hermano").
    debt_name_joiners,
    /// "Mi": part of a name said of one's own ("mi hermano").
    possessives,
    /// Words before a person asked for money ("cóbrale a Juan", "el cobro de Juan").
    person_prepositions,
    /// Words a name of a person may open with ("mi roomie", "su hermano").
    person_possessives,
    /// Titles a person is called by ("doña Lupe", "don Pepe", "el licenciado
    /// Ruiz"): a title and the name after it are the person, wherever they
    /// stand in the message.
    person_titles,
    /// Who a person is to the user, said before their name ("mi primo
    /// Luis", "mi compadre el Chuy"): the name after it is the person.
    person_relations,
    /// The "of" of "the one of" after an article ("al de Bimbo", "a la de
    /// Coppel"): the name after it is whom it is paid to.
    one_of_words,
    /// Verbs of one person handing money over ("me pasó", "me depositó"):
    /// the name beside one is who paid ([`crate::nlu::names::giver`]).
    giver_verbs,
    /// Words that may stand between a giver's name and the verb ("el
    /// Chuy ya me pasó").
    giver_gap_words,
    /// Words right after an amount that say what the money was for ("250
    /// del súper"), never who owes it.
    money_of_words,
    /// Words that are never part of a person's name (function words and the verbs of asking
    /// for money): a name is a run of other words.
    not_name_words,
    /// Words before what money is asked for ("por la pizza").
    concept_starts,
    /// Words that end what money is asked for ("por la pizza para el viernes").
    concept_ends,
    /// Words before whom money is owed ("le debo a mi hermano", "deuda con coppel").
    creditor_prepositions,
    /// Articles a name may open with ("la", "el").
    articles,
    /// Words before a place or thing bought: not whom a payment goes to ("en uber", "por luz").
    spent_in_prepositions,
    /// "Con": says how something was paid ("con tarjeta") unless money was owed.
    with_words,
    /// Words before whom a payment goes to ("a coppel", "al banco").
    paid_to_prepositions,
    /// "Le": a payment to someone ("le pagué a Juan").
    indirect_pronouns,
    /// Words right before a number that make it a due day ("cada 15", "pago 20", "los días 10").
    due_day_markers,
    /// "Día" before a day number ("el día 15", "día veinte").
    day_words,
    /// Words before "día 15" that make it a date, not a due day ("el día 15").
    date_day_articles,
    /// Words anywhere that make "día 15" a due day ("fecha de pago día 15").
    due_words,
    /// Words before "el 15" that make it a due day ("vence el 15", "me toca el 15").
    due_verbs,
    /// "Al" before a day number: a due day when the message names paying ("cambia el pago al 18").
    to_day_articles,
    /// Words anywhere that make "al 18" a due day.
    due_to_words,
    /// "Los" before a number: a due day ("los 15 de cada mes") unless money follows.
    plural_day_articles,
    /// Words after "los 15" that make it money.
    plural_article_money,
    /// Words after a due-day-looking number that make it money ("cada 15 mil").
    due_day_money_words,
    /// Words before an amount that make it a debt's minimum or periodic payment ("mínimo 300",
    /// "mensualidad").
    minimum_payment_words,
    /// Words right before an amount that make it the payment ("pago 300").
    payment_nouns,
    /// Words right after an amount that make it a periodic payment ("300 mensuales").
    per_period_words,
    /// Words after an amount that, before a period, make it a rate ("300 al mes").
    rate_words,
    /// The periods of such a rate.
    rate_periods,
    /// Words before an amount that make it what is owed ("saldo", "debo", "queda").
    debt_balance_words,
    /// Someone else paid, so the person owes them ("Sofi pagó el súper, le
    /// debo la mitad"): the one named before it is whom it is owed to.
    paid_for_me_verbs,
    /// What is owed is half of the amount said ("le debo la mitad").
    owed_halves,
}
