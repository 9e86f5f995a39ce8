// The person's own data: "borra mi cuenta" asks for the typed phrase and a
// «sí», then leaves no row of that person in any table of the schema (the
// tables are listed from D1 itself, so a new one cannot be forgotten), ends
// their sessions, and leaves everyone else's data as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';
import { login, chat, get, webhook, textUpdate, nextChatId } from '../lib/api.mjs';
import { startRecorder } from '../lib/recorder.mjs';

let recorder;
before(async () => {
  recorder = await startRecorder();
});
after(async () => {
  await recorder.close();
});

/** Tables that hold no person's rows. */
const NOT_PERSONAL = new Set(['schema_version', 'operator_access', 'd1_migrations', 'sqlite_sequence', '_cf_KV', '_cf_METADATA']);

async function rows(userId) {
  const res = await fetch(`${BASE_URL}/api/test/rows?user=${encodeURIComponent(userId)}`);
  assert.equal(res.status, 200);
  return res.json();
}

async function say(chatId, texts) {
  const replies = [];
  for (const text of texts) {
    const res = await webhook(textUpdate(chatId, text));
    assert.equal(res.status, 200);
    replies.push(res.body.text);
  }
  return replies;
}

/** A little of everything: movements, a budget, a debt, a cobro, reminder settings, a transfer. */
const LIFE = ['gasté 250 en uber', 'sí', 'presupuesto de 8,000 al mes', 'sí', 'tengo una deuda con Coppel de 5,000', 'sí',
  'cóbrale 350 a Juan por la pizza', 'sí', 'sí', 'mándame el resumen los domingos', 'sí',
  'mándale 200 dólares a mi mamá por banco', 'sí', 'sí'];

test('deleting an account on Telegram leaves no row of the person in any table and nobody else loses anything', async () => {
  const gone = nextChatId();
  const kept = nextChatId();
  await say(gone, LIFE);
  await say(kept, LIFE);
  const before = await rows(`tg:${gone}`);
  for (const [table, count] of Object.entries(before)) {
    if (count === null) assert.ok(NOT_PERSONAL.has(table), `${table} names no person: list it or give it a user_id`);
  }
  for (const table of ['transactions', 'budgets', 'debts', 'payment_requests', 'contacts', 'reminder_settings', 'transfers', 'checkpoints', 'turns', 'users']) {
    assert.ok(before[table] > 0, `${table} had rows of the person`);
  }
  const keptBefore = await rows(`tg:${kept}`);
  const [warning, wrong] = await say(gone, ['borra mi cuenta', 'borrar todo']);
  assert.equal(warning, 'Esto borra para siempre todo lo que guardo de ti en esta cuenta:\n• Movimientos (gastos e ingresos): 1\n• Presupuestos: 1\n• Deudas: 1\n• Cobros: 1\n• Contactos: 1\n• Pagos fijos: 0\nY también tus conversaciones, tus envíos de dinero, tus recordatorios y tus sesiones abiertas. No se puede deshacer. Si estás seguro, escribe: BORRAR MI CUENTA');
  assert.equal(wrong, 'No escribiste la frase, así que no borré nada. Tu cuenta sigue igual.');
  assert.deepEqual(await rows(`tg:${gone}`).then((r) => r.transactions), 1);
  const [, ask, done] = await say(gone, ['borra mi cuenta', 'BORRAR MI CUENTA', 'sí']);
  assert.equal(ask, 'Último paso: ¿borro tu cuenta y todo lo que guardo de ti? No se puede deshacer.');
  assert.match(done, /^Listo, borré tu cuenta\. Esto era lo que guardaba y ya no existe:\n• Movimientos \(gastos e ingresos\): 1\n/);
  const after = await rows(`tg:${gone}`);
  for (const [table, count] of Object.entries(after)) {
    assert.ok(count === null || count === 0, `${table} still holds ${count} rows of the person`);
  }
  assert.deepEqual(await rows(`tg:${kept}`), keptBefore);
  // Writing again starts from nothing.
  const [again] = await say(gone, ['¿cuánto gasté este mes?']);
  assert.equal(again, 'En noviembre de 2026 no tienes movimientos registrados.');
});

test('deleting an account on the web ends its sessions', async () => {
  const session = await login();
  for (const text of ['gasté 100 en tacos', 'sí', 'borra mi cuenta', 'borrar mi cuenta']) {
    const res = await chat(session, text);
    assert.equal(res.status, 200);
  }
  const done = await chat(session, 'sí');
  assert.equal(done.status, 200);
  assert.match(done.body.reply, /^Listo, borré tu cuenta\./);
  const after = await rows(session.userId);
  for (const [table, count] of Object.entries(after)) {
    assert.ok(count === null || count === 0, `${table} still holds ${count} rows of the person`);
  }
  const closed = await get(session, '/api/transactions');
  assert.equal(closed.status, 401);
});
