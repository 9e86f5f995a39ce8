//! The review screen: the user's stored conversations, and one of them
//! replayed turn by turn through the engine (the same core, in wasm):
//! forward and back, each turn's message, reply (and whether the replay
//! gives the stored one), tool calls, state and trace, with the agents'
//! hierarchy and the flow diagram marked where the turn left them.

use caja_core::agent::text::review as words;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::Deserialize;

use crate::api::{self, ConversationRow};
use crate::app::Ctx;
use crate::diagram::Diagram;
use crate::engine::{self, Engine};

/// A replayed turn as the engine gives it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
struct Turn {
    turn: u64,
    /// When it ran and its day, in the user's zone (from the engine).
    when: String,
    day: String,
    message: String,
    reply: String,
    stored_reply: String,
    same: bool,
    calls: Vec<serde_json::Value>,
    state: serde_json::Value,
    trace: Vec<String>,
    marks: serde_json::Value,
}

/// The conversation's sessions (stretches of turns without a quiet gap):
/// the index of each one's first turn, and their list as the engine
/// writes it (a button per session naming its first turn).
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
struct Sessions {
    firsts: Vec<usize>,
    html: String,
}

#[derive(Deserialize)]
struct Replayed {
    #[serde(default)]
    turns: Vec<Turn>,
    #[serde(default)]
    sessions: Sessions,
    #[serde(default)]
    error: Option<String>,
}

/// What the opened conversation shows.
#[derive(Clone, Debug, PartialEq)]
enum Opened {
    Loading,
    Failed(&'static str),
    Turns(Vec<Turn>, Sessions),
}

fn channel_label(channel: &str) -> &'static str {
    match channel {
        "web" => "Web",
        "telegram" => "Telegram",
        "telegram_group" => "Grupo de Telegram",
        _ => "Otro canal",
    }
}

/// A stored UTC time as the user's clock reads it (`YYYY-MM-DD HH:MM`).
fn local_time(iso: &str) -> String {
    let Some(ms) = caja_core::time::parse_iso_utc(iso) else {
        return iso.to_string();
    };
    let zone = crate::chat::user_zone();
    format!(
        "{} {}",
        caja_core::time::iso_date(zone.date_at(ms)),
        zone.clock_at(ms)
    )
}

fn status_label(status: &str) -> &'static str {
    serde_json::from_value(serde_json::Value::String(status.into()))
        .map(words::status_label)
        .unwrap_or("ilegible")
}

/// The review screen.
#[component]
pub(crate) fn ReviewView() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    engine::load(ctx.engine);
    let rows = RwSignal::new(Vec::<ConversationRow>::new());
    let next = RwSignal::new(None::<String>);
    let listed = RwSignal::new(false);
    let failed = RwSignal::new(false);
    let kept_days = RwSignal::new(None::<i64>);
    let opened = RwSignal::new(None::<(String, Opened)>);
    let token = move || ctx.app.with_untracked(|a| a.session_token.clone());

    let more = move |cursor: Option<String>| {
        let Some(token) = token() else { return };
        spawn_local(async move {
            match api::conversations(&token, cursor.as_deref()).await {
                Ok(page) => {
                    rows.update(|r| r.extend(page.conversations));
                    kept_days.set(page.kept_days);
                    next.set(page.next_cursor);
                }
                Err(_) => failed.set(true),
            }
            listed.set(true);
        });
    };
    more(None);

    // The events arrive first; the replay runs once the engine is ready.
    let events = RwSignal::new(None::<String>);
    let open = move |id: String| {
        let Some(token) = token() else { return };
        opened.set(Some((id.clone(), Opened::Loading)));
        events.set(None);
        spawn_local(async move {
            match api::conversation_events(&token, &id).await {
                Ok(json) => events.set(Some(json)),
                Err(_) => opened.set(Some((id, Opened::Failed(words::REVIEW_FAILED)))),
            }
        });
    };
    Effect::new(move |_| {
        let (Some(json), Engine::Ready) = (events.get(), ctx.engine.get()) else {
            return;
        };
        let Some(id) = opened.with_untracked(|o| o.as_ref().map(|(id, _)| id.clone())) else {
            return;
        };
        let shown = match engine::replay(&json, crate::chat::user_zone().name())
            .map(|out| serde_json::from_str::<Replayed>(&out))
        {
            Some(Ok(Replayed {
                error: None,
                turns,
                sessions,
            })) if !turns.is_empty() => Opened::Turns(turns, sessions),
            Some(Ok(Replayed { error: Some(_), .. })) => {
                Opened::Failed(words::REVIEW_CANNOT_REPLAY)
            }
            Some(Ok(_)) => Opened::Failed(words::REVIEW_EMPTY),
            _ => Opened::Failed(words::REVIEW_FAILED),
        };
        events.set(None);
        opened.set(Some((id, shown)));
    });

    view! {
        <section class="review" data-testid="review" aria-labelledby="review-title">
            {move || match opened.get() {
                None => view! {
                    <h2 id="review-title">{words::REVIEW_TITLE}</h2>
                    {move || kept_days.get().map(|days| view! { <p class="note" data-testid="review-kept">{words::kept(days)}</p> })}
                    <Show when=move || failed.get()>
                        <p class="error" role="alert">{words::REVIEW_FAILED}</p>
                    </Show>
                    <Show when=move || listed.get() && rows.with(Vec::is_empty) && !failed.get()>
                        <p data-testid="review-empty">{words::REVIEW_EMPTY}</p>
                    </Show>
                    <ul class="conversations" data-testid="conversations">
                        {move || rows.get().into_iter().map(|row| {
                            let id = row.id.clone();
                            let agent = row.agent_name.clone().unwrap_or_default();
                            view! {
                                <li>
                                    <button data-testid="conversation" data-id=row.id.clone() on:click=move |_| open(id.clone())>
                                        <span class="title">{format!("{} · {agent}", channel_label(&row.channel))}</span>
                                        <span class="meta">{format!("{} {} · {} · {}", row.turns, words::REVIEW_TURNS, status_label(&row.status), local_time(&row.last_activity))}</span>
                                        <span class="last">{row.last_message.clone()}</span>
                                    </button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                    <Show when=move || next.with(Option::is_some)>
                        <button data-testid="review-more" on:click=move |_| more(next.get_untracked())>{words::REVIEW_MORE}</button>
                    </Show>
                }.into_any(),
                Some((_, opened_state)) => view! {
                    <button class="back" data-testid="review-back" on:click=move |_| opened.set(None)>{words::REVIEW_BACK}</button>
                    {match opened_state {
                        Opened::Loading => view! { <p class="loading">{words::REVIEW_LOADING_ENGINE}</p> }.into_any(),
                        Opened::Failed(why) => view! { <p class="error" role="alert">{why}</p> }.into_any(),
                        Opened::Turns(turns, sessions) => view! { <Stepper turns=turns sessions=sessions /> }.into_any(),
                    }}
                }.into_any(),
            }}
        </section>
    }
}

/// One replayed conversation, a turn at a time, with its sessions and a
/// day to jump to.
#[component]
fn Stepper(turns: Vec<Turn>, sessions: Sessions) -> impl IntoView {
    let total = turns.len();
    let turns = StoredValue::new(turns);
    let at = RwSignal::new(0usize);
    let no_day = RwSignal::new(false);
    let turn = move || turns.with_value(|t| t[at.get().min(total - 1)].clone());
    let svg = move |id: String| {
        let marks = turn().marks.to_string();
        engine::diagram_svg(&id, &marks).unwrap_or_default()
    };
    let flow_id = move || {
        turn().marks["diagram"]
            .as_str()
            .unwrap_or("financial")
            .to_string()
    };
    // The first turn of a day in the user's zone.
    let find_day = move |day: String| {
        let found = turns.with_value(|t| t.iter().position(|turn| turn.day == day));
        no_day.set(found.is_none());
        if let Some(index) = found {
            at.set(index);
        }
    };
    // The list with the session of the current turn marked.
    let Sessions { firsts, html } = sessions;
    let list = move || {
        let here = firsts.iter().rev().find(|&&f| f <= at.get()).copied();
        match here {
            Some(f) => html.replacen(
                &format!("data-first=\"{f}\""),
                &format!("data-first=\"{f}\" aria-current=\"true\""),
                1,
            ),
            None => html.clone(),
        }
    };
    // A press on a session's button goes to its first turn.
    let pick = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let first = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("[data-first]").ok().flatten())
            .and_then(|e| e.get_attribute("data-first"))
            .and_then(|f| f.parse::<usize>().ok());
        if let Some(first) = first {
            no_day.set(false);
            at.set(first);
        }
    };
    let pretty = |v: &serde_json::Value| serde_json::to_string_pretty(v).unwrap_or_default();
    view! {
        <div class="stepper" data-testid="stepper">
            <nav class="sessions" aria-labelledby="review-sessions-title" data-testid="review-sessions">
                <h3 id="review-sessions-title">{words::REVIEW_SESSIONS}</h3>
                <label class="find-day">{words::REVIEW_FIND_DAY}
                    <input type="date" data-testid="review-day"
                        on:change=move |ev| find_day(event_target_value(&ev)) />
                </label>
                <Show when=move || no_day.get()>
                    <p role="status" data-testid="review-day-none">{words::REVIEW_NO_DAY}</p>
                </Show>
                <ol on:click=pick inner_html=list></ol>
            </nav>
            <div class="steps" role="group" aria-label=words::REVIEW_TITLE>
                <button data-testid="review-prev" disabled=move || at.get() == 0
                    on:click=move |_| at.update(|a| *a = a.saturating_sub(1))>{format!("← {}", words::REVIEW_PREV)}</button>
                <span data-testid="review-position" aria-live="polite">{move || words::turn_of(at.get() + 1, total)}</span>
                <button data-testid="review-next" disabled=move || { at.get() + 1 >= total }
                    on:click=move |_| at.update(|a| *a = (*a + 1).min(total - 1))>{format!("{} →", words::REVIEW_NEXT)}</button>
            </div>
            <dl class="turn" data-testid="review-turn">
                <dt>{words::REVIEW_WHEN}</dt>
                <dd data-testid="review-when" class="when" inner_html=move || turn().when></dd>
                <dt>{words::REVIEW_USER}</dt>
                <dd data-testid="review-message">{move || turn().message}</dd>
                <dt>{words::REVIEW_REPLY}</dt>
                <dd data-testid="review-reply" class="reply">{move || turn().reply}</dd>
                <dd data-testid="review-same" data-same=move || turn().same.to_string()>
                    {move || if turn().same {
                        view! { <span>{words::REVIEW_SAME}</span> }.into_any()
                    } else {
                        view! { <span>{words::REVIEW_DIFFERENT}</span><span class="reply">{turn().stored_reply}</span> }.into_any()
                    }}
                </dd>
                <dt>{words::REVIEW_TOOLS}</dt>
                <dd data-testid="review-tools">{move || {
                    let calls = turn().calls;
                    if calls.is_empty() { words::REVIEW_NO_TOOLS.to_string() } else { calls.iter().map(|c| c["input"]["tool"].as_str().or(c["tool"].as_str()).unwrap_or("?").to_string()).collect::<Vec<_>>().join(", ") }
                }}</dd>
            </dl>
            <figure class="diagram-box" data-testid="review-flow">
                <figcaption>{words::REVIEW_FLOW}</figcaption>
                <Diagram svg=Signal::derive(move || svg(flow_id())) label=words::REVIEW_FLOW testid="review-flow-diagram" />
            </figure>
            <figure class="diagram-box" data-testid="review-hierarchy">
                <figcaption>{words::REVIEW_HIERARCHY}</figcaption>
                <Diagram svg=Signal::derive(move || svg("agents".into())) label=words::REVIEW_HIERARCHY testid="review-hierarchy-diagram" />
            </figure>
            <details>
                <summary>{words::REVIEW_TRACE}</summary>
                <ol data-testid="review-trace">{move || turn().trace.into_iter().map(|s| view! { <li>{s}</li> }).collect_view()}</ol>
            </details>
            <details>
                <summary>{words::REVIEW_STATE}</summary>
                <pre data-testid="review-state">{move || pretty(&turn().state)}</pre>
            </details>
            <span hidden>{move || turn().turn}</span>
        </div>
    }
}
