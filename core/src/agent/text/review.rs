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

/// A review session's title: the agents that answered, and how many
/// changes were confirmed ("Agente financiero y Cobros · 2 cambios
/// confirmados").
pub fn session_title(agents: &[String], changes: usize) -> String {
    let who = match agents {
        [] => "Caja".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} y {last}", rest.join(", ")),
    };
    let what = match changes {
        0 => "sin cambios".to_string(),
        1 => "1 cambio confirmado".to_string(),
        n => format!("{n} cambios confirmados"),
    };
    format!("{who} · {what}")
}
pub const REVIEW_SESSIONS: &str = "Sesiones";
pub const REVIEW_WHEN: &str = "Cuándo";
pub const REVIEW_FIND_DAY: &str = "Buscar un día";
pub const REVIEW_NO_DAY: &str = "Ese día no hubo mensajes en esta conversación.";

/// When a turn ran, as the person's clock reads it: "viernes
/// 2026-11-20, 16:38".
pub fn turn_when(day: chrono::NaiveDate, clock: &str) -> String {
    use chrono::Datelike;
    let weekday = super::ui::WEEKDAYS[day.weekday().num_days_from_monday() as usize];
    format!("{weekday} {}, {clock}", crate::time::iso_date(day))
}

/// A session's span: "viernes 2026-11-20, 16:38 a 17:05" within a day,
/// else both ends whole.
pub fn session_span(start: (chrono::NaiveDate, &str), end: (chrono::NaiveDate, &str)) -> String {
    if start.0 == end.0 {
        if start.1 == end.1 {
            return turn_when(start.0, start.1);
        }
        return format!("{} a {}", turn_when(start.0, start.1), end.1);
    }
    format!(
        "{} a {}",
        turn_when(start.0, start.1),
        turn_when(end.0, end.1)
    )
}

/// "Sesión 2 de 5".
pub fn session_of(session: usize, total: usize) -> String {
    format!("Sesión {session} de {total}")
}

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

pub use super::recurring::capitalized;

/// "tras 3 intentos".
pub fn after_attempts(n: u32) -> String {
    format!("tras {n} intentos")
}

/// "si slots.amount > 500".
pub fn when(condition: &str) -> String {
    format!("si {condition}")
}

// A condition in words (`agents::expr::words`).
pub const AND: &str = " y ";
pub const OR: &str = " o ";
pub const EQ: &str = "es";
pub const NE: &str = "no es";
pub const LT: &str = "es menor que";
pub const LE: &str = "es a lo más";
pub const GT: &str = "es mayor que";
pub const GE: &str = "es al menos";
pub const BEFORE: &str = "es antes de";
pub const UNTIL: &str = "es a más tardar";
pub const AFTER: &str = "es después de";
pub const FROM: &str = "es desde";
pub const TRUE: &str = "sí";
pub const FALSE: &str = "no";
pub const NOTHING: &str = "nada";
/// Today, as a condition names it.
pub const TODAY: &str = "hoy";
pub fn not(condition: &str) -> String {
    format!("no se cumple que {condition}")
}
pub fn flag(subject: &str) -> String {
    subject.to_string()
}
pub fn given(subject: &str) -> String {
    format!("{subject} está dado")
}
pub fn missing(subject: &str) -> String {
    format!("{subject} falta")
}
pub fn empty(subject: &str) -> String {
    format!("{subject} está vacío")
}
pub fn not_empty(subject: &str) -> String {
    format!("{subject} no está vacío")
}
pub fn one_of(subject: &str, items: &str) -> String {
    format!("{subject} es {items}")
}
pub fn not_one_of(subject: &str, items: &str) -> String {
    format!("{subject} no es {items}")
}
pub fn includes(subject: &str, item: &str) -> String {
    format!("{subject} incluye {item}")
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

/// One step of the Financial Agent's trace as the debug panel lists it
/// ("Decide qué hacer → lee el mensaje: mensaje nuevo"): each node by what
/// it does (a nested graph's prefix dropped), then the step's reason.
pub fn trace_step(node: &str, edge: &str, to: &str, reason: &str) -> String {
    let does = |id: &str| {
        let step = id.rsplit('/').next().unwrap_or(id);
        match (step, financial_step(step)) {
            ("END", _) => "termina".to_string(),
            (_, "") => step.replace('_', " "),
            (_, words) => words.to_string(),
        }
    };
    let reason = match (edge, reason) {
        ("suspend", "") => "espera lo que responden las herramientas",
        (_, reason) => reason,
    };
    let line = format!("{} → {}", capitalized(&does(node)), does(to));
    if reason.is_empty() {
        line
    } else {
        format!("{line}: {reason}")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_step_reads_as_words() {
        assert_eq!(
            trace_step("financial_agent/router", "parse", "parse", "mensaje nuevo"),
            "Decide qué hacer → lee el mensaje: mensaje nuevo"
        );
        assert_eq!(
            trace_step("financial_agent/respond", "done", "END", ""),
            "Responde → termina"
        );
        assert_eq!(
            trace_step(
                "financial_agent/execute_tools",
                "suspend",
                "execute_tools",
                ""
            ),
            "Usa las herramientas → usa las herramientas: espera lo que responden las herramientas"
        );
    }
}
