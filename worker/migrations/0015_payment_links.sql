-- What a movement paid: `debt:<key>` for a payment to one of the person's
-- debts, `cobro:<number>` for a payment toward a cobro. Correcting or
-- deleting the movement changes that debt or cobro by the difference
-- (core/src/tools/links.rs), so the two never disagree. Movements stored
-- before this have no link and change only themselves.
ALTER TABLE transactions ADD COLUMN pays TEXT CHECK (pays IS NULL OR length(pays) BETWEEN 7 AND 80);

INSERT OR IGNORE INTO schema_version (version) VALUES (15);
