//! Cue lists: answers to the agent's prompts (`answers.rs`).

use super::super::CueList;

cue_group! {
    /// Answers to the agent's prompts (`answers.rs`).
    Answers after 0;
    /// Replies that confirm a pending action (the seed's allowlist; not folded: "sí" keeps its
    /// accent, "si" is listed too).
    confirm_tokens,
    /// Words that answer there is nothing to give ("nada", "nadie"): at a
    /// question of what or which, never mind.
    nothing_answers,
    /// What opens moving a movement to a category at its prompt ("ponlo
    /// en", "en").
    category_moves,
    /// Ways of paying, never a category moved to ("en efectivo").
    payment_means,
    /// "one of" before the movements a change or a delete acts on ("borra
    /// uno de los de 250").
    one_of,
    /// Words before a listed option's number ("el 2", "opción 3").
    choice_openers,
    /// Words after a number that make it money or a day, not an option's
    /// number ("el 2 de diciembre", "la 2 mil").
    choice_continuations,
    /// Replies that sound like a yes but are not on the allowlist ("simón",
    /// "órale", "de acuerdo"): the prompt asks for the «sí» itself, kindly.
    sounds_like_yes,
    /// Words between a count and its price ("40 tamales a 15", "10
    /// recargas de 50").
    unit_price_words,
    /// Words after a price that make it the price of each of a count
    /// ("1,850 cada uno").
    each_one,
    /// The word of a price said right after its count ("2 a 275").
    price_a,
    /// Courtesy words that may follow a confirm token and still only say
    /// yes ("sí porfa", "ok gracias", "sí, adelante"): the token is the
    /// answer, these add nothing a draft could take.
    confirm_tail,
    /// Words right after a confirm token that open a change ("sí, pero en
    /// comida"): the reply corrects the draft before any yes.
    yes_but,
    /// Verbs of making money that need a word of work to mean it ("saqué",
    /// "hice", "junté": "saqué 1,800 de viajes").
    earned_verbs,
    /// What a trade earns from ("viajes", "didi", "propinas", "la
    /// chamba"): with an earning verb, the money is income.
    earnings_words,
    /// Verbs of a tally so far ("llevo 3 viajes"): with a trade's words,
    /// what was earned (never a kind by themselves: "¿cuánto llevo
    /// gastado?").
    tally_verbs,
    /// Words of money spent that undo a trade's earnings reading ("llevo
    /// gastado 900 en viajes" is no income).
    spending_words,
    /// Words that name a movement as an income ("es ingreso").
    income_kind_words,
    /// Words that name a movement as an expense ("es un gasto").
    expense_kind_words,
    /// Replies that reject it.
    reject_tokens,
    /// Whole replies that reject besides the tokens ("siempre no").
    reject_phrases,
    /// Words that may follow a reject phrase and still only say no ("mejor
    /// no lo compro", "ya no lo quiero"): pronouns and verbs of declining,
    /// never a value that could correct the draft.
    reject_tail,
    /// Words that negate what follows in their clause ("no quiero ningún
    /// crédito"): a trigger said under one is declined, not asked for.
    negations,
    /// Words that end a negation's reach once it has denied something and
    /// say what is instead ("no es gasto es ingreso", "no fue ayer sino
    /// hoy").
    negation_enders,
    /// Words around the values a correction swaps that are no part of
    /// them ("no es a Beto, es a Pedro": "es", "a").
    instead_fillers,
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
    /// Words that name a movement's amount as the thing to correct ("el monto").
    amount_field_words,
    /// Words that name a movement's category as the thing to correct ("la categoría").
    category_field_words,
}
