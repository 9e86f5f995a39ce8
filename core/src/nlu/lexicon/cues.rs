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
            $($(#[doc = $doc])* pub $name: &'static CueList,)*
            /// Every list, in the order declared.
            lists: &'static [CueList; COUNT],
        }

        /// The lists' names, in the order declared; a list's bit is its place.
        const NAMES: &[&str] = &[$(stringify!($name)),*];

        /// How many cue lists there are.
        pub(super) const COUNT: usize = NAMES.len();

        impl Cues {
            pub(super) fn from_map(
                mut map: BTreeMap<String, Vec<String>>,
            ) -> Result<Cues, String> {
                if let Some(missing) = NAMES.iter().find(|name| !map.contains_key(**name)) {
                    return Err(format!("missing cue list {missing}"));
                }
                // One loop builds every list, and the fields point into them:
                // code per field would be repeated hundreds of times.
                let lists: &'static [CueList; COUNT] = Box::leak(Box::new(std::array::from_fn(
                    |bit| CueList::new(bit, map.remove(NAMES[bit]).unwrap_or_default()),
                )));
                if let Some(extra) = map.keys().next() {
                    return Err(format!("unknown cue list {extra}"));
                }
                let [$($name),*] = lists;
                Ok(Cues { $($name,)* lists })
            }

            /// Every list with its name, in the order declared.
            pub fn all(&self) -> impl Iterator<Item = (&'static str, &'static CueList)> {
                NAMES.iter().copied().zip(self.lists.iter())
            }
        }
    };
}

cue_lists! {
    // Answers to the agent's prompts (`answers.rs`).
    /// Replies that confirm a pending action (the seed's allowlist; not folded: "sí" keeps its
    /// accent, "si" is listed too).
    confirm_tokens,
    /// "one of" before the movements a change or a delete acts on ("borra
    /// uno de los de 250").
    one_of,
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

    // What a message says, read by the intent scorers (`features.rs`, `intents/`).
    /// Words that name money ("pesos"), which a question about a range of days does not.
    money_named_words,
    /// First words that make a message a question ("qué…", "¿puedo…?").
    question_starts,
    /// First words a question may open with before its question word ("y qué…", "oye, ¿cuánto…?").
    question_lead_ins,
    /// Question words right after such an opener.
    question_after_lead_in,
    /// Words that make a message a question wherever they are ("cuánto").
    question_words,
    /// Spending verbs in the past: a message that opens like a question but holds one states a fact
    /// ("cuando pagué…").
    statement_verbs,
    /// A payment or purchase already made ("pagué", "aboné", "gasté").
    past_payment_verbs,
    /// Phrases that make what follows hypothetical ("¿y si…?", "¿qué pasa si…?").
    hypothetical_phrases,
    /// First words that make the message hypothetical ("si compro…").
    hypothetical_starts,
    /// Stems of verbs that, hypothetical and with an amount, weigh a purchase ("¿y si compro…?",
    /// "¿y si voy…?").
    hypothetical_verb_prefixes,
    /// A purchase weighed before making it, on their own ("¿me alcanza…?", "¿puedo comprar…?").
    simulate_phrases,
    /// A purchase weighed when the message names an amount ("¿si gasto 500…?", "¿cómo quedo?").
    simulate_with_amount,
    /// A purchase weighed when asked with an amount ("¿tengo para…?").
    afford_phrases,
    /// A purchase weighed when asked or with an amount ("quiero comprar…").
    want_to_buy_phrases,
    /// Verbs of planning that, with a buying verb, weigh a purchase ("pienso comprar").
    plan_verbs,
    /// The stem of buying verbs ("comprar", "compro").
    buy_prefixes,
    /// "Puedo": asked with an amount, weighs a purchase.
    can_words,
    /// Words that make "¿puedo…?" with an amount about a budget or a debt, not a purchase.
    not_purchase_words,
    /// A spending limit in words ("no gastar más de", "máximo al mes").
    budget_phrases,
    /// Banks' names ("bbva", "santander", "spin").
    bank_names,
    /// Words of a credit card ("tarjeta", "tdc").
    card_words,
    /// Words that make a card a debit card, not a debt.
    debit_words,
    /// Stores, lenders and cards whose name alone says a debt ("coppel", "nu", "didi").
    lending_brands,
    /// Words that make a bank a lender ("préstamo de bbva").
    bank_debt_words,
    /// Something owed ("deuda", "préstamo", "tarjeta").
    debt_nouns,
    /// Asking for an amount ("cuánto", "qué tanto").
    amount_questions,
    /// Verbs of paying a bill or an obligation, not buying a thing ("pagar la colegiatura").
    bill_payment_verbs,
    /// Money spent ("gasté", "pagué", "se me fue"), typos people make included.
    expense_verbs,
    /// Money received ("cobré", "me pagaron", "me llegó").
    income_verbs,
    /// Spending verbs that keep money received words from making the message income ("me pagaron y
    /// gasté…").
    spent_not_received,
    /// A question about the budget ("presupuesto", "¿cuánto me queda para gastar?").
    budget_query_cues,
    /// Going over a limit ("¿me pasé?"): a budget question unless about a debt.
    overspend_words,
    /// Words that make going over about a debt, not the budget.
    debt_not_budget_words,
    /// Money spent or received asked about ("gasté", "ingresos"): not a question about the bank
    /// balance.
    spending_query_words,
    /// A question about debts ("¿cuánto debo?", "¿cuándo pago?").
    debt_query_cues,
    /// A question about the bank balance ("saldo", "¿cuánto dinero tengo?").
    balance_query_cues,
    /// "Balance": the bank balance unless spending is asked about.
    balance_words,
    /// "Más": with "en qué" or "dónde", asks where money went most.
    most_words,
    /// Where money went ("¿en qué…?", "¿dónde…?").
    where_phrases,
    /// A question that asks for the movements themselves ("mis movimientos", "¿qué gasté?").
    listing_query_cues,
    /// Words that ask for a total, not a listing ("cuánto", "resumen").
    totals_words,
    /// Stems of spending verbs ("gasté", "pagué", "compré").
    expense_prefixes,
    /// Words with a spending stem that do not say money was spent ("pagar", "gastos").
    not_spent_forms,
    /// "He": with a participle, asks what has been spent ("¿cuánto he gastado?").
    perfect_auxiliaries,
    /// Participles of spending and receiving ("gastado", "ahorrado").
    past_participles,
    /// Words that tie an amount to what it was for ("35 de un tamal", "120 en uber").
    amount_purpose_words,
    /// Commands to record a movement ("anota", "apunta").
    log_commands,
    /// Words that, asked with "cuánto", ask about one's money ("gasté", "llevo", "me queda").
    spending_question_words,
    /// Asking to see movements or totals ("historial", "resumen", "muéstrame").
    listing_words,
    /// What a listing asks to see ("gastos", "movimientos").
    listed_things,
    /// Asking how spending goes ("¿cómo voy?", "¿en qué se me fue?").
    how_am_i_phrases,
    /// "Presupuesto" itself.
    budget_nouns,
    /// Words that ask how the budget stands ("porcentaje", "¿me pasé?").
    budget_status_words,
    /// Words that ask about debts ("mis deudas", "¿cuánto debo?").
    debts_query_words,
    /// Words that make a debt word a question ("mis deudas", "¿a quién le debo?").
    whose_words,
    /// Asking when a debt is due ("¿cuándo vence?").
    due_date_questions,
    /// "Cuál": with "mínimo", asks for a minimum payment.
    which_words,
    /// "Mínimo": a minimum payment.
    minimum_words,
    /// "Saldo" itself.
    balance_nouns,
    /// Asking for the bank balance ("¿cuánto dinero tengo?", "mi saldo").
    balance_questions,
    /// "Mis": with records, asks for one's own ("mis gastos").
    my_words,
    /// Records one asks for ("gastos", "deudas").
    my_records,
    /// A spending limit ("presupuesto", "tope", "máximo").
    budget_words,
    /// First words that set a limit ("max 3000 en comida").
    budget_first_words,
    /// "Cuánto": asks an amount instead of setting one.
    how_much_words,
    /// Commands that set a budget without an amount yet ("ponme un presupuesto").
    budget_commands,
    /// A debt's balance, minimum or due day named ("saldo", "mínimo", "vence", "día de pago").
    debt_field_cues,
    /// Commands to add or change a debt ("nueva deuda", "actualiza el préstamo").
    debt_commands,
    /// What those commands act on for it to be a debt.
    debt_command_objects,
    /// A loan or debt named ("deuda", "préstamo", "crédito").
    loan_nouns,
    /// Owing ("debo", "debe").
    owe_verbs,
    /// Money lent to the user ("me prestaron").
    borrowed_phrases,
    /// "Tengo que pagar": with "mínimo", a debt's minimum.
    must_pay_phrases,
    /// How a debt is paid ("cada mes", "mensualidad", "pago mínimo").
    debt_schedule_cues,
    /// A bank account ("banco", "cuenta", "saldo", "débito").
    bank_account_words,
    /// Having money somewhere ("tengo", "hay"): with a bank's name, a balance.
    have_verbs,
    /// Zero in words ("cero", "en ceros").
    zero_words,
    /// Words that make money in a bank a debt or a movement, not its balance ("deuda", "pagué", "me
    /// depositaron").
    not_bank_balance_words,
    /// "Tarjeta": a debt unless a debit card.
    card_nouns,
    /// Stems of deleting ("bórralo", "elimina", "quita").
    delete_prefixes,
    /// "Cancela": deletes when it names the last movement.
    cancel_verbs,
    /// The last movement named ("el último", "ese registro").
    last_record_words,
    /// Deleting, in forms the stems miss ("bórralo", "deshacer").
    delete_words,
    /// What deleting refers to ("el último", "eso", "ese gasto").
    last_references,
    /// Things deleted or corrected that are not the last movement ("deuda", "presupuesto").
    not_last_movement_words,
    /// "No" and its slang: among the first words, starts a correction.
    no_words,
    /// Words after "no" that make it a filler, not a correction ("no sé").
    no_fillers,
    /// Words that take back an amount just said ("80 digo 90", "245
    /// perdón 254", "150, bueno no, 170"): the amount before them is not meant.
    retraction_words,
    /// "120 en vez de 100": the amount after them is not meant.
    instead_phrases,
    /// Words that drop a budget ("ya no quiero presupuesto", "sin límite").
    budget_remove_words,
    /// What is left of a category's budget ("¿cuánto me queda para comida?").
    category_left_cues,
    /// A bill paid half each ("a medias", "mitad y mitad").
    split_halves,
    /// Words before a count of people sharing a bill ("entre 4", "dividido en 3").
    split_among,
    /// A reply that logs the whole shared bill ("el total", "yo pagué todo").
    split_total_words,
    /// A reply that logs the user's part of it ("mi parte", "lo que me toca").
    split_part_words,
    /// Verbs before a count of the people who shared ("éramos 4", "fuimos 5").
    split_people_verbs,
    /// Words between them and the count ("entre los tres").
    split_count_articles,
    /// Words after the count that say it is people ("entre 4 personas").
    split_people_words,
    /// Words after a number that make it money, not people ("entre 4 pesos").
    split_money_after,
    /// The speaker, last among the people sharing ("entre mi hermana y yo").
    split_self_words,
    /// "El penúltimo": the movement before the last.
    second_last_words,
    /// "El antepenúltimo": two before the last.
    third_last_words,
    /// Besides "fue"/"era": words after which a correction gives the new
    /// value ("ponlo en suscripciones", "es 300").
    assertion_words,
    /// After "cambia …", the word that gives the new value ("cambia el de
    /// 1,500 a ropa").
    change_to_words,
    /// Words that never name which movement is meant ("el que puse",
    /// "ese gasto", "el de hoy").
    reference_stops,
    /// Words after which a correction names the movement it means ("el
    /// de la luz", "lo de netflix", "los tacos").
    reference_articles,
    /// First words of a message that names a recorded movement ("los
    /// tacos eran 150", "lo que me cayó era 600").
    movement_articles,
    /// Before "fue"/"fueron"/"es", words that make it no statement of what
    /// a movement was ("se me fueron 430", "no es broma").
    not_assertion_before,
    /// First words that start a correction ("perdón", "corrige", "oye").
    correction_starts,
    /// Words that, after such a start, correct the last movement ("eran", "fue", "cámbialo").
    correction_words,
    /// A correction anywhere in the message ("me equivoqué", "estaba mal", "en realidad").
    correction_cues,
    /// "Último": with "era" or "fue", corrects the last movement.
    last_words,
    /// Forms of "to be" that restate a value ("era", "fue").
    was_words,
    /// Fields of a movement a correction names ("fecha", "monto").
    correctable_fields,
    /// "Me equivoqué".
    mistake_words,
    /// Fields a mistake names ("fecha", "monto", "categoría").
    mistaken_fields,
    /// Verbs of changing a record ("corrige", "cambia").
    edit_verbs,
    /// What such a verb changes for it to be the last movement ("el último", "la fecha").
    edit_targets,
    /// Things changed that are not the last movement ("deuda", "saldo", "tarjeta").
    not_last_edit_words,

    // Which category, and how it is described (`nlu.rs`, `category.rs`).
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
    /// Words never read as categories, even one typo away from a keyword.
    not_category_words,
    /// Endings a plural adds to a category keyword ("tacos", "farmacias", "pantalones"), tried in
    /// this order.
    plural_suffixes,

    // Debts: their name, balance, minimum and due day, and payments to them (`debts.rs`).
    /// Verbs of paying something owed ("aboné", "liquidé").
    payment_verbs,
    /// Phrases that say money goes to what is owed ("de lo que le debo").
    owed_phrases,
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

    // Amounts, numerals and currencies (`amount.rs`), and several items (`items.rs`).
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

    // Days, months, clock times and periods (`date.rs`, `moments.rs`, `period.rs`).
    /// Words that open a range of days at its first day ("del 10 al 20").
    range_starts,
    /// Words between the first and the last day of that range.
    range_ends,
    /// Words that open a range written "entre el 1 y el 15".
    between_words,
    /// Words between the two days of that range.
    between_joiners,
    /// The article before a day number in a range ("entre el 1 y el 15").
    day_articles,
    /// Numbers in words that count days, weeks or months ("hace una semana", "en dos semanas");
    /// their values are in "number_words".
    count_words,
    /// "De" joining a day to its month ("15 de octubre", "abril 5" not followed by it).
    of_words,
    /// Words joining a month to its year ("octubre de 2025", "diciembre del 2025").
    year_joiners,
    /// Words before a number that make it a day of the month ("el 15", "día 15").
    day_openers,
    /// Words that make the number after them a day once the date is named
    /// ("cambia la fecha al 12").
    date_change_openers,
    /// Words that name the date of a movement ("la fecha", "el día").
    date_field_words,
    /// Words after "el 15" that keep it from being a day ("el 15 mil", "el 15 de…" read as a date
    /// elsewhere).
    not_a_day_after,
    /// "Ayer", which "antes de" makes the day before.
    yesterday_words,
    /// Words before "ayer" that make it the day before yesterday ("antes de ayer").
    day_before_phrases,
    /// "Hace" before a count of time ("hace 3 días").
    ago_words,
    /// Days as a unit of time ("3 días").
    day_units,
    /// Weeks as a unit of time.
    week_units,
    /// Months as a unit of time.
    month_units,
    /// Years as a unit of time.
    year_units,
    /// After a weekday: the one of last week ("el sábado de la semana pasada").
    last_week_phrases,
    /// After a weekday: the one of this week ("el martes de esta semana").
    this_week_phrases,
    /// After a weekday: the one of next week ("el miércoles de la semana que viene").
    next_week_phrases,
    /// Words before a weekday that belong to it ("el lunes", "este viernes").
    weekday_articles,
    /// "Pasado" after a day, a weekday or a year ("el lunes pasado", "el año pasado").
    past_markers,
    /// "Mes": "este mes", "el mes pasado".
    month_words,
    /// Words before "mes" that make it a rate, not a month ("al mes", "por mes").
    rate_markers,
    /// Words before "mes" that belong to it ("este mes", "en el mes").
    this_month_articles,
    /// Month names as short as abbreviations that count on their own (abbreviations only count
    /// after "en" or "de").
    whole_short_months,
    /// Words before a month abbreviation that make it a month ("en mar", "de sept").
    month_prepositions,
    /// Words after a number that make it a clock time.
    clock_suffixes,
    /// "Las" before an hour ("a las 10").
    clock_articles,
    /// One o'clock, whose article is singular ("a la una").
    one_oclock_phrases,
    /// Words before "las 10" that make it a clock time ("a las", "desde las").
    clock_prepositions,
    /// Words that end a clock time ("a las 10 y media").
    clock_fractions,
    /// Parts of the day after a clock time ("a las 3 de la tarde").
    day_parts,
    /// Words after a number that make it a duration or a count of time.
    duration_units,
    /// Units of things bought: "20 kilos", "40 litros" count goods, not money.
    quantity_units,
    /// Words after a number that make it money, not a day.
    amount_words,
    /// Weekday abbreviations as people write them before a day number.
    weekday_abbreviations,
    /// Words before "mañana" that make it the morning, not tomorrow.
    morning_markers,
    /// Words that name the present moment.
    now_words,
    /// Phrases that name today ("en este momento", "esta noche").
    now_phrases,
    /// Words that make a weekday the coming one ("el próximo viernes").
    next_markers,
    /// Words after a weekday that make it the coming one ("el viernes que viene").
    coming_phrases,
    /// "Mañana" as tomorrow (unless the morning: see "morning_markers").
    tomorrow_words,
    /// "Pasado" before "mañana": the day after tomorrow.
    day_after_markers,
    /// Words before a count of time ahead ("en dos semanas", "dentro de 3 días").
    within_phrases,
    /// "Primero" as the first day of a month ("el primero de marzo").
    first_day_words,
    /// Words after "treinta" that make the 31st ("treinta y uno").
    thirty_one_tails,
    /// El Buen Fin, the November sales weekend.
    buen_fin_phrases,
    /// "Del" before a named period ("el primer día del buen fin").
    of_the_words,
    /// The first day of a named period ("el primer día del buen fin").
    first_ordinals,
    /// The last day of a named period ("el último día del buen fin").
    last_ordinals,
    /// Payments said as still to come ("me pagan", "voy a pagar", "vence"): a
    /// bare day of the month ("el 30") is then the coming one, never a past one.
    will_pay_phrases,
    /// Answers to "that day has not come yet" that say it is not paid yet ("todavía no", "luego lo
    /// pago"); read before the others.
    future_pending,
    /// Answers that say to record it on that day ("ese día", "así está bien").
    future_on_that_day,
    /// Answers that say it was paid today ("hoy", "ya lo pagué").
    future_paid_today,
    /// "Semana": "esta semana", "la semana pasada".
    week_words,
    /// "Esta" before "semana".
    this_feminine_words,
    /// "Pasada" around "semana" ("la semana pasada", "la pasada semana").
    past_feminine_markers,
    /// "Últimos" before a count of days ("los últimos 7 días").
    last_days_openers,
    /// Days after "los últimos 7".
    plural_day_units,
    /// "Quincena" after its ordinal ("la primera quincena"); ordinals are in "month_halves".
    month_half_words,
    /// "Trimestre" after its ordinal ("el primer trimestre"); ordinals are in "quarters".
    quarter_words,
    /// The word before the first weekday of a range ("de lunes a miércoles").
    weekday_range_starts,
    /// The word between its two weekdays.
    weekday_range_ends,
    /// "Desde": from a day until today ("desde el lunes", "desde el 10").
    since_words,
    /// "Año": "este año", "el año pasado".
    year_words,
    /// "Este" before "año", or opening a two-word day ("este momento", "este viernes") that is not
    /// a period asked about.
    this_words,
    /// Words before a four-digit number that make it a whole year asked about ("en 2024", "del
    /// 2025").
    year_openers,
    /// Money charged to the speaker ("me cobraron"): never money received.
    charged_phrases,
    /// After "semana", the coming week ("que viene", "entrante").
    coming_week_after,
    /// Before "semana", the coming week ("próxima").
    coming_week_before,
    /// "Fin de semana": the Saturday and Sunday gone by.
    weekend_phrases,
    /// First words of a follow-up question ("¿y en didi?").
    follow_up_openers,
    /// A message made only of these cancels the open flow.
    cancel_words,
    /// A message made only of these asks for help.
    help_words,
    /// A message made only of one of these asks what day it is ("¿qué día es hoy?").
    today_questions,
    /// First words that make a message a correction of the draft being
    /// confirmed ("no, eran 300", "mejor en comida").
    draft_correction_starts,
    /// Sounds and words a message may open with before what it says ("ah
    /// no, mejor por banco").
    interjections,
    /// Field names a correction may name without a value ("la fecha").
    correction_fields,
    /// Words that answer an amount with zero.
    zero_answer_words,
    /// Words that answer a category's type: fixed expense.
    type_fixed,
    /// … variable expense.
    type_variable,
    /// … debt.
    type_debt,
    /// … donation.
    type_donation,
    /// … savings.
    type_savings,
    /// … income.
    type_income,
    /// Words around a category named in an answer ("es de la …").
    answer_fillers,
    /// Command names (after "/") that ask for help.
    command_help,
    /// Command names that cancel.
    command_cancel,
    /// Command names that ask for this month's summary.
    command_summary,
    /// Words a data agent's trigger phrase may hold without meaning
    /// anything ("quiero una …").
    trigger_fillers,
    /// Phrases that drop a data agent's flow ("mejor no", "cancelar").
    nav_cancel,
    /// Words with a leaving phrase that leave every request open, not only
    /// the one on top ("cancela todo", "olvida los dos").
    leave_everything,
    /// Words that say a request replaces the one in progress ("mejor
    /// quiero un crédito", "pensándolo bien…"): the flow open is left,
    /// named, instead of waiting for the new request.
    change_of_mind,
    /// First words of a message that adds a movement to those waiting
    /// for a «sí» ("y 80 de refresco", "también…").
    adds_item,
    /// A whole message that asks what is open ("¿qué tengo pendiente?",
    /// "¿en qué íbamos?").
    asks_pending,
    /// Phrases that go to the main menu.
    nav_home,
    /// Phrases that go back to the previous agent.
    nav_back,
    /// Words around a navigation phrase that ask for nothing else.
    nav_fillers,
    /// Ordinal words, in order ("primero" = 1); feminine forms are read
    /// from them.
    ordinals,
}
