//! The month view: a Spanish month selector, spending by category, the
//! budget, the balance, debts and the transactions. Every number comes
//! from the Worker.

use caja_core::agent::text::category_label;
use caja_core::money::format_mxn;
use caja_core::time::iso_month;
use caja_core::tools::{BudgetStatus, CategoryType, MonthSummary, TransactionRow, TransactionType};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::api::{self, ApiError};
use crate::app::{Ctx, now_ms};
use crate::chat::user_zone;
use crate::plans::ExpectedSection;
use crate::text;

fn this_month() -> String {
    iso_month(user_zone().date_at(now_ms()))
}

/// The month `delta` months from `month` (`YYYY-MM`).
fn shift_month(month: &str, delta: i32) -> String {
    let year: i32 = month.get(..4).and_then(|y| y.parse().ok()).unwrap_or(1970);
    let m: i32 = month.get(5..7).and_then(|m| m.parse().ok()).unwrap_or(1);
    let index = year * 12 + (m - 1) + delta;
    format!(
        "{:04}-{:02}",
        index.div_euclid(12),
        index.rem_euclid(12) + 1
    )
}

/// ‹ noviembre de 2026 ›: months in Spanish, never the browser's month input.
#[component]
fn MonthPicker(month: RwSignal<String>) -> impl IntoView {
    let current = this_month();
    let at_current = move || month.get() >= current;
    view! {
        <div class="month-picker" role="group" aria-label=text::MONTH_LABEL>
            <button data-testid="month-prev" aria-label=text::MONTH_PREVIOUS on:click=move |_| month.update(|m| *m = shift_month(m, -1))>"‹"</button>
            <h2 data-testid="month-name" aria-live="polite">{move || text::month_name(&month.get())}</h2>
            <button data-testid="month-next" aria-label=text::MONTH_NEXT disabled=at_current on:click=move |_| month.update(|m| *m = shift_month(m, 1))>"›"</button>
        </div>
    }
}

/// One transaction: date, category, description and a signed amount.
fn transaction_item(t: TransactionRow) -> impl IntoView {
    let income = t.kind == TransactionType::Income;
    let amount = text::signed_amount(income, &format_mxn(t.amount_mxn_cents));
    view! {
        <li data-testid="transaction" class=if income { "income" } else { "expense" }>
            <span class="date">{t.date_iso}</span>
            <span class="what">
                <span class="category">{category_label(&t.category)}</span>
                {t.description.map(|d| view! { <span class="description">{d}</span> })}
            </span>
            <span class="amount" data-testid="transaction-amount">{amount}</span>
        </li>
    }
}

/// Spending by category, the budget, the balance, transactions and debts
/// for a month.
#[component]
pub(crate) fn MonthView() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let month = RwSignal::new(this_month());
    let category = RwSignal::new(String::new());
    let token = move || {
        ctx.app
            .with(|a| a.session_token.clone().unwrap_or_default())
    };
    // Each answer carries the month (and filter) it is for: while another
    // month loads, the old month's numbers are never shown under its name.
    let data = LocalResource::new(move || {
        let (token, month) = (token(), month.get());
        async move {
            let read = async {
                let summary = api::summary(&token, &month).await?;
                let budget = api::budget(&token, &month).await?;
                let balance = api::balance(&token).await?;
                let debts = api::debts(&token).await?;
                Ok::<_, ApiError>((summary, budget, balance, debts))
            };
            (month.clone(), read.await)
        }
    });
    let list = LocalResource::new(move || {
        let (token, month, category) = (token(), month.get(), category.get());
        async move {
            let rows = api::transactions(&token, &month, &category).await;
            ((month, category), rows)
        }
    });
    let current_data = move || {
        data.get()
            .filter(|(for_month, _)| *for_month == month.get())
            .map(|(_, d)| d)
    };
    let current_list = move || {
        list.get()
            .filter(|(key, _)| key.0 == month.get() && key.1 == category.get())
            .and_then(|(_, rows)| rows.ok())
    };
    let download = move |_| {
        let (token, month) = (token(), month.get_untracked());
        spawn_local(async move {
            if let Ok(csv) = api::export_csv(&token, &month).await {
                download_bytes(&format!("caja-{month}.csv"), &csv, "text/csv;charset=utf-8");
            }
        });
    };
    view! {
        <section class="month" tabindex="0" aria-label=text::NAV_MONTH>
            <MonthPicker month=month />
            {move || match current_data() {
                None => view! { <p>{text::LOADING}</p> }.into_any(),
                Some(Err(_)) => view! { <p role="alert">{text::MONTH_ERROR}</p> }.into_any(),
                Some(Ok((summary, budget, balance, debts))) => {
                    view! {
                        <p class="totals" data-testid="month-total">{text::month_totals(&format_mxn(summary.total_expense_mxn_cents), &format_mxn(summary.total_income_mxn_cents))}</p>
                        <h3>{text::SPENDING_BY_CATEGORY_TITLE}</h3>
                        {category_chart(&summary)}
                        <h3>{text::BUDGET}</h3>
                        {budget_section(&budget)}
                        {category_budgets(&budget)}
                        {(month.get() == this_month()).then(|| view! { <ExpectedSection /> })}
                        <h3>{text::BALANCE}</h3>
                        <p data-testid="balance">{balance.bank_balance.map(|b| balance_line(b.balance_mxn_cents, &b.updated_at_iso)).unwrap_or_else(|| text::NO_BALANCE.to_string())}</p>
                        <h3>{text::DEBTS}</h3>
                        {debts.debts.is_empty().then(|| view! { <p>{text::NO_DEBTS}</p> })}
                        <ul class="debts" data-testid="debts">
                            {debts.debts.iter().map(|d| view! {
                                <li>{text::debt_line(&d.name, d.balance_mxn_cents.map(format_mxn), d.minimum_payment_mxn_cents.map(format_mxn), d.due_day)}</li>
                            }).collect_view()}
                        </ul>
                        <div class="transactions-head">
                            <h3>{text::TRANSACTIONS}</h3>
                            <label for="category-filter">{text::FILTER}</label>
                            <select id="category-filter" data-testid="category-filter" on:change=move |ev| category.set(event_target_value(&ev))>
                                <option value="">{text::ALL}</option>
                                {summary.by_category.iter().map(|c| view! {
                                    <option value=c.category.clone()>{category_label(&c.category)}</option>
                                }).collect_view()}
                            </select>
                        </div>
                    }.into_any()
                }
            }}
            {move || current_list().map(|l| if l.transactions.is_empty() {
                view! { <p class="empty" data-testid="no-transactions">{text::NO_TRANSACTIONS}</p> }.into_any()
            } else {
                view! {
                    <ul class="transactions" data-testid="transactions">
                        {l.transactions.into_iter().map(transaction_item).collect_view()}
                    </ul>
                }.into_any()
            })}
            <button class="csv" data-testid="csv-download" on:click=download>{text::CSV}</button>
        </section>
    }
}

/// Offers `content` as a file download.
/// Saves `bytes` as a file named `name` of type `kind`, as written.
pub fn download_bytes(name: &str, bytes: &[u8], kind: &str) {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(kind);
    let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let document = web_sys::window().and_then(|w| w.document());
    if let Some(anchor) = document
        .and_then(|d| d.create_element("a").ok())
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        anchor.set_href(&url);
        anchor.set_download(name);
        anchor.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Spending by category as bars, largest first as the summary lists it.
fn category_chart(summary: &MonthSummary) -> AnyView {
    let expenses: Vec<_> = summary
        .by_category
        .iter()
        .filter(|c| c.category_type != CategoryType::Income)
        .cloned()
        .collect();
    let max = expenses
        .iter()
        .map(|c| c.total_mxn_cents)
        .max()
        .unwrap_or(1)
        .max(1);
    if expenses.is_empty() {
        view! { <p class="empty" data-testid="no-spending">{text::NO_SPENDING}</p> }.into_any()
    } else {
        view! {
                                <ul class="chart" data-testid="category-chart" aria-label=text::CHART_LABEL>
                                    {expenses.iter().map(|c| {
                                        let width = (c.total_mxn_cents * 100 / max).max(2);
                                        view! {
                                            <li data-testid="chart-bar" data-category=c.category.clone() data-total=c.total_mxn_cents.to_string()>
                                                <span class="label">{category_label(&c.category)}</span>
                                                <span class="track"><span class="bar" style=format!("width: {width}%")></span></span>
                                                <span class="amount">{format_mxn(c.total_mxn_cents)}</span>
                                            </li>
                                        }
                                    }).collect_view()}
                                </ul>
                            }.into_any()
    }
}

/// The balance and the day it was told, in the person's zone.
fn balance_line(cents: i64, updated_at: &str) -> String {
    // The browser parses the instant: no date parser in the web build.
    let at = js_sys::Date::parse(updated_at);
    if at.is_finite() {
        text::balance_as_of(&format_mxn(cents), user_zone().date_at(at as i64))
    } else {
        format_mxn(cents)
    }
}

/// Each category budget in force: a bar and what is left.
fn category_budgets(budget: &BudgetStatus) -> Option<AnyView> {
    (!budget.categories.is_empty()).then(|| {
        view! {
            <h3>{text::CATEGORY_BUDGETS}</h3>
            <ul class="category-budgets" data-testid="category-budgets">
                {budget.categories.iter().map(|c| {
                    let cap = c.variable_cap_mxn_cents.unwrap_or(0);
                    let used = (c.variable_spent_mxn_cents * 100 / cap.max(1)).clamp(0, 100);
                    let label = c.category.as_deref().map(category_label).unwrap_or_default();
                    let left = c.variable_remaining_mxn_cents.filter(|r| *r >= 0).map(format_mxn);
                    let line = text::category_budget_line(&label, &format_mxn(c.variable_spent_mxn_cents), &format_mxn(cap), left.as_deref());
                    view! {
                        <li data-testid="category-budget" data-category=c.category.clone().unwrap_or_default()>
                            <div class="progress" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow=used.to_string() aria-label=label.clone()>
                                <div class="fill" style=format!("width: {used}%")></div>
                            </div>
                            <p>{line}</p>
                        </li>
                    }
                }).collect_view()}
            </ul>
        }
        .into_any()
    })
}

/// The month's budget: a bar and a line, or that there is none.
fn budget_section(budget: &BudgetStatus) -> AnyView {
    match (
        budget.variable_cap_mxn_cents,
        budget.variable_remaining_mxn_cents,
    ) {
        (Some(cap), Some(remaining)) => {
            let used = (budget.variable_spent_mxn_cents * 100 / cap.max(1)).clamp(0, 100);
            view! {
                                    <div class="progress" role="progressbar" data-testid="budget-bar" aria-valuemin="0" aria-valuemax="100" aria-valuenow=used.to_string() aria-label=text::BUDGET>
                                        <div class="fill" style=format!("width: {used}%")></div>
                                    </div>
                                    <p data-testid="budget-text">{text::budget_line(&format_mxn(budget.variable_spent_mxn_cents), &format_mxn(cap), &format_mxn(remaining))}</p>
                                }.into_any()
        }
        _ => view! { <p data-testid="budget-text">{text::NO_BUDGET}</p> }.into_any(),
    }
}
