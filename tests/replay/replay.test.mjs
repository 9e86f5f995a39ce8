// Runs after the end-to-end tiers: every conversation they stored is
// replayed through the core in the Worker (GET …/replay) and must give
// every stored reply and tool call again; the events are written to
// target/replay/conversations.json for the native replay
// (core/examples/replay.rs). CAJA_KEEP_REPLAY=1 also refreshes the
// conversations kept in tests/replay/conversations.json (replayed by
// `cargo test`, natively and in wasm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { operatorGet } from '../lib/api.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DUMP = join(ROOT, 'target', 'replay', 'conversations.json');
const KEPT = join(ROOT, 'tests', 'replay', 'conversations.json');

async function pages(first, field) {
  const out = [];
  let cursor = null;
  for (let page = 0; page < 10_000; page += 1) {
    const sep = first.includes('?') ? '&' : '?';
    const res = await operatorGet(cursor ? `${first}${sep}cursor=${cursor}` : first);
    assert.equal(res.status, 200, `${first}: ${JSON.stringify(res.body)}`);
    out.push(...res.body[field]);
    cursor = res.body.next_cursor;
    if (!cursor) return out;
  }
  throw new Error(`${first}: too many pages`);
}

/** Conversations to keep: the richest in kinds of events and agents, few turns each. */
function keep(all) {
  const score = (c) => new Set(c.events.map((e) => `${e.kind}:${e.agent}`)).size;
  return all
    .filter((c) => c.events.length <= 400)
    .sort((a, b) => score(b) - score(a) || a.id.localeCompare(b.id))
    .slice(0, 60)
    .sort((a, b) => a.id.localeCompare(b.id));
}

test('every stored conversation replays in the Worker to the same replies and tool calls', async () => {
  const list = await pages('/api/operator/conversations?limit=100', 'conversations');
  const dump = [];
  const differences = [];
  let turns = 0;
  for (const conversation of list) {
    const id = encodeURIComponent(conversation.id);
    const replay = await operatorGet(`/api/operator/conversations/${id}/replay`);
    assert.equal(replay.status, 200, conversation.id);
    if (!replay.body.replayable) {
      differences.push(`${conversation.id}: not replayable (${JSON.stringify(replay.body.reason)})`);
      continue;
    }
    turns += replay.body.turns;
    if (replay.body.differences.length || !replay.body.final_state_same) {
      differences.push(`${conversation.id}: ${JSON.stringify(replay.body.differences, null, 1)} final state differs in ${JSON.stringify(replay.body.state_differs)}`);
    }
    const events = await pages(`/api/operator/conversations/${id}/events?limit=2000`, 'events');
    dump.push({ id: conversation.id, events });
  }
  console.log(`worker replay: ${list.length} conversations, ${turns} turns, ${differences.length} different`);
  mkdirSync(dirname(DUMP), { recursive: true });
  writeFileSync(DUMP, JSON.stringify(dump));
  if (process.env.CAJA_KEEP_REPLAY) writeFileSync(KEPT, `${JSON.stringify(keep(dump), null, 0)}\n`);
  assert.deepEqual(differences, []);
  assert.ok(list.length >= 100, `the end-to-end suite stored ${list.length} conversations`);
});
