//! Texts the hosts (Telegram webhook, web API) say, kept with the agent's
//! so every Spanish string is reviewed in one place.

pub const VOICE: &str =
    "Todavía no entiendo audios. Escríbeme el movimiento, por ejemplo «gasté 250 en uber».";
pub const PHOTO: &str = "Todavía no leo fotos ni tickets. Escríbeme el movimiento, por ejemplo «gasté 250 en el súper».";
pub const STICKER: &str =
    "¡Bonito sticker! Para registrar algo escríbeme, por ejemplo «gasté 250 en uber».";
pub const DOCUMENT: &str = "Todavía no abro archivos ni estados de cuenta. Escríbeme el movimiento, por ejemplo «gasté 250 en uber», o pon el texto al pie del archivo.";
pub const VIDEO: &str =
    "Todavía no veo videos. Escríbeme el movimiento, por ejemplo «gasté 250 en uber».";
pub const LOCATION: &str = "Recibí una ubicación, pero no la uso para nada. Si pagaste algo ahí, escríbeme cuánto y en qué, por ejemplo «gasté 180 en la cafetería».";
pub const CONTACT: &str = "Recibí un contacto, pero no guardo contactos de Telegram. Si quieres cobrarle a alguien, escríbeme por ejemplo «cóbrale 300 a Juan».";
pub const NON_TEXT: &str =
    "Solo entiendo mensajes de texto. Escríbeme el movimiento o tu pregunta.";
pub const TOO_LONG: &str = "Tu mensaje es demasiado largo. Escríbeme un movimiento o una pregunta a la vez, en menos de 1,000 caracteres.";
pub const RETRY: &str = "Hubo mucho movimiento al mismo tiempo y no pude procesar tu mensaje; no se guardó nada. Intenta de nuevo.";
pub const SERVER_ERROR: &str =
    "Tuve un problema con el servidor y no se guardó nada. Intenta de nuevo en un momento.";
pub const BUTTON_DONE: &str = "Listo";
/// The button that opens Telegram's share sheet with a text to forward.
pub const SHARE: &str = "Reenviar";
pub const BUTTON_STALE: &str = "Ese botón ya no es válido";
/// A second press of a prompt already confirmed.
pub const BUTTON_ALREADY_DONE: &str = "Ya estaba guardado";
pub const BUTTON_REJECTED: &str = "Cancelado";
pub const BUTTON_SEE_CHAT: &str = "Te respondí en el chat";
pub const EDITED: &str = "Vi que editaste un mensaje, pero no tomo en cuenta las ediciones: escríbeme de nuevo lo que quieres.";
pub const BUTTON_EXPIRED: &str = "La confirmación venció; te la pregunto de nuevo";
pub const BUTTON_NOT_YOURS: &str = "Ese botón es de otra persona";
pub const NOT_A_PERSON: &str = "No llevo cuentas de canales, administradores anónimos ni bots. Escríbeme desde tu propia cuenta de Telegram.";
pub const FORWARDED: &str = "No tomo en cuenta mensajes reenviados: escríbemelo tú directamente.";
pub const WEB_ONLY_PRIVATE: &str =
    "Por seguridad, el enlace para la web solo lo mando en un chat privado conmigo.";

/// Before a reply in a group: whom it answers.
pub fn for_member(name: Option<&str>) -> String {
    match name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(name) => format!("{name}: "),
        None => String::new(),
    }
}

/// Added to the help in a group: how to talk to Caja there.
pub fn group_help(bot: &str) -> String {
    format!(
        "En este grupo escríbeme mencionándome (@{bot} gasté 120 en pizza) o respondiendo a uno de mis mensajes. \
Cada quien tiene sus propios registros; aquí solo muestro lo que registraste en este grupo. \
Tu saldo, tus deudas, tus presupuestos y tus cobros solo te los doy en privado."
    )
}

/// In a group, after a personal question: the answer could not be sent
/// privately (most often: the user never opened the private chat).
pub fn private_chat_closed(bot: &str) -> String {
    format!(
        "No pude escribirte en privado. Si todavía no abres un chat conmigo, entra a t.me/{bot}, toca «Iniciar» y pregúntame ahí."
    )
}

pub fn web_link(url: &str) -> String {
    format!("Tu enlace para entrar a Caja en la web (válido 15 minutos, un solo uso):\n{url}")
}

// Errors of the JSON API, by stable code.
pub const ERR_BAD_JSON: &str = "El cuerpo de la solicitud no es JSON válido.";
pub const ERR_BAD_REQUEST: &str = "La solicitud no es válida.";
pub const ERR_UNAUTHORIZED: &str = "Necesitas iniciar sesión.";
pub const ERR_NOT_FOUND: &str = "No existe esa ruta.";
pub const ERR_METHOD: &str = "Método no permitido en esta ruta.";
pub const ERR_TOO_LARGE: &str = "La solicitud es demasiado grande.";
pub const ERR_LOGIN_TOKEN: &str =
    "El enlace de acceso no es válido o ya expiró. Pide uno nuevo con /web en Telegram.";
pub const ERR_BUSY: &str =
    "Hubo demasiadas solicitudes al mismo tiempo; no se guardó nada. Intenta de nuevo.";
/// Said instead of a turn to a user over the per-user rate limit
/// (`limits::MAX_MESSAGES_PER_WINDOW` in `limits::RATE_WINDOW_MS`).
pub const RATE_LIMITED: &str = "Vas muy rápido: me escribiste más de 30 mensajes en un minuto, así que este no lo procesé ni guardé nada. Espera un minuto y vuelve a escribirme.";
pub const ERR_DB: &str = "La base de datos no está disponible. Intenta de nuevo en un momento.";
