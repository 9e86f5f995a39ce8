// Trust over HTTP on real D1: corrections and deletes in a row, across the
// Telegram and web threads of one user; a prompt built on a row that
// changed since never writes; amounts beyond the limits are asked again and
// never reach D1; questions while confirming keep the confirmation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';
import { chat, get, login, webhook, textUpdate, nextChatId, DEFAULT_NOW } from '../lib/api.mjs';

/** The live rows of a session's ledger this month, oldest first. */
async function ledger(session) {
  const res = await get(session, '/api/transactions?month=2026-11');
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.transactions
    .slice()
    .sort((a, b) => a.id - b.id)
    .map((t) => ({ amount: t.amount_mxn_cents, category: t.category, description: t.description }));
}

async function say(session, text) {
  const res = await chat(session, text);
  assert.equal(res.status, 200, `${text}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A Telegram user in a private chat with a web session of the same user. */
async function telegramUserWithWeb() {
  const chatId = nextChatId();
  const web = await webhook(textUpdate(chatId, '/web'));
  const token = /login=([0-9a-f]{64})/.exec(web.body.text)[1];
  const res = await fetch(`${BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caja-now': DEFAULT_NOW },
    body: JSON.stringify({ token }),
  });
  const body = await res.json();
  assert.equal(body.user_id, `tg:${chatId}`);
  const tg = async (text) => {
    const r = await webhook(textUpdate(chatId, text));
    assert.equal(r.status, 200, `${text}: ${JSON.stringify(r.body)}`);
    return r.body.text;
  };
  return { chatId, tg, session: { token: body.session_token } };
}

test('a second correction starts from the corrected row, not a cached one', async () => {
  const s = await login();
  await say(s, 'gasté 250 en uber ayer');
  assert.match((await say(s, 'sí')).reply, /Listo, registré el gasto de \$250\.00/);
  assert.match((await say(s, 'no, eran 300')).reply, /Monto: \$300\.00/);
  assert.match((await say(s, 'sí')).reply, /^Listo/);
  assert.deepEqual((await ledger(s)).map((r) => r.amount), [30000]);
  const prompt = (await say(s, 'corrige el último, fue en comida')).reply;
  assert.match(prompt, /Monto: \$300\.00/);
  assert.doesNotMatch(prompt, /\$250\.00/);
  assert.match((await say(s, 'sí')).reply, /^Listo/);
  assert.deepEqual(await ledger(s), [{ amount: 30000, category: 'comida', description: 'uber' }]);
});

test('corrections across one user\'s Telegram and web threads see each other\'s writes', async () => {
  const { tg, session } = await telegramUserWithWeb();
  await tg('gasté 250 en uber ayer');
  assert.match(await tg('sí'), /Listo, registré el gasto de \$250\.00/);
  // The web corrects it...
  assert.match((await say(session, 'corrige el último, fue 300')).reply, /Monto: \$300\.00/);
  assert.match((await say(session, 'sí')).reply, /^Listo/);
  // ...and Telegram's next correction starts from $300, not $250.
  const prompt = await tg('corrige el último, fue en comida');
  assert.match(prompt, /Monto: \$300\.00/);
  assert.doesNotMatch(prompt, /\$250\.00/);
  assert.match(await tg('sí'), /^Listo/);
  assert.deepEqual((await ledger(session)).map((r) => [r.amount, r.category]), [[30000, 'comida']]);
});

test('a prompt built on a row that changed since never writes', async () => {
  const { tg, session } = await telegramUserWithWeb();
  await tg('gasté 100 en tacos');
  await tg('sí');
  // Telegram asks to correct the row...
  assert.match(await tg('corrige el último, fue 150'), /Monto: \$150\.00/);
  // ...the web changes it meanwhile...
  await say(session, 'corrige el último, fue 120');
  assert.match((await say(session, 'sí')).reply, /^Listo/);
  // ...so Telegram's "sí" refuses and writes nothing.
  assert.match(await tg('sí'), /Ese movimiento cambió o se borró/);
  assert.deepEqual((await ledger(session)).map((r) => r.amount), [12000]);
});

test('a second delete shows and deletes the row that is last now', async () => {
  const { tg, session } = await telegramUserWithWeb();
  for (const text of ['gasté 100 en tacos', 'sí', 'gasté 40 en uber', 'sí']) await tg(text);
  assert.match(await tg('borra el último'), /Monto: \$40\.00/);
  assert.match(await tg('sí'), /^Listo/);
  const second = await tg('borra el último');
  assert.match(second, /Monto: \$100\.00/);
  assert.doesNotMatch(second, /\$40\.00/);
  assert.match(await tg('sí'), /^Listo/);
  assert.deepEqual(await ledger(session), []);
  // The web thread sees the same ledger.
  assert.match((await say(session, 'borra el último')).reply, /No tienes movimientos/);
});

test('amounts beyond the limits are asked again; no "sí" ever fails', async () => {
  const s = await login();
  let body = await say(s, 'gasté 2,000,000,000 en uber');
  assert.match(body.reply, /fuera de lo que puedo registrar/);
  assert.equal(body.pending_action_id, null);
  body = await say(s, 'sí');
  assert.doesNotMatch(body.reply, /^Listo/);
  body = await say(s, 'mi saldo en el banco es de 2,000,000,000');
  assert.match(body.reply, /fuera de lo que puedo registrar/);
  assert.equal(body.pending_action_id, null);
  body = await say(s, 'presupuesto de 123,456,789,012,345.67');
  assert.match(body.reply, /fuera de lo que puedo registrar/);
  body = await say(s, '8,000');
  assert.ok(body.pending_action_id);
  assert.match((await say(s, 'sí')).reply, /^Listo/);
  const budget = await get(s, '/api/budget?month=2026-11');
  assert.equal(budget.status, 200);
  assert.equal(budget.body.variable_cap_mxn_cents, 800000);
  assert.deepEqual(await ledger(s), []);
  assert.equal((await get(s, '/api/balance')).body.bank_balance, null);
});

test('a question while confirming is answered and the same confirmation stays', async () => {
  const s = await login();
  const prompt = await say(s, 'gasté 250 en uber');
  const id = prompt.pending_action_id;
  const expires = prompt.state.pending_action.expires_at_iso;
  const answer = await say(s, '¿cuánto llevo gastado este mes?');
  assert.match(answer.reply, /no tienes movimientos registrados/);
  assert.match(answer.reply, /Sigue pendiente tu confirmación:\n\n¿Registro este movimiento\?/);
  assert.equal(answer.pending_action_id, id);
  assert.equal(answer.state.pending_action.expires_at_iso, expires);
  assert.match((await say(s, 'sí')).reply, /Listo, registré el gasto de \$250\.00/);
  assert.deepEqual((await ledger(s)).map((r) => r.amount), [25000]);
});

test('a new request during a question is handled and the draft named; several items are written together or named', async () => {
  const s = await login();
  await say(s, 'gasté en tacos');
  const bank = await say(s, 'tengo 12,000 en el banco');
  assert.match(bank.reply, /Dejé sin guardar el gasto en comida \(tacos\)/);
  assert.match(bank.reply, /Saldo: \$12,000\.00/);
  await say(s, 'sí');
  assert.equal((await get(s, '/api/balance')).body.bank_balance.balance_mxn_cents, 1200000);
  // Two complete items: one prompt listing both, one write of both.
  const two = await say(s, 'gasté 100 en tacos y 50 en refresco');
  assert.match(two.reply, /^¿Registro estos 2 movimientos\?/);
  assert.equal(two.state.pending_action.type, 'ADD_TRANSACTIONS');
  assert.match((await say(s, 'sí')).reply, /^Listo, registré 2 movimientos:/);
  assert.deepEqual((await ledger(s)).map((r) => r.amount), [10000, 5000]);
  // An incomplete second item is taken after the first, never dropped.
  const partial = await say(s, 'gasté 30 en uber y 20');
  assert.match(partial.reply, /^Vamos por partes: primero «gasté 30 en uber»; luego sigo con «20»\./);
  const next = await say(s, 'sí');
  assert.match(next.reply, /^Listo, registré el gasto de \$30\.00 en transporte \(2026-11-22\)\.\n\nSigo con «20»:\n\n¿En qué categoría va\?/);
  assert.deepEqual((await ledger(s)).map((r) => r.amount), [10000, 5000, 3000]);
  assert.match((await say(s, 'refresco')).reply, /Monto: \$20\.00/);
  await say(s, 'sí');
  assert.deepEqual((await ledger(s)).map((r) => r.amount), [10000, 5000, 3000, 2000]);
});

test('Telegram: two members of a group each log and confirm their own expense', async () => {
  const group = -nextChatId();
  const ana = nextChatId();
  const beto = nextChatId();
  const send = (userId, text) => webhook(textUpdate(group, `@caja_bot ${text}`, { userId, chatType: 'supergroup' }));
  assert.match((await send(ana, 'gasté 130 en uber')).body.text, /Monto: \$130\.00/);
  const other = await send(beto, 'gasté 70 en tacos');
  assert.equal(other.status, 200);
  assert.match(other.body.text, /Monto: \$70\.00/);
  assert.match((await send(ana, 'sí')).body.text, /Listo, registré el gasto de \$130\.00/);
  assert.match((await send(beto, 'sí')).body.text, /Listo, registré el gasto de \$70\.00/);
  assert.match((await send(ana, '¿cuánto llevo gastado este mes?')).body.text, /Gastos: \$130\.00/);
  assert.match((await send(beto, '¿cuánto llevo gastado este mes?')).body.text, /Gastos: \$70\.00/);
});

test('a debt payment prompt built on a balance that changed since never writes', async () => {
  const { tg, session } = await telegramUserWithWeb();
  await tg('le debo 5,200 a Coppel');
  assert.match(await tg('sí'), /Listo, guardé la deuda «Coppel»/);
  // Telegram asks to pay 1,000 of the 5,200...
  assert.match(await tg('le aboné 1,000 a Coppel'), /Deuda «Coppel»: de \$5,200\.00 a \$4,200\.00/);
  // ...the web pays 2,000 meanwhile...
  assert.match((await say(session, 'le aboné 2,000 a Coppel')).reply, /de \$5,200\.00 a \$3,200\.00/);
  assert.match((await say(session, 'sí')).reply, /quedó en \$3,200\.00/);
  // ...so Telegram's "sí" refuses: no second payment, the debt is not lowered twice.
  assert.match(await tg('sí'), /Esa deuda cambió desde que te pregunté/);
  assert.deepEqual((await ledger(session)).map((r) => [r.amount, r.category]), [[200000, 'prestamo']]);
  const debts = await get(session, '/api/debts');
  assert.equal(debts.status, 200);
  assert.deepEqual(
    debts.body.debts.map((d) => [d.name, d.balance_mxn_cents]),
    [['Coppel', 320000]],
  );
  // Asked again, the prompt shows the balance as it is now.
  assert.match(await tg('le aboné 1,000 a Coppel'), /de \$3,200\.00 a \$2,200\.00/);
  assert.match(await tg('sí'), /quedó en \$2,200\.00/);
});

test('a press is read from the button, never from its label: "Guardar" with yes saves once, a No press labelled "sí" saves nothing', async () => {
  const session = await login();
  const first = await say(session, 'gasté 250 en uber');
  const prompt = first.pending_action_id;
  assert.ok(prompt, JSON.stringify(first));
  const saved = await chat(session, 'Guardar', { press: { prompt, yes: true } });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.match(saved.body.reply, /^Listo, registré el gasto de \$250\.00 en transporte/);
  assert.deepEqual(await ledger(session), [{ amount: 25000, category: 'transporte', description: 'uber' }]);

  const second = await say(session, 'gasté 80 en tacos');
  const no = await chat(session, 'sí', { press: { prompt: second.pending_action_id, yes: false } });
  assert.equal(no.status, 200, JSON.stringify(no.body));
  assert.equal(no.body.pending_action_id, null);
  assert.deepEqual(await ledger(session), [{ amount: 25000, category: 'transporte', description: 'uber' }]);

  const bad = await chat(session, 'sí', { press: { prompt: '', yes: true } });
  assert.equal(bad.status, 400, JSON.stringify(bad.body));
});
