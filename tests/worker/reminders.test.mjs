// Caja speaks first: the Cron Trigger's scheduled handler (driven on the
// test clock through Miniflare's /cdn-cgi/local/scheduled), the local
// reminders queue, its consumer and the Bot API recorder, end to end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';
import { webhook, textUpdate, nextChatId } from '../lib/api.mjs';
import { startRecorder } from '../lib/recorder.mjs';

let recorder;
before(async () => {
  recorder = await startRecorder();
});
after(async () => {
  await recorder.close();
});

const CREATED = '2026-11-22T18:00:00.000Z';

/** Runs the scheduled handler as Cron would at `iso` (UTC). */
async function cron(iso) {
  const time = Date.parse(iso);
  const res = await fetch(`${BASE_URL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${time}&format=json`);
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.outcome, 'ok', JSON.stringify(body));
}

async function outbox(userId) {
  const res = await fetch(`${BASE_URL}/api/test/reminders?user=${encodeURIComponent(userId)}`);
  assert.equal(res.status, 200);
  return res.json();
}

/** Waits until `predicate(outbox)` holds: the queue runs on its own. */
async function outboxUntil(userId, predicate, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const box = await outbox(userId);
    if (predicate(box)) return box;
    if (Date.now() > deadline) throw new Error(`outbox never matched: ${JSON.stringify(box)}`);
    // Each read is a round trip to the Worker; the next one asks again.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Say `texts` in a private chat, one update each, at `now`. */
async function say(chat, texts, now = CREATED) {
  const replies = [];
  for (const text of texts) {
    const res = await webhook(textUpdate(chat, text), { now });
    assert.equal(res.status, 200);
    replies.push(res.body.text);
  }
  return replies;
}

/** A person with a cobro to Doña Mari of $350 due on `due`. */
async function withCobro(due) {
  const chat = nextChatId();
  const replies = await say(chat, [`cóbrale 350 a Doña Mari por los tamales para el ${due}`, 'sí', 'sí']);
  assert.match(replies[2], /^Listo, quedó el cobro COB-0001: Doña Mari te debe \$350\.00/);
  return { chat, userId: `tg:${chat}` };
}

const sentTo = (chat) => recorder.calls.filter((c) => c.method === 'sendMessage' && String(c.body?.chat_id) === String(chat));

test('a cobro due tomorrow is reminded once at a human hour, even when two cron runs overlap and a ticket is redelivered', async () => {
  const { chat, userId } = await withCobro('27 de noviembre');
  // 07:45 in Mexico City: nothing yet.
  await cron('2026-11-26T13:45:00.000Z');
  assert.deepEqual((await outbox(userId)).reminders, []);
  // 08:00: two runs at once.
  await Promise.all([cron('2026-11-26T14:00:00.000Z'), cron('2026-11-26T14:00:00.000Z')]);
  await recorder.until(() => sentTo(chat).length === 1);
  const box = await outboxUntil(userId, (b) => b.reminders[0]?.status === 'sent');
  assert.equal(box.reminders.length, 1);
  const [row] = box.reminders;
  assert.deepEqual([row.kind, row.ref, row.period, row.attempts], ['cobro_tomorrow', 'COB-0001', '2026-11-27', 1]);
  const [call] = sentTo(chat);
  assert.equal(call.body.text, 'Recordatorio: mañana, viernes 27 de noviembre, Doña Mari te debe pagar $350.00 por los tamales. Si quieres recordárselo, reenvíale el mensaje de abajo con el botón «Reenviar».');
  const share = new URL(call.body.reply_markup.inline_keyboard[0][0].url);
  assert.equal(call.body.reply_markup.inline_keyboard[0][0].text, 'Reenviar');
  assert.equal(share.searchParams.get('url'), 'Hola, Doña Mari. Te recuerdo que quedó pendiente el pago de $350.00 por los tamales para el viernes 27 de noviembre. ¡Gracias!');
  // A later run the same day, and the queue delivering the ticket again.
  await cron('2026-11-26T18:00:00.000Z');
  await fetch(`${BASE_URL}/api/test/reminders?user=${encodeURIComponent(userId)}`, {
    method: 'POST',
    body: JSON.stringify({ now: Date.parse('2026-11-26T18:00:00.000Z') }),
  });
  const after = await outboxUntil(userId, (b) => b.reminders[0]?.duplicates >= 1);
  assert.equal(after.reminders.length, 1);
  assert.equal(after.reminders[0].status, 'sent');
  assert.equal(sentTo(chat).length, 1);
});

test('an overdue cobro is reminded the day after, then once a week, never at night', async () => {
  const { chat, userId } = await withCobro('23 de noviembre');
  // 23:30 on the 24th in Mexico City: the night waits.
  await cron('2026-11-25T05:30:00.000Z');
  assert.deepEqual((await outbox(userId)).reminders, []);
  // 08:00 on the 25th: overdue since the 24th.
  await cron('2026-11-25T14:00:00.000Z');
  await recorder.until(() => sentTo(chat).length === 1);
  assert.equal(sentTo(chat)[0].body.text, 'Recordatorio: Doña Mari te debe $350.00 por los tamales; venció el lunes 23 de noviembre (desde hace 2 días). Si ya te pagó, dime «Doña Mari ya me pagó». Para recordárselo, reenvíale el mensaje de abajo con el botón «Reenviar».');
  // The rest of that week: nothing new. A week later: once more.
  await cron('2026-11-28T16:00:00.000Z');
  await cron('2026-12-01T16:00:00.000Z');
  await recorder.until(() => sentTo(chat).length === 2);
  const box = await outboxUntil(userId, (b) => b.reminders.every((r) => r.status === 'sent'));
  assert.deepEqual(box.reminders.map((r) => [r.kind, r.period]), [['cobro_overdue', 'w0'], ['cobro_overdue', 'w1']]);
  // Paid: no more reminders.
  await say(chat, ['Doña Mari ya me pagó', 'sí'], '2026-12-01T17:00:00.000Z');
  await cron('2026-12-08T16:00:00.000Z');
  assert.equal((await outbox(userId)).reminders.length, 2);
});

test('Telegram refusing the chat (403) stops reminders until the person writes in private again', async () => {
  const { chat, userId } = await withCobro('27 de noviembre');
  recorder.refuse(chat);
  await cron('2026-11-26T15:00:00.000Z');
  const box = await outboxUntil(userId, (b) => b.reminders[0]?.status === 'failed');
  assert.equal(box.reminders[0].error, 'blocked');
  assert.equal(box.blocked_at, '2026-11-26T15:00:00.000Z');
  // Overdue the day after: nothing is even stored while blocked.
  await cron('2026-11-28T15:00:00.000Z');
  assert.equal((await outbox(userId)).reminders.length, 1);
  recorder.allow(chat);
  await say(chat, ['hola'], '2026-11-28T15:05:00.000Z');
  assert.equal((await outbox(userId)).blocked_at, null);
  await cron('2026-11-28T15:15:00.000Z');
  await outboxUntil(userId, (b) => b.reminders.some((r) => r.kind === 'cobro_overdue' && r.status === 'sent'));
  assert.equal(sentTo(chat).filter((c) => c.answered === undefined).length, 2);
});

test('a 429 waits as long as Telegram says, and a failed send is retried, each sent once', async () => {
  const { chat, userId } = await withCobro('27 de noviembre');
  recorder.fail(chat);
  recorder.limit(chat, 1);
  await cron('2026-11-26T15:00:00.000Z');
  await recorder.until(() => sentTo(chat).length === 3, 30_000);
  const calls = sentTo(chat);
  assert.deepEqual(calls.map((c) => c.answered), [502, 429, undefined]);
  assert.ok(calls[2].at - calls[1].at >= 1000, `retried ${calls[2].at - calls[1].at} ms after a 429 asking for 1 s`);
  const box = await outboxUntil(userId, (b) => b.reminders[0]?.status === 'sent');
  assert.equal(box.reminders[0].attempts, 3);
});

test('a budget crossed at night is said at 08:00, once a month per threshold', async () => {
  const chat = nextChatId();
  const userId = `tg:${chat}`;
  await say(chat, ['mi presupuesto del mes es de 1000', 'sí']);
  // 23:00 on the 25th in Mexico City.
  await say(chat, ['gasté 850 en el súper', 'sí'], '2026-11-26T05:00:00.000Z');
  await cron('2026-11-26T05:15:00.000Z');
  assert.deepEqual((await outbox(userId)).reminders, []);
  await cron('2026-11-26T14:00:00.000Z');
  await recorder.until(() => sentTo(chat).length === 1);
  assert.equal(sentTo(chat)[0].body.text, 'Aviso: llevas $850.00 de tu presupuesto de $1,000.00 para noviembre de 2026 (más del 80 %). Te quedan $150.00.');
  await cron('2026-11-26T16:00:00.000Z');
  await say(chat, ['gasté 200 en gasolina', 'sí'], '2026-11-26T17:00:00.000Z');
  await cron('2026-11-26T17:15:00.000Z');
  await recorder.until(() => sentTo(chat).length === 2);
  assert.match(sentTo(chat)[1].body.text, /^Aviso: ya usaste todo tu presupuesto de noviembre de 2026: llevas \$1,050\.00/);
  const box = await outboxUntil(userId, (b) => b.reminders.length === 2 && b.reminders.every((r) => r.status === 'sent'));
  assert.deepEqual(box.reminders.map((r) => r.kind), ['budget_80', 'budget_100']);
});

test('a category budget crossed in a group is said in private once; one the answer already said is not said again', async () => {
  const chat = nextChatId();
  const userId = `tg:${chat}`;
  const group = -Math.abs(nextChatId());
  await say(chat, ['mi presupuesto de comida es de 2000', 'sí', 'mi presupuesto de transporte es de 1000', 'sí']);
  // In the private chat the answer itself says the 80 % of comida…
  const [, done] = await say(chat, ['gasté 1700 en tacos', 'sí'], '2026-11-26T15:00:00.000Z');
  assert.equal(done, 'Listo, registré el gasto de $1,700.00 en comida (2026-11-26).\n\nAviso: ya usaste el 85 % de tu presupuesto de comida de noviembre de 2026: llevas $1,700.00 de $2,000.00, te quedan $300.00.');
  // …while in a group no reply mentions a budget.
  for (const text of ['@caja_bot gasté 900 de gasolina', '@caja_bot sí']) {
    const res = await webhook(textUpdate(group, text, { userId: chat, chatType: 'supergroup' }), { now: '2026-11-26T15:05:00.000Z' });
    assert.equal(res.status, 200);
    assert.doesNotMatch(res.body.text ?? '', /presupuesto/);
  }
  await cron('2026-11-26T15:15:00.000Z');
  await recorder.until(() => sentTo(chat).length === 1);
  assert.equal(sentTo(chat)[0].body.text, 'Aviso: llevas $900.00 de tu presupuesto de transporte de $1,000.00 para noviembre de 2026 (más del 80 %). Te quedan $100.00.');
  const box = await outboxUntil(userId, (b) => b.reminders.length === 2 && b.reminders.every((r) => r.status === 'sent'));
  assert.deepEqual(
    box.reminders.map((r) => [r.kind, r.ref, r.period, r.attempts]).sort(),
    [['budget_80', 'comida', '2026-11', 0], ['budget_80', 'transporte', '2026-11', 1]],
  );
  await cron('2026-11-26T16:00:00.000Z');
  assert.equal(sentTo(chat).length, 1);
  assert.equal(sentTo(group).length, 0);
});

test('a transfer sent abroad is said once when it arrives, even with every reminder off, and never at night', async () => {
  const chat = nextChatId();
  const userId = `tg:${chat}`;
  await say(chat, ['no me mandes recordatorios', 'sí']);
  // 20:30 in Mexico City: it arrives at 22:30, so it is said at 08:00.
  const replies = await say(chat, ['mándale 200 dólares a mi mamá por banco', 'sí', 'sí'], '2026-11-26T02:30:00.000Z');
  assert.match(replies[2], /^¡Envío exitoso! Referencia (TXN-[\w-]+): María García recibe \$3,490\.00 MXN, llegada estimada 2-4 horas\. Te aviso por Telegram cuando María García reciba el dinero\./);
  const reference = replies[2].match(/Referencia (TXN-[\w-]+)/)[1];
  await cron('2026-11-26T04:15:00.000Z');
  await cron('2026-11-26T05:00:00.000Z');
  assert.deepEqual((await outbox(userId)).reminders, []);
  await cron('2026-11-26T14:00:00.000Z');
  await cron('2026-11-26T14:00:00.000Z');
  await recorder.until(() => sentTo(chat).length === 1);
  assert.equal(sentTo(chat)[0].body.text, `Tu envío llegó: María García recibió $3,490.00 MXN y ya lo tiene en su cuenta. Referencia ${reference}.`);
  const box = await outboxUntil(userId, (b) => b.reminders[0]?.status === 'sent');
  assert.deepEqual(box.reminders.map((r) => [r.kind, r.ref, r.period]), [['transfer_arrived', reference, 'arrived']]);
  await cron('2026-11-26T15:00:00.000Z');
  assert.equal(sentTo(chat).length, 1);
});

test('what the person turns off in the chat is never sent; what they keep is', async () => {
  const chat = nextChatId();
  const userId = `tg:${chat}`;
  await say(chat, ['mi presupuesto del mes es de 1000', 'sí', 'gasté 900 en el súper', 'sí']);
  await say(chat, ['cóbrale 350 a Doña Mari por los tamales para el 27 de noviembre', 'sí', 'sí']);
  const replies = await say(chat, ['ya no me mandes los avisos del presupuesto', 'sí', '¿qué recordatorios tengo?']);
  assert.equal(replies[0], 'Así quedarían tus recordatorios:\n• Cobros (el día antes de la fecha límite y cuando se vencen): sí\n• Pagos de tus deudas (el día antes): sí\n• Presupuestos, el del mes y los de cada categoría (al 80 % y al 100 %): no\n• Resumen semanal (domingo en la tarde): no\n¿Lo guardo?');
  assert.match(replies[1], /^Listo, guardé tus recordatorios:/);
  assert.match(replies[2], /• Presupuestos, el del mes y los de cada categoría \(al 80 % y al 100 %\): no\n/);
  await cron('2026-11-26T15:00:00.000Z');
  await recorder.until(() => sentTo(chat).length === 1);
  const box = await outboxUntil(userId, (b) => b.reminders.length === 1 && b.reminders[0].status === 'sent');
  assert.deepEqual(box.reminders.map((r) => r.kind), ['cobro_tomorrow']);
  // Everything off: nothing at all the next day.
  await say(chat, ['no me mandes recordatorios', 'sí'], '2026-11-27T15:00:00.000Z');
  await cron('2026-11-28T15:00:00.000Z');
  assert.equal((await outbox(userId)).reminders.length, 1);
});

test("a debt's payment day is reminded the day before, with its numbers from the ledger", async () => {
  const chat = nextChatId();
  const userId = `tg:${chat}`;
  await say(chat, ['tengo una deuda con Coppel de 5,000, mínimo 500 el día 15', 'sí']);
  // Sunday the 13th of December at 21:00: not yet the day before.
  await cron('2026-12-14T03:00:00.000Z');
  assert.deepEqual((await outbox(userId)).reminders, []);
  await cron('2026-12-14T15:00:00.000Z');
  await recorder.until(() => sentTo(chat).length === 1);
  assert.equal(sentTo(chat)[0].body.text, 'Recordatorio: mañana, martes 15 de diciembre, toca el pago de Coppel. El pago mínimo es de $500.00. Saldo registrado: $5,000.00. Cuando pagues, dime cuánto y lo registro.');
  const box = await outboxUntil(userId, (b) => b.reminders[0]?.status === 'sent');
  assert.deepEqual(box.reminders.map((r) => [r.kind, r.ref, r.period]), [['debt_due', 'coppel', '2026-12-15']]);
});

test('the weekly summary goes on Sunday evening only to whoever asked for it, with the week the ledger holds', async () => {
  const asked = nextChatId();
  const silent = nextChatId();
  await say(asked, ['mándame el resumen los domingos', 'sí']);
  await say(asked, ['gasté 250 en uber', 'sí', 'me pagaron 1,200 de un trabajo', 'sí'], '2026-11-24T18:00:00.000Z');
  await say(silent, ['gasté 100 en tacos', 'sí'], '2026-11-24T18:00:00.000Z');
  // Sunday 17:45 in Mexico City: not yet.
  await cron('2026-11-29T23:45:00.000Z');
  assert.deepEqual((await outbox(`tg:${asked}`)).reminders, []);
  await cron('2026-11-30T00:00:00.000Z');
  await recorder.until(() => sentTo(asked).length === 1);
  assert.equal(sentTo(asked)[0].body.text, 'Tu resumen de la semana (del lunes 23 de noviembre al domingo 29 de noviembre): gastos $250.00, ingresos $1,200.00, 2 movimientos. Para ver el detalle, pregúntame «¿en qué gasté esta semana?».');
  await outboxUntil(`tg:${asked}`, (b) => b.reminders[0]?.status === 'sent');
  assert.deepEqual((await outbox(`tg:${silent}`)).reminders, []);
  assert.equal(sentTo(silent).length, 0);
});
