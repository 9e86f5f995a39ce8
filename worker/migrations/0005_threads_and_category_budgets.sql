-- The thread a movement was logged in. In a group, Caja reads only the
-- movements logged in that group's thread of the member, so no row or
-- total from their private chat (or another group) is shown there.
-- Rows from before this column are private (NULL).
ALTER TABLE transactions ADD COLUMN thread_id TEXT;
CREATE INDEX transactions_by_thread ON transactions (user_id, thread_id, seq);


-- Budgets per category, in force from `month` on like the general one; a
-- cap of 0 removes the category's budget from that month.
CREATE TABLE category_budgets (
  user_id TEXT NOT NULL REFERENCES users(id),
  category TEXT NOT NULL CHECK (length(category) BETWEEN 1 AND 60),
  month TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  cap_mxn_cents INTEGER NOT NULL CHECK (cap_mxn_cents >= 0 AND cap_mxn_cents <= 100000000000),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (user_id, category, month)
);

INSERT OR IGNORE INTO schema_version (version) VALUES (5);
