-- A turn stored once (issue 35): one row per turn holds its events
-- (`caja_core::review::TurnRecord`: the message, what was read and set,
-- the tool calls and results, the audit, the reply). The audit record,
-- the conversation's lines, the review and the replay are read from it;
-- the events, messages and audit_records tables are gone. Turn 0 of a
-- thread is the state its first stored turn started from. `at` is the
-- turn's `now` in milliseconds (UTC); `said` is 1 for a turn the person
-- started (the rate limit counts them), 0 for one Caja started.
CREATE TABLE turns (
  thread_id TEXT NOT NULL,
  turn INTEGER NOT NULL CHECK (turn >= 0),
  user_id TEXT NOT NULL REFERENCES users(id),
  at INTEGER NOT NULL,
  said INTEGER NOT NULL CHECK (said IN (0, 1)),
  record TEXT NOT NULL,
  PRIMARY KEY (thread_id, turn)
);
-- The rate limit (a person's turns in the last minute) and retention.
CREATE INDEX turns_by_user ON turns (user_id, said, at);
CREATE INDEX turns_by_age ON turns (at);

-- Every stored event becomes part of its turn's record, in order; each
-- event names its flow (the record has none of its own).
INSERT INTO turns (thread_id, turn, user_id, at, said, record)
SELECT thread_id, turn, user_id,
  CAST(ROUND(unixepoch(at, 'subsec') * 1000) AS INTEGER),
  said, json_object('agent', agent, 'step', step, 'events', json(events))
FROM (
  SELECT thread_id, turn, seq, user_id, at, agent, step,
    MAX(kind = 'user_message' AND json_extract(payload, '$.start') IS NULL)
      OVER (PARTITION BY thread_id, turn) AS said,
    json_group_array(json_array(kind, json(payload), flow)) OVER (
      PARTITION BY thread_id, turn ORDER BY seq
      ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS events
  FROM events
) WHERE seq = 0;

-- An audit record joins the turn of the same thread and instant.
UPDATE turns SET record = json_insert(turns.record, '$.events[#]', json_array('turn_audited', json(a.record)))
FROM audit_records AS a
WHERE a.thread_id = turns.thread_id
  AND CAST(ROUND(unixepoch(a.at, 'subsec') * 1000) AS INTEGER) = turns.at;

DROP TABLE events;
DROP TABLE audit_records;
DROP TABLE messages;

INSERT OR IGNORE INTO schema_version (version) VALUES (12);
