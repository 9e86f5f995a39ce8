use super::*;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

fn add(amount: Centavos) -> ToolRequest {
    ToolRequest::AddTransaction(AddTransactionInput {
        kind: TransactionType::Expense,
        amount_mxn_cents: amount,
        category_type: CategoryType::Variable,
        category: "comida".into(),
        description: None,
        date_iso: "2026-11-22".into(),
    })
}

#[test]
fn writes_outside_the_limits_are_refused() {
    assert!(check_write(&add(limits::MAX_AMOUNT)).is_ok());
    assert!(check_write(&add(limits::MAX_AMOUNT + 1)).is_err());
    assert!(check_write(&add(0)).is_err());
    let cap = |c| {
        ToolRequest::SetBudgetCap(BudgetCapInput {
            month: "2026-11".into(),
            variable_cap_mxn_cents: c,
            category: None,
        })
    };
    assert!(check_write(&cap(12_345_678_901_234_567)).is_err());
    assert!(check_write(&cap(800_000)).is_ok());
    let balance = |b| {
        ToolRequest::SetBankBalance(BankBalanceInput {
            balance_mxn_cents: b,
        })
    };
    assert!(check_write(&balance(200_000_000_000)).is_err());
    assert!(check_write(&balance(-5_000)).is_ok());
}

#[test]
fn month_bounds_are_half_open() {
    assert_eq!(
        month_bounds("2026-12"),
        Some(("2026-12-01".into(), "2027-01-01".into()))
    );
    assert_eq!(month_bounds("2026-13"), None);
    assert_eq!(month_bounds("2026-1"), None);
}

#[test]
fn a_correction_needs_the_same_id_and_version() {
    let row = TransactionRow {
        id: 3,
        version: 2,
        kind: TransactionType::Expense,
        amount_mxn_cents: 30_000,
        category_type: CategoryType::Variable,
        category: "transporte".into(),
        description: None,
        date_iso: "2026-11-21".into(),
        pays: None,
    };
    assert!(check_row(Some(&row), 2).is_ok());
    assert_eq!(check_row(Some(&row), 1).unwrap_err().0, codes::CONFLICT);
    assert_eq!(check_row(None, 2).unwrap_err().0, codes::NOT_FOUND);
}
