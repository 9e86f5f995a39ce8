//! The cobros view: what other people owe the user (open cobros, overdue
//! first, with their totals), the closed ones and the contacts. Every
//! number comes from the Worker (`/api/payment-requests`, `/api/contacts`).

use caja_core::money::format_mxn;
use leptos::prelude::*;

use crate::api::{self, ApiError, PaymentRequest};
use crate::app::Ctx;
use crate::text;

/// One cobro: reference, who, concept, when it is due (or closed) and the
/// amount, with its status in words.
fn request_item(r: PaymentRequest, closed: bool) -> impl IntoView {
    let when = if closed {
        text::closed_line(&r.status_label, r.closed_on.as_deref())
    } else {
        text::due_line(r.due_date.as_deref())
    };
    view! {
        <li data-testid="cobro" data-status=r.status.clone() class=format!("cobro {}", r.status)>
            <span class="what">
                <span class="who">{r.contact_name}</span>
                {r.concept.map(|c| view! { <span class="concept">{c}</span> })}
                <span class="when">{format!("{} · {when}", r.reference)}</span>
            </span>
            <span class="side">
                <span class="amount" data-testid="cobro-amount">{format_mxn(r.amount_mxn_cents)}</span>
                {(!closed).then(|| view! { <span class="badge">{r.status_label.clone()}</span> })}
            </span>
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
    view! {
        <section class="cobros" tabindex="0" aria-label=text::NAV_COBROS>
            <h2>{text::COBROS_TITLE}</h2>
            {move || match data.get() {
                None => view! { <p>{text::LOADING}</p> }.into_any(),
                Some(Err(_)) => view! { <p role="alert">{text::COBROS_ERROR}</p> }.into_any(),
                Some(Ok((requests, contacts))) => view! {
                    {if requests.requests.is_empty() {
                        view! { <p class="empty" data-testid="no-cobros">{text::NO_COBROS}</p> }.into_any()
                    } else {
                        view! {
                            <p class="totals" data-testid="cobros-total">{text::cobros_total(&format_mxn(requests.pending_total_mxn_cents), requests.pending_count)}</p>
                            {(requests.overdue_count > 0).then(|| view! {
                                <p class="overdue" data-testid="cobros-overdue">{text::cobros_overdue(&format_mxn(requests.overdue_total_mxn_cents), requests.overdue_count)}</p>
                            })}
                            <ul class="cobros-list" data-testid="cobros-pending">
                                {requests.requests.into_iter().map(|r| request_item(r, false)).collect_view()}
                            </ul>
                        }.into_any()
                    }}
                    {(!requests.closed.is_empty()).then(|| view! {
                        <h3>{text::COBROS_CLOSED}</h3>
                        <ul class="cobros-list closed" data-testid="cobros-closed">
                            {requests.closed.into_iter().map(|r| request_item(r, true)).collect_view()}
                        </ul>
                    })}
                    <h3>{text::CONTACTS}</h3>
                    {if contacts.contacts.is_empty() {
                        view! { <p class="empty" data-testid="no-contacts">{text::NO_CONTACTS}</p> }.into_any()
                    } else {
                        view! {
                            <ul class="contacts" data-testid="contacts">
                                {contacts.contacts.into_iter().map(|c| view! { <li>{c.name}</li> }).collect_view()}
                            </ul>
                        }.into_any()
                    }}
                }.into_any(),
            }}
        </section>
    }
}
