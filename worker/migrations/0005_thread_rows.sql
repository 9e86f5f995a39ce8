-- The thread a movement was logged in. In a group, Caja reads only the
-- movements logged in that group's thread of the member, so no row or
-- total from their private chat (or another group) is shown there.
-- Rows from before this column are private (NULL).
ALTER TABLE transactions ADD COLUMN thread_id TEXT;
CREATE INDEX transactions_by_thread ON transactions (user_id, thread_id, seq);

INSERT OR IGNORE INTO schema_version (version) VALUES (5);
