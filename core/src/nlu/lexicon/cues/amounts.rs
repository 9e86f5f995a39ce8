//! Cue lists: amounts, numerals and currencies (`amount.rs`), and several items (`items.rs`).

use super::super::CueList;

cue_group! {
    /// Amounts, numerals and currencies (`amount.rs`), and several items (`items.rs`).
    Amounts after super::debts::Debts::END;
    /// Words that say an amount is pesos ("pesos", "varos", "mxn").
    peso_words,
    /// Peso codes before an amount ("MXN 300").
    peso_codes,
    /// "Mil": a thousand times the number before it ("dos mil", "2 mil").
    thousand_words,
    /// "Millón": a million times the number before it.
    million_words,
    /// "Cientos" written apart from its number ("dos cientos").
    hundreds_words,
    /// "Medio" before a unit: half of it ("medio millón").
    half_words,
    /// Units "medio" halves ("medio millón", "media luca").
    halved_units,
    /// Those of them that are a million ("medio palo").
    halved_millions,
    /// Slang for a thousand pesos after a number in words ("dos lucas").
    thousand_slang,
    /// Slang for a million pesos ("un palo", "2 palos").
    million_slang,
    /// Words after digits that make them thousands ("2 mil", "3 lucas").
    thousand_multipliers,
    /// A letter glued to digits that makes them thousands ("1.5k").
    thousand_suffixes,
    /// A letter glued to digits that makes them millions ("2m").
    million_suffixes,
    /// "Y" joining numbers, days or months ("treinta y cinco", "entre el 1 y el 15", "septiembre y
    /// octubre").
    and_words,
    /// After "y": half of the amount's unit ("mil y medio", "dos lucas y media").
    and_a_half_words,
    /// "Un", "una": an article, not an amount, unless money follows.
    article_numbers,
    /// After a number: a rate, never money ("3.5 %", "10 por ciento").
    percent_words,
    /// Words of a bill that came to be paid ("me llegó el recibo"): its arrival is no income.
    bill_words,
    /// Verbs of something arriving ("llegó", "cayó"): money, or a bill.
    arrival_verbs,
    /// Words before the day a bill is due ("vence el 5 de diciembre"): that day is to come.
    due_markers,
    /// Articles before a number said in words that make it a count ("los dos tacos"),
    /// never money unless money follows.
    count_articles,
    /// Letters before "$" that make it dollars ("US$40").
    dollar_sign_prefixes,
    /// Letters before "$" that make it Brazilian reais ("R$ 20").
    real_sign_prefixes,
    /// Letters before "/" that make it Peruvian soles ("S/ 120").
    sol_sign_prefixes,
    /// "De" between an amount and its currency ("50 de dólares").
    currency_joiners,
    /// Words before a number that make it a price ("de 300", "cuesta 300", "fueron 300").
    price_words,
    /// Words after a small number that keep it from counting things ("2 de", "3 ayer").
    not_counted_nouns,
    /// Words before a four-digit number that make it a year ("la renta de 2026").
    year_prepositions,
    /// Of those, the one a sale's or a purchase's price follows ("vendí un
    /// acumulador en 2100").
    price_prepositions,
    /// Words that give money in pesos as the value of foreign money said before ("en pesos
    /// fueron", "me dieron", "al cambio").
    conversion_words,
    /// Verbs of money sent to someone ("le mandé", "le deposité"): where it went through ("por
    /// oxxo") is no category.
    sent_money_verbs,
    /// Words before the way money went ("por oxxo", "vía spei").
    means_prepositions,
    /// Units that measure a thing ("kilos", "litros"): said of a thing after "de" ("tanque de 30
    /// kilos"), its size, never a count bought.
    measure_units,
    /// Words after a sum that keep what follows with it ("1600 en uber").
    sum_prepositions,
    /// Words that join two sums as one range ("de 500 a 600").
    range_words,
    /// Words before an amount that take half of it ("la mitad de 9000").
    half_of_openers,
    /// Words before an amount said as the whole a part comes out of ("de
    /// los 90 me dio 75").
    whole_openers,
    /// "Menos" before an amount: negative ("menos 500").
    minus_words,
    /// Spoken decimal points ("uno punto cinco", "uno coma 5").
    decimal_points,
    /// "Con" before centavos ("doce con cincuenta").
    cents_joiners,
    /// Words for centavos ("50 centavos").
    cents_words,
    /// Words that may follow "con 50" for it to be centavos ("doce con cincuenta de tortillas").
    after_cents_words,
    /// Words that join two items ("y", "más").
    item_joiners,
    /// Words that say a count after a price for each ("2500 a cada uno,
    /// son 3").
    count_after_words,
    /// Words that open an item correcting an earlier one ("no espera,
    /// los chiles fueron 200"): it takes that item's place.
    item_correction_starts,
    /// Words before an amount that open a range ("entre 200 y 300"): the
    /// joiner after it joins the range's ends, not two items.
    amount_range_starts,
    /// What is still owed after a part was given ("lo demás", "el resto"): a day said of it is
    /// not the day of the money given.
    remainder_phrases,
    /// Words before a bare number that make it a place, a unit or a
    /// route, never money ("la vecina del 4", "el depa 3", "la ruta 57").
    label_openers,
    /// Words that say a message adds to the request just done ("y a
    /// Beto también 300"): the same request, with other values.
    /// Phrases that ask for the same thing again ("otro igual", "lo
    /// mismo para…"): after a flow ended, its request anew with what
    /// the message changes.
    same_again_phrases,
    follow_up_words,
}
