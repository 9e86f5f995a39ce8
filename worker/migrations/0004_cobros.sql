-- Cobros (seed 002): the people a user asks money of, the payment
-- requests and the reminders queued for the user to forward. Same rules
-- as the ledger: money is INTEGER centavos with the limits of
-- caja_core::limits, every row belongs to one user, requests carry a
-- version every change bumps, and rows are written only in a turn's
-- guarded commit batch (caja_core::tools::cobros decides every change).

CREATE TABLE contacts (
  user_id TEXT NOT NULL REFERENCES users(id),
  name_key TEXT NOT NULL CHECK (length(name_key) BETWEEN 1 AND 60),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, name_key)
);

-- seq numbers a user's requests 1, 2, 3…; the reference is COB-{seq}.
CREATE TABLE payment_requests (
  user_id TEXT NOT NULL REFERENCES users(id),
  seq INTEGER NOT NULL CHECK (seq > 0),
  version INTEGER NOT NULL DEFAULT 1 CHECK (version > 0),
  contact_key TEXT NOT NULL,
  contact_name TEXT NOT NULL CHECK (length(contact_name) BETWEEN 1 AND 60),
  amount_mxn_cents INTEGER NOT NULL CHECK (amount_mxn_cents > 0 AND amount_mxn_cents <= 100000000000),
  concept TEXT CHECK (concept IS NULL OR length(concept) <= 120),
  due_date TEXT CHECK (due_date IS NULL OR due_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled')),
  created_on TEXT NOT NULL CHECK (created_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  closed_on TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, seq),
  FOREIGN KEY (user_id, contact_key) REFERENCES contacts(user_id, name_key)
);

-- Reminders Caja prepared for the user to forward; Caja never sends them.
CREATE TABLE queued_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users(id),
  request_seq INTEGER NOT NULL,
  contact_name TEXT NOT NULL,
  text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 1000),
  queued_on TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX queued_messages_by_user ON queued_messages (user_id, id);

-- The per-user rate limit counts a user's messages of the last minute.
CREATE INDEX messages_by_user_role_time ON messages (user_id, role, at);

INSERT OR IGNORE INTO schema_version (version) VALUES (4);
