// Exactly-once and isolation: retries, concurrency, other users, bad tokens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';
import { DEFAULT_NOW, chat, get, login, webhook, textUpdate, nextChatId, nextUpdateId, uniqueName } from '../lib/api.mjs';

async function confirmViaWebhook(chatId, text) {
  await webhook(textUpdate(chatId, text));
  return webhook(textUpdate(chatId, 'sí'));
}


/** The web session of a Telegram user, signed in with the link `/web` gives. */
async function webSessionOf(chatId) {
  const link = await webhook(textUpdate(chatId, '/web'));
  const token = /\/\?login=([0-9a-f]{64})/.exec(String(link.body?.text ?? ''))?.[1];
  assert.ok(token, JSON.stringify(link.body));
  const login = await fetch(`${BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caja-now': DEFAULT_NOW },
    body: JSON.stringify({ token }),
  });
  assert.equal(login.status, 200);
  return { token: (await login.json()).session_token };
}

test('the same update delivered 20 times writes once', async () => {
  const chatId = nextChatId();
  await webhook(textUpdate(chatId, 'gasté 99 en uber'));
  const yes = textUpdate(chatId, 'sí', { updateId: nextUpdateId() });
  const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(yes)));
  for (const a of answers) assert.equal(a.status, 200);
  const texts = new Set(answers.map((a) => a.body.text));
  assert.equal(texts.size, 1, `all deliveries get the same answer: ${[...texts]}`);
  const summary = await webhook(textUpdate(chatId, '¿cuánto llevo gastado este mes?'));
  assert.match(summary.body.text, /Gastos: \$99\.00/);
});

test('20 different updates for one chat sent at once are all processed, none lost', async () => {
  const chatId = nextChatId();
  // Ten complete transactions: each is a prompt then a "sí" (20 updates),
  // sent as ten concurrent pairs; the thread serialises them.
  const pairs = Array.from({ length: 10 }, (_, i) => (async () => {
    const first = await webhook(textUpdate(chatId, `gasté ${10 + i} en tacos`));
    assert.equal(first.status, 200);
  })());
  await Promise.all(pairs);
  // All prompts arrived; only the last one is pending (each new request
  // replaced the previous pending one and was backed up).
  const confirm = await webhook(textUpdate(chatId, 'sí'));
  assert.match(confirm.body.text, /Listo, registré el gasto/);
  // Now 20 different updates at once: 10 complete expenses and 10 queries.
  const chatB = nextChatId();
  const updates = [];
  for (let i = 0; i < 20; i += 1) updates.push(textUpdate(chatB, i % 2 === 0 ? `gasté ${100 + i} en uber` : 'sí'));
  const answers = await Promise.all(updates.map((u) => webhook(u)));
  for (const a of answers) assert.equal(a.status, 200, JSON.stringify(a.body));
  const processed = answers.filter((a) => typeof a.body.text === 'string' && !/no pude procesar/.test(a.body.text));
  assert.equal(processed.length, 20, 'every update got a real answer');
});

test('web: a repeated client_msg_id returns the first answer without re-processing', async () => {
  const session = await login();
  await chat(session, 'gasté 300 en súper');
  const id = uniqueName('yes');
  const first = await chat(session, 'sí', { clientMsgId: id });
  const again = await chat(session, 'sí', { clientMsgId: id });
  assert.equal(first.status, 200);
  // The marker keeps what the person reads and answers; the state is the
  // thread's (the same, nothing happened since); the trace is not kept.
  for (const field of ['reply', 'suggestions', 'pending_action_id', 'pending', 'state', 'version']) {
    assert.deepEqual(again.body[field], first.body[field], field);
  }
  assert.match(again.body.reply, /^Listo, registré el gasto de \$300\.00/);
  assert.deepEqual(again.body.trace, { steps: [] });
  assert.equal(again.headers.get('x-caja-duplicate'), 'true');
  const list = await get(session, '/api/transactions?month=2026-11');
  assert.equal(list.body.transactions.length, 1);
});

test('a second user can read or change nothing of the first', async () => {
  const alice = await login();
  const bob = await login();
  await chat(alice, 'gasté 450 en farmacia');
  await chat(alice, 'sí');
  await chat(alice, 'presupuesto de 8,000 al mes');
  await chat(alice, 'sí');
  for (const path of ['/api/transactions?month=2026-11', '/api/summary?month=2026-11', '/api/debts', '/api/balance', '/api/history', '/api/audit', '/api/state', '/api/budget?month=2026-11', '/api/export.csv?month=2026-11']) {
    const res = await get(bob, path);
    assert.equal(res.status, 200, path);
    const text = JSON.stringify(res.body);
    assert.ok(!text.includes('450') && !text.includes('farmacia') && !text.includes('800000'), `${path} leaks: ${text.slice(0, 300)}`);
  }
  // Bob's "borra el último" finds nothing of Alice's.
  const del = await chat(bob, 'borra el último');
  assert.match(del.body.reply, /No tienes movimientos/);
  const aliceList = await get(alice, '/api/transactions?month=2026-11');
  assert.equal(aliceList.body.transactions.length, 1);
});

test('missing, wrong or revoked tokens get 401 and write nothing', async () => {
  const session = await login();
  for (const token of [null, 'nope', 'a'.repeat(64)]) {
    const res = await fetch(`${BASE_URL}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ text: 'gasté 1 en uber', client_msg_id: uniqueName('x') }),
    });
    assert.equal(res.status, 401);
    assert.equal((await res.json()).error, 'unauthorized');
  }
  // A login token works once only.
  const reuse = await fetch(`${BASE_URL}/api/login`, { method: 'POST', body: JSON.stringify({ token: session.loginToken }) });
  assert.equal(reuse.status, 401);
  const logout = await fetch(`${BASE_URL}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` } });
  assert.equal(logout.status, 200);
  const after = await get(session, '/api/state');
  assert.equal(after.status, 401);
});

test('a stale confirmation button writes nothing', async () => {
  const chatId = nextChatId();
  const first = await webhook(textUpdate(chatId, 'gasté 70 en café'));
  const oldYes = first.body.reply_markup.inline_keyboard[0][0].callback_data;
  await webhook(textUpdate(chatId, 'gasté 80 en uber'));
  const press = await webhook({
    update_id: nextUpdateId(),
    callback_query: { id: 'cb-stale', from: { id: chatId }, message: { message_id: 5, chat: { id: chatId, type: 'private' } }, data: oldYes },
  });
  assert.equal(press.body.text, 'Ese botón ya no es válido');
  const summary = await webhook(textUpdate(chatId, '¿cuánto llevo gastado este mes?'));
  assert.match(summary.body.text, /no tienes movimientos/);
});

test('API errors: 404, 405, 413, bad JSON, bad month', async () => {
  const session = await login();
  assert.equal((await fetch(`${BASE_URL}/api/nope`)).status, 404);
  const wrongMethod = await fetch(`${BASE_URL}/api/chat`);
  assert.equal(wrongMethod.status, 405);
  assert.equal((await wrongMethod.json()).error, 'method_not_allowed');
  const big = await fetch(`${BASE_URL}/api/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'x'.repeat(70_000), client_msg_id: 'big' }),
  });
  assert.equal(big.status, 413);
  const badJson = await fetch(`${BASE_URL}/api/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: '{"text":',
  });
  assert.equal(badJson.status, 400);
  const body = await badJson.json();
  assert.equal(body.error, 'bad_json');
  assert.match(body.message, /JSON/);
  assert.equal((await get(session, '/api/summary?month=2026-13')).status, 400);
});

test('read endpoints and CSV export reflect what was written', async () => {
  const session = await login();
  for (const text of ['gasté 250 en uber ayer', 'gasté 180.50 en tacos', 'me pagaron la quincena, 8,500']) {
    await chat(session, text);
    await chat(session, 'sí');
  }
  const summary = await get(session, '/api/summary?month=2026-11');
  assert.equal(summary.body.total_expense_mxn_cents, 43050);
  assert.equal(summary.body.total_income_mxn_cents, 850000);
  const csv = await get(session, '/api/export.csv?month=2026-11');
  assert.match(csv.headers.get('content-type'), /text\/csv/);
  // Headers in Spanish, every cell quoted (text() drops the BOM, which
  // export.test.mjs reads as bytes).
  assert.equal(csv.body, '"Fecha","Tipo","Monto (MXN)","Categoría","Tipo de categoría","Descripción"\r\n'
    + '"2026-11-21","Gasto","250.00","transporte","gasto variable","uber"\r\n'
    + '"2026-11-22","Gasto","180.50","comida","gasto variable","tacos"\r\n'
    + '"2026-11-22","Ingreso","8500.00","sueldo","ingreso","quincena"\r\n');
  const history = await get(session, '/api/history');
  assert.equal(history.body.messages.length, 12);
  const audit = await get(session, '/api/audit');
  assert.equal(audit.body.records.length, 6);
  assert.ok(audit.body.records.some((r) => r.record.confirmation_status === 'confirmed'));
});

test('"today" is computed in the browser\'s time zone when it sends one', async () => {
  const session = await login();
  // 07:30 UTC: already the 22nd in Mexico City, still the 21st in Tijuana.
  const now = '2026-11-22T07:30:00.000Z';
  const tijuana = await chat(session, 'gasté 100 en uber', { now, timezone: 'America/Tijuana' });
  assert.match(tijuana.body.reply, /Fecha: 2026-11-21/);
  await chat(session, 'cancelar', { now });
  const unknownZone = await chat(session, 'gasté 100 en uber', { now, timezone: 'Mars/Olympus' });
  assert.match(unknownZone.body.reply, /Fecha: 2026-11-22/);
  assert.equal(unknownZone.body.state.timestamp.timezone, 'America/Mexico_City');
});

test('movements added on another device: the next one takes the next number and is the last one (an isolate\'s kept ledger head is checked against D1)', async () => {
  const chatId = nextChatId();
  const say = async (text) => (await webhook(textUpdate(chatId, text))).body.text;
  assert.match(await say('gasté 100 en tacos'), /¿Registro este movimiento\?/);
  assert.match(await say('sí'), /^Listo, registré el gasto de \$100\.00 en comida/);
  // The same person on the web adds another movement.
  const web = await webSessionOf(chatId);
  await chat(web, 'gasté 50 en pan');
  assert.match((await chat(web, 'sí')).body.reply, /^Listo, registré el gasto de \$50\.00/);
  // Back in Telegram: the next movement takes the next number (the chat's
  // kept head is one behind: its commit fails and the turn re-runs from
  // D1), and "the last one" is the bread's, never the tacos'.
  await say('gasté 30 en café');
  assert.match(await say('sí'), /^Listo, registré el gasto de \$30\.00/);
  const added = await get(web, '/api/transactions?month=2026-11');
  assert.deepEqual(added.body.transactions.map((t) => [t.id, t.amount_mxn_cents]).sort((a, b) => a[0] - b[0]), [[1, 10000], [2, 5000], [3, 3000]]);
  const asked = await say('borra el último');
  assert.match(asked, /\$30\.00/);
  assert.doesNotMatch(asked, /\$100\.00|\$50\.00/);
  assert.match(await say('sí'), /borr/i);
  const list = await get(web, '/api/transactions?month=2026-11');
  assert.deepEqual(list.body.transactions.map((t) => t.amount_mxn_cents).sort(), [10000, 5000].sort());
});

test('what one turn reads goes to D1 in one round trip: «¿puedo comprar…?» reads the balance, the debts and the budget at once', async () => {
  const chatId = nextChatId();
  for (const text of ['tengo 12,000 en el banco', 'sí', 'presupuesto de 8,000 al mes', 'sí']) {
    assert.equal((await webhook(textUpdate(chatId, text))).status, 200);
  }
  const asked = await webhook(textUpdate(chatId, '¿puedo comprar unos tenis de 1,800?'));
  assert.equal(asked.status, 200);
  assert.equal(asked.body.text, 'Si compras eso por $1,800.00 (ropa):\n• Tu saldo en el banco quedaría en $10,200.00.\n• Tu presupuesto variable de este mes quedaría en $6,200.00.\n• Pagos mínimos de deudas pendientes este mes: $0.00.\n• Después de la compra y de esos pagos te quedarían $10,200.00.');
  // The thread is warm in this isolate: one batch of reads, one commit
  // (read one by one it was three reads and the commit).
  assert.equal(asked.headers.get('x-caja-round-trips'), '2');
});

test('a «sí» takes what it reads from the prompt\'s commit: one round trip, and a change made elsewhere in between is counted (the commit is guarded on the ledger version)', async () => {
  const chatId = nextChatId();
  const say = async (text) => webhook(textUpdate(chatId, text));
  for (const text of ['presupuesto de 1,000 para comida', 'sí']) {
    assert.equal((await say(text)).status, 200);
  }
  assert.match((await say('gasté 500 en tacos')).body.text, /¿Registro este movimiento\?/);
  const yes = await say('sí');
  assert.equal(yes.body.text, 'Listo, registré el gasto de $500.00 en comida (2026-11-22).');
  // The budget the alert reads came with the prompt's commit.
  assert.equal(yes.headers.get('x-caja-round-trips'), '1');
  assert.match((await say('gasté 300 en tacos')).body.text, /¿Registro este movimiento\?/);
  // Before the «sí», the same person lowers that budget on the web (no
  // movement: the ledger's highest number stays where it was).
  const web = await webSessionOf(chatId);
  assert.match((await chat(web, 'presupuesto de 850 para comida')).body.reply, /¿Cambio tu presupuesto mensual de comida\?\n• Tope mensual: \$850\.00 \(antes \$1,000\.00\)/);
  assert.match((await chat(web, 'sí')).body.reply, /^Listo, tu presupuesto de comida es de \$850\.00 al mes/);
  // The read-ahead is stale: the commit fails on the ledger version and
  // the turn runs again from D1, where the budget is the web's.
  const second = await say('sí');
  assert.equal(second.status, 200);
  assert.equal(second.body.text, 'Listo, registré el gasto de $300.00 en comida (2026-11-22).\n\nAviso: ya usaste el 94 % de tu presupuesto de comida de noviembre de 2026: llevas $800.00 de $850.00, te quedan $50.00.');
  const rows = await get(web, '/api/transactions?month=2026-11');
  assert.deepEqual(rows.body.transactions.map((t) => t.amount_mxn_cents).sort((a, b) => a - b), [30000, 50000]);
});
