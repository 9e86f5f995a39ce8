//! Cue lists: what a message says, read by the intent scorers (`features.rs`, `intents/`).

use super::super::CueList;

cue_group! {
    /// What a message says, read by the intent scorers (`features.rs`, `intents/`).
    Said after super::answers::Answers::END;
    /// Words that name money ("pesos"), which a question about a range of days does not.
    money_named_words,
    /// First words that make a message a question ("qué…", "¿puedo…?").
    question_starts,
    /// First words a question may open with before its question word ("y qué…", "oye, ¿cuánto…?").
    question_lead_ins,
    /// Words a statement may open with before what it names ("y el de 20,000 corrígelo").
    statement_lead_ins,
    /// Question words right after such an opener.
    question_after_lead_in,
    /// Words that make a message a question wherever they are ("cuánto").
    question_words,
    /// Spending verbs in the past: a message that opens like a question but holds one states a fact
    /// ("cuando pagué…").
    statement_verbs,
    /// A payment or purchase already made ("pagué", "aboné", "gasté").
    past_payment_verbs,
    /// Going to pay in the past ("fui a pagar la luz"): paid in person, said as an errand done.
    went_to_pay_phrases,
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
    /// A budget said per a span other than a month ("500 a la semana", "quincenal"): budgets are
    /// monthly, so its monthly cap is asked, never taken from it.
    budget_other_spans,
    /// A budget said per month ("al mes", "mensual"): the span, never the category's name.
    budget_month_spans,
    /// Banks' names ("bbva", "santander", "spin").
    bank_names,
    /// Words of a credit card ("tarjeta", "tdc").
    card_words,
    /// Words that make a card a debit card, not a debt.
    debit_words,
    /// Stores, lenders and cards whose name alone says a debt ("coppel", "nu", "didi").
    lending_brands,
    /// Brands people mostly pay for rides or deliveries, that lend too
    /// ("didi", "rappi"): a lender only when a card or a debt is said.
    lender_merchants,
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
    /// The user's own pay named as theirs ("mi quincena", "mi pensión"): collected, it is income,
    /// never a cobro to someone.
    own_pay_words,
    /// Words that ask for every row of a list ("todos mis movimientos del mes").
    all_rows_words,
    /// Words that compare two periods ("octubre vs noviembre", "este mes contra el pasado").
    comparison_words,
    /// A charge made to the user, now or each time ("me cobra 249 cada mes", "se cobra el 3"): the
    /// user pays it, so it is never a cobro of theirs.
    charges_to_me,
    /// Spending verbs that keep money received words from making the message income ("me pagaron y
    /// gasté…").
    spent_not_received,
    /// Prepositions a question word may follow («y a quién le debo?», «y
    /// en qué gasté más?»).
    question_prepositions,
    /// What money already moved was for («era pa pagar la luz de su
    /// casa»): an explanation, never a request for the agent it names.
    purpose_told_phrases,
    /// What a trade buys to work ("insumos", "mercancía"): money for it
    /// goes out, so a category answer naming it never makes an income.
    supplies_words,
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
    /// Stems of asking to record, said as a question ("¿me anotas 300 de luz?", "¿puedes registrar…?").
    log_request_prefixes,
    /// Asking whether a movement is already recorded ("¿ya anoté…?", "¿está registrado…?").
    recorded_questions,
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
    /// "Ya" before a negation ("ya no le cobres"): no longer, no value.
    no_longer_words,
    /// "Mínimo": a minimum payment.
    minimum_words,
    /// A debt paid whole ("todo", "lo que le debía", "liquidé"): with no
    /// amount, its stored balance is the payment.
    whole_debt_words,
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
    /// Asking for a loan ("ocupo un préstamo", "quiero un crédito"): a
    /// request for credit, never a debt to record.
    loan_wants,
    /// Owing ("debo", "debe").
    owe_verbs,
    /// What is only ever bought, never sold: an item said after an
    /// income is an expense of its own ("…, gasolina 550").
    bought_only_words,
    /// Things a sum is said to be between, no people to share it ("entre
    /// las dos apps").
    split_things,
    /// Money still owed for what was bought or done ("se las quedé
    /// debiendo", "le quedé a deber"): a debt, never a purchase paid.
    owed_for_purchase,
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
    /// A movement said to be another one than a stored one ("es un gasto
    /// nuevo", "es otro"): never a change of the stored one.
    new_record_phrases,
    /// What money was for ("para el negocio"): a category said after one
    /// never turns an expense into income.
    purpose_prepositions,
    /// What an interrogative asks about ("qué día", "qué mes"): said
    /// after one, the message asks, whatever verb follows.
    question_nouns,
    /// Money held outside a bank ("efectivo", "cartera"): never the bank
    /// balance, the one balance Caja keeps.
    cash_places,
    /// The user taking out or putting in their own money ("saqué",
    /// "deposité"): with an `own_money_places` word, no movement.
    own_money_verbs,
    /// Where one's own money goes in and out ("cajero", "banco").
    own_money_places,
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
    /// A share said as a fraction, each as "word:ways" ("tercera:3" of
    /// "me toca la tercera parte", "tercio:3" of "un tercio").
    split_fractions,
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
    /// Verbs of money handed over right before who did it ("el abono que
    /// me hizo Raúl"): the word after one names the movement.
    reference_giver_verbs,
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
}
