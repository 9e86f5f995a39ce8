// Retention through the scheduled handler on the test clock, on a Worker
// of its own (its D1 holds only this test's people, so moving its clock
// half a year ahead touches nobody else's record).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WEBHOOK_SECRET, textUpdate, nextChatId } from '../lib/api.mjs';
import { spareWorker } from '../lib/worker.mjs';

let worker;
before(async () => {
  worker = spareWorker(Number(process.env.CAJA_RETENTION_PORT ?? 8796));
  await worker.start();
});
after(() => {
  worker?.stop();
});

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2026-01-10T18:00:00.000Z');
const at = (days) => new Date(T0 + days * DAY).toISOString();

async function say(chat, text, now) {
  const res = await fetch(`${worker.base}/telegram/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET, 'x-caja-now': now },
    body: JSON.stringify(textUpdate(chat, text)),
  });
  assert.equal(res.status, 200);
  return (await res.json()).text;
}

async function cron(now) {
  const res = await fetch(`${worker.base}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${Date.parse(now)}&format=json`);
  assert.equal((await res.json()).outcome, 'ok');
}

async function rows(userId) {
  const res = await fetch(`${worker.base}/api/test/rows?user=${encodeURIComponent(userId)}`);
  assert.equal(res.status, 200);
  return res.json();
}

test('a turn\'s record expires when 180 days old, in a quiet or an active conversation; the ledger stays', async () => {
  const quiet = nextChatId();
  const active = nextChatId();
  for (const chat of [quiet, active]) {
    await say(chat, 'gasté 250 en uber', at(0));
    await say(chat, 'sí', at(0));
  }
  // The active one keeps talking.
  await say(active, '¿cuánto gasté este mes?', at(170));
  const before = await rows(`tg:${quiet}`);
  const activeBefore = await rows(`tg:${active}`);
  // Turn 0 (the state the record starts from) and the two turns, stored
  // once each; one exactly-once marker per update.
  assert.equal(before.turns, 3, JSON.stringify(before));
  assert.equal(before.processed_updates, 2, JSON.stringify(before));
  assert.equal(activeBefore.turns, 4, JSON.stringify(activeBefore));

  // 179 days on: nothing has expired but the exactly-once markers (7 days).
  await cron(at(179));
  const early = await rows(`tg:${quiet}`);
  assert.deepEqual({ ...early, processed_updates: before.processed_updates }, before);
  assert.equal(early.processed_updates, 0);

  // 181 days on: every turn older than 180 days goes; what the person has
  // stays, and the active conversation keeps its newer turn.
  await cron(at(181));
  const after = await rows(`tg:${quiet}`);
  assert.equal(after.turns, 0, 'the quiet conversation\'s turns');
  for (const table of ['transactions', 'checkpoints', 'users']) {
    assert.equal(after[table], before[table], `${table} never expires`);
  }
  const kept = await rows(`tg:${active}`);
  assert.equal(kept.turns, 1, 'only the turn of day 170 is younger than 180 days');
  assert.equal(kept.transactions, 1);

  // Writing again goes on from the stored session, which never expires:
  // the new record starts from it (turn 0 again) with the new turn.
  assert.match(await say(quiet, '¿cuánto gasté en enero?', at(182)), /\$250\.00/);
  const again = await rows(`tg:${quiet}`);
  assert.equal(again.turns, 2, JSON.stringify(again));
  assert.equal(again.transactions, 1);
});
