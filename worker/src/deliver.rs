//! The queue consumer: sends each reminder the schedule queued, once.
//!
//! A ticket first claims its outbox row (`queued` → `sending`, one
//! conditional update): a redelivered or duplicated ticket finds nothing
//! to claim and is acknowledged without a send. Then the Bot API:
//! accepted → `sent` (and the message joins the person's private chat
//! history); 429 → back to `queued`, retried after Telegram's
//! `retry_after`; 403 → `failed`, and the person's reminders stop until
//! they write to Caja in private again; any other failure → back to
//! `queued` and retried, and after the queue's last retry the ticket goes
//! to the dead-letter queue, whose consumer marks the row `dead`.
//! Past its `expires_at` (its words name a day), a reminder is `expired`,
//! never sent late.

use caja_core::agent::text::host;
use caja_core::reminders::{self, Kind};
use caja_core::time::iso_utc;
use serde::Deserialize;
use serde_json::{Value, json};
use worker::{Env, Message, MessageBatch, MessageExt, QueueRetryOptionsBuilder};

use crate::schedule::Ticket;
use crate::shards;
use crate::store::{Arg, Db};
use crate::telegram::{BotAnswer, Proposal, bot_send, propose, share_link};

/// The dead-letter queue's name (as `wrangler.toml` names it).
pub const DEAD_LETTERS: &str = "caja-reminders-dlq";
/// Wait before retrying a send that failed without Telegram saying how
/// long: 2 s after the first attempt, four times longer after each next
/// one, at most 10 minutes.
fn backoff(attempts: i64) -> u32 {
    let exponent = u32::try_from(attempts.clamp(1, 6) - 1).unwrap_or(0);
    (2 * 4u32.pow(exponent)).min(600)
}

#[derive(Deserialize)]
struct Claimed {
    chat_id: String,
    attempts: i64,
    text: String,
    share: Option<String>,
    expires_at: i64,
}

/// Handles one batch of tickets, one at a time.
pub async fn handle(batch: MessageBatch<Ticket>, env: &Env) -> worker::Result<()> {
    let directory = shards::directory(env)?;
    let dead = batch.queue() == DEAD_LETTERS;
    for message in batch.messages()? {
        // The ticket's person's shard holds its outbox row.
        let db = shards::for_user(env, &message.body().user_id)?;
        let outcome = if dead {
            let closed = close(&db, message.body(), "dead", Some("out of retries")).await;
            if closed.is_ok() {
                message.ack();
            }
            closed
        } else {
            deliver(env, &directory, &db, &message).await
        };
        if let Err(error) = outcome {
            worker::console_error!("reminder {}: {error}", message.body().kind);
            message.retry();
        }
    }
    Ok(())
}

fn key_args(t: &Ticket) -> [Arg<'_>; 4] {
    [
        Arg::Text(&t.user_id),
        Arg::Text(&t.kind),
        Arg::Text(&t.reference),
        Arg::Text(&t.period),
    ]
}

const WHERE_KEY: &str = "user_id = ?1 AND kind = ?2 AND ref = ?3 AND period = ?4";

async fn deliver(
    env: &Env,
    directory: &Db,
    db: &Db,
    message: &Message<Ticket>,
) -> worker::Result<()> {
    let ticket = message.body();
    let mut args = key_args(ticket).to_vec();
    args.push(Arg::Int(ticket.now));
    let claimed = db
        .first::<Claimed>(db.stmt(
            &format!("UPDATE reminders SET status = 'sending', claimed_at = ?5, attempts = attempts + 1 \
             WHERE {WHERE_KEY} AND status = 'queued' RETURNING chat_id, attempts, text, share, expires_at"),
            &args,
        )?)
        .await?;
    let Some(claimed) = claimed else {
        // Sent, being sent, or closed already: a duplicate ticket, counted.
        db.run(db.stmt(
            &format!("UPDATE reminders SET duplicates = duplicates + 1 WHERE {WHERE_KEY}"),
            &key_args(ticket),
        )?)
        .await?;
        message.ack();
        return Ok(());
    };
    if claimed.expires_at <= ticket.now {
        close(db, ticket, "expired", None).await?;
        message.ack();
        return Ok(());
    }
    let start = Kind::parse(&ticket.kind)
        .and_then(|kind| reminders::start(kind, &ticket.reference, &ticket.period));
    let body = match start {
        // A turn Caja starts: its prompt, with Sí/No.
        Some(start) => match started(directory, db, ticket, &claimed, start).await? {
            Some(body) => body,
            None => {
                message.ack();
                return Ok(());
            }
        },
        None => plain(&claimed),
    };
    let answer = bot_send(env, "sendMessage", &body).await;
    match answer {
        BotAnswer::Accepted => {
            sent(db, ticket).await?;
            message.ack();
        }
        BotAnswer::Refused => {
            refused(db, ticket).await?;
            message.ack();
        }
        BotAnswer::RetryAfter(seconds) => {
            requeue(db, ticket).await?;
            let options = QueueRetryOptionsBuilder::new()
                .with_delay_seconds(seconds)
                .build();
            message.retry_with_options(&options);
        }
        BotAnswer::Failed(400) => {
            close(db, ticket, "failed", Some("bad request")).await?;
            message.ack();
        }
        BotAnswer::Failed(_) => {
            requeue(db, ticket).await?;
            let options = QueueRetryOptionsBuilder::new()
                .with_delay_seconds(backoff(claimed.attempts))
                .build();
            message.retry_with_options(&options);
        }
    }
    Ok(())
}

/// A reminder's own text, with the share button of its forward text.
fn plain(claimed: &Claimed) -> Value {
    // A Telegram chat id is a number; the outbox keeps it as text.
    let chat = claimed
        .chat_id
        .parse::<i64>()
        .map_or_else(|_| json!(claimed.chat_id), |id| json!(id));
    let mut body = json!({ "chat_id": chat, "text": claimed.text });
    if let Some(link) = claimed.share.as_deref().and_then(share_link) {
        body["reply_markup"] =
            json!({ "inline_keyboard": [[{ "text": host::SHARE, "url": link }]] });
    }
    body
}

/// The turn a reminder starts (`reminders::start`), run once per outbox
/// key; its message, or `None` when the ticket is settled without a
/// send: the person is in the middle of something (the row waits as
/// `queued` for the schedule's next sweep, until its day ends), or there
/// is nothing to ask any more (closed).
async fn started(
    directory: &Db,
    db: &Db,
    ticket: &Ticket,
    claimed: &Claimed,
    start: caja_core::agent::Start,
) -> worker::Result<Option<Value>> {
    let Ok(chat) = claimed.chat_id.parse::<i64>() else {
        close(db, ticket, "failed", Some("bad chat")).await?;
        return Ok(None);
    };
    let key = format!(
        "rem:{}:{}:{}:{}",
        ticket.user_id, ticket.kind, ticket.reference, ticket.period
    );
    let proposal = propose(
        directory,
        db,
        &ticket.user_id,
        chat,
        start,
        &key,
        ticket.now,
    );
    match proposal.await? {
        Proposal::Send(body) => Ok(Some(body)),
        Proposal::Wait => {
            let mut args = key_args(ticket).to_vec();
            args.push(Arg::Int(ticket.now));
            db.run(db.stmt(
                &format!("UPDATE reminders SET status = 'queued', claimed_at = NULL, queued_at = ?5 WHERE {WHERE_KEY} AND status = 'sending'"),
                &args,
            )?)
            .await?;
            Ok(None)
        }
        Proposal::Nothing => {
            close(db, ticket, "expired", Some("nothing to propose")).await?;
            Ok(None)
        }
    }
}

/// Recorded as sent: the outbox row is the record of what a reminder said
/// (the export reads it there; a started turn stored its reply itself).
async fn sent(db: &Db, ticket: &Ticket) -> worker::Result<()> {
    let mut args = key_args(ticket).to_vec();
    args.push(Arg::Int(ticket.now));
    db.run(db.stmt(
        &format!("UPDATE reminders SET status = 'sent', sent_at = ?5, error = NULL WHERE {WHERE_KEY} AND status = 'sending'"),
        &args,
    )?)
    .await
}

/// Telegram will not let Caja write to this person: the reminder fails
/// and their reminders stop until they write in private again.
async fn refused(db: &Db, ticket: &Ticket) -> worker::Result<()> {
    let at = iso_utc(ticket.now);
    db.batch(vec![
        db.stmt(
            &format!("UPDATE reminders SET status = 'failed', error = 'blocked' WHERE {WHERE_KEY} AND status = 'sending'"),
            &key_args(ticket),
        )?,
        db.stmt(
            "UPDATE users SET reminders_blocked_at = ?2 WHERE id = ?1",
            &[Arg::Text(&ticket.user_id), Arg::Text(&at)],
        )?,
    ])
    .await?;
    Ok(())
}

/// Back to `queued`, for the retry to claim again.
async fn requeue(db: &Db, ticket: &Ticket) -> worker::Result<()> {
    db.run(db.stmt(
        &format!("UPDATE reminders SET status = 'queued', claimed_at = NULL WHERE {WHERE_KEY} AND status = 'sending'"),
        &key_args(ticket),
    )?)
    .await
}

/// Closed without a send: `expired`, `failed` or `dead`.
async fn close(db: &Db, ticket: &Ticket, status: &str, error: Option<&str>) -> worker::Result<()> {
    let mut args = key_args(ticket).to_vec();
    args.push(Arg::Text(status));
    args.push(error.map(Arg::Text).unwrap_or(Arg::Null));
    db.run(db.stmt(
        &format!("UPDATE reminders SET status = ?5, error = ?6 WHERE {WHERE_KEY} AND status IN ('queued', 'sending')"),
        &args,
    )?)
    .await
}
