//! What is ahead: in «Mi mes», the fixed payments still expected this
//! month; from the ⋯ menu, the reminders and a switch for each. Numbers
//! and settings come from the Worker; a switch says in the chat what a
//! person would type, so the change is previewed there and saved only
//! after «sí», like every other write.

use caja_core::agent::text::plans as words;
use caja_core::money::format_mxn;
use leptos::prelude::*;
use serde_json::Value;

use crate::api;
use crate::app::{Ctx, Screen};
use crate::chat::send_message;
use crate::fields::{cents, field, items};
use crate::text;

fn token(ctx: Ctx) -> String {
    ctx.app
        .with(|a| a.session_token.clone().unwrap_or_default())
}

/// One expected movement: its day in words, its name and its signed amount.
fn expected_item(e: &Value) -> impl IntoView + use<> {
    let income = field(e, "type") == Some("INCOME");
    let amount = text::signed_amount(income, &format_mxn(cents(e, "amount_mxn_cents")));
    view! {
        <li data-testid="expected" data-date=field(e, "date").unwrap_or_default().to_string() class=if income { "income" } else { "expense" }>
            <span class="date">{field(e, "when").unwrap_or_default().to_string()}</span>
            <span class="what">{field(e, "name").unwrap_or_default().to_string()}</span>
            <span class="amount">{amount}</span>
        </li>
    }
}

/// «Mi mes»: the fixed payments still expected from today to the end of
/// the month, with what is still to go out and come in.
#[component]
pub(crate) fn ExpectedSection() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let data = LocalResource::new(move || {
        let token = token(ctx);
        async move { api::recurring(&token).await }
    });
    let body = move || {
        let found = match data.get()? {
            Ok(found) => found,
            Err(_) => {
                return Some(view! { <p role="alert">{words::RECURRING_ERROR}</p> }.into_any());
            }
        };
        let expected = items(&found, "expected");
        let stored = !items(&found, "items").is_empty();
        Some(match (stored, expected.is_empty()) {
            (false, _) => view! { <p class="empty" data-testid="no-recurring">{words::NO_RECURRING}</p> }.into_any(),
            (true, true) => view! { <p class="empty" data-testid="nothing-expected">{words::NOTHING_EXPECTED}</p> }.into_any(),
            (true, false) => view! {
                <p class="totals" data-testid="expected-total">
                    {words::expected_totals(cents(&found, "expected_expense_mxn_cents"), cents(&found, "expected_income_mxn_cents"))}
                </p>
                <ul class="transactions expected" data-testid="expected-list">
                    {expected.iter().map(expected_item).collect_view()}
                </ul>
            }.into_any(),
        })
    };
    view! {
        <h3>{words::EXPECTED_TITLE}</h3>
        {move || body().unwrap_or_else(|| view! { <p>{text::LOADING}</p> }.into_any())}
    }
}

/// Says `message` in the chat and shows it: the chat asks for the «sí».
/// Every view's action that writes goes this way.
pub(crate) fn ask_in_chat(ctx: Ctx, message: &str) {
    send_message(ctx, message.to_string());
    ctx.screen.set(Screen::Chat);
}

/// The reminders: each topic on or off with a switch, where they go, and
/// why none arrives when Telegram cannot be written to.
#[component]
pub(crate) fn RemindersView() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let data = LocalResource::new(move || {
        let token = token(ctx);
        async move { api::reminders(&token).await }
    });
    let body = move || {
        let found = match data.get()? {
            Ok(found) => found,
            Err(_) => {
                return Some(view! { <p role="alert">{words::REMINDERS_ERROR}</p> }.into_any());
            }
        };
        let on = |topic: &str| found["settings"][topic].as_bool().unwrap_or(false);
        let telegram = found["telegram"].as_bool().unwrap_or(false);
        let blocked = found["blocked"].as_bool().unwrap_or(false);
        let switches = words::SWITCHES.iter().map(|s| {
            let is_on = on(s.topic);
            let (state, action, message) = if is_on {
                (words::ON, words::TURN_OFF, s.turn_off)
            } else {
                (words::OFF, words::TURN_ON, s.turn_on)
            };
            view! {
                <li data-testid="reminder-topic" data-topic=s.topic data-on=is_on.to_string()>
                    <span class="what">{s.label}</span>
                    <span class="state">{state}</span>
                    <button data-testid="reminder-switch" aria-label=format!("{action}: {}", s.label) on:click=move |_| ask_in_chat(ctx, message)>{action}</button>
                </li>
            }
        }).collect_view();
        Some(
            view! {
                <p role="status" data-testid="reminders-warning" hidden=telegram && !blocked>
                    {if telegram { words::REMINDERS_BLOCKED } else { words::REMINDERS_NO_TELEGRAM }}
                </p>
                <ul class="reminders" data-testid="reminder-topics">{switches}</ul>
                <p class="note">{field(&found, "delivery").unwrap_or_default().to_string()}</p>
                <p class="note">{words::REMINDERS_HOW}</p>
            }
            .into_any(),
        )
    };
    view! {
        <section class="reminders-view" tabindex="0" aria-label=words::NAV_REMINDERS>
            <h2>{words::REMINDERS_TITLE}</h2>
            {move || body().unwrap_or_else(|| view! { <p>{text::LOADING}</p> }.into_any())}
        </section>
    }
}
