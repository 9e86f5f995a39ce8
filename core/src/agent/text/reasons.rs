//! Why the Financial Agent's graph took each step, as its trace records
//! it: the debug panel and the review show these words, and the audit
//! record keeps them. The node and the edge are identifiers; the reason is
//! for a person.

/// «a change of another movement».
pub const A_CHANGE_OF_ANOTHER_MOVEMENT: &str = "cambio de otro movimiento";
/// «a change of one of the movements».
pub const A_CHANGE_OF_ONE_OF_THE_MOVEMENTS: &str = "cambio de uno de los movimientos";
/// «a change that names none of several».
pub const A_CHANGE_THAT_NAMES_NONE_OF_SEVERAL: &str =
    "un cambio que no dice cuál de los movimientos";
/// «a clear request for a data agent».
pub const A_CLEAR_REQUEST_FOR_A_DATA_AGENT: &str = "pedido claro para otro agente";
/// «a data agent answered».
pub const A_DATA_AGENT_ANSWERED: &str = "respondió otro agente";
/// «a data agent's turn».
pub const A_DATA_AGENT_S_TURN: &str = "turno de otro agente";
/// «a decision with nothing pending».
pub const A_DECISION_WITH_NOTHING_PENDING: &str = "un sí o un no sin nada pendiente";
/// «a piece of the pending draft».
pub const A_PIECE_OF_THE_PENDING_DRAFT: &str = "un dato del movimiento por confirmar";
/// «a reaction».
pub const A_REACTION: &str = "una reacción";
/// «a yes with more words».
pub const A_YES_WITH_MORE_WORDS: &str = "un sí con más palabras";
/// «agent files do not load».
pub const AGENT_FILES_DO_NOT_LOAD: &str = "los archivos de agentes no cargan";
/// «an expense needs its category».
pub const AN_EXPENSE_NEEDS_ITS_CATEGORY: &str = "un gasto necesita categoría";
/// «another movement for the same «sí»».
pub const ANOTHER_MOVEMENT_FOR_THE_SAME_YES: &str = "otro movimiento para el mismo «sí»";
/// «answer to an open question».
pub const ANSWER_TO_AN_OPEN_QUESTION: &str = "respuesta a una pregunta abierta";
/// «asked what is open».
pub const ASKED_WHAT_IS_OPEN: &str = "preguntó qué está pendiente";
/// «back home».
pub const BACK_HOME: &str = "de vuelta al inicio";
/// «money in cash is not the bank balance».
pub const CASH_IS_NOT_THE_BANK: &str = "el efectivo no es el saldo del banco";
pub const LAST_SAVE_NOT_A_MOVEMENT: &str = "lo último guardado no fue un movimiento";
pub const OWN_MONEY_MOVED: &str = "mover su propio dinero no es gasto ni ingreso";
/// «bank balance complete».
pub const BANK_BALANCE_COMPLETE: &str = "saldo completo";
/// «bank balance missing».
pub const BANK_BALANCE_MISSING: &str = "falta el saldo del banco";
/// «budget complete».
pub const BUDGET_COMPLETE: &str = "presupuesto completo";
/// «budget read».
pub const BUDGET_READ: &str = "presupuesto leído";
/// «budgets read».
pub const BUDGETS_READ: &str = "presupuestos leídos";
/// «cancelled open flow».
pub const CANCELLED_OPEN_FLOW: &str = "canceló el trámite abierto";
/// «cancelled the request on top».
pub const CANCELLED_THE_REQUEST_ON_TOP: &str = "canceló lo último que pidió";
/// «change a movement».
pub const CHANGE_A_MOVEMENT: &str = "cambiar un movimiento";
/// «choice out of range».
pub const CHOICE_OUT_OF_RANGE: &str = "opción fuera de la lista";
/// «command /ayuda».
pub const COMMAND_AYUDA: &str = "comando /ayuda";
/// «command /resumen».
pub const COMMAND_RESUMEN: &str = "comando /resumen";
/// «command /start».
pub const COMMAND_START: &str = "comando /start";
/// «confirmation expired».
pub const CONFIRMATION_EXPIRED: &str = "confirmación vencida";
/// «confirmation token».
pub const CONFIRMATION_TOKEN: &str = "palabra de confirmación";
/// «confirmed».
pub const CONFIRMED: &str = "confirmado";
/// «correction not understood».
pub const CORRECTION_NOT_UNDERSTOOD: &str = "corrección no entendida";
/// «correction of the pending draft».
pub const CORRECTION_OF_THE_PENDING_DRAFT: &str = "corrección del movimiento por confirmar";
/// «debt complete».
pub const DEBT_COMPLETE: &str = "deuda completa";
/// «debt named».
pub const DEBT_NAMED: &str = "deuda nombrada";
/// «delete a movement».
pub const DELETE_A_MOVEMENT: &str = "borrar un movimiento";
/// «empty message».
pub const EMPTY_MESSAGE: &str = "mensaje vacío";
/// «find the transaction to correct».
pub const FIND_THE_TRANSACTION_TO_CORRECT: &str = "buscar el movimiento a corregir";
/// «find the transaction to delete».
pub const FIND_THE_TRANSACTION_TO_DELETE: &str = "buscar el movimiento a borrar";
/// «future payment not logged».
pub const FUTURE_PAYMENT_NOT_LOGGED: &str = "pago futuro sin registrar";
/// «general budget is changed, not removed».
pub const GENERAL_BUDGET_IS_CHANGED_NOT_REMOVED: &str =
    "el presupuesto general se cambia, no se quita";
/// «help».
pub const HELP: &str = "ayuda";
/// «interrupted flow resumed».
pub const INTERRUPTED_FLOW_RESUMED: &str = "retomó el trámite interrumpido";
/// «items complete».
pub const ITEMS_COMPLETE: &str = "movimientos completos";
/// «main menu».
pub const MAIN_MENU: &str = "menú principal";
/// «message too long».
pub const MESSAGE_TOO_LONG: &str = "mensaje demasiado largo";
/// «missing fields».
pub const MISSING_FIELDS: &str = "faltan datos";
/// «new message».
pub const NEW_MESSAGE: &str = "mensaje nuevo";
/// «new request replaces open question».
pub const NEW_REQUEST_REPLACES_OPEN_QUESTION: &str =
    "un pedido nuevo en lugar de la pregunta abierta";
/// «new request replaces pending action».
pub const NEW_REQUEST_REPLACES_PENDING_ACTION: &str = "un pedido nuevo en lugar de la confirmación";
/// «no error recorded».
pub const NO_ERROR_RECORDED: &str = "sin error registrado";
/// «no question to ask».
pub const NO_QUESTION_TO_ASK: &str = "nada que preguntar";
/// «no results».
pub const NO_RESULTS: &str = "sin resultados";
/// «no row matches».
pub const NO_ROW_MATCHES: &str = "ningún movimiento coincide";
pub const ANOTHER_ROW_NAMED: &str = "la respuesta corrige otro movimiento";
pub const A_NEW_MOVEMENT_OF_THAT_DAY: &str = "ningún movimiento de ese día: es uno nuevo";
/// «no transactions».
pub const NO_TRANSACTIONS: &str = "sin movimientos";
/// «no work».
pub const NO_WORK: &str = "nada que hacer";
/// «not a choice; read as a new message».
pub const NOT_A_CHOICE_READ_AS_A_NEW_MESSAGE: &str = "no es una opción: se lee como mensaje nuevo";
/// «not a confirmation token».
pub const NOT_A_CONFIRMATION_TOKEN: &str = "no es una palabra de confirmación";
/// «not an allowlisted token».
pub const NOT_AN_ALLOWLISTED_TOKEN: &str = "no es una palabra permitida";
/// «nothing pending».
pub const NOTHING_PENDING: &str = "nada pendiente";
/// «nothing prepared to confirm».
pub const NOTHING_PREPARED_TO_CONFIRM: &str = "nada preparado para confirmar";
/// «nothing to cancel».
pub const NOTHING_TO_CANCEL: &str = "nada que cancelar";
/// «nothing to validate».
pub const NOTHING_TO_VALIDATE: &str = "nada que revisar";
/// «open question asked again».
pub const OPEN_QUESTION_ASKED_AGAIN: &str = "repite la pregunta abierta";
/// «payment lowers a known debt».
pub const PAYMENT_LOWERS_A_KNOWN_DEBT: &str = "el pago baja una deuda conocida";
/// «payment to a debt».
pub const PAYMENT_TO_A_DEBT: &str = "pago a una deuda";
/// «payment to no known debt».
pub const PAYMENT_TO_NO_KNOWN_DEBT: &str = "pago a una deuda que no conoce";
/// «pending confirmation asked again».
pub const PENDING_CONFIRMATION_ASKED_AGAIN: &str = "repite la confirmación pendiente";
/// «prompted».
pub const PROMPTED: &str = "pidió el «sí»";
/// «query».
pub const QUERY: &str = "consulta";
/// «query answered».
pub const QUERY_ANSWERED: &str = "consulta respondida";
/// «query by description».
pub const QUERY_BY_DESCRIPTION: &str = "consulta por descripción";
/// «query by description answered».
pub const QUERY_BY_DESCRIPTION_ANSWERED: &str = "consulta por descripción respondida";
/// «query parameters complete».
pub const QUERY_PARAMETERS_COMPLETE: &str = "consulta completa";
/// «the amount asked, given for several movements».
pub const THE_ANSWER_IN_PIECES: &str = "el monto pedido, dado para varios movimientos";
/// «question while clarifying».
pub const QUESTION_WHILE_CLARIFYING: &str = "una pregunta mientras aclara";
/// «question while confirming».
pub const QUESTION_WHILE_CONFIRMING: &str = "una pregunta mientras confirma";
/// «read the budget it replaces».
pub const READ_THE_BUDGET_IT_REPLACES: &str = "leer el presupuesto que reemplaza";
/// «rejected».
pub const REJECTED: &str = "rechazado";
/// «several complete items».
pub const SEVERAL_COMPLETE_ITEMS: &str = "varios movimientos completos";
/// «several rows match».
pub const SEVERAL_ROWS_MATCH: &str = "varios movimientos coinciden";
/// «simulation answered».
pub const SIMULATION_ANSWERED: &str = "simulación respondida";
/// «simulation complete».
pub const SIMULATION_COMPLETE: &str = "simulación completa";
/// «small talk».
pub const SMALL_TALK: &str = "plática";
/// «split total corrected».
pub const SPLIT_TOTAL_CORRECTED: &str = "total a dividir corregido";
/// «stale confirmation button».
pub const STALE_CONFIRMATION_BUTTON: &str = "botón de confirmación vencido";
/// «the budget is already so».
pub const THE_BUDGET_IS_ALREADY_SO: &str = "el presupuesto ya es ese";
/// «the home agent answers».
pub const THE_HOME_AGENT_ANSWERS: &str = "responde el agente financiero";
/// «the simulation again at another price».
pub const THE_SIMULATION_AGAIN_AT_ANOTHER_PRICE: &str = "la simulación otra vez con otro precio";
/// «transaction complete».
pub const TRANSACTION_COMPLETE: &str = "movimiento completo";
/// «unknown command».
pub const UNKNOWN_COMMAND: &str = "comando desconocido";
/// «unknown intent».
pub const UNKNOWN_INTENT: &str = "intención desconocida";
/// «the next movement of the message».
pub const NEXT_ITEM: &str = "el siguiente movimiento del mensaje";
/// «what day it is».
pub const WHAT_DAY_IT_IS: &str = "qué día es";

/// «personal data in a shared chat».
pub const PERSONAL_IN_A_SHARED_CHAT: &str = "datos personales en un chat compartido";

/// An engine error (a bug), as the engine words it.
pub fn internal(error: &str) -> String {
    format!("error interno: {error}")
}

/// «asked FIELD».
pub fn asked(field: crate::agent::state::Field) -> String {
    format!("preguntó {}", super::ui::field_label(field))
}

/// «patched FIELDS» (an answer) or «corrected FIELDS» (a correction).
pub fn took(fields: &[crate::agent::state::Field], correction: bool) -> String {
    let said: Vec<&str> = fields.iter().map(|f| super::ui::field_label(*f)).collect();
    let verb = if correction { "corrigió" } else { "completó" };
    format!("{verb} {}", said.join(", "))
}

/// «future date: ANSWER».
pub fn future_date(paid_today: bool) -> &'static str {
    if paid_today {
        "fecha futura: se pagó hoy"
    } else {
        "fecha futura: es para ese día"
    }
}

/// «split recounted: N ways».
pub fn split_recounted(ways: u8) -> String {
    format!("se divide entre {ways}")
}

/// «split answered: AMOUNT».
pub fn split_answered(amount: crate::money::Centavos) -> String {
    format!("su parte: {}", crate::money::format_mxn(amount))
}

/// «user chose INTENT».
pub fn chose(intent: crate::nlu::Intent) -> String {
    format!("eligió {}", super::intent_label(intent))
}

/// «INTENT» (what the message asks for).
pub fn wants(intent: crate::nlu::Intent) -> String {
    format!("quiere {}", super::intent_label(intent))
}

/// «TOOL failed» / «TOOL ok».
pub fn tool_ran(tool: &str, ok: bool) -> String {
    if ok {
        format!("{tool} respondió")
    } else {
        format!("{tool} falló")
    }
}

/// «read failed: CODE» / «write failed: CODE».
pub fn failed(write: bool, code: &str) -> String {
    if write {
        format!("no se pudo guardar ({code})")
    } else {
        format!("no se pudo leer ({code})")
    }
}

/// «confidence N».
pub fn unsure(confidence: f32) -> String {
    format!("confianza {confidence:.2}")
}

pub const A_CATEGORY_OF_THE_OTHER_KIND: &str = "categoría del otro tipo: no se cambia sin decirlo";
pub const NOTHING_TO_CHANGE: &str = "el cambio deja el movimiento igual";
