-- The events of every turn (caja_core::review), written in the turn's
-- commit batch: what was read, set, asked, confirmed, called and answered,
-- and everything the turn needs to be replayed. Turn 0 of a thread whose
-- first turns predate this table is the state its first stored turn
-- started from (`conversation_started`).
CREATE TABLE events (
  thread_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id),
  turn INTEGER NOT NULL CHECK (turn >= 0),
  seq INTEGER NOT NULL CHECK (seq >= 0),
  at TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  agent TEXT NOT NULL,
  flow TEXT,
  step TEXT,
  payload TEXT NOT NULL,
  PRIMARY KEY (thread_id, turn, seq)
);

-- The review list: a user's conversations, newest activity first.
CREATE INDEX checkpoints_by_activity ON checkpoints (user_id, updated_at, thread_id);

-- Every request to the operator view, allowed or refused: when, what was
-- asked, and whether the secret matched. The operator view only reads.
CREATE TABLE operator_access (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  path TEXT NOT NULL CHECK (length(path) <= 300),
  allowed INTEGER NOT NULL CHECK (allowed IN (0, 1))
);

INSERT OR IGNORE INTO schema_version (version) VALUES (6);
