//! The cobros view: what other people owe the user (open cobros, overdue
//! first, with their totals), the closed ones and the contacts. Every
//! number comes from the Worker (`/api/payment-requests`, `/api/contacts`);
//! the answers are read field by field from JSON (no decoder of their own
//! in the web build).

use caja_core::agent::text::ui::date_runs;
use caja_core::money::format_mxn;
use leptos::prelude::*;
use serde_json::Value;

use crate::api::{self, ApiError};
use crate::app::Ctx;
use crate::fields::{cents, count, field, items};
use crate::plans::ask_in_chat;
use crate::text;

/// One cobro: who, concept, reference and when it is due (or closed), the
/// amount and, while open, its status in words and its actions.
fn request_item(ctx: Ctx, r: &Value, closed: bool) -> impl IntoView + use<> {
    let label = field(r, "status_label").unwrap_or_default().to_string();
    let when = if closed {
        text::closed_line(&label, field(r, "closed_on"))
    } else {
        text::due_line(field(r, "due_date"))
    };
    let status = field(r, "status").unwrap_or_default().to_string();
    let reference = field(r, "reference").unwrap_or_default().to_string();
    let name = field(r, "contact_name").unwrap_or_default().to_string();
    let what = format!("{reference} · {when}");
    let actions = (!closed).then(|| {
        let ask = move |message: String| move |_| ask_in_chat(ctx, &message);
        view! {
            <span class="actions" role="group" aria-label=format!("{}: {reference}", text::COBRO_ACTIONS)>
                <button data-testid="cobro-paid" on:click=ask(text::cobro_paid_message(&name, &reference))>{text::COBRO_PAID}</button>
                <button data-testid="cobro-remind" on:click=ask(text::cobro_remind_message(&name, &reference))>{text::COBRO_REMIND}</button>
                <button data-testid="cobro-cancel" on:click=ask(text::cobro_cancel_message(&reference))>{text::COBRO_CANCEL}</button>
            </span>
        }
    });
    view! {
        <li data-testid="cobro" data-status=status.clone() data-reference=reference.clone() class=format!("cobro {status}")>
            <span class="what">
                <span class="who">{field(r, "contact_name").unwrap_or_default().to_string()}</span>
                <span class="concept">{field(r, "concept").unwrap_or_default().to_string()}</span>
                <span class="when">{date_runs(&what).into_iter().map(|(run, date)| view! {
                    <span class=if date { "date" } else { "" }>{run}</span>
                }).collect_view()}</span>
            </span>
            <span class="side">
                <span class="amount" data-testid="cobro-amount">{format_mxn(cents(r, "amount_mxn_cents"))}</span>
                <span class="badge">{(!closed).then_some(label)}</span>
            </span>
            {actions}
        </li>
    }
}

#[component]
pub(crate) fn CobrosView() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let token = move || {
        ctx.app
            .with(|a| a.session_token.clone().unwrap_or_default())
    };
    let data = LocalResource::new(move || {
        let token = token();
        async move {
            let requests = api::payment_requests(&token).await?;
            let contacts = api::contacts(&token).await?;
            Ok::<_, ApiError>((requests, contacts))
        }
    });
    let body = move || {
        let (requests, contacts) = match data.get()? {
            Ok(loaded) => loaded,
            Err(_) => return Some(view! { <p role="alert">{text::COBROS_ERROR}</p> }.into_any()),
        };
        let open = items(&requests, "requests");
        let closed = items(&requests, "closed");
        let names = items(&contacts, "contacts");
        let overdue = count(&requests, "overdue_count");
        Some(view! {
            <p class="empty" data-testid="no-cobros" hidden=!open.is_empty()>{text::NO_COBROS}</p>
            <p class="totals" data-testid="cobros-total" hidden=open.is_empty()>
                {text::cobros_total(&format_mxn(cents(&requests, "pending_total_mxn_cents")), count(&requests, "pending_count"))}
            </p>
            <p class="overdue" data-testid="cobros-overdue" hidden=overdue == 0>
                {text::cobros_overdue(&format_mxn(cents(&requests, "overdue_total_mxn_cents")), overdue)}
            </p>
            <ul class="cobros-list" data-testid="cobros-pending">
                {open.iter().map(|r| request_item(ctx, r, false)).collect_view()}
            </ul>
            <h3 hidden=closed.is_empty()>{text::COBROS_CLOSED}</h3>
            <ul class="cobros-list closed" data-testid="cobros-closed">
                {closed.iter().map(|r| request_item(ctx, r, true)).collect_view()}
            </ul>
            <h3>{text::CONTACTS}</h3>
            <p class="empty" data-testid="no-contacts" hidden=!names.is_empty()>{text::NO_CONTACTS}</p>
            <ul class="contacts" data-testid="contacts">
                {names.iter().map(|c| view! { <li>{field(c, "name").unwrap_or_default().to_string()}</li> }).collect_view()}
            </ul>
        }.into_any())
    };
    view! {
        <section class="cobros" tabindex="0" aria-label=text::NAV_COBROS>
            <h2>{text::COBROS_TITLE}</h2>
            {move || body().unwrap_or_else(|| view! { <p>{text::LOADING}</p> }.into_any())}
        </section>
    }
}
