//! One agent turn, exactly once: load the checkpoint, run the core turn,
//! carry out its tool calls, and commit the tool writes, the checkpoint
//! (version-checked), the turn's record (its events: the one record of a
//! turn) and the dedupe marker in one D1 batch.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::time::Duration;

use caja_core::agent::state::AgentState;
use caja_core::agent::{
    AgentConfig, Press, TurnInput, TurnOutput, TurnStep, resume_turn, start_turn,
};
use caja_core::review;
use caja_core::time::iso_utc;
use serde::Deserialize;
use worker::D1PreparedStatement;

use crate::marker::{find_processed, mark_processed, processed_response};
use crate::store::{Arg, Db, is_conflict, opt_text, rows};
use crate::tools::{
    Ahead, LEDGER_VERSION_SQL, LedgerHead, Rows, ToolRunner, ahead_from, ahead_statements,
    head_from, head_statements,
};

/// How many times a turn is re-run after losing a race.
const MAX_ATTEMPTS: u32 = 3;

/// Makes a host's response from a turn's output and the checkpoint
/// version it commits.
pub type Render<'a> = dyn Fn(&TurnOutput, i64) -> String + 'a;

/// Who is talking and where.
pub struct TurnRequest<'a> {
    pub user_id: &'a str,
    pub thread_id: &'a str,
    /// Written where others read the replies (a Telegram group): see
    /// `TurnInput::shared_chat`; tools see only this thread's movements.
    pub shared_chat: bool,
    pub message: &'a str,
    pub now_ms: i64,
    pub timezone: Option<String>,
    /// A Sí/No button pressed (`TurnInput::press`).
    pub press: Option<Press>,
    /// The directory: an account deleted loses its web sessions there.
    pub directory: &'a Db,
    /// Telegram update id or web client_msg_id, namespaced.
    pub dedupe_key: Option<String>,
    /// Makes the host-specific response.
    pub render: &'a Render<'a>,
    /// What the exactly-once marker keeps of it for a redelivery, when
    /// less than the whole response (`None`: the response).
    pub keep: Option<&'a Render<'a>>,
    /// Statements that must commit with the turn (user upsert).
    pub before: Vec<(String, Vec<String>)>,
    /// A turn the host starts (`TurnInput::start`; `message` is empty):
    /// run only while the session is at rest, never rate limited, and
    /// only its reply joins the history.
    pub start: Option<caja_core::agent::Start>,
}

impl<'a> TurnRequest<'a> {
    /// The movements the turn may read: in a shared chat, this thread's.
    fn rows(&self) -> Rows<'a> {
        Rows {
            user: self.user_id,
            thread: self.shared_chat.then_some(self.thread_id),
        }
    }
}

/// The outcome the host answers with.
pub enum TurnOutcome {
    /// Processed now; the rendered response, the output and the
    /// checkpoint version it committed.
    Done {
        response: String,
        output: Box<TurnOutput>,
        version: i64,
        round_trips: u32,
    },
    /// Already processed before: what the marker kept, and the thread's
    /// checkpoint as it is now.
    Duplicate {
        response: String,
        checkpoint: Option<CheckpointRow>,
        round_trips: u32,
    },
    /// Lost the race too often; nothing written.
    Busy,
    /// A host-started turn found the person in the middle of something
    /// (a prompt, a question, a flow): nothing ran; try later.
    NotAtRest,
    /// The user sent more messages in the last minute than
    /// `caja_core::limits::MAX_MESSAGES_PER_WINDOW`: no turn ran and
    /// nothing was written.
    Limited,
}

/// The number of turns the user started in the rate window before
/// `now_ms` (one result, `n`): read with the checkpoint, and again as a
/// guard of the commit when the turn started from the isolate's cache.
const RECENT_MESSAGES_SQL: &str =
    "SELECT COUNT(*) AS n FROM turns WHERE user_id = ?1 AND said = 1 AND at > ?2";

fn recent_messages(
    db: &Db,
    user_id: &str,
    now_ms: i64,
) -> worker::Result<worker::D1PreparedStatement> {
    db.stmt(
        RECENT_MESSAGES_SQL,
        &[
            Arg::Text(user_id),
            Arg::Int(now_ms - caja_core::limits::RATE_WINDOW_MS),
        ],
    )
}

#[derive(Deserialize)]
struct CountRow {
    n: i64,
}

/// A stored checkpoint row.
#[derive(Deserialize)]
pub struct CheckpointRow {
    pub version: i64,
    pub state: String,
}

thread_local! {
    /// Threads with a turn in progress in this isolate.
    static BUSY_THREADS: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
    /// The last checkpoint this isolate committed per thread. A turn starts
    /// from it without reading D1; the commit's version guard rejects it if
    /// anything changed meanwhile, and the turn is re-run from D1. Only the
    /// thread's own agent state is kept: nothing about the ledger, which
    /// other threads and devices of the same user change.
    static CHECKPOINTS: RefCell<HashMap<String, Cached>> = RefCell::new(HashMap::new());
}

/// Most threads kept in the checkpoint cache of one isolate.
const CACHE_LIMIT: usize = 2_000;

#[derive(Clone)]
struct Cached {
    user_id: String,
    version: i64,
    state: AgentState,
    /// The ledger head the thread's rows had after that commit, when the
    /// turn knew it: a turn that needs it again starts from it, and its
    /// commit is guarded on D1's highest number being still that one
    /// (another device's movement re-runs the turn from D1).
    head: Option<LedgerHead>,
    /// What that commit read ahead for a «sí» to the open prompt.
    ahead: Ahead,
}

fn cached(thread_id: &str, user_id: &str) -> Option<Cached> {
    CHECKPOINTS.with(|c| {
        c.borrow()
            .get(thread_id)
            .filter(|e| e.user_id == user_id)
            .cloned()
    })
}

fn remember(thread_id: &str, entry: Cached) {
    CHECKPOINTS.with(|c| {
        let mut cache = c.borrow_mut();
        if cache.len() >= CACHE_LIMIT && !cache.contains_key(thread_id) {
            cache.clear();
        }
        cache.insert(thread_id.to_string(), entry);
    });
}

fn forget(thread_id: &str) {
    CHECKPOINTS.with(|c| c.borrow_mut().remove(thread_id));
}

/// Where a turn's ledger head comes from.
enum Head {
    /// Read from D1 with the checkpoint.
    Read(LedgerHead),
    /// Kept by this isolate after the thread's last commit.
    Cached(LedgerHead),
    /// Not known: read from D1 when a tool needs it.
    Unknown,
}

impl Head {
    fn known(self) -> Option<LedgerHead> {
        match self {
            Head::Read(head) | Head::Cached(head) => Some(head),
            Head::Unknown => None,
        }
    }
}

/// Longest wait for another turn of the same thread in this isolate; after
/// it the checkpoint version still keeps the turns apart.
const LOCK_WAIT_MS: u64 = 10_000;
const LOCK_POLL_MS: u64 = 2;

/// Holds a thread for one turn; released on drop, also when the request is
/// cancelled.
struct ThreadGuard(Option<String>);

impl Drop for ThreadGuard {
    fn drop(&mut self) {
        if let Some(thread) = self.0.take() {
            BUSY_THREADS.with(|busy| busy.borrow_mut().remove(&thread));
        }
    }
}

/// Waits until no other turn of `thread_id` runs in this isolate. Workers
/// forbid waking one request from another, so waiting polls a timer of the
/// waiting request itself.
async fn hold_thread(thread_id: &str) -> ThreadGuard {
    let mut waited = 0;
    loop {
        let acquired = BUSY_THREADS.with(|busy| busy.borrow_mut().insert(thread_id.to_string()));
        if acquired {
            return ThreadGuard(Some(thread_id.to_string()));
        }
        if waited >= LOCK_WAIT_MS {
            return ThreadGuard(None);
        }
        worker::Delay::from(Duration::from_millis(LOCK_POLL_MS)).await;
        waited += LOCK_POLL_MS;
    }
}

/// Runs a turn. Turns of one thread in this isolate run one at a time;
/// across isolates the checkpoint version decides and the loser re-runs.
pub async fn run(db: &Db, request: &TurnRequest<'_>) -> worker::Result<TurnOutcome> {
    let _guard = hold_thread(request.thread_id).await;
    run_locked(db, request).await
}

async fn run_locked(db: &Db, request: &TurnRequest<'_>) -> worker::Result<TurnOutcome> {
    let config = AgentConfig::default();
    for attempt in 0..MAX_ATTEMPTS {
        let from_cache = if attempt == 0 {
            cached(request.thread_id, request.user_id)
        } else {
            None
        };
        let (version, state, head, ahead) = match from_cache {
            Some(entry) => (
                entry.version,
                entry.state,
                entry.head.map_or(Head::Unknown, Head::Cached),
                entry.ahead,
            ),
            None => match load(db, request).await? {
                Loaded::Duplicate(response, checkpoint) => {
                    return Ok(TurnOutcome::Duplicate {
                        response,
                        checkpoint,
                        round_trips: db.round_trips(),
                    });
                }
                Loaded::Limited => return Ok(TurnOutcome::Limited),
                Loaded::Fresh(fresh) => {
                    let (version, state, head) = *fresh;
                    (version, state, head, Ahead::default())
                }
            },
        };

        if request.start.is_some() && !state.at_rest(request.now_ms, config.question_ttl_ms) {
            return Ok(TurnOutcome::NotAtRest);
        }
        let input = TurnInput {
            message: request.message.to_string(),
            now_ms: request.now_ms,
            timezone: request.timezone.clone(),
            press: request.press.clone(),
            shared_chat: request.shared_chat,
            start: request.start.clone(),
        };
        let now_iso = iso_utc(request.now_ms);
        let from_cache = matches!(head, Head::Cached(_) | Head::Unknown);
        let cached_head = matches!(head, Head::Cached(_));
        let mut runner = ToolRunner::new(
            db,
            request.rows(),
            request.thread_id,
            now_iso.clone(),
            head.known(),
        );
        runner.carry(ahead);
        let before = state.clone();
        let mut step = start_turn(state, input.clone(), &config);
        let output = loop {
            match step {
                TurnStep::Done(output) => break output,
                TurnStep::NeedTools(turn) => {
                    let results = runner.run(turn.calls()).await;
                    step = resume_turn(*turn, results);
                }
            }
        };

        // Round trip 2: everything the turn wrote, all or nothing.
        let new_version = version + 1;
        let response = (request.render)(&output, new_version);
        let kept = request.keep.map(|keep| keep(&output, new_version));
        let turn = Written {
            version,
            from_cache,
            head_guard: (cached_head && runner.head_used)
                .then(|| runner.head_seq())
                .flatten(),
            ledger_guard: runner.carried_used,
            before: &before,
            input: &input,
            output: &output,
            response: kept.as_deref().unwrap_or(&response),
        };
        let mut batch = commit_batch(db, request, &turn, &mut runner.staged)?;
        if !runner.after.is_empty() {
            // An account deleted: its sessions and login links end first,
            // in the directory, so nothing signs in to what goes next.
            revoke_everywhere(request.directory, request.user_id).await?;
        }
        // An account deleted goes last: the turn's own rows go with it.
        // What a «sí» to the prompt this turn left will read, read after
        // the writes (nothing when the account went).
        let needs = if runner.after.is_empty() {
            output.state.next_needs()
        } else {
            Vec::new()
        };
        batch.append(&mut runner.after);
        let head_now = runner.head_now();
        let (mut ahead, plan) =
            ahead_statements(db, request.rows(), needs, head_now.is_some(), batch.len())?;
        batch.append(&mut ahead);
        match db.batch(batch).await {
            Ok(results) => {
                let (head_now, ahead) = ahead_from(plan, &results, head_now);
                remember(
                    request.thread_id,
                    Cached {
                        user_id: request.user_id.to_string(),
                        version: new_version,
                        state: output.state.clone(),
                        head: head_now,
                        ahead,
                    },
                );
                return Ok(TurnOutcome::Done {
                    response,
                    output,
                    version: new_version,
                    round_trips: db.round_trips(),
                });
            }
            Err(error) if is_conflict(&error) => {
                forget(request.thread_id);
                continue;
            }
            Err(error) => {
                forget(request.thread_id);
                return Err(error);
            }
        }
    }
    Ok(TurnOutcome::Busy)
}

/// Ends every web session and login link of `user_id`.
async fn revoke_everywhere(directory: &Db, user_id: &str) -> worker::Result<()> {
    let statements = ["sessions", "login_tokens"]
        .iter()
        .map(|table| {
            directory.stmt(
                &format!("DELETE FROM {table} WHERE user_id = ?1"),
                &[Arg::Text(user_id)],
            )
        })
        .collect::<worker::Result<Vec<_>>>()?;
    directory.batch(statements).await.map(|_| ())
}

/// What a turn wrote, for its commit.
struct Written<'a> {
    /// The checkpoint version the turn started from.
    version: i64,
    /// Started from the isolate's cache: the rate limit was not read.
    from_cache: bool,
    /// The highest transaction number of the cached ledger head the turn
    /// used, which D1 must still have.
    head_guard: Option<i64>,
    /// The ledger version of what the turn took from the last commit's
    /// read-ahead, which D1 must still have.
    ledger_guard: Option<i64>,
    before: &'a AgentState,
    input: &'a TurnInput,
    output: &'a TurnOutput,
    response: &'a str,
}

/// The one batch a turn commits: the version guard (and the rate limit
/// when the turn started from the cache), the host's statements, the
/// tools' changes, what the answer said first, the turn's record, the
/// checkpoint and the dedupe marker.
fn commit_batch(
    db: &Db,
    request: &TurnRequest<'_>,
    turn: &Written<'_>,
    staged: &mut Vec<D1PreparedStatement>,
) -> worker::Result<Vec<D1PreparedStatement>> {
    let Written {
        version,
        from_cache,
        head_guard,
        ledger_guard,
        before,
        input,
        output,
        response,
    } = *turn;
    let now_iso = iso_utc(request.now_ms);
    let mut batch = vec![db.guard(
        "SELECT COALESCE((SELECT version FROM checkpoints WHERE thread_id = ?1), 0)",
        &[Arg::Text(request.thread_id)],
        Arg::Int(version),
    )?];
    if from_cache && request.start.is_none() {
        // Started from the cache, so the limit was not read: the
        // commit fails over the limit and the turn re-runs from D1,
        // where the limit answers.
        batch.push(db.guard(
            &format!(
                "SELECT ({RECENT_MESSAGES_SQL}) < {}",
                caja_core::limits::MAX_MESSAGES_PER_WINDOW
            ),
            &[
                Arg::Text(request.user_id),
                Arg::Int(request.now_ms - caja_core::limits::RATE_WINDOW_MS),
            ],
            Arg::Int(1),
        )?);
    }
    if let Some(max_seq) = head_guard {
        batch.push(db.guard(
            "SELECT COALESCE(MAX(seq), 0) FROM transactions WHERE user_id = ?1",
            &[Arg::Text(request.user_id)],
            Arg::Int(max_seq),
        )?);
    }
    if let Some(ledger_version) = ledger_guard {
        batch.push(db.guard(
            LEDGER_VERSION_SQL,
            &[Arg::Text(request.user_id)],
            Arg::Int(ledger_version),
        )?);
    }
    for (sql, args) in &request.before {
        let args: Vec<Arg> = args.iter().map(|a| Arg::Text(a)).collect();
        batch.push(db.stmt(sql, &args)?);
    }
    batch.append(staged);
    // What the answer already said first is sent: the schedule's outbox
    // holds it, so the same reminder never follows in another message.
    for said in &output.said {
        batch.push(db.stmt(
            "INSERT INTO reminders (user_id, kind, ref, period, chat_id, text, status, queued_at, expires_at, sent_at, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'sent', ?7, ?7, ?7, ?8) ON CONFLICT DO NOTHING",
            &[
                Arg::Text(request.user_id),
                Arg::Text(said.kind.as_str()),
                Arg::Text(&said.reference),
                Arg::Text(&said.period),
                Arg::Text(request.thread_id),
                Arg::Text(&said.text),
                Arg::Int(request.now_ms),
                Arg::Text(&now_iso),
            ],
        )?);
    }
    // Before the checkpoint moves on: a thread's first record names the
    // state it started from, which is still the stored one.
    batch.append(&mut turn_statements(
        db, request, version, before, input, output,
    )?);
    let state_json = output.state.to_json();
    batch.push(db.stmt(
        "INSERT INTO checkpoints (thread_id, user_id, version, state, updated_at) VALUES (?1, ?2, ?3, ?4, ?5) \
         ON CONFLICT (thread_id) DO UPDATE SET version = excluded.version, state = excluded.state, updated_at = excluded.updated_at \
         WHERE checkpoints.user_id = excluded.user_id",
        &[Arg::Text(request.thread_id), Arg::Text(request.user_id), Arg::Int(version + 1), Arg::Text(&state_json), Arg::Text(&now_iso)],
    )?);
    if let Some(key) = &request.dedupe_key {
        batch.append(&mut mark_processed(
            db,
            key,
            request.user_id,
            response,
            request.now_ms,
        )?);
    }
    Ok(batch)
}

/// The turn's record (`caja_core::review::TurnRecord`: its events, the
/// one record of the turn), and before it the state the thread started
/// from when it has no record yet: two statements placed before the
/// checkpoint's upsert. That state is the stored checkpoint (the version
/// guard ran first), so it is read there and not serialized again; only a
/// new thread's fresh state is bound.
fn turn_statements(
    db: &Db,
    request: &TurnRequest<'_>,
    version: i64,
    before: &AgentState,
    input: &TurnInput,
    output: &TurnOutput,
) -> worker::Result<Vec<worker::D1PreparedStatement>> {
    let turn = u64::try_from(version + 1).unwrap_or_default();
    let events = review::of_turn(turn, before, input, output);
    let record = crate::record::pack(&review::TurnRecord::of(&events));
    let fresh = (version == 0).then(|| before.to_json());
    let (flow, step) = review::position(before);
    let said = i64::from(request.start.is_none());
    Ok(vec![
        db.stmt(
            "INSERT INTO turns (thread_id, user_id, turn, at, said, record) \
             SELECT ?1, ?2, ?3, ?4, 0, json_object('agent', ?5, 'flow', ?6, 'step', ?7, 'events', \
             json_array(json_array('conversation_started', json(COALESCE((SELECT state FROM checkpoints WHERE thread_id = ?1), ?8))))) \
             WHERE NOT EXISTS (SELECT 1 FROM turns WHERE thread_id = ?1)",
            &[
                Arg::Text(request.thread_id),
                Arg::Text(request.user_id),
                Arg::Int(version),
                Arg::Int(request.now_ms),
                Arg::Text(review::active_agent(before)),
                opt_text(&flow),
                opt_text(&step),
                opt_text(&fresh),
            ],
        )?,
        db.stmt(
            "INSERT INTO turns (thread_id, user_id, turn, at, said, record) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            &[
                Arg::Text(request.thread_id),
                Arg::Text(request.user_id),
                Arg::Int(version + 1),
                Arg::Int(request.now_ms),
                Arg::Int(said),
                Arg::Bytes(&record),
            ],
        )?,
    ])
}

enum Loaded {
    /// The update was processed before; its stored response and the
    /// thread's checkpoint.
    Duplicate(String, Option<CheckpointRow>),
    /// Checkpoint version, state and the ledger head read with them.
    Fresh(Box<(i64, AgentState, Head)>),
    /// The user is over the rate limit.
    Limited,
}

/// Round trip 1 (skipped when the isolate's cache is current): dedupe
/// marker, checkpoint, ledger head.
async fn load(db: &Db, request: &TurnRequest<'_>) -> worker::Result<Loaded> {
    let dedupe = request.dedupe_key.as_deref().unwrap_or("");
    let mut statements = vec![
        find_processed(db, dedupe, request.now_ms)?,
        db.stmt(
            "SELECT version, state FROM checkpoints WHERE thread_id = ?1 AND user_id = ?2",
            &[Arg::Text(request.thread_id), Arg::Text(request.user_id)],
        )?,
    ];
    statements.append(&mut head_statements(db, request.rows())?);
    statements.push(recent_messages(db, request.user_id, request.now_ms)?);
    let loaded = db.batch(statements).await?;
    let checkpoint = rows::<CheckpointRow>(loaded.get(1))?.into_iter().next();
    if request.dedupe_key.is_some()
        && let Some(response) = processed_response(loaded.first())?
    {
        return Ok(Loaded::Duplicate(response, checkpoint));
    }
    let recent = rows::<CountRow>(loaded.get(4))?.first().map_or(0, |r| r.n);
    if recent >= caja_core::limits::MAX_MESSAGES_PER_WINDOW && request.start.is_none() {
        return Ok(Loaded::Limited);
    }
    let version = checkpoint.as_ref().map(|c| c.version).unwrap_or(0);
    let state = match &checkpoint {
        Some(c) => AgentState::from_json(&c.state).unwrap_or_else(|error| {
            // A corrupt checkpoint is reported and replaced, never fatal.
            worker::console_error!("checkpoint of {} unreadable: {error}", request.thread_id);
            AgentState::new(request.user_id, request.thread_id)
        }),
        None => AgentState::new(request.user_id, request.thread_id),
    };
    let head = head_from(loaded.get(2), loaded.get(3))?;
    Ok(Loaded::Fresh(Box::new((version, state, Head::Read(head)))))
}
