-- Recurring movements ("la renta es de 8,500 cada día 1"): stored after a
-- «sí»; on their day the schedule proposes each (a `recurring_due`
-- reminder) and the movement is written only after another «sí».
CREATE TABLE recurring_items (
  user_id TEXT NOT NULL,
  id INTEGER NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  kind TEXT NOT NULL CHECK (kind IN ('EXPENSE', 'INCOME')),
  amount_mxn_cents INTEGER NOT NULL CHECK (amount_mxn_cents > 0),
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  -- "1", "15,last": the days of the month it falls on.
  days TEXT NOT NULL,
  -- The last day its movement was recorded.
  recorded_on TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, id)
);
