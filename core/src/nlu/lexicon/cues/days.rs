//! Cue lists: days, months, clock times and periods (`date.rs`, `moments.rs`, `period.rs`).

use super::super::CueList;

cue_group! {
    /// Days, months, clock times and periods (`date.rs`, `moments.rs`, `period.rs`).
    Days after super::amounts::Amounts::END;
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
    /// Words that say which day today is, before its number ("hoy es 24", "estamos a 28").
    today_is_phrases,
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
    /// "En la", "de la", "durante la" before "semana", nothing after it
    /// saying which: this week ("¿cuánto gasté en la semana?").
    this_week_openers,
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
    /// Determiners an agent's phrase may say any one of ("quita el pago fijo" holds "quita ese pago
    /// fijo").
    trigger_determiners,
    /// Verbs of a payment still to come ("lo pago el viernes", "me pagan
    /// el lunes"): a day of this week after one is the coming one.
    coming_payment_verbs,
    /// Words that open days said in the plural ("los días 15 y 30"): a
    /// day joined to them by "y" is a day too.
    plural_day_openers,
    /// Pronouns of whom a verb's action goes to ("me", "le"): one between
    /// two words of a quoted phrase names someone else ("al muchacho que
    /// me ayuda le pago" is no «me pagó»).
    trigger_object_pronouns,
    /// Pronouns joined to the end of a verb ("quítalo", "bórrame"), dropped to find a phrase's verb.
    trigger_enclitics,
    /// Verb endings and the ending of a phrase's form, as `said:phrase` ("¿podría quitar…?" says
    /// "quita", "cancelar" says "cancela", "me ha pagado" says "me pagó").
    trigger_verb_endings,
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
