//! The words of the person's data export (`crate::export`): file names,
//! column headers and the cells that are words, in Spanish.

use crate::time::{TimeZone, UnixMillis};
use crate::tools::cobros::{PaymentRequest, Status};
use crate::tools::recurring::{Days31, Item};

pub const README_FILE: &str = "LEEME.txt";
pub const MOVEMENTS_FILE: &str = "movimientos.csv";
pub const BUDGETS_FILE: &str = "presupuestos.csv";
pub const DEBTS_FILE: &str = "deudas.csv";
pub const COBROS_FILE: &str = "cobros.csv";
pub const CONTACTS_FILE: &str = "contactos.csv";
pub const RECURRING_FILE: &str = "pagos_fijos.csv";
pub const MESSAGES_FILE: &str = "conversaciones.csv";
pub const TRANSFERS_FILE: &str = "envios.csv";

pub const MOVEMENTS: &[&str] = &[
    "Fecha",
    "Tipo",
    "Monto (MXN)",
    "Categoría",
    "Tipo de categoría",
    "Descripción",
];
pub const BUDGETS: &[&str] = &["Mes", "Categoría", "Tope (MXN)"];
pub const DEBTS: &[&str] = &["Deuda", "Saldo (MXN)", "Pago mínimo (MXN)", "Día de pago"];
pub const COBROS: &[&str] = &[
    "Folio",
    "Contacto",
    "Monto (MXN)",
    "Abonado (MXN)",
    "Concepto",
    "Fecha límite",
    "Estado",
    "Creado",
    "Cerrado",
];
pub const CONTACTS: &[&str] = &["Nombre"];
pub const RECURRING: &[&str] = &[
    "Nombre",
    "Tipo",
    "Monto (MXN)",
    "Categoría",
    "Días",
    "Último registrado",
];
pub const MESSAGES: &[&str] = &["Fecha y hora", "Quién", "Mensaje"];
pub const TRANSFERS: &[&str] = &[
    "Fecha y hora",
    "Referencia",
    "Destinatario",
    "Recibe (MXN)",
    "Forma de entrega",
];

/// "Depósito bancario" or "Efectivo en sucursal".
pub fn delivery(code: &str) -> &'static str {
    if code == "CASH" {
        "Efectivo en sucursal"
    } else {
        "Depósito bancario"
    }
}

/// A budget for every category (the month's general one).
pub const ALL_CATEGORIES: &str = "Todas (presupuesto general)";

/// The first and last day of an export with no range: everything.
pub const FIRST_DAY: &str = "1900-01-01";
pub const LAST_DAY: &str = "2999-12-31";

/// "caja-mis-datos.zip", or "caja-mis-datos-2026-11-01-a-2026-11-30.zip"
/// for a range; an open side is named "inicio" or "hoy".
pub fn file_name(stem: &str, from: &str, to: &str, extension: &str) -> String {
    match (from == FIRST_DAY, to == LAST_DAY) {
        (true, true) => format!("{stem}.{extension}"),
        (true, false) => format!("{stem}-hasta-{to}.{extension}"),
        (false, true) => format!("{stem}-desde-{from}.{extension}"),
        (false, false) => format!("{stem}-{from}-a-{to}.{extension}"),
    }
}

/// The period an export holds, in words.
fn period(from: &str, to: &str) -> String {
    match (from == FIRST_DAY, to == LAST_DAY) {
        (true, true) => "todo lo que tengo de ti".into(),
        (true, false) => format!("hasta el {to}"),
        (false, true) => format!("desde el {from}"),
        (false, false) => format!("del {from} al {to}"),
    }
}

/// What the archive holds, for whoever opens it.
pub fn readme(from: &str, to: &str) -> String {
    let period = period(from, to);
    format!(
        "Tus datos en Caja, {period}.\r\n\r\n\
         Cada archivo .csv se abre con Excel, Google Sheets o Numbers (UTF-8).\r\n\
         • movimientos.csv: tus gastos e ingresos con fecha en ese periodo.\r\n\
         • presupuestos.csv: tus presupuestos de los meses de ese periodo.\r\n\
         • deudas.csv: tus deudas como están hoy.\r\n\
         • cobros.csv: los cobros que creaste en ese periodo.\r\n\
         • contactos.csv: tus contactos.\r\n\
         • pagos_fijos.csv: tus pagos fijos como están hoy.\r\n\
         • envios.csv: el dinero que enviaste en ese periodo.\r\n\
         • conversaciones.csv: lo que nos escribimos en ese periodo, con la hora de tu zona.\r\n\
         Los montos están en pesos mexicanos, con punto decimal.\r\n"
    )
}

/// "Tú" or "Caja".
pub fn who(role: &str) -> &'static str {
    if role == "user" { "Tú" } else { "Caja" }
}

/// "2026-11-26 12:05", in the person's zone.
pub fn local_time(at: UnixMillis, zone: &TimeZone) -> String {
    let local = at.div_euclid(1000) + i64::from(zone.offset_seconds(at));
    let minutes = local.div_euclid(60).rem_euclid(24 * 60);
    format!(
        "{} {:02}:{:02}",
        zone.date_at(at),
        minutes / 60,
        minutes % 60
    )
}

/// A cobro's cells.
pub fn cobro_row(c: &PaymentRequest) -> Vec<String> {
    let pesos = crate::export::pesos;
    let status = match c.status {
        Status::Pending => "pendiente",
        Status::Paid => "pagado",
        Status::Cancelled => "cancelado",
    };
    vec![
        c.reference(),
        c.contact_name.clone(),
        pesos(c.amount_mxn_cents),
        pesos(c.paid_mxn_cents),
        c.concept.clone().unwrap_or_default(),
        c.due_date.clone().unwrap_or_default(),
        status.into(),
        c.created_on.clone(),
        c.closed_on.clone().unwrap_or_default(),
    ]
}

/// A recurring item's cells.
pub fn recurring_row(i: &Item) -> Vec<String> {
    let days = Days31::parse(&i.days).unwrap_or_default();
    vec![
        i.name.clone(),
        super::kind_label(i.kind).into(),
        crate::export::pesos(i.amount_mxn_cents),
        super::category_label(&i.category),
        super::recurring::days(&days),
        i.recorded_on.clone().unwrap_or_default(),
    ]
}
