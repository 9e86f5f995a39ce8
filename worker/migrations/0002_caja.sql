-- Caja's data. Money is INTEGER centavos (MXN); dates are YYYY-MM-DD text;
-- instants are ISO-8601 UTC text. Every row belongs to one user.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  telegram_user_id TEXT UNIQUE,
  display_name TEXT,
  timezone TEXT NOT NULL DEFAULT 'America/Mexico_City',
  created_at TEXT NOT NULL
);

-- seq numbers a user's transactions 1, 2, 3…; rows are never deleted.
CREATE TABLE transactions (
  user_id TEXT NOT NULL REFERENCES users(id),
  seq INTEGER NOT NULL CHECK (seq > 0),
  kind TEXT NOT NULL CHECK (kind IN ('EXPENSE', 'INCOME')),
  amount_mxn_cents INTEGER NOT NULL CHECK (amount_mxn_cents > 0 AND amount_mxn_cents <= 100000000000),
  category_type TEXT NOT NULL CHECK (category_type IN ('INCOME', 'FIXED', 'VARIABLE', 'DEBT', 'DONATION', 'SAVINGS')),
  category TEXT NOT NULL CHECK (length(category) BETWEEN 1 AND 60),
  description TEXT CHECK (description IS NULL OR length(description) <= 200),
  date_iso TEXT NOT NULL CHECK (date_iso GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT,
  PRIMARY KEY (user_id, seq)
);
CREATE INDEX transactions_by_month ON transactions (user_id, deleted_at, date_iso);
CREATE INDEX transactions_by_category ON transactions (user_id, category, date_iso);

-- Every previous version of a corrected or deleted transaction.
CREATE TABLE transaction_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  change TEXT NOT NULL CHECK (change IN ('UPDATE', 'DELETE')),
  previous TEXT NOT NULL,
  changed_at TEXT NOT NULL
);
CREATE INDEX transaction_history_by_tx ON transaction_history (user_id, seq);

CREATE TABLE budgets (
  user_id TEXT NOT NULL REFERENCES users(id),
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  variable_cap_mxn_cents INTEGER NOT NULL CHECK (variable_cap_mxn_cents > 0),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, month)
);

CREATE TABLE debts (
  user_id TEXT NOT NULL REFERENCES users(id),
  name_key TEXT NOT NULL,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  balance_mxn_cents INTEGER CHECK (balance_mxn_cents IS NULL OR balance_mxn_cents >= 0),
  minimum_payment_mxn_cents INTEGER CHECK (minimum_payment_mxn_cents IS NULL OR minimum_payment_mxn_cents >= 0),
  due_day INTEGER CHECK (due_day IS NULL OR due_day BETWEEN 1 AND 31),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, name_key)
);

CREATE TABLE bank_balances (
  user_id TEXT PRIMARY KEY REFERENCES users(id),
  balance_mxn_cents INTEGER NOT NULL CHECK (balance_mxn_cents BETWEEN -100000000000 AND 100000000000),
  updated_at TEXT NOT NULL
);

-- The authoritative agent state of each thread (optimistic versioning).
CREATE TABLE checkpoints (
  thread_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  version INTEGER NOT NULL CHECK (version > 0),
  state TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Exactly-once: Telegram update ids and web client_msg_ids already handled,
-- with the answer given.
CREATE TABLE processed_updates (
  update_key TEXT PRIMARY KEY,
  user_id TEXT,
  response TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  thread_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
  text TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX messages_by_thread ON messages (thread_id, id);

CREATE TABLE audit_records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  thread_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  at TEXT NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX audit_by_thread ON audit_records (thread_id, id);

-- One-time login links (/web) and web sessions; tokens stored as SHA-256.
CREATE TABLE login_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);

INSERT OR IGNORE INTO schema_version (version) VALUES (2);
