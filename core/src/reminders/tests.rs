use super::*;
use crate::time::parse_iso_utc;

fn at(iso: &str) -> UnixMillis {
    parse_iso_utc(iso).expect("instant")
}

fn zone() -> TimeZone {
    TimeZone::default_zone()
}

fn cobro(seq: i64, due: &str, status: Status) -> PaymentRequest {
    PaymentRequest {
        seq,
        version: 1,
        contact_key: "dona mari".into(),
        contact_name: "Doña Mari".into(),
        amount_mxn_cents: 35_000,
        paid_mxn_cents: 5_000,
        concept: Some("los tamales".into()),
        due_date: Some(due.into()),
        status,
        created_on: "2026-11-20".into(),
        closed_on: None,
    }
}

fn kinds(reminders: &[Reminder]) -> Vec<(&'static str, &str, &str)> {
    reminders
        .iter()
        .map(|r| (r.kind.as_str(), r.reference.as_str(), r.period.as_str()))
        .collect()
}

#[test]
fn nothing_between_ten_at_night_and_eight_in_the_morning_local_time() {
    // Mexico City is UTC-6 in November.
    assert!(quiet(at("2026-11-26T04:00:00Z"), &zone())); // 22:00
    assert!(quiet(at("2026-11-26T13:59:00Z"), &zone())); // 07:59
    assert!(!quiet(at("2026-11-26T14:00:00Z"), &zone())); // 08:00
    assert!(!quiet(at("2026-11-26T03:59:00Z"), &zone())); // 21:59
    let facts = Facts {
        cobros: vec![cobro(1, "2026-11-27", Status::Pending)],
        ..Facts::default()
    };
    let night = at("2026-11-26T05:00:00Z");
    assert_eq!(due(night, &zone(), &Settings::default(), &facts), vec![]);
}

#[test]
fn a_cobro_the_day_before_it_is_due_then_overdue_once_a_week() {
    let facts = Facts {
        cobros: vec![cobro(7, "2026-11-27", Status::Pending)],
        ..Facts::default()
    };
    let settings = Settings::default();
    let on = |iso: &str| due(at(iso), &zone(), &settings, &facts);
    let before = on("2026-11-26T15:00:00Z");
    assert_eq!(
        kinds(&before),
        vec![("cobro_tomorrow", "COB-0007", "2026-11-27")]
    );
    assert_eq!(
        before[0].text,
        "Recordatorio: mañana, viernes 27 de noviembre, Doña Mari te debe pagar $300.00 por los tamales. Si quieres recordárselo, reenvíale el mensaje de abajo con el botón «Reenviar»."
    );
    assert_eq!(
        before[0].share.as_deref(),
        Some(
            "Hola, Doña Mari. Te recuerdo que quedó pendiente el pago de $300.00 por los tamales para el viernes 27 de noviembre. ¡Gracias!"
        )
    );
    // 22:00 local that day.
    assert_eq!(before[0].expires_at, at("2026-11-27T04:00:00Z"));
    assert_eq!(on("2026-11-27T15:00:00Z"), vec![]);
    assert_eq!(
        kinds(&on("2026-11-28T15:00:00Z")),
        vec![("cobro_overdue", "COB-0007", "w0")]
    );
    assert_eq!(
        kinds(&on("2026-12-04T15:00:00Z")),
        vec![("cobro_overdue", "COB-0007", "w0")]
    );
    assert_eq!(
        kinds(&on("2026-12-05T15:00:00Z")),
        vec![("cobro_overdue", "COB-0007", "w1")]
    );
}

#[test]
fn a_closed_or_undated_cobro_is_never_reminded() {
    let mut undated = cobro(2, "2026-11-27", Status::Pending);
    undated.due_date = None;
    let facts = Facts {
        cobros: vec![cobro(1, "2026-11-27", Status::Paid), undated],
        ..Facts::default()
    };
    assert_eq!(
        due(
            at("2026-11-26T15:00:00Z"),
            &zone(),
            &Settings::default(),
            &facts
        ),
        vec![]
    );
}

#[test]
fn a_debt_the_day_before_its_payment_day_even_in_a_short_month() {
    let debt = DebtRow {
        name: "Coppel".into(),
        balance_mxn_cents: Some(450_000),
        minimum_payment_mxn_cents: Some(60_000),
        due_day: Some(31),
    };
    let facts = Facts {
        debts: vec![debt],
        ..Facts::default()
    };
    let settings = Settings::default();
    let nov29 = due(at("2026-11-29T16:00:00Z"), &zone(), &settings, &facts);
    assert_eq!(kinds(&nov29), vec![("debt_due", "coppel", "2026-11-30")]);
    assert_eq!(
        nov29[0].text,
        "Recordatorio: mañana, lunes 30 de noviembre, toca el pago de Coppel. El pago mínimo es de $600.00. Saldo registrado: $4,500.00. Cuando pagues, dime cuánto y lo registro."
    );
    assert_eq!(
        due(at("2026-11-28T16:00:00Z"), &zone(), &settings, &facts),
        vec![]
    );
}

#[test]
fn a_budget_at_eighty_percent_and_used_up_once_a_month_each() {
    let settings = Settings::default();
    let facts = |spent| Facts {
        budgets: vec![MonthBudget {
            month: "2026-11".into(),
            category: None,
            cap: 1_000_000,
            spent,
        }],
        ..Facts::default()
    };
    let now = at("2026-11-26T16:00:00Z");
    assert_eq!(due(now, &zone(), &settings, &facts(799_999)), vec![]);
    let most = due(now, &zone(), &settings, &facts(800_000));
    assert_eq!(kinds(&most), vec![("budget_80", "general", "2026-11")]);
    assert_eq!(
        most[0].text,
        "Aviso: llevas $8,000.00 de tu presupuesto de $10,000.00 para noviembre de 2026 (más del 80 %). Te quedan $2,000.00."
    );
    assert_eq!(
        kinds(&due(now, &zone(), &settings, &facts(1_000_000))),
        vec![("budget_100", "general", "2026-11")]
    );
    // A budget of another month than today's says nothing.
    let mut other = facts(2_000_000);
    other.budgets[0].month = "2026-10".into();
    assert_eq!(due(now, &zone(), &settings, &other), vec![]);
}

#[test]
fn each_category_budget_is_its_own_reminder_and_names_its_category() {
    let budget = |category: Option<&str>, spent| MonthBudget {
        month: "2026-11".into(),
        category: category.map(str::to_string),
        cap: 300_000,
        spent,
    };
    let facts = Facts {
        budgets: vec![
            budget(None, 100_000),
            budget(Some("comida"), 250_000),
            budget(Some("transporte"), 310_000),
        ],
        ..Facts::default()
    };
    let now = at("2026-11-26T16:00:00Z");
    let found = due(now, &zone(), &Settings::default(), &facts);
    assert_eq!(
        kinds(&found),
        vec![
            ("budget_80", "comida", "2026-11"),
            ("budget_100", "transporte", "2026-11")
        ]
    );
    assert_eq!(
        found[0].text,
        "Aviso: llevas $2,500.00 de tu presupuesto de comida de $3,000.00 para noviembre de 2026 (más del 80 %). Te quedan $500.00."
    );
    assert_eq!(
        found[1].text,
        "Aviso: ya usaste todo tu presupuesto de transporte de noviembre de 2026: llevas $3,100.00 en gastos de $3,000.00 ($100.00 de más)."
    );
    // Turned off with the budgets.
    let off = Settings {
        budgets: false,
        ..Settings::default()
    };
    assert_eq!(due(now, &zone(), &off, &facts), vec![]);
}

#[test]
fn the_weekly_summary_only_on_sunday_evening_and_only_when_asked_for() {
    let on = Settings {
        summary: true,
        ..Settings::default()
    };
    let sunday_evening = at("2026-11-30T01:00:00Z"); // Sunday 29, 19:00
    assert_eq!(
        summary_week(sunday_evening, &zone(), &on),
        Some((
            parse_iso_date("2026-11-23").unwrap(),
            parse_iso_date("2026-11-29").unwrap()
        ))
    );
    assert_eq!(
        summary_week(sunday_evening, &zone(), &Settings::default()),
        None
    );
    assert_eq!(summary_week(at("2026-11-29T20:00:00Z"), &zone(), &on), None); // 14:00
    let facts = Facts {
        week: Some(WeekTotals {
            from: "2026-11-23".into(),
            expense: 123_450,
            income: 900_000,
            count: 9,
        }),
        ..Facts::default()
    };
    let sent = due(sunday_evening, &zone(), &on, &facts);
    assert_eq!(kinds(&sent), vec![("weekly_summary", "week", "2026-11-29")]);
    assert_eq!(
        sent[0].text,
        "Tu resumen de la semana (del lunes 23 de noviembre al domingo 29 de noviembre): gastos $1,234.50, ingresos $9,000.00, 9 movimientos. Para ver el detalle, pregúntame «¿en qué gasté esta semana?»."
    );
}

#[test]
fn a_topic_turned_off_is_never_sent() {
    let facts = Facts {
        cobros: vec![cobro(1, "2026-11-27", Status::Pending)],
        ..Facts::default()
    };
    let off = Settings {
        cobros: false,
        ..Settings::default()
    };
    assert_eq!(
        due(at("2026-11-26T15:00:00Z"), &zone(), &off, &facts),
        vec![]
    );
}

#[test]
fn every_kind_reads_back_from_its_stored_name() {
    for kind in Kind::ALL {
        assert_eq!(Kind::parse(kind.as_str()), Some(kind));
    }
}

#[test]
fn a_transfer_is_said_once_it_arrives_never_at_night_and_not_after_its_window() {
    use crate::tools::transfers::{ARRIVES_AFTER_MS, NOTICE_WINDOW_MS, Transfer};
    let created = at("2026-11-26T16:00:00Z");
    let facts = Facts {
        transfers: vec![Transfer {
            id: "TXN-20261126-001".into(),
            recipient: "María García".into(),
            gets_mxn_cents: 349_000,
            delivery: "BANK".into(),
            created_at: created,
            arrives_at: created + ARRIVES_AFTER_MS,
        }],
        ..Facts::default()
    };
    // Everything off: the notice was promised with the transfer.
    let off = Settings {
        cobros: false,
        debts: false,
        budgets: false,
        summary: false,
    };
    assert_eq!(
        due(created + ARRIVES_AFTER_MS - 1, &zone(), &off, &facts),
        vec![]
    );
    let arrived = due(created + ARRIVES_AFTER_MS, &zone(), &off, &facts);
    assert_eq!(
        kinds(&arrived),
        vec![("transfer_arrived", "TXN-20261126-001", "arrived")]
    );
    assert_eq!(
        arrived[0].text,
        "Tu envío llegó: María García recibió $3,490.00 MXN y ya lo tiene en su cuenta. Referencia TXN-20261126-001."
    );
    // 23:00 in Mexico City waits for the morning.
    assert_eq!(
        due(at("2026-11-27T05:00:00Z"), &zone(), &off, &facts),
        vec![]
    );
    let late = created + ARRIVES_AFTER_MS + NOTICE_WINDOW_MS;
    assert_eq!(due(late, &zone(), &off, &facts), vec![]);
}
