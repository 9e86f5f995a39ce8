-- This database is now a shard (worker/src/shards.rs): it holds people's
-- own rows. Login links, web sessions and the operator's access log moved
-- to the directory database (worker/directory); web sessions open here
-- end, and people sign in again with /web.
DROP TABLE login_tokens;
DROP TABLE sessions;
DROP TABLE operator_access;

INSERT OR IGNORE INTO schema_version (version) VALUES (13);
