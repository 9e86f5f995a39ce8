//! The chat: the conversation scrolls while the dock (draft card, status,
//! quick replies, composer) stays pinned at the bottom; the local core
//! predicts at once, the outbox keeps what waits for the Worker.

use crate::state::WebState;
use caja_core::agent::TurnInput;
use caja_core::agent::text::{category_label, category_type_label};
use caja_core::money::format_mxn;
use caja_core::time::{TimeZone, parse_iso_utc};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::{self, ApiError};
use crate::app::{Ctx, now_ms, persist, save};
use crate::engine::Prediction;
use crate::model::{ChatMessage, OutboxItem, Persisted, Role, Status};
use crate::text;

/// Runs `text` through the local core at once, queues it, and sends the
/// outbox to the Worker.
pub(crate) fn send_message(ctx: Ctx, text: String) {
    let text = text.trim().to_string();
    if text.is_empty() {
        return;
    }
    let mut app = ctx.app.get_untracked();
    app.next_seq += 1;
    let id = format!(
        "w{}-{}-{}",
        now_ms(),
        app.next_seq,
        (js_sys::Math::random() * 1e9) as u64
    );
    app.messages.push(ChatMessage {
        client_msg_id: id.clone(),
        role: Role::User,
        text: text.clone(),
        status: Status::Pending,
        share: None,
    });
    app.outbox.push(OutboxItem {
        client_msg_id: id.clone(),
        text: text.clone(),
    });

    // Local prediction: the same core, no tools. A turn that needs data or a
    // write waits for the Worker; nothing is shown as saved.
    let state = app.working_state().cloned().unwrap_or_else(WebState::fresh);
    let input = TurnInput {
        message: text,
        now_ms: now_ms(),
        timezone: api::browser_timezone(),
        press: None,
        shared_chat: false,
        start: None,
    };
    let (predicted, suggestions) = match crate::engine::predict(&state, &input) {
        Some(Prediction::Done {
            reply,
            suggestions,
            state,
        }) => {
            app.local_state = Some(*state);
            (reply, suggestions)
        }
        Some(Prediction::NeedsWorker { writes: true }) => {
            (text::WILL_SAVE_WHEN_ONLINE.to_string(), Vec::new())
        }
        Some(Prediction::NeedsWorker { writes: false }) => {
            (text::ASKING_SERVER.to_string(), Vec::new())
        }
        // The engine is still loading: the Worker answers alone.
        None => (text::SENDING.to_string(), Vec::new()),
    };
    app.messages.push(ChatMessage {
        client_msg_id: id,
        role: Role::Assistant,
        text: predicted,
        status: Status::Predicted,
        share: None,
    });
    ctx.suggestions.set(suggestions);
    ctx.app.set(app);
    save(ctx);
    flush_outbox(ctx);
}

/// Sends queued messages in order until the outbox is empty or the Worker
/// cannot be reached. Repeated ids are answered once by the Worker.
pub(crate) fn flush_outbox(ctx: Ctx) {
    if ctx.flushing.get_untracked() {
        return;
    }
    ctx.flushing.set(true);
    spawn_local(async move {
        loop {
            let (token, next) = ctx
                .app
                .with_untracked(|a| (a.session_token.clone(), a.outbox.front().cloned()));
            let (Some(token), Some(item)) = (token, next) else {
                break;
            };
            match api::chat(&token, &item.text, &item.client_msg_id).await {
                Ok(reply) => {
                    ctx.online.set(true);
                    let mut app = ctx.app.get_untracked();
                    let predicted = app
                        .messages
                        .iter()
                        .find(|m| {
                            m.client_msg_id == item.client_msg_id && m.role == Role::Assistant
                        })
                        .map(|m| m.text.clone());
                    if app.reconcile(
                        &item.client_msg_id,
                        &reply.reply,
                        reply.share.clone(),
                        reply.state.clone(),
                        reply.version,
                    ) {
                        web_sys::console::debug_1(
                            &format!(
                                "prediction differed from the Worker: {predicted:?} vs {:?}",
                                reply.reply
                            )
                            .into(),
                        );
                    }
                    ctx.suggestions.set(reply.suggestions.clone());
                    ctx.last_reply.set(Some(reply));
                    ctx.app.set(app.clone());
                    persist(app).await;
                }
                Err(ApiError::Unreachable) => {
                    ctx.online.set(false);
                    schedule_retry(ctx, RETRY_OFFLINE);
                    ctx.app.update(|a| {
                        for m in a
                            .messages
                            .iter_mut()
                            .filter(|m| a.outbox.contains(&m.client_msg_id) && m.role == Role::User)
                        {
                            m.status = Status::Pending;
                        }
                    });
                    break;
                }
                Err(ApiError::Unauthorized) => {
                    ctx.app.set(Persisted {
                        schema: crate::model::PERSISTED_SCHEMA,
                        ..Persisted::default()
                    });
                    save(ctx);
                    break;
                }
                Err(error) => {
                    // Busy or a server error: nothing was written; try again soon.
                    web_sys::console::error_1(&format!("chat failed: {error:?}").into());
                    schedule_retry(ctx, RETRY_SERVER_ERROR);
                    break;
                }
            }
        }
        ctx.flushing.set(false);
    });
}

/// Waits before resending the outbox after a server error.
const RETRY_SERVER_ERROR: std::time::Duration = std::time::Duration::from_secs(3);
/// Waits before checking again while offline (besides the `online` event).
const RETRY_OFFLINE: std::time::Duration = std::time::Duration::from_secs(15);

/// Sends the outbox again after `delay`, once.
fn schedule_retry(ctx: Ctx, delay: std::time::Duration) {
    if ctx.retry_scheduled.get_untracked() {
        return;
    }
    ctx.retry_scheduled.set(true);
    set_timeout(
        move || {
            ctx.retry_scheduled.set(false);
            flush_outbox(ctx);
        },
        delay,
    );
}

/// The user's zone for times shown in the UI (the browser's, when Caja
/// knows it; Mexico City otherwise).
pub(crate) fn user_zone() -> TimeZone {
    api::browser_timezone()
        .as_deref()
        .and_then(TimeZone::by_name)
        .unwrap_or_else(TimeZone::default_zone)
}

/// Keeps the newest message in view: after new messages, a change of the
/// dock, or a resize (the on-screen keyboard opening).
fn stick_to_bottom(log: NodeRef<leptos::html::Div>) {
    // The frame may come after the view is gone (a screen change): then
    // the node is disposed and there is nothing to scroll.
    request_animation_frame(move || {
        if let Some(Some(el)) = log.try_get_untracked() {
            el.set_scroll_top(el.scroll_height());
        }
    });
}

/// The conversation, the draft card, quick replies and the input.
#[component]
pub(crate) fn ChatView() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let input = RwSignal::new(String::new());
    let log = NodeRef::<leptos::html::Div>::new();
    let submit = move || {
        let text = input.get_untracked();
        input.set(String::new());
        send_message(ctx, text);
    };
    let pending = move || {
        ctx.app
            .with(|a| a.working_state().is_some_and(|s| s.pending().is_some()))
    };
    let quick_replies = move || {
        let mut replies = ctx.suggestions.get();
        if pending() && replies.is_empty() {
            replies = vec![
                caja_core::agent::text::YES.into(),
                caja_core::agent::text::NO.into(),
            ];
        }
        replies
    };
    Effect::new(move |_| {
        ctx.app.with(|a| (a.messages.len(), a.outbox.len()));
        ctx.suggestions.track();
        stick_to_bottom(log);
    });
    // The listener outlives nothing: it reads the log's node, which goes
    // with this view (a resize on another screen must not reach it).
    let resize = window_event_listener(leptos::ev::resize, move |_| stick_to_bottom(log));
    on_cleanup(move || resize.remove());
    let empty = move || ctx.app.with(|a| a.messages.is_empty());
    let waiting = move || ctx.app.with(|a| a.outbox.len());
    let status = move || {
        if !ctx.online.get() {
            Some(text::OFFLINE.to_string())
        } else if waiting() > 0 && ctx.retry_scheduled.get() {
            Some(text::waiting_to_send(waiting()))
        } else {
            None
        }
    };
    view! {
        <section class="chat" aria-label=text::CHAT_LABEL>
            <div class="log" node_ref=log role="log" tabindex="0" aria-label=text::CHAT_LABEL aria-live="polite" aria-relevant="additions">
                <Show when=empty>
                    <Greeting />
                </Show>
                <ol class="messages" data-testid="messages">
                    <For
                        each=move || ctx.app.with(|a| a.messages.iter().cloned().enumerate().collect::<Vec<_>>())
                        key=|(i, m)| (*i, m.text.clone(), m.status, m.share.is_some())
                        children=move |(_, m)| {
                            let class = match m.role { Role::User => "msg user", Role::Assistant => "msg assistant" };
                            let status = match m.status {
                                Status::Confirmed => "",
                                Status::Predicted => text::STATUS_PREDICTED,
                                Status::Pending => text::STATUS_PENDING,
                            };
                            let role = match m.role { Role::User => "user", Role::Assistant => "assistant" };
                            view! {
                                <li class=class data-testid="message" data-role=role data-status=format!("{:?}", m.status).to_lowercase()>
                                    <span class="text">{m.text.clone()}</span>
                                    {(!status.is_empty()).then(|| view! { <span class="badge">{status}</span> })}
                                    {m.share.clone().map(|share| view! { <CopyButton content=share /> })}
                                </li>
                            }
                        }
                    />
                </ol>
            </div>
            <div class="dock" data-testid="dock">
                <DraftCard />
                <p class="status" data-testid="connection" role="status">{status}</p>
                <div class="quick-replies" data-testid="quick-replies">
                    <For
                        each=quick_replies
                        key=|s| s.clone()
                        children=move |s| {
                            let label = s.clone();
                            view! { <button data-testid="quick-reply" on:click=move |_| send_message(ctx, s.clone())>{label}</button> }
                        }
                    />
                </div>
                <form class="composer" data-testid="composer" on:submit=move |ev: leptos::ev::SubmitEvent| { ev.prevent_default(); submit(); }>
                    <label for="message-input" class="visually-hidden">{text::INPUT_LABEL}</label>
                    // A long message grows the box up to a limit (CSS), and
                    // Enter sends; Shift+Enter starts a new line.
                    <textarea
                        id="message-input"
                        data-testid="message-input"
                        rows="1"
                        autocomplete="off"
                        enterkeyhint="send"
                        maxlength="1000"
                        placeholder=text::INPUT_PLACEHOLDER
                        prop:value=move || input.get()
                        on:input=move |ev| input.set(event_target_value(&ev))
                        on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                            if ev.key() == "Enter" && !ev.shift_key() && !ev.is_composing() {
                                ev.prevent_default();
                                submit();
                            }
                        }
                        on:focus=move |_| stick_to_bottom(log)
                    ></textarea>
                    <button type="submit" data-testid="send">{text::SEND}</button>
                </form>
            </div>
        </section>
    }
}

/// The first screen: who Caja is and examples to tap.
#[component]
fn Greeting() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <div class="greeting" data-testid="greeting">
            <h2>{text::GREETING_TITLE}</h2>
            <p>{text::GREETING_BODY}</p>
            <ul class="examples">
                {text::EXAMPLES.iter().map(|example| view! {
                    <li><button data-testid="example" on:click=move |_| send_message(ctx, example.to_string())>{*example}</button></li>
                }).collect_view()}
            </ul>
        </div>
    }
}

/// The draft being built (with what is missing), or, while a confirmation
/// waits, its countdown: the prompt itself is the message above.
#[component]
fn DraftCard() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let state = move || ctx.app.with(|a| a.working_state().cloned());
    let now = RwSignal::new(now_ms());
    if let Ok(handle) =
        set_interval_with_handle(move || now.set(now_ms()), std::time::Duration::from_secs(1))
    {
        on_cleanup(move || handle.clear());
    }
    view! {
        {move || state().and_then(|s| {
            let missing: Vec<&'static str> = s.view().clarification_questions.iter().map(|q| text::field_label(q.field)).collect();
            if let Some(pending) = s.pending() {
                let expires_iso = pending.expires_at_iso.clone().unwrap_or_default();
                let expires = parse_iso_utc(&expires_iso);
                return Some(view! {
                    <aside class="draft pending" data-testid="draft-card" data-agent=pending.agent().to_string() aria-label=text::DRAFT_LABEL>
                        <h2>{text::DRAFT_PENDING}</h2>
                        <p class="expires" data-testid="pending-expiry" data-expires=expires_iso>
                            {move || match expires {
                                Some(at) if at > now.get() => text::expires_in(at - now.get(), &user_zone().clock_at(at)),
                                _ => text::EXPIRED_CARD.to_string(),
                            }}
                        </p>
                    </aside>
                }.into_any());
            }
            let draft = s.view().pending_transaction.clone();
            if draft.is_none() && missing.is_empty() {
                return None;
            }
            let show = |v: Option<String>| v.unwrap_or_else(|| "—".to_string());
            Some(view! {
                <aside class="draft" data-testid="draft-card" aria-label=text::DRAFT_LABEL>
                    <h2>{text::DRAFT_TITLE}</h2>
                    {draft.map(|d| view! {
                        <dl>
                            <dt>{text::DRAFT_AMOUNT}</dt><dd data-testid="draft-amount">{show(d.amount_mxn_cents.map(format_mxn))}</dd>
                            <dt>{text::DRAFT_CATEGORY}</dt><dd data-testid="draft-category">{show(d.category.as_deref().map(category_label))}</dd>
                            <dt>{text::DRAFT_TYPE}</dt><dd data-testid="draft-type">{show(d.category_type.map(|t| category_type_label(t).to_string()))}</dd>
                            <dt>{text::DRAFT_DATE}</dt><dd data-testid="draft-date">{show(d.date_iso.clone())}</dd>
                            {d.description.clone().map(|desc| view! { <dt>{text::DRAFT_DESCRIPTION}</dt><dd>{desc}</dd> })}
                        </dl>
                    })}
                    {(!missing.is_empty()).then(|| view! {
                        <p class="missing" data-testid="draft-missing">{format!("{} {}", text::MISSING, missing.join(", "))}</p>
                    })}
                </aside>
            }.into_any())
        })}
    }
}

/// Copies a text to forward (a reminder) to the clipboard: Caja never
/// sends it; the user pastes it in the chat with that person.
#[component]
fn CopyButton(content: String) -> impl IntoView {
    // What the last press did: copied, or not (no clipboard access).
    let copied: RwSignal<Option<bool>> = RwSignal::new(None);
    let copy = move |_| {
        let Some(window) = web_sys::window() else {
            copied.set(Some(false));
            return;
        };
        let promise = window.navigator().clipboard().write_text(&content);
        spawn_local(async move {
            let done = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            copied.set(Some(done));
        });
    };
    view! {
        <button class="copy" data-testid="copy-share" on:click=copy>
            {move || match copied.get() {
                None => text::COPY,
                Some(true) => text::COPIED,
                Some(false) => text::COPY_FAILED,
            }}
        </button>
    }
}
