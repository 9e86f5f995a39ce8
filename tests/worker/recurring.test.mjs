// Recurring movements end to end: stored after a «sí» in a Telegram
// chat; on their day the scheduled handler (driven on the test clock)
// queues a proposal, the queue consumer starts the proposal's turn in the
// private chat and sends it with Sí/No through the Bot API recorder; the
// movement is written only on «sí», with that day's date, once, and only
// while the person is not in the middle of something else.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';
import { webhook, textUpdate, nextChatId, nextUpdateId, get } from '../lib/api.mjs';
import { startRecorder } from '../lib/recorder.mjs';

let recorder;
before(async () => {
  recorder = await startRecorder();
});
after(async () => {
  await recorder.close();
});

async function cron(iso) {
  const res = await fetch(`${BASE_URL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${Date.parse(iso)}&format=json`);
  assert.equal(res.status, 200);
  assert.equal((await res.json()).outcome, 'ok');
}

async function outbox(userId) {
  const res = await fetch(`${BASE_URL}/api/test/reminders?user=${encodeURIComponent(userId)}`);
  assert.equal(res.status, 200);
  return res.json();
}

async function outboxUntil(userId, predicate, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const box = await outbox(userId);
    if (predicate(box)) return box;
    if (Date.now() > deadline) throw new Error(`outbox never matched: ${JSON.stringify(box)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function say(chat, text, now) {
  const res = await webhook(textUpdate(chat, text), { now });
  assert.equal(res.status, 200);
  return res.body.text;
}

async function press(chat, data, now) {
  const updateId = nextUpdateId();
  const res = await webhook({
    update_id: updateId,
    callback_query: {
      id: `cb-${updateId}`,
      from: { id: chat, is_bot: false, first_name: 'Ana' },
      message: { message_id: 70, date: 1795370400, chat: { id: chat, type: 'private' }, text: 'x' },
      data,
    },
  }, { now });
  assert.equal(res.status, 200);
  return res.body;
}

/** A web session of the Telegram user, to read the ledger through the API. */
async function webSession(chat, now) {
  const res = await webhook(textUpdate(chat, '/web'), { now });
  const token = /\/\?login=([0-9a-f]{64})/.exec(String(res.body?.text ?? ''))?.[1];
  assert.ok(token, JSON.stringify(res.body));
  const login = await fetch(`${BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caja-now': now },
    body: JSON.stringify({ token }),
  });
  assert.equal(login.status, 200);
  return { token: (await login.json()).session_token };
}

const sentTo = (chat) => recorder.calls.filter((c) => c.method === 'sendMessage' && String(c.body?.chat_id) === String(chat));
const PROPOSAL = 'Hoy, martes 1 de diciembre, toca tu pago fijo: Renta, $8,500.00 (gasto). ¿Lo registro con fecha de hoy?';

test('a recurring movement is proposed on its day, after the person is free, and written only on «sí», once', async () => {
  const chat = nextChatId();
  const userId = `tg:${chat}`;
  assert.equal(
    await say(chat, 'la renta es de 8,500 cada día 1', '2026-11-26T18:00:00.000Z'),
    'Así quedaría tu pago fijo:\n• Renta: $8,500.00 de gasto, cada día 1 (renta)\nEl día que toque te lo propongo por Telegram y solo lo registro si me dices «sí». ¿Lo guardo?',
  );
  assert.equal(
    await say(chat, 'sí', '2026-11-26T18:01:00.000Z'),
    'Listo, guardé tu pago fijo Renta: $8,500.00 de gasto, cada día 1. Te lo propongo por Telegram el martes 1 de diciembre para registrarlo; solo lo anoto si me dices «sí».',
  );
  const session = await webSession(chat, '2026-11-26T18:02:00.000Z');
  const december = async () => (await get(session, '/api/transactions?month=2026-12', '2026-12-01T20:00:00.000Z')).body.transactions
    .map((t) => [t.type, t.amount_mxn_cents, t.category, t.description, t.date_iso]);

  // The day before and at 07:45 on the day: nothing.
  await cron('2026-11-30T18:00:00.000Z');
  await cron('2026-12-01T13:45:00.000Z');
  assert.deepEqual((await outbox(userId)).reminders, []);

  // 07:59: the person starts logging something; at 08:00 the proposal
  // waits instead of taking the place of their prompt.
  assert.match(await say(chat, 'gasté 250 en uber', '2026-12-01T13:59:00.000Z'), /¿Registro este movimiento\?/);
  await cron('2026-12-01T14:00:00.000Z');
  const waiting = await outboxUntil(userId, (b) => b.reminders[0]?.attempts === 1 && b.reminders[0]?.status === 'queued');
  assert.deepEqual(waiting.reminders.map((r) => [r.kind, r.ref, r.period]), [['recurring_due', '1', '2026-12-01']]);
  assert.equal(sentTo(chat).length, 0);
  assert.match(await say(chat, 'sí', '2026-12-01T14:01:00.000Z'), /^Listo, registré/);

  // The next sweep after the lease: proposed, with Sí/No; nothing written yet.
  await cron('2026-12-01T14:30:00.000Z');
  await recorder.until(() => sentTo(chat).length === 1);
  const [proposal] = sentTo(chat);
  assert.equal(proposal.body.text, PROPOSAL);
  const [yes, no] = proposal.body.reply_markup.inline_keyboard[0];
  assert.deepEqual([yes.text, no.text], ['Sí', 'No']);
  await outboxUntil(userId, (b) => b.reminders[0]?.status === 'sent');
  assert.deepEqual(await december(), [['EXPENSE', 25000, 'transporte', 'uber', '2026-12-01']]);

  // «Sí» by its button: written with that day's date.
  const answer = await press(chat, yes.callback_data, '2026-12-01T14:32:00.000Z');
  assert.equal(answer.method, 'answerCallbackQuery');
  await recorder.until(() => sentTo(chat).length === 2);
  assert.equal(sentTo(chat)[1].body.text, 'Listo, registré Renta como gasto de $8,500.00, con fecha del martes 1 de diciembre.');
  const written = [['EXPENSE', 850000, 'renta', 'Renta', '2026-12-01'], ['EXPENSE', 25000, 'transporte', 'uber', '2026-12-01']];
  assert.deepEqual(await december(), written);

  // The same button again, a later run the same day: nothing more.
  await press(chat, yes.callback_data, '2026-12-01T14:40:00.000Z');
  await cron('2026-12-01T18:00:00.000Z');
  assert.equal((await outbox(userId)).reminders.length, 1);
  assert.deepEqual(await december(), written);
});

test('a proposal answered «no» writes nothing, and one never answered is not written', async () => {
  const chat = nextChatId();
  const userId = `tg:${chat}`;
  await say(chat, 'netflix 219 cada mes el 12', '2026-11-26T18:00:00.000Z');
  await say(chat, 'sí', '2026-11-26T18:01:00.000Z');
  await cron('2026-12-12T15:00:00.000Z');
  await recorder.until(() => sentTo(chat).length === 1);
  assert.equal(sentTo(chat)[0].body.text, 'Hoy, sábado 12 de diciembre, toca tu pago fijo: Netflix, $219.00 (gasto). ¿Lo registro con fecha de hoy?');
  assert.equal(await say(chat, 'no', '2026-12-12T15:05:00.000Z'), 'Entendido, no lo hice: no cambié nada.');
  await cron('2027-01-12T15:00:00.000Z');
  await recorder.until(() => sentTo(chat).length === 2);
  await outboxUntil(userId, (b) => b.reminders.length === 2 && b.reminders.every((r) => r.status === 'sent'));
  const session = await webSession(chat, '2027-01-13T15:00:00.000Z');
  for (const month of ['2026-12', '2027-01']) {
    const res = await get(session, `/api/transactions?month=${month}`, '2027-01-13T15:00:00.000Z');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.transactions, []);
  }
});
