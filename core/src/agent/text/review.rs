//! Words of the review screen and of the diagrams drawn from the agents.

pub const NAV_REVIEW: &str = "Revisar conversaciones";
pub const REVIEW_TITLE: &str = "Conversaciones guardadas";
pub const REVIEW_EMPTY: &str = "Todavía no hay conversaciones guardadas.";
/// How long a conversation's record is kept (the retention of events).
pub fn kept(days: i64) -> String {
    format!(
        "Cada conversación se guarda hasta {days} días después de su último mensaje; después se borra su registro (tus movimientos, cobros y pagos fijos no se borran)."
    )
}
pub const REVIEW_MORE: &str = "Ver más";
pub const REVIEW_BACK: &str = "Volver a la lista";
pub const REVIEW_PREV: &str = "Anterior";
pub const REVIEW_NEXT: &str = "Siguiente";
pub const REVIEW_LOADING_ENGINE: &str = "Preparando la repetición…";
pub const REVIEW_FAILED: &str = "No pude cargar esta conversación. Intenta de nuevo.";
pub const REVIEW_CANNOT_REPLAY: &str =
    "Esta conversación no se puede repetir: le faltan turnos guardados.";
pub const REVIEW_SAME: &str = "La repetición da la misma respuesta que se guardó.";
pub const REVIEW_DIFFERENT: &str = "La repetición da otra respuesta que la guardada:";
pub const REVIEW_USER: &str = "Mensaje";
pub const REVIEW_REPLY: &str = "Respuesta";
pub const REVIEW_TOOLS: &str = "Herramientas";
pub const REVIEW_NO_TOOLS: &str = "Ninguna";
pub const REVIEW_STATE: &str = "Estado tras el turno";
pub const REVIEW_TRACE: &str = "Recorrido del turno";
pub const REVIEW_HIERARCHY: &str = "Agentes";
pub const REVIEW_FLOW: &str = "Flujo";
pub const REVIEW_TURNS: &str = "turnos";

/// "Turno 3 de 7".
pub fn turn_of(turn: usize, total: usize) -> String {
    format!("Turno {turn} de {total}")
}

/// A conversation's status, as the list shows it.
pub fn status_label(status: crate::review::Status) -> &'static str {
    match status {
        crate::review::Status::Idle => "en reposo",
        crate::review::Status::AwaitingAnswer => "esperando una respuesta",
        crate::review::Status::AwaitingConfirmation => "esperando un «sí»",
    }
}

// Diagram words: what a node does and why an edge is taken.
pub const START: &str = "inicio";
pub const END: &str = "fin";
pub const ASKS: &str = "pide";
pub const CLARIFIES: &str = "aclara";
pub const SAYS: &str = "dice";
pub const CALLS: &str = "consulta";
pub const CONFIRMS: &str = "confirma";
pub const FINAL: &str = "final";
pub const REASK: &str = "no entendí: pregunta otra vez";
pub const REJECTED: &str = "no cumple: pregunta otra vez";
pub const UNCLEAR: &str = "sigue sin estar claro";
pub const ANSWERED: &str = "respondido";
pub const ELSE: &str = "si no";
pub const YES: &str = "sí";
pub const NO_CANCEL: &str = "no: cancela";
pub const CANCELLED: &str = "cancelado";
pub const SERVICE_OK: &str = "servicio bien";
pub const SERVICE_ERROR: &str = "servicio falla";
pub const HOME_ROUTE: &str = "sus palabras";
pub const GO_HOME: &str = "menú principal";
pub const GO_UP: &str = "volver";
pub const FLOW_ROUTE: &str = "inicia";

/// "tras 3 intentos".
pub fn after_attempts(n: u32) -> String {
    format!("tras {n} intentos")
}

/// "si slots.amount > 500".
pub fn when(condition: &str) -> String {
    format!("si {condition}")
}

/// The Financial Agent's graph, titled as the agent is.
pub const FINANCIAL_TITLE: &str = "Agente financiero";

/// What a step of the Financial Agent's graph does (`agent::graph_edges`),
/// shown under its name.
pub fn financial_step(step: &str) -> &'static str {
    match step {
        "router" => "decide qué hacer",
        "delegate" => "pasa a otro agente",
        "parse" => "lee el mensaje",
        "validate" => "revisa los datos",
        "clarify" => "pregunta lo que falta",
        "confirm" => "pide el «sí»",
        "execute_tools" => "usa las herramientas",
        "respond" => "responde",
        "error_handler" => "explica el error",
        _ => "",
    }
}

/// Why the Financial Agent's graph takes an edge, in words; its built
/// label names the branch in English (`unclear`) or just the target.
pub fn financial_branch(label: &str) -> &'static str {
    match label {
        "unclear" => "no está claro",
        _ => "",
    }
}
