// The rule for a crash between the Bot API's send and its record (the Bot
// API has no idempotency key): at least once. A Worker killed with
// SIGKILL while Telegram holds the sent reminder leaves its outbox row
// claimed; the next cron run after the lease queues it again, so the
// person gets it twice, never zero times.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WEBHOOK_SECRET, textUpdate, nextChatId } from '../lib/api.mjs';
import { startRecorder } from '../lib/recorder.mjs';
import { spareWorker } from '../lib/worker.mjs';

let recorder;
let worker;
before(async () => {
  recorder = await startRecorder();
  worker = spareWorker(Number(process.env.CAJA_SPARE_PORT ?? 8797));
  await worker.start();
});
after(async () => {
  worker?.stop();
  await recorder.close();
});

async function say(chat, text) {
  const res = await fetch(`${worker.base}/telegram/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': WEBHOOK_SECRET, 'x-caja-now': '2026-11-22T18:00:00.000Z' },
    body: JSON.stringify(textUpdate(chat, text)),
  });
  assert.equal(res.status, 200);
  return (await res.json()).text;
}

async function cron(iso) {
  const res = await fetch(`${worker.base}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${Date.parse(iso)}&format=json`);
  assert.equal((await res.json()).outcome, 'ok');
}

async function outbox(userId) {
  const res = await fetch(`${worker.base}/api/test/reminders?user=${encodeURIComponent(userId)}`);
  return (await res.json()).reminders;
}

test('a Worker killed between the send and its record sends the reminder again after the lease: at least once', async () => {
  const chat = nextChatId();
  for (const text of ['cóbrale 350 a Doña Mari por los tamales para el 27 de noviembre', 'sí', 'sí']) await say(chat, text);
  const sent = () => recorder.calls.filter((c) => c.method === 'sendMessage' && String(c.body?.chat_id) === String(chat));
  recorder.hold(chat);
  await cron('2026-11-26T15:00:00.000Z');
  await recorder.until(() => sent().length === 1, 30_000);
  worker.kill();
  recorder.release(chat);
  await worker.start();
  const [claimed] = await outbox(`tg:${chat}`);
  assert.deepEqual([claimed.kind, claimed.status], ['cobro_tomorrow', 'sending']);
  // Within the lease nothing moves; after it, the reminder goes again.
  await cron('2026-11-26T15:10:00.000Z');
  assert.equal((await outbox(`tg:${chat}`))[0].status, 'sending');
  await cron('2026-11-26T15:15:00.000Z');
  await recorder.until(() => sent().length === 2, 30_000);
  assert.equal(sent()[1].body.text, sent()[0].body.text);
  const deadline = Date.now() + 15_000;
  let rows = await outbox(`tg:${chat}`);
  while (rows[0].status !== 'sent' && Date.now() < deadline) rows = await outbox(`tg:${chat}`);
  assert.deepEqual(rows.map((r) => [r.status, r.attempts]), [['sent', 2]]);
});
