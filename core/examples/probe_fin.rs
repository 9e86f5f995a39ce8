fn main() {
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
    for m in std::env::args().skip(1) {
        let r = caja_core::nlu::Reading::new(&m, today);
        let u = r.understanding();
        println!("{m:?}: complete={} question={} intent={:?} conf={}", caja_core::nlu::answers::complete_finance_request(&r), caja_core::nlu::answers::finance_question(&r, 0.7), u.intent, u.confidence);
    }
}
