-- The directory (worker/src/shards.rs): what routes a request before the
-- person is known. Each person's own rows live in their shard
-- (worker/migrations); the directory names people only by user id.
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY);

-- One-time login links (/web) and web sessions; tokens stored as SHA-256.
CREATE TABLE login_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX login_tokens_by_user ON login_tokens (user_id);
CREATE INDEX login_tokens_by_expiry ON login_tokens (expires_at);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- Every request to the operator view, allowed or refused: when, what was
-- asked, and whether the secret matched. The operator view only reads.
CREATE TABLE operator_access (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  path TEXT NOT NULL CHECK (length(path) <= 300),
  allowed INTEGER NOT NULL CHECK (allowed IN (0, 1))
);

INSERT OR IGNORE INTO schema_version (version) VALUES (1);
