//! The app shell: sign-in, the top bar (sections and a small menu with the
//! debug panel and sign-out), the health banner (only when something is
//! wrong) and the view. Logic lives in `model`; components stay thin.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api;
use crate::boot;
use crate::chat::{ChatView, flush_outbox};
use crate::cobros::CobrosView;
use crate::debug::DebugPanel;
use crate::engine::{self, Engine};
use crate::model::{Persisted, Role};
use crate::month::MonthView;
use crate::plans::RemindersView;
use crate::review::ReviewView;
use crate::store::{DB_NAME, Store};
use crate::text;
use caja_core::agent::text::review as words;

/// Which screen is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Screen {
    Chat,
    Month,
    Cobros,
    Reminders,
    Review,
}

/// Everything the components share.
#[derive(Clone, Copy)]
pub(crate) struct Ctx {
    pub app: RwSignal<Persisted>,
    pub online: RwSignal<bool>,
    pub flushing: RwSignal<bool>,
    pub suggestions: RwSignal<Vec<String>>,
    pub last_reply: RwSignal<Option<api::ChatReply>>,
    /// A timed retry of the outbox is pending.
    pub retry_scheduled: RwSignal<bool>,
    /// The engine module (`engine.rs`).
    pub engine: RwSignal<Engine>,
    /// The screen shown: a view's action that asks in the chat shows it.
    pub screen: RwSignal<Screen>,
}

pub(crate) fn now_ms() -> i64 {
    js_sys::Date::now() as i64
}

pub(crate) async fn persist(app: Persisted) {
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

pub(crate) fn save(ctx: Ctx) {
    let snapshot = ctx.app.get_untracked();
    spawn_local(persist(snapshot));
}

/// A query parameter of the page's address.
fn query_param(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

/// The `?login=` token of a link, removed from the address bar once read.
fn take_login_param() -> Option<String> {
    let token = query_param("login")?;
    if let Some(Ok(history)) = web_sys::window().map(|w| w.history()) {
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
        engine: RwSignal::new(Engine::Loading),
        screen: RwSignal::new(Screen::Chat),
    };
    let loaded = RwSignal::new(false);
    let health = LocalResource::new(api::fetch_health);
    let login_error = RwSignal::new(false);
    let screen = ctx.screen;
    // The debug panel is for developers: `?debug=1` or the menu.
    let debug = RwSignal::new(query_param("debug").as_deref() == Some("1"));
    provide_context(ctx);

    start(ctx, loaded, login_error);

    let _online = window_event_listener(leptos::ev::online, move |_| {
        ctx.online.set(true);
        flush_outbox(ctx);
    });
    let _offline = window_event_listener(leptos::ev::offline, move |_| ctx.online.set(false));
    // A view opened from the bar or the menu: focus goes to its heading,
    // so the next Tab is inside it and a screen reader says where it is.
    Effect::new(move |previous: Option<Screen>| {
        let now = screen.get();
        if previous.is_some_and(|p| p != now) {
            // The chat's place to start is its composer.
            focus_first(if now == Screen::Chat {
                "[data-testid=message-input]"
            } else {
                ".view h2"
            });
        }
        now
    });

    let signed_in = move || ctx.app.with(|a| a.session_token.is_some());
    // Server health shows only when something is wrong.
    let health_problem = move || match health.get() {
        Some(Ok(api::Health { ok: true, db: true })) | None => None,
        Some(Ok(_)) => Some(text::HEALTH_NO_DB),
        Some(Err(_)) => Some(text::HEALTH_DOWN),
    };

    view! {
        <main class="app" data-engine=move || ctx.engine.get().attr()>
            <TopBar screen debug />
            {move || health_problem().map(|problem| view! {
                <p class="health" data-testid="health" role="alert">{problem}</p>
            })}
            <Show when=move || loaded.get() fallback=|| view! { <p class="loading">{text::LOADING}</p> }>
                <Show when=signed_in fallback=move || view! { <SignInHelp failed=login_error /> }>
                    <div class="view">
                        {move || match screen.get() {
                            Screen::Chat => view! { <ChatView /> }.into_any(),
                            Screen::Month => view! { <MonthView /> }.into_any(),
                            Screen::Cobros => view! { <CobrosView /> }.into_any(),
                            Screen::Reminders => view! { <RemindersView /> }.into_any(),
                            Screen::Review => view! { <ReviewView /> }.into_any(),
                        }}
                        <Show when=move || debug.get()>
                            <DebugPanel />
                        </Show>
                    </div>
                </Show>
            </Show>
        </main>
    }
}

/// Loads what is stored, signs in with a link's token, sends what waits
/// in the outbox and catches up; then, after the chat is shown, the core
/// and the offline shell.
fn start(ctx: Ctx, loaded: RwSignal<bool>, login_error: RwSignal<bool>) {
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
        let token = app.session_token.clone();
        ctx.app.set(app);
        loaded.set(true);
        flush_outbox(ctx);
        if let Some(token) = &token {
            catch_up(ctx, token).await;
        }
        // The rest comes after the chat is shown (`boot.rs`): the core, then
        // the offline shell.
        boot::idle().await;
        if token.is_some() {
            engine::load_now(ctx.engine).await;
        }
        boot::register_service_worker();
    });
}

/// Focuses the first element `selector` finds (made focusable for it),
/// once the view is drawn.
fn focus_first(selector: &'static str) {
    leptos::prelude::request_animation_frame(move || {
        let heading = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(selector).ok().flatten());
        if let Some(heading) = heading {
            // A heading takes the focus without joining the Tab order.
            if heading.tag_name() == "H2" && !heading.has_attribute("tabindex") {
                let _ = heading.set_attribute("tabindex", "-1");
            }
            if let Ok(heading) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(heading) {
                let _ = heading.focus();
            }
        }
    });
}

/// The top bar: the views, and the ⋯ menu (debug panel, review, sign out).
#[component]
fn TopBar(screen: RwSignal<Screen>, debug: RwSignal<bool>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let menu_open = RwSignal::new(false);
    let signed_in = move || ctx.app.with(|a| a.session_token.is_some());
    let sign_out = move |_| {
        menu_open.set(false);
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
    let download_data = move |_| {
        menu_open.set(false);
        let Some(token) = ctx.app.with_untracked(|a| a.session_token.clone()) else {
            return;
        };
        spawn_local(async move {
            match api::export_zip(&token).await {
                Ok(bytes) => {
                    crate::month::download_bytes("caja-mis-datos.zip", &bytes, "application/zip")
                }
                Err(_) => {
                    let _ = web_sys::window().map(|w| w.alert_with_message(text::DOWNLOAD_FAILED));
                }
            }
        });
    };
    // Escape closes the menu and gives the focus back to its button.
    let _escape = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && menu_open.get_untracked() {
            menu_open.set(false);
            let button = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector("[data-testid=menu-button]").ok().flatten())
                .and_then(|b| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(b).ok());
            if let Some(button) = button {
                let _ = button.focus();
            }
        }
    });
    view! {
            <header class="topbar">
                <h1>"Caja"</h1>
                <Show when=signed_in>
                    <nav aria-label=text::NAV_LABEL>
                        <button data-testid="nav-chat" aria-pressed=move || (screen.get() == Screen::Chat).to_string() on:click=move |_| screen.set(Screen::Chat)>{text::NAV_CHAT}</button>
                        <button data-testid="nav-month" aria-pressed=move || (screen.get() == Screen::Month).to_string() on:click=move |_| screen.set(Screen::Month)>{text::NAV_MONTH}</button>
                        <button data-testid="nav-cobros" aria-pressed=move || (screen.get() == Screen::Cobros).to_string() on:click=move |_| screen.set(Screen::Cobros)>{text::NAV_COBROS}</button>
                    </nav>
                    <div class="menu">
                        <button class="menu-button" data-testid="menu-button" aria-label=text::MENU aria-haspopup="true"
                            aria-expanded=move || menu_open.get().to_string() on:click=move |_| menu_open.update(|o| *o = !*o)>"⋯"</button>
                        <Show when=move || menu_open.get()>
                            <div class="menu-list" data-testid="menu">
                                <button data-testid="debug-toggle" aria-pressed=move || debug.get().to_string()
                                    on:click=move |_| { debug.update(|d| *d = !*d); menu_open.set(false); }>{text::NAV_DEBUG}</button>
                                <button data-testid="nav-review" aria-pressed=move || (screen.get() == Screen::Review).to_string()
                                    on:click=move |_| { screen.set(Screen::Review); menu_open.set(false); }>{words::NAV_REVIEW}</button>
                                <button data-testid="nav-reminders" aria-pressed=move || (screen.get() == Screen::Reminders).to_string()
                                    on:click=move |_| { screen.set(Screen::Reminders); menu_open.set(false); }>{caja_core::agent::text::plans::NAV_REMINDERS}</button>
                                <button data-testid="download-data" on:click=download_data>{text::DOWNLOAD_DATA}</button>
                                <button data-testid="sign-out" on:click=sign_out>{text::SIGN_OUT}</button>
                            </div>
                        </Show>
                    </div>
                </Show>
            </header>
    }
}

/// Shows the conversation as the Worker has it when the Worker is ahead
/// of this browser: a new device or browser sees the conversation so far,
/// open confirmation included. Offline, it stays as stored.
async fn catch_up(ctx: Ctx, token: &str) {
    let Ok(server) = api::server_state(token).await else {
        return;
    };
    let behind = ctx
        .app
        .with_untracked(|a| a.outbox.is_empty() && server.version > a.server_version);
    if !behind {
        return;
    }
    let Ok(lines) = api::history(token).await else {
        return;
    };
    let lines = lines
        .into_iter()
        .map(|l| {
            let role = if l.role == "user" {
                Role::User
            } else {
                Role::Assistant
            };
            (l.id, role, l.text)
        })
        .collect();
    let mut adopted = false;
    ctx.app
        .update(|a| adopted = a.adopt_server(lines, server.state, server.version));
    if adopted {
        save(ctx);
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
