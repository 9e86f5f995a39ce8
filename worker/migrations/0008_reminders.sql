-- Caja speaks first: the outbox of reminders a schedule found due (one row
-- per person, kind, reference and period: the key is what makes it one
-- message however often cron runs or a queue redelivers), each person's
-- reminder settings, and the chats Telegram refused to write to.

CREATE TABLE reminders (
  user_id TEXT NOT NULL REFERENCES users(id),
  kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  ref TEXT NOT NULL CHECK (length(ref) BETWEEN 1 AND 80),
  period TEXT NOT NULL CHECK (length(period) BETWEEN 1 AND 20),
  chat_id TEXT NOT NULL,
  text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  share TEXT CHECK (share IS NULL OR length(share) <= 1000),
  -- queued: waiting for the consumer; sending: claimed by one consumer;
  -- sent; failed (Telegram refused: blocked or never opened); expired
  -- (its day passed before it could go out); dead (out of retries).
  status TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'expired', 'dead')),
  queued_at INTEGER NOT NULL,
  claimed_at INTEGER,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Tickets that found it sent or closed already (redeliveries, overlaps).
  duplicates INTEGER NOT NULL DEFAULT 0,
  sent_at INTEGER,
  error TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, kind, ref, period)
);
CREATE INDEX reminders_open ON reminders (status, queued_at);

CREATE TABLE reminder_settings (
  user_id TEXT PRIMARY KEY REFERENCES users(id),
  cobros INTEGER NOT NULL CHECK (cobros IN (0, 1)),
  debts INTEGER NOT NULL CHECK (debts IN (0, 1)),
  budgets INTEGER NOT NULL CHECK (budgets IN (0, 1)),
  summary INTEGER NOT NULL CHECK (summary IN (0, 1)),
  updated_at TEXT NOT NULL
);

-- Set when Telegram answers 403 to a reminder; cleared when the person
-- writes to Caja in private again.
ALTER TABLE users ADD COLUMN reminders_blocked_at TEXT;

INSERT OR IGNORE INTO schema_version (version) VALUES (8);
