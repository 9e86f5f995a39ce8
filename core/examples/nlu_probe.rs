//! Prints what the NLU reads from each argument: `cargo run -p caja-core
//! --example nlu_probe -- "gasté 250 en uber"`.

fn main() {
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 22).expect("valid date");
    for text in std::env::args().skip(1) {
        let u = caja_core::nlu::understand(&text, today);
        println!(
            "{text:?}\n  intent {} ({:.2}) alternatives {:?}\n  amount {:?} category {:?} kind {:?} date {:?} month {:?} query {:?}\n  debt {:?} balance {:?} minimum {:?} due {:?} paid {:?} period {:?} currency {:?}",
            u.intent.as_str(),
            u.confidence,
            u.alternatives,
            u.amount,
            u.category.map(|c| c.key),
            u.kind,
            u.date,
            u.month,
            u.query,
            u.debt_name,
            u.debt_balance,
            u.debt_minimum,
            u.debt_due_day,
            u.debt_paid,
            u.period,
            u.foreign_currency,
        );
        println!("  scores {:?}", caja_core::nlu::intent_scores(&text, today));
    }
}
