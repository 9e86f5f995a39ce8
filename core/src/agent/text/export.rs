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

/// A budget for every category (the month's general one).
pub const ALL_CATEGORIES: &str = "Todas (presupuesto general)";

/// What the archive holds, for whoever opens it.
pub fn readme(from: &str, to: &str) -> String {
    format!(
        "Tus datos en Caja, del {from} al {to}.\r\n\r\n\
         Cada archivo .csv se abre con Excel, Google Sheets o Numbers (UTF-8).\r\n\
         • movimientos.csv: tus gastos e ingresos con fecha en ese periodo.\r\n\
         • presupuestos.csv: tus presupuestos de los meses de ese periodo.\r\n\
         • deudas.csv: tus deudas como están hoy.\r\n\
         • cobros.csv: los cobros que creaste en ese periodo.\r\n\
         • contactos.csv: tus contactos.\r\n\
         • pagos_fijos.csv: tus pagos fijos como están hoy.\r\n\
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
