-- Retention (worker/src/retention.rs): the scheduled handler removes, a
-- bounded batch per run, what has expired; these indexes find it by age.
CREATE INDEX events_by_age ON events (at);
CREATE INDEX audit_by_age ON audit_records (at);
CREATE INDEX messages_by_age ON messages (at);
CREATE INDEX reminders_by_age ON reminders (queued_at);
CREATE INDEX login_tokens_by_expiry ON login_tokens (expires_at);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

INSERT OR IGNORE INTO schema_version (version) VALUES (11);
