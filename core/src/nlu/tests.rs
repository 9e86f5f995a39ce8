use super::*;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
}

#[test]
fn logs_an_expense_with_amount_category_and_date() {
    let u = understand("gasté 250 en uber ayer", today());
    assert_eq!(u.intent, Intent::LogTransaction);
    assert!(u.confidence >= 0.7);
    assert_eq!(u.amount, Some(25_000));
    assert_eq!(u.category.map(|c| c.key), Some("transporte"));
    assert_eq!(u.kind, Some(TransactionType::Expense));
    assert_eq!(u.date, NaiveDate::from_ymd_opt(2026, 11, 21));
    assert_eq!(u.description.as_deref(), Some("uber"));
}

#[test]
fn reads_queries_simulations_and_corrections() {
    let q = understand("¿cuánto llevo gastado en comida este mes?", today());
    assert_eq!(
        (q.intent, q.query),
        (Intent::QueryData, Some(QueryKind::Summary))
    );
    assert_eq!(q.category.map(|c| c.key), Some("comida"));
    assert_eq!(q.month.as_deref(), Some("2026-11"));
    let s = understand("¿puedo comprar unos tenis de 1,800?", today());
    assert_eq!(s.intent, Intent::SimulatePurchase);
    assert_eq!(s.amount, Some(180_000));
    assert_eq!(s.category.map(|c| c.key), Some("ropa"));
    let c = understand("no, eran 300", today());
    assert_eq!(c.intent, Intent::UpdateLastTransaction);
    assert_eq!(c.amount, Some(30_000));
    assert_eq!(
        understand("borra el último", today()).intent,
        Intent::DeleteLastTransaction
    );
    assert_eq!(understand("hola", today()).intent, Intent::Unknown);
}
