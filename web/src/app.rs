//! The components: sign-in, the chat (local prediction, outbox, Worker
//! reconciliation), the month view and the debug panel. Logic lives in
//! `model`; components stay thin.

use caja_core::agent::state::AgentState;
use caja_core::agent::{AgentConfig, TurnInput, TurnStep, start_turn};
use caja_core::money::format_mxn;
use caja_core::time::{TimeZone, iso_month};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::api::{self, ApiError, ChatReply};
use crate::model::{ChatMessage, OutboxItem, Persisted, Role, Status};
use crate::store::{DB_NAME, Store};
use crate::text;

/// Which screen is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    Chat,
    Month,
}

/// Everything the components share.
#[derive(Clone, Copy)]
struct Ctx {
    app: RwSignal<Persisted>,
    online: RwSignal<bool>,
    flushing: RwSignal<bool>,
    suggestions: RwSignal<Vec<String>>,
    last_reply: RwSignal<Option<ChatReply>>,
    /// A timed retry of the outbox is pending.
    retry_scheduled: RwSignal<bool>,
}

fn now_ms() -> i64 {
    js_sys::Date::now() as i64
}

async fn persist(app: Persisted) {
    match Store::open(DB_NAME).await {
        Ok(store) => {
            if let Err(error) = store.save_app(&app).await {
                web_sys::console::error_1(&format!("IndexedDB save failed: {error:?}").into());
            }
        }
        Err(error) => {
            web_sys::console::error_1(&format!("IndexedDB open failed: {error:?}").into())
        }
    }
}

fn save(ctx: Ctx) {
    let snapshot = ctx.app.get_untracked();
    spawn_local(persist(snapshot));
}

/// The `?login=` token of a link, removed from the address bar once read.
fn take_login_param() -> Option<String> {
    let window = web_sys::window()?;
    let search = window.location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    let token = params.get("login")?;
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some("/"));
    }
    Some(token)
}

/// Caja's web app.
#[component]
pub fn App() -> impl IntoView {
    let ctx = Ctx {
        app: RwSignal::new(Persisted::default()),
        online: RwSignal::new(true),
        flushing: RwSignal::new(false),
        suggestions: RwSignal::new(Vec::new()),
        last_reply: RwSignal::new(None),
        retry_scheduled: RwSignal::new(false),
    };
    let loaded = RwSignal::new(false);
    let health = LocalResource::new(api::fetch_health);
    let login_error = RwSignal::new(false);
    let screen = RwSignal::new(Screen::Chat);
    let debug = RwSignal::new(false);
    provide_context(ctx);

    spawn_local(async move {
        let mut app = match Store::open(DB_NAME).await {
            Ok(store) => store.load_app().await.unwrap_or_default(),
            Err(_) => Persisted::default(),
        };
        if let Some(token) = take_login_param() {
            match api::login(&token).await {
                Ok(session) => {
                    app = Persisted {
                        session_token: Some(session),
                        schema: app.schema,
                        ..Persisted::default()
                    };
                    persist(app.clone()).await;
                }
                Err(_) => login_error.set(true),
            }
        }
        ctx.app.set(app);
        loaded.set(true);
        flush_outbox(ctx);
    });

    let _online = window_event_listener(leptos::ev::online, move |_| {
        ctx.online.set(true);
        flush_outbox(ctx);
    });
    let _offline = window_event_listener(leptos::ev::offline, move |_| ctx.online.set(false));

    let signed_in = move || ctx.app.with(|a| a.session_token.is_some());
    let sign_out = move |_| {
        let token = ctx.app.with_untracked(|a| a.session_token.clone());
        ctx.app.set(Persisted {
            schema: crate::model::PERSISTED_SCHEMA,
            ..Persisted::default()
        });
        save(ctx);
        if let Some(token) = token {
            spawn_local(async move {
                let _ = api::logout(&token).await;
            });
        }
    };

    view! {
        <main class="app">
            <header class="topbar">
                <h1>"Caja"</h1>
                <Show when=signed_in>
                    <nav aria-label=text::NAV_LABEL>
                        <button data-testid="nav-chat" aria-pressed=move || (screen.get() == Screen::Chat).to_string() on:click=move |_| screen.set(Screen::Chat)>{text::NAV_CHAT}</button>
                        <button data-testid="nav-month" aria-pressed=move || (screen.get() == Screen::Month).to_string() on:click=move |_| screen.set(Screen::Month)>{text::NAV_MONTH}</button>
                        <button data-testid="debug-toggle" aria-pressed=move || debug.get().to_string() on:click=move |_| debug.update(|d| *d = !*d)>{text::NAV_DEBUG}</button>
                        <button data-testid="sign-out" on:click=sign_out>{text::SIGN_OUT}</button>
                    </nav>
                </Show>
            </header>
            <p class="status" data-testid="connection" role="status">
                {move || if ctx.online.get() { "" } else { text::OFFLINE }}
            </p>
            <Show when=move || loaded.get() fallback=|| view! { <p>{text::LOADING}</p> }>
                <Show when=signed_in fallback=move || view! { <SignInHelp failed=login_error /> }>
                    <Show when=move || screen.get() == Screen::Chat fallback=|| view! { <MonthView /> }>
                        <ChatView />
                    </Show>
                    <Show when=move || debug.get()>
                        <DebugPanel />
                    </Show>
                </Show>
            </Show>
            <footer>
                <p data-testid="health">
                    {move || match health.get() {
                        None => text::HEALTH_CHECKING.to_string(),
                        Some(Ok(api::Health { ok: true, db: true })) => text::HEALTH_OK.to_string(),
                        Some(Ok(_)) => text::HEALTH_NO_DB.to_string(),
                        Some(Err(_)) => text::HEALTH_DOWN.to_string(),
                    }}
                </p>
            </footer>
        </main>
    }
}

/// Shown without a session: how to get a login link.
#[component]
fn SignInHelp(
    /// A login link was used but rejected.
    failed: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <section class="signin" data-testid="signin-help">
            <h2>{text::SIGNIN_TITLE}</h2>
            <Show when=move || failed.get()>
                <p class="error" role="alert">{text::SIGNIN_FAILED}</p>
            </Show>
            <p>{text::SIGNIN_HELP}</p>
        </section>
    }
}

/// Runs `text` through the local core at once, queues it, and sends the
/// outbox to the Worker.
fn send_message(ctx: Ctx, text: String) {
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
    });
    app.outbox.push(OutboxItem {
        client_msg_id: id.clone(),
        text: text.clone(),
    });

    // Local prediction: the same core, no tools. A turn that needs data or a
    // write waits for the Worker; nothing is shown as saved.
    let state = app
        .working_state()
        .cloned()
        .unwrap_or_else(|| AgentState::new("local", "local"));
    let input = TurnInput {
        message: text,
        now_ms: now_ms(),
        timezone: api::browser_timezone(),
        action_id: None,
    };
    let (predicted, suggestions) = match start_turn(state, input, &AgentConfig::default()) {
        TurnStep::Done(output) => {
            let suggestions = output.suggestions.clone();
            app.local_state = Some(output.state.clone());
            (output.reply.clone(), suggestions)
        }
        TurnStep::NeedTools(turn) => {
            let writes = turn.calls().iter().any(|c| c.request.is_write());
            (
                if writes {
                    text::WILL_SAVE_WHEN_ONLINE
                } else {
                    text::ASKING_SERVER
                }
                .to_string(),
                Vec::new(),
            )
        }
    };
    app.messages.push(ChatMessage {
        client_msg_id: id,
        role: Role::Assistant,
        text: predicted,
        status: Status::Predicted,
    });
    ctx.suggestions.set(suggestions);
    ctx.app.set(app);
    save(ctx);
    flush_outbox(ctx);
}

/// Sends queued messages in order until the outbox is empty or the Worker
/// cannot be reached. Repeated ids are answered once by the Worker.
fn flush_outbox(ctx: Ctx) {
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

/// The conversation, the draft card, quick replies and the input.
#[component]
fn ChatView() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let input = RwSignal::new(String::new());
    let submit = move || {
        let text = input.get_untracked();
        input.set(String::new());
        send_message(ctx, text);
    };
    let pending = move || {
        ctx.app.with(|a| {
            a.working_state()
                .is_some_and(|s| s.pending_action.is_pending())
        })
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
    view! {
        <section class="chat" aria-label=text::CHAT_LABEL>
            <div role="log" aria-live="polite" aria-relevant="additions">
            <ol class="messages" data-testid="messages">
                <For
                    each=move || ctx.app.with(|a| a.messages.iter().cloned().enumerate().collect::<Vec<_>>())
                    key=|(i, m)| (*i, m.text.clone(), m.status)
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
                            </li>
                        }
                    }
                />
            </ol>
            </div>
            <DraftCard />
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
            <form class="composer" on:submit=move |ev: leptos::ev::SubmitEvent| { ev.prevent_default(); submit(); }>
                <label for="message-input" class="visually-hidden">{text::INPUT_LABEL}</label>
                <input
                    id="message-input"
                    data-testid="message-input"
                    autocomplete="off"
                    maxlength="1000"
                    placeholder=text::INPUT_PLACEHOLDER
                    prop:value=move || input.get()
                    on:input=move |ev| input.set(event_target_value(&ev))
                />
                <button type="submit" data-testid="send">{text::SEND}</button>
            </form>
        </section>
    }
}

/// The draft being built and the pending action, with missing fields marked.
#[component]
fn DraftCard() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let state = move || ctx.app.with(|a| a.working_state().cloned());
    view! {
        {move || state().and_then(|s| {
            let missing: Vec<&'static str> = s.clarification_questions.iter().map(|q| text::field_label(q.field)).collect();
            let draft = s.pending_transaction.clone();
            let pending = s.pending_action.is_pending();
            if draft.is_none() && !pending && missing.is_empty() {
                return None;
            }
            let show = |v: Option<String>| v.unwrap_or_else(|| "—".to_string());
            Some(view! {
                <aside class="draft" data-testid="draft-card" aria-label=text::DRAFT_LABEL>
                    <h2>{if pending { text::DRAFT_PENDING } else { text::DRAFT_TITLE }}</h2>
                    {draft.map(|d| view! {
                        <dl>
                            <dt>{text::DRAFT_AMOUNT}</dt><dd data-testid="draft-amount">{show(d.amount_mxn_cents.map(format_mxn))}</dd>
                            <dt>{text::DRAFT_CATEGORY}</dt><dd data-testid="draft-category">{show(d.category.clone())}</dd>
                            <dt>{text::DRAFT_TYPE}</dt><dd>{show(d.category_type.map(|t| t.as_str().to_string()))}</dd>
                            <dt>{text::DRAFT_DATE}</dt><dd data-testid="draft-date">{show(d.date_iso.clone())}</dd>
                            <dt>{text::DRAFT_DESCRIPTION}</dt><dd>{show(d.description.clone())}</dd>
                        </dl>
                    })}
                    {(!missing.is_empty()).then(|| view! {
                        <p class="missing" data-testid="draft-missing">{format!("{} {}", text::MISSING, missing.join(", "))}</p>
                    })}
                    {pending.then(|| view! {
                        <p class="expires" data-testid="pending-expiry">
                            {format!("{} {}", text::EXPIRES_AT, s.pending_action.expires_at_iso.clone().unwrap_or_default())}
                        </p>
                    })}
                </aside>
            })
        })}
    }
}

/// The authoritative state, the trace and the tool calls of the last turn.
#[component]
fn DebugPanel() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let pretty =
        |value: serde_json::Value| serde_json::to_string_pretty(&value).unwrap_or_default();
    view! {
        <section class="debug" data-testid="debug-panel" aria-label=text::NAV_DEBUG>
            <h2>{text::DEBUG_STATE}</h2>
            <pre data-testid="debug-state">{move || pretty(serde_json::to_value(ctx.app.with(|a| a.server_state.clone())).unwrap_or_default())}</pre>
            <h2>{text::DEBUG_TRACE}</h2>
            <ol data-testid="debug-trace">
                {move || ctx.last_reply.get().map(|r| r.trace.steps.into_iter().map(|s| view! {
                    <li>{format!("{} —{}→ {} {}", s.node, s.edge, s.to, s.reason)}</li>
                }).collect_view())}
            </ol>
            <h2>{text::DEBUG_TOOLS}</h2>
            <pre data-testid="debug-tools">{move || ctx.last_reply.get().map(|r| pretty(serde_json::json!({ "calls": r.tool_calls, "results": r.tool_results }))).unwrap_or_default()}</pre>
        </section>
    }
}

fn this_month() -> String {
    let zone = api::browser_timezone()
        .as_deref()
        .and_then(TimeZone::by_name)
        .unwrap_or_else(TimeZone::default_zone);
    iso_month(zone.date_at(now_ms()))
}

/// Spending by category, the budget, the balance, transactions and debts
/// for a month; every number comes from the Worker.
#[component]
fn MonthView() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let month = RwSignal::new(this_month());
    let category = RwSignal::new(String::new());
    let token = move || {
        ctx.app
            .with(|a| a.session_token.clone().unwrap_or_default())
    };
    let data = LocalResource::new(move || {
        let (token, month) = (token(), month.get());
        async move {
            let summary = api::summary(&token, &month).await?;
            let budget = api::budget(&token, &month).await?;
            let balance = api::balance(&token).await?;
            let debts = api::debts(&token).await?;
            Ok::<_, ApiError>((summary, budget, balance, debts))
        }
    });
    let list = LocalResource::new(move || {
        let (token, month, category) = (token(), month.get(), category.get());
        async move { api::transactions(&token, &month, &category).await }
    });
    let download = move |_| {
        let (token, month) = (token(), month.get_untracked());
        spawn_local(async move {
            if let Ok(csv) = api::export_csv(&token, &month).await {
                download_text(&format!("caja-{month}.csv"), &csv);
            }
        });
    };
    view! {
        <section class="month" aria-label=text::NAV_MONTH>
            <div class="month-controls">
                <label for="month-input">{text::MONTH_LABEL}</label>
                <input id="month-input" type="month" data-testid="month-input" prop:value=move || month.get()
                    on:change=move |ev| month.set(event_target_value(&ev)) />
                <button data-testid="csv-download" on:click=download>{text::CSV}</button>
            </div>
            {move || match data.get() {
                None => view! { <p>{text::LOADING}</p> }.into_any(),
                Some(Err(_)) => view! { <p role="alert">{text::MONTH_ERROR}</p> }.into_any(),
                Some(Ok((summary, budget, balance, debts))) => {
                    let expenses: Vec<_> = summary.by_category.iter().filter(|c| c.category_type != caja_core::tools::CategoryType::Income).cloned().collect();
                    let max = expenses.iter().map(|c| c.total_mxn_cents).max().unwrap_or(1).max(1);
                    let height = 28 * expenses.len().max(1) as i64;
                    view! {
                        <h2>{format!("{} {}", text::SPENDING_BY_CATEGORY, summary.month)}</h2>
                        <p data-testid="month-total">{text::month_totals(&format_mxn(summary.total_expense_mxn_cents), &format_mxn(summary.total_income_mxn_cents))}</p>
                        <svg class="chart" data-testid="category-chart" role="img" aria-label=text::CHART_LABEL viewBox=format!("0 0 420 {height}") width="100%">
                            {expenses.iter().enumerate().map(|(i, c)| {
                                let y = i as i64 * 28;
                                let w = 8 + (c.total_mxn_cents * 220 / max);
                                view! {
                                    <g data-testid="chart-bar" data-category=c.category.clone() data-total=c.total_mxn_cents.to_string()>
                                        <text x="0" y=y + 18 font-size="13">{caja_core::agent::text::category_label(&c.category)}</text>
                                        <rect x="120" y=y + 4 width=w height="18" rx="3" class="bar"></rect>
                                        <text x=128 + w y=y + 18 font-size="12">{format_mxn(c.total_mxn_cents)}</text>
                                    </g>
                                }
                            }).collect_view()}
                        </svg>
                        <h2>{text::BUDGET}</h2>
                        {match (budget.variable_cap_mxn_cents, budget.variable_remaining_mxn_cents) {
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
                        }}
                        <h2>{text::BALANCE}</h2>
                        <p data-testid="balance">{balance.bank_balance.map(|b| format_mxn(b.balance_mxn_cents)).unwrap_or_else(|| text::NO_BALANCE.to_string())}</p>
                        <h2>{text::DEBTS}</h2>
                        {debts.debts.is_empty().then(|| view! { <p>{text::NO_DEBTS}</p> })}
                        <ul data-testid="debts">
                            {debts.debts.iter().map(|d| view! {
                                <li>{text::debt_line(&d.name, d.balance_mxn_cents.map(format_mxn), d.minimum_payment_mxn_cents.map(format_mxn), d.due_day)}</li>
                            }).collect_view()}
                        </ul>
                        <h2>{text::TRANSACTIONS}</h2>
                        <label for="category-filter">{text::FILTER}</label>
                        <select id="category-filter" data-testid="category-filter" on:change=move |ev| category.set(event_target_value(&ev))>
                            <option value="">{text::ALL}</option>
                            {summary.by_category.iter().map(|c| view! {
                                <option value=c.category.clone()>{caja_core::agent::text::category_label(&c.category)}</option>
                            }).collect_view()}
                        </select>
                    }.into_any()
                }
            }}
            <ul class="transactions" data-testid="transactions">
                {move || list.get().and_then(Result::ok).map(|l| l.transactions.into_iter().map(|t| view! {
                    <li data-testid="transaction">{format!("{} · {} · {} · {}", t.date_iso, caja_core::agent::text::category_label(&t.category), format_mxn(t.amount_mxn_cents), t.description.unwrap_or_default())}</li>
                }).collect_view())}
            </ul>
        </section>
    }
}

/// Offers `content` as a file download.
fn download_text(name: &str, content: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(content));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/csv;charset=utf-8");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
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
