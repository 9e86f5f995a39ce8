// Cobros end to end on D1 (issue 18): the rows through the API, scoped by
// the signed-in user; mark paid writes the cobro and the income together;
// a replayed message writes nothing twice. And the per-user rate limit on
// the test clock: the 31st message of a minute gets a Spanish notice
// (429 JSON on the API, a 200 on Telegram), nothing is processed, other
// users are served, and the user is served again a minute later.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { login, chat, get, webhook, textUpdate, nextChatId, DEFAULT_NOW } from '../lib/api.mjs';

const at = (seconds) => new Date(Date.parse(DEFAULT_NOW) + seconds * 1000).toISOString();

test('cobros: create, list through the API, mark paid with its income, scoped to the user', async () => {
  const ana = await login();
  const other = await login();
  const say = async (text, options) => {
    const reply = await chat(ana, text, options);
    assert.equal(reply.status, 200, text);
    return reply.body.reply;
  };
  assert.match(await say('cóbrale 350 a Juan por la pizza para el viernes'), /Juan no está en tus contactos/);
  assert.match(await say('sí'), /• Concepto: la pizza\n• Fecha límite: 2026-11-27/);
  // The same message delivered twice (same client_msg_id) is one cobro.
  const confirm = await say('sí', { clientMsgId: 'cobro-yes-1' });
  assert.match(confirm, /quedó el cobro COB-0001: Juan te debe \$350\.00 por la pizza/);
  const again = await chat(ana, 'sí', { clientMsgId: 'cobro-yes-1' });
  assert.equal(again.body.reply, confirm);

  const contacts = await get(ana, '/api/contacts');
  assert.equal(contacts.status, 200);
  assert.deepEqual(contacts.body, { contacts: [{ name: 'Juan' }] });
  const requests = await get(ana, '/api/payment-requests');
  assert.equal(requests.status, 200);
  assert.equal(requests.body.pending_count, 1);
  assert.equal(requests.body.pending_total_mxn, 350);
  assert.deepEqual(
    requests.body.requests.map((r) => [r.reference, r.contact_name, r.amount_mxn, r.concept, r.due_date, r.status]),
    [['COB-0001', 'Juan', 350, 'la pizza', '2026-11-27', 'pending']],
  );
  // Another user sees none of it.
  assert.deepEqual((await get(other, '/api/contacts')).body, { contacts: [] });
  assert.equal((await get(other, '/api/payment-requests')).body.pending_count, 0);

  assert.match(await say('Juan ya me pagó'), /Registro un ingreso de \$350\.00 en «otros ingresos» con fecha 2026-11-22/);
  assert.match(await say('sí'), /quedó pagado y registré el ingreso de \$350\.00/);
  const paid = await get(ana, '/api/payment-requests');
  assert.equal(paid.body.pending_count, 0);
  assert.deepEqual(paid.body.closed.map((r) => [r.reference, r.status, r.closed_on]), [['COB-0001', 'paid', '2026-11-22']]);
  const month = await get(ana, '/api/transactions?month=2026-11');
  assert.equal(month.status, 200);
  assert.deepEqual(
    month.body.transactions.map((t) => [t.type, t.amount_mxn_cents, t.category, t.description]),
    [['INCOME', 35000, 'otros_ingresos', 'COB-0001 de Juan (la pizza)']],
  );
  // A reminder for a paid cobro writes nothing and says why.
  assert.match(await say('mándale un recordatorio a Juan'), /no tiene cobros pendientes/);
  assert.equal((await get(other, '/api/transactions?month=2026-11')).body.transactions.length, 0);
});

test('a turn with two cobros calls reads the book from D1 once', async () => {
  const ana = await login();
  const say = async (text) => {
    const reply = await chat(ana, text);
    assert.equal(reply.status, 200, text);
    return reply;
  };
  await say('agrega a Juan a mis contactos');
  await say('sí');
  await say('cóbrale 150 a Juan por los tacos');
  await say('sí');
  // One cobros call (the status): one read of the book.
  const status = await say('¿ya me pagó Juan?');
  assert.match(status.body.reply, /COB-0001: \$150\.00 por los tacos: pendiente/);
  assert.deepEqual(status.body.tool_calls.map((c) => c.input.tool), ['find_any']);
  // Two cobros calls (find the pending one, then queue the reminder): the
  // same round trips, the book is not read again.
  const remind = await say('mándale un recordatorio a Juan');
  assert.match(remind.body.reply, /Hola, Juan\. Te recuerdo el pago de \$150\.00 por los tacos\. ¡Gracias!/);
  assert.deepEqual(remind.body.tool_calls.map((c) => c.input.tool), ['find_pending', 'remind']);
  assert.equal(remind.headers.get('x-caja-round-trips'), status.headers.get('x-caja-round-trips'));
});

test('the contacts and payment-requests endpoints need a session', async () => {
  for (const path of ['/api/contacts', '/api/payment-requests']) {
    const res = await fetch(`${process.env.CAJA_BASE_URL ?? 'http://127.0.0.1:8799'}${path}`);
    assert.equal(res.status, 401, path);
    assert.equal((await res.json()).error, 'unauthorized');
  }
});

test('rate limit: the 31st web message of a minute gets a 429 in Spanish, nothing processed; others served; a minute later served again', async () => {
  const busy = await login();
  const calm = await login();
  for (let i = 0; i < 30; i += 1) {
    const reply = await chat(busy, 'hola', { now: at(i) });
    assert.equal(reply.status, 200, `message ${i + 1}`);
  }
  const limited = await chat(busy, 'gasté 50 en café', { now: at(30), clientMsgId: 'over-limit-1' });
  assert.equal(limited.status, 429);
  assert.equal(limited.body.error, 'rate_limited');
  assert.match(limited.body.message, /me escribiste más de 30 mensajes en un minuto/);
  // The same message again is still refused, never half processed.
  const retry = await chat(busy, 'gasté 50 en café', { now: at(31), clientMsgId: 'over-limit-1' });
  assert.equal(retry.status, 429);
  const calmReply = await chat(calm, 'gasté 80 en tacos', { now: at(31) });
  assert.equal(calmReply.status, 200);
  assert.match(calmReply.body.reply, /\$80\.00/);
  const history = await get(busy, '/api/history', at(31));
  assert.equal(history.status, 200);
  assert.equal(history.body.messages.filter((m) => m.role === 'user').length, 30);
  // A minute after the first messages the user is served again.
  const later = await chat(busy, 'gasté 50 en café', { now: at(61), clientMsgId: 'over-limit-1' });
  assert.equal(later.status, 200);
  assert.match(later.body.reply, /\$50\.00/);
});

test('rate limit on Telegram: always a 200, with a notice instead of a turn', async () => {
  const chatId = nextChatId();
  for (let i = 0; i < 30; i += 1) {
    const res = await webhook(textUpdate(chatId, 'hola'), { now: at(i) });
    assert.equal(res.status, 200);
    assert.equal(res.body.method, 'sendMessage');
  }
  const res = await webhook(textUpdate(chatId, 'gasté 50 en café'), { now: at(30) });
  assert.equal(res.status, 200);
  assert.equal(res.body.method, 'sendMessage');
  assert.equal(res.body.chat_id, chatId);
  assert.match(res.body.text, /me escribiste más de 30 mensajes en un minuto/);
  const later = await webhook(textUpdate(chatId, 'gasté 50 en café'), { now: at(75) });
  assert.equal(later.status, 200);
  assert.match(later.body.text, /\$50\.00/);
});
