-- A cobro paid in parts: what was paid toward it so far. The rest is what
-- is still owed; the cobro is paid when nothing is.
ALTER TABLE payment_requests
  ADD COLUMN paid_mxn_cents INTEGER NOT NULL DEFAULT 0 CHECK (paid_mxn_cents >= 0);

INSERT OR IGNORE INTO schema_version (version) VALUES (7);
