-- Transfers the remittances agent created: kept so the schedule can say
-- when each arrives (a `transfer_arrived` reminder, once).
CREATE TABLE transfers (
  user_id TEXT NOT NULL,
  id TEXT NOT NULL CHECK (length(id) BETWEEN 1 AND 60),
  recipient TEXT NOT NULL CHECK (length(recipient) BETWEEN 1 AND 120),
  gets_mxn_cents INTEGER NOT NULL CHECK (gets_mxn_cents > 0),
  delivery TEXT NOT NULL CHECK (delivery IN ('BANK', 'CASH')),
  created_at INTEGER NOT NULL,
  arrives_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, id)
);
CREATE INDEX transfers_by_arrival ON transfers (arrives_at);

INSERT OR IGNORE INTO schema_version (version) VALUES (10);
