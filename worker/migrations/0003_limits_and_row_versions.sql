-- Row versions and the limits of caja_core::limits.
--
-- Every change of a transaction bumps its version; a correction or delete
-- confirms only while the last live row still has the id and version its
-- prompt showed.
ALTER TABLE transactions ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version > 0);

-- Budget caps and debt amounts get the same upper bound as transactions.
-- Rows above it were never readable as integers (D1 bound them as doubles),
-- so they are not carried over.
CREATE TABLE budgets_v3 (
  user_id TEXT NOT NULL REFERENCES users(id),
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  variable_cap_mxn_cents INTEGER NOT NULL CHECK (variable_cap_mxn_cents > 0 AND variable_cap_mxn_cents <= 100000000000),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, month)
);
INSERT INTO budgets_v3 SELECT user_id, month, variable_cap_mxn_cents, updated_at FROM budgets
  WHERE typeof(variable_cap_mxn_cents) = 'integer' AND variable_cap_mxn_cents <= 100000000000;
DROP TABLE budgets;
ALTER TABLE budgets_v3 RENAME TO budgets;

CREATE TABLE debts_v3 (
  user_id TEXT NOT NULL REFERENCES users(id),
  name_key TEXT NOT NULL,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  balance_mxn_cents INTEGER CHECK (balance_mxn_cents IS NULL OR balance_mxn_cents BETWEEN 0 AND 100000000000),
  minimum_payment_mxn_cents INTEGER CHECK (minimum_payment_mxn_cents IS NULL OR minimum_payment_mxn_cents BETWEEN 0 AND 100000000000),
  due_day INTEGER CHECK (due_day IS NULL OR due_day BETWEEN 1 AND 31),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, name_key)
);
INSERT INTO debts_v3 SELECT user_id, name_key, name, balance_mxn_cents, minimum_payment_mxn_cents, due_day, updated_at FROM debts
  WHERE (balance_mxn_cents IS NULL OR (typeof(balance_mxn_cents) = 'integer' AND balance_mxn_cents <= 100000000000))
    AND (minimum_payment_mxn_cents IS NULL OR (typeof(minimum_payment_mxn_cents) = 'integer' AND minimum_payment_mxn_cents <= 100000000000));
DROP TABLE debts;
ALTER TABLE debts_v3 RENAME TO debts;

-- Exactly-once markers expire (Telegram may reuse update ids after a week).
CREATE INDEX processed_updates_by_age ON processed_updates (created_at);

INSERT OR IGNORE INTO schema_version (version) VALUES (3);
