//! Prints what the NLU reads from each argument through the public
//! extraction API: `cargo run -p caja-core --example nlu_probe -- "gasté 250
//! en uber"`. Today is 2026-11-22 unless `CAJA_TODAY=YYYY-MM-DD` is set.

fn main() {
    let today = std::env::var("CAJA_TODAY")
        .ok()
        .and_then(|d| caja_core::time::parse_iso_date(&d))
        .unwrap_or_else(|| chrono::NaiveDate::from_ymd_opt(2026, 11, 22).expect("valid date"));
    for text in std::env::args().skip(1) {
        let e = caja_core::nlu::extract(&text, today);
        let u = &e.reading;
        println!("{text:?}");
        if let Ok(model) = caja_core::nlu::learned::shipped() {
            let scores = model.score(&text, "none");
            let top: Vec<String> = scores
                .ranked()
                .into_iter()
                .take(3)
                .map(|(label, p)| format!("{label} {p:.2}"))
                .collect();
            println!("  learned {}", top.join(", "));
        }
        for m in &e.amounts {
            let sign = if m.negative { "-" } else { "" };
            println!(
                "  amount {sign}{} {} at {:?} {:?}",
                m.centavos,
                m.currency,
                m.span,
                &text[m.span.clone()]
            );
        }
        for w in &e.dates {
            println!(
                "  when {}..{} {:?} at {:?} {:?}",
                w.from,
                w.to,
                w.grain,
                w.span,
                &text[w.span.clone()]
            );
        }
        for (i, item) in e.items.iter().enumerate() {
            println!(
                "  item {i}: amount {:?} category {:?} date {:?}",
                item.amount,
                item.category.map(|c| c.key),
                item.date
            );
        }
        println!(
            "  intent {} ({:.2}) alternatives {:?}",
            u.intent.as_str(),
            u.confidence,
            u.alternatives
        );
        println!(
            "  reading: amount {:?} currency {:?} category {:?} kind {:?} date {:?} month {:?} period {:?} query {:?}",
            u.amount,
            u.foreign_currency.map(|f| f.code()),
            u.category.map(|c| c.key),
            u.kind,
            u.date,
            u.month,
            u.period,
            u.query
        );
        println!(
            "  debt {:?} balance {:?} minimum {:?} due {:?} paid {:?} split {:?}",
            u.debt_name, u.debt_balance, u.debt_minimum, u.debt_due_day, u.debt_paid, u.split_ways
        );
        if let Some(target) = &u.target {
            println!("  target {target:?}");
        }
    }
}
