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

test('a quiet conversation\'s record expires after 180 days, whole; the ledger and an active one stay', async () => {
  const quiet = nextChatId();
  const active = nextChatId();
  for (const chat of [quiet, active]) {
    await say(chat, 'gasté 250 en uber', at(0));
    await say(chat, 'sí', at(0));
  }
  // The active one keeps talking: its old turns stay with its record.
  await say(active, '¿cuánto gasté este mes?', at(170));
  const before = await rows(`tg:${quiet}`);
  const activeBefore = await rows(`tg:${active}`);
  assert.ok(before.events > 0 && before.audit_records === 2 && before.messages === 4 && before.processed_updates === 2, JSON.stringify(before));

  // 179 days on: nothing has expired but the exactly-once markers (7 days).
  await cron(at(179));
  const early = await rows(`tg:${quiet}`);
  assert.deepEqual({ ...early, processed_updates: before.processed_updates }, before);
  assert.equal(early.processed_updates, 0);

  // 181 days on: the quiet record goes whole; what the person has stays.
  await cron(at(181));
  const after = await rows(`tg:${quiet}`);
  for (const table of ['events', 'audit_records', 'messages', 'processed_updates']) {
    assert.equal(after[table], 0, `${table} of the quiet conversation`);
  }
  for (const table of ['transactions', 'checkpoints', 'users']) {
    assert.equal(after[table], before[table], `${table} never expires`);
  }
  const kept = await rows(`tg:${active}`);
  assert.equal(kept.events, activeBefore.events, 'an active conversation keeps its whole record');
  assert.equal(kept.transactions, 1);
  // Its audit records and messages older than 180 days go one by one.
  assert.equal(kept.audit_records, activeBefore.audit_records - 2);
  assert.equal(kept.messages, activeBefore.messages - 4);

  // Writing again starts a new record from the stored session.
  assert.match(await say(quiet, '¿cuánto gasté en enero?', at(182)), /\$250\.00/);
  const again = await rows(`tg:${quiet}`);
  assert.ok(again.events > 0 && again.messages === 2 && again.transactions === 1, JSON.stringify(again));
});
