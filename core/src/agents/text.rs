//! What the data agents' engine says in its own words (the agents' own
//! messages live in their files under `agents/`).

use crate::agents::spec::SlotType;
pub use crate::gate::text::{CANCELLED, EXPIRED, NO, REJECTED, YES};

/// The routing chain went round in circles.
pub const LOOP: &str = "Me perdí entre secciones, así que volví al inicio. ¿Qué necesitas? Puedes registrar un gasto, consultar tus gastos, o pedir una recarga, un envío de dinero, un crédito o un pago de servicio.";
/// "mejor no", "menú principal" with nothing else.
pub const HOME_AGAIN: &str = "Listo, volvimos al inicio. ¿En qué te ayudo?";

/// An agent turned down at rest ("no quiero el crédito"): nothing of it
/// is offered.
pub fn declined(agent_name: &str) -> String {
    format!("Va, no te ofrezco nada de {agent_name}. ¿En qué más te ayudo?")
}
/// A quick reply that goes home.
pub const MENU: &str = "Menú principal";
/// A reply that does not fit the question asked.
pub const REASK: &str = "No te entendí.";
/// A sandbox service answered with an error.
pub const SERVICE_FAILED: &str = "El servicio no respondió bien; no se hizo ningún cargo.";
/// Neither "sí" nor "no" to an open confirmation.
pub const REASK_CONFIRMATION: &str = "Necesito un «sí» o un «no» para seguir:";
/// A yes in other words: only the «sí» itself goes on.
pub const SAY_YES: &str =
    "Entiendo que sí, pero para seguir necesito que me escribas «sí» (o «no» para cancelar):";
/// A no in other words: only the «no» itself cancels.
pub const SAY_NO: &str = "Entiendo que no. Para cancelarlo escríbeme «no»; para seguir, «sí»:";
/// A change asked for without the new value.
pub const SAY_CHANGE: &str = "¿Qué cambio? Dime el dato nuevo (por ejemplo «mejor 300» o «a Juan»); si está bien así, responde «sí»:";

/// A question the agent's file has no answer for, asked inside it.
pub fn unknown_question(agent_name: &str) -> String {
    format!(
        "Esa pregunta no la puedo responder en {agent_name}; no tengo ese dato. Si quieres dejar esto, di «cancelar»."
    )
}

/// What an agent says when it did not understand a request.
pub fn not_understood(agent_name: &str) -> String {
    format!(
        "Estás en {agent_name} y no entendí qué necesitas. Dime qué quieres hacer, o escribe «menú principal» para volver al inicio."
    )
}

/// What an agent asks when a request matched some of its intents only in
/// part: the options, numbered.
pub fn which_intent(agent_name: &str, labels: &[&str]) -> String {
    let options: Vec<String> = labels
        .iter()
        .enumerate()
        .map(|(i, label)| format!("{}. {label}", i + 1))
        .collect();
    format!(
        "No estoy seguro de qué necesitas en {agent_name}. ¿Es alguna de estas?\n{}",
        options.join("\n")
    )
}

/// Money in another currency than the one asked (`want`).
/// Money written below zero ("-50"): never taken, and said so.
pub const NEGATIVE_AMOUNT: &str =
    "No tomo montos negativos: dime la cantidad sin el signo de menos, por ejemplo 350.";

/// Said when the request named something no option of the list holds.
pub fn not_offered(named: &str) -> String {
    format!("No tengo «{named}» entre las opciones.")
}

pub fn wrong_currency(want: &str) -> String {
    if want == "USD" {
        "Ese monto va en dólares; dime cuántos dólares.".to_string()
    } else {
        "Ese monto va en pesos; dime cuántos pesos.".to_string()
    }
}

/// An amount said without its currency where the money is in another
/// (`want`): not taken, and said so before the amount is asked.
pub fn currency_not_said(shown: &str, want: &str) -> String {
    let money = if want == "USD" { "dólares" } else { "pesos" };
    format!("No tomé los {shown} que dijiste: aquí el monto va en {money} y no dijiste la moneda.")
}

/// A reply that did not answer the question asked but said an amount a
/// later question asks for ("$100.00 USD"): kept for it, and said so.
pub fn kept_for_later(amount: &str) -> String {
    format!("Me quedo con {amount} para cuando te pregunte el monto.")
}

/// A message with several requests: the first is taken now, the rest
/// after it, in order.
pub fn in_turn(taken: &str, rest: &[String]) -> String {
    let quoted: Vec<String> = rest.iter().map(|r| format!("«{r}»")).collect();
    format!(
        "Vamos por partes: primero «{taken}»; luego sigo con {}.",
        quoted.join(", ")
    )
}

/// A message with several requests for a flow: the first is taken, the
/// rest named ("No hice «160 a Memo por la pizza»").
pub fn one_per_message(taken: &str, rest: &[String]) -> String {
    let quoted: Vec<String> = rest.iter().map(|r| format!("«{r}»")).collect();
    format!(
        "Por ahora hago una cosa por mensaje: tomé «{taken}». No hice {}; pídemelo en otro mensaje.",
        quoted.join(", ")
    )
}

/// Another request said while a confirmation waits ("y a Lupe 200"):
/// named, to be asked once this one is answered.
pub fn one_at_a_time(said: &str) -> String {
    let said: String = said.trim().chars().take(80).collect();
    format!(
        "Vamos uno a la vez: primero responde a esto, y luego pídeme «{said}»; así no cambio lo que ya revisaste."
    )
}

/// Something in progress waits for another request and comes back after
/// it (a data flow, or a finance draft), the same words for every agent.
pub fn waits(what: &str) -> String {
    format!("Dejo en espera {what}; al terminar con esto te lo vuelvo a preguntar.")
}

/// A flow was left for another request ("el envío de $150.00 USD a
/// María García").
pub fn left_flow(what: &str) -> String {
    format!("Dejé sin hacer {what}; si lo quieres, pídemelo de nuevo.")
}

/// Where the conversation goes after a flow was left for another one
/// (seed 004: "¡Sin problema! Te ayudo con el crédito.").
pub fn switched_to(what: &str) -> String {
    format!("¡Sin problema! Te ayudo con {what}.")
}

/// A "no" to a clarifying question: the request is dropped.
pub const CLARIFY_DROPPED: &str = "Listo, lo dejamos. Cuando quieras, pídemelo otra vez.";

/// A request for the flow already in progress: it goes on.
pub const SAME_FLOW: &str = "Ya estamos en eso; sigamos donde íbamos.";
/// The flow in progress asked again with other values: it starts over.
/// The same request again with other values: the one open is left, named,
/// and built anew from the message.
pub fn same_flow_anew(named: &str) -> String {
    format!("Va, dejo sin hacer {named} y lo armo de nuevo con lo que me acabas de decir:")
}

/// A flow picked up where it was (after another agent or request).
pub fn resumed(agent_name: &str) -> String {
    format!("Sigamos con {agent_name}:")
}

/// A bound of a slot, said in the slot's unit ("$2,000.00 USD").
fn bound(kind: SlotType, n: f64) -> String {
    // Bounds are written in whole units or cents in agent files.
    let cents = (n * 100.0).round() as i64;
    match kind {
        SlotType::MoneyMxn => format!("{} MXN", crate::money::format_mxn(cents)),
        SlotType::MoneyUsd => format!("{} USD", crate::money::format_mxn(cents)),
        _ => format!("{n}"),
    }
}

pub fn below_min(kind: SlotType, min: f64) -> String {
    format!(
        "Ese monto es menor que el mínimo que acepto aquí: {}.",
        bound(kind, min)
    )
}

pub fn above_max(kind: SlotType, max: f64) -> String {
    format!(
        "Ese monto es mayor que el máximo que acepto aquí: {}. No lo tomé.",
        bound(kind, max)
    )
}
