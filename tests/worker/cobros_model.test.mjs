// Cobros model test (issue 18): a seeded, bounded random walk over three
// threads of two users, checked against a model after every step.
//
//   A/telegram  user A in a private chat (typed answers)
//   A/web       user A on the web, session from /web in A's private chat
//   B/web       user B on the web (a dev sign-in)
//
// A's two threads share one store: a contact added on Telegram is known on
// the web. Each step is one operation carried to its end in one thread:
// create a cobro (offering the contact when it is new), cancel one, mark one
// paid (its income goes to the ledger), prepare a reminder, answering sí or
// no, sometimes after the confirmation expired (it is shown again), and
// sometimes delivering the last message twice (a webhook retry, a web
// resend: the same answer, nothing written twice). A race opens a prompt in
// one of A's threads, settles the same cobro in the other, then says "sí" to
// the stale prompt: nothing is written. Day jumps make due dates pass
// (overdue).
//
// The model is, per user, the contacts, the cobros (reference, contact,
// amount, concept, due date, status, day closed) and the incomes paid cobros
// brought. After every step the acting user's GET /api/payment-requests,
// /api/contacts and /api/transactions must equal the model, and the other
// user's must be unchanged (scoping).
//
// One test clock (X-Caja-Now) starts at 2026-11-10T15:00Z (09:00 in Mexico
// City) and advances 3 s per request (under the 30-a-minute rate limit).
//
// Replay a failure: CAJA_COBROS_SEED=<seed> [CAJA_COBROS_STEPS=120].
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';
import { chat, get, login, webhook, textUpdate, nextChatId } from '../lib/api.mjs';
import { seeded, mxn } from '../lib/seeded.mjs';

const SEED = process.env.CAJA_COBROS_SEED ? Number(process.env.CAJA_COBROS_SEED) : Date.now() % 2 ** 32;
const STEPS = Number.parseInt(process.env.CAJA_COBROS_STEPS ?? '120', 10);
const MONTH = '2026-11';
const TICK_MS = 3000;
const JUMP_MS = 6 * 60_000;
const DAY_MS = 24 * 3600_000;
const MAX_DAY_JUMPS = 8;
const NAMES = ['Juan', 'Ana López', 'Beto', 'Carla'];
const CONCEPTS = ['la pizza', 'la renta', 'el cine', 'los tacos'];

/** Reply texts (agents/cobros.json, core/src/gate.rs). */
const T = {
  offer: (name) => `${name} no está en tus contactos. ¿Lo agrego y seguimos con el cobro?`,
  unknown: (name) => `No tengo a ${name} en tus contactos.`,
  rejected: 'Entendido, no lo hice: no cambié nada.',
  expired: 'La confirmación anterior expiró y no se guardó nada.',
  failed: 'No pude hacerlo: el cobro cambió o ya no está pendiente. No cambié nada',
};

const { random, int, pick, chance } = seeded(SEED);
const typedPesos = (pesos) => (pesos >= 1000 ? pesos.toLocaleString('en-US') : String(pesos));
const reference = (seq) => `COB-${String(seq).padStart(4, '0')}`;

// ------------------------------------------------------------------ clock and log

let clockMs = Date.parse('2026-11-10T15:00:00.000Z');
let dayJumps = 0;
const iso = (ms) => new Date(ms).toISOString();
const tick = () => {
  clockMs += TICK_MS;
  return iso(clockMs);
};
/** Today in Mexico City (UTC−6, no daylight saving time). */
const today = () => iso(clockMs - 6 * 3600_000).slice(0, 10);
const history = [];
let where = '';
function fail(message) {
  assert.fail(`[cobros model seed ${SEED}, ${where}; replay with CAJA_COBROS_SEED=${SEED}] ${message}\n--- last turns ---\n${history.slice(-16).join('\n')}`);
}
function check(condition, message) {
  if (!condition) fail(typeof message === 'function' ? message() : message);
}
function expectText(reply, part) {
  check(reply.text.includes(part), () => `reply should contain ${JSON.stringify(part)}; got ${JSON.stringify(reply.text)}`);
}

// ------------------------------------------------------------------ transport

/** One message in a thread; `again` re-delivers the thread's last one. */
async function say(thread, text, { again = false } = {}) {
  const now = tick();
  let reply;
  if (thread.kind === 'web') {
    if (!again) thread.lastId = `cm-${SEED}-${clockMs}`;
    const res = await chat({ token: thread.user.session }, text, { now, clientMsgId: thread.lastId });
    check(res.status === 200, () => `POST /api/chat ${JSON.stringify(text)}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    reply = { text: String(res.body.reply), share: res.body.share ?? null, raw: res.body.reply };
  } else {
    if (!again) thread.lastUpdate = textUpdate(thread.chatId, text);
    const res = await webhook(thread.lastUpdate, { now });
    check(res.status === 200 && res.body.method === 'sendMessage', () => `webhook ${JSON.stringify(text)}: ${res.status} ${JSON.stringify(res.body)}`);
    const share = (res.body.reply_markup?.inline_keyboard ?? []).flat().find((b) => b.url)?.url;
    reply = { text: String(res.body.text), share: share ? new URL(share).searchParams.get('url') : null, raw: JSON.stringify(res.body) };
  }
  history.push(`${now.slice(5, 19)} ${thread.name}${again ? ' (again)' : ''} > ${text}`);
  history.push(`${' '.repeat(15)}${thread.name} < ${reply.text.replace(/\n/g, ' ⏎ ').slice(0, 260)}`);
  return reply;
}

async function webSession(chatId) {
  const res = await webhook(textUpdate(chatId, '/web'), { now: tick() });
  const token = /\/\?login=([0-9a-f]{64})/.exec(String(res.body?.text ?? ''))?.[1];
  check(token, `/web gave no link: ${JSON.stringify(res.body)}`);
  const login = await fetch(`${BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caja-now': tick() },
    body: JSON.stringify({ token }),
  });
  return (await login.json()).session_token;
}

// ------------------------------------------------------------------ the model

const key = (name) => name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The cobros of `user` with `name`, pending, newest first (as Caja lists them to pick). */
const pendingOf = (user, name) => user.requests.filter((r) => r.contact === name && r.status === 'pending').reverse();

/** What GET /api/payment-requests must say for `user` today. */
function expectedOverview(user) {
  const day = today();
  const overdue = (r) => r.status === 'pending' && r.due !== null && r.due < day;
  const open = user.requests.filter((r) => r.status === 'pending');
  open.sort((a, b) => (overdue(b) - overdue(a)) || ((a.due === null) - (b.due === null)) || String(a.due).localeCompare(String(b.due)) || a.seq - b.seq);
  const closed = user.requests.filter((r) => r.status !== 'pending').sort((a, b) => b.seq - a.seq);
  return {
    pending_count: open.length,
    pending_total_mxn_cents: open.reduce((s, r) => s + r.cents, 0),
    overdue_count: open.filter(overdue).length,
    overdue_total_mxn_cents: open.filter(overdue).reduce((s, r) => s + r.cents, 0),
    requests: open.map((r) => [reference(r.seq), r.contact, r.cents, r.concept, r.due, overdue(r) ? 'overdue' : 'pending']),
    closed: closed.map((r) => [reference(r.seq), r.status, r.closedOn]),
  };
}

async function checkUser(user) {
  const requests = await get({ token: user.session }, '/api/payment-requests?timezone=America/Mexico_City', tick());
  check(requests.status === 200, `payment-requests ${requests.status}`);
  const body = requests.body;
  const actual = {
    pending_count: body.pending_count,
    pending_total_mxn_cents: body.pending_total_mxn_cents,
    overdue_count: body.overdue_count,
    overdue_total_mxn_cents: body.overdue_total_mxn_cents,
    requests: body.requests.map((r) => [r.reference, r.contact_name, r.amount_mxn_cents, r.concept, r.due_date, r.status]),
    closed: body.closed.map((r) => [r.reference, r.status, r.closed_on]),
  };
  const expected = expectedOverview(user);
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    fail(`cobros of ${user.name} differ from the model\n  api:   ${JSON.stringify(actual)}\n  model: ${JSON.stringify(expected)}`);
  }
  const contacts = await get({ token: user.session }, '/api/contacts', tick());
  const names = contacts.body.contacts.map((c) => c.name).sort();
  check(JSON.stringify(names) === JSON.stringify([...user.contacts].sort()), () => `contacts of ${user.name}: api ${JSON.stringify(names)}, model ${JSON.stringify([...user.contacts].sort())}`);
  const rows = await get({ token: user.session }, `/api/transactions?month=${MONTH}`, tick());
  const incomes = [...rows.body.transactions].sort((a, b) => a.id - b.id).map((t) => [t.type, t.amount_mxn_cents, t.category, t.date_iso]);
  const model = user.incomes.map((i) => ['INCOME', i.cents, 'otros_ingresos', i.on]);
  check(JSON.stringify(incomes) === JSON.stringify(model), () => `ledger of ${user.name}: api ${JSON.stringify(incomes)}, model ${JSON.stringify(model)}`);
}

// ------------------------------------------------------------------ operations

/**
 * Answers a prompt that should be pending: "no", "sí", or "sí" after it
 * expired (shown again, then "sí"). Returns the final reply and whether it
 * was confirmed.
 */
async function answer(thread, prompt) {
  const choice = pick(['yes', 'yes', 'yes', 'no', 'expired']);
  if (choice === 'no') {
    const reply = await say(thread, 'no');
    expectText(reply, T.rejected);
    return { reply, confirmed: false };
  }
  if (choice === 'expired') {
    clockMs += JUMP_MS;
    history.push(`@advance 6m`);
    const shown = await say(thread, 'sí');
    expectText(shown, T.expired);
    expectText(shown, prompt);
  }
  return { reply: await say(thread, pick(['sí', 'si', 'Sí'])), confirmed: true };
}

/** Settles which pending cobro of `name` an operation is about: asks by number when several. */
async function choose(thread, reply, pending, question) {
  if (pending.length === 1) return { target: pending[0], reply };
  expectText(reply, question);
  pending.forEach((r, i) => expectText(reply, `${i + 1}. ${reference(r.seq)}: ${mxn(r.cents)}`));
  const n = int(1, pending.length);
  return { target: pending[n - 1], reply: await say(thread, String(n)) };
}

async function create(thread) {
  const user = thread.user;
  const name = pick(NAMES);
  const pesos = chance(0.3) ? int(1000, 9000) : int(20, 999);
  const concept = chance(0.6) ? pick(CONCEPTS) : null;
  const dueDay = chance(0.5) ? Number(today().slice(8)) + int(0, 4) : null;
  const text = `cóbrale ${typedPesos(pesos)} a ${name}${concept ? ` por ${concept}` : ''}${dueDay ? ` para el ${dueDay} de noviembre` : ''}`;
  let reply = await say(thread, text);
  if (!user.contacts.has(name)) {
    expectText(reply, T.offer(name));
    if (chance(0.2)) {
      expectText(await say(thread, 'no'), T.rejected);
      return;
    }
    reply = await say(thread, 'sí');
    user.contacts.add(name);
  }
  const due = dueDay ? `${MONTH}-${String(dueDay).padStart(2, '0')}` : null;
  expectText(reply, `• A: ${name}\n• Monto: ${mxn(pesos * 100)} MXN`);
  if (concept) expectText(reply, `• Concepto: ${concept}`);
  if (due) expectText(reply, `• Fecha límite: ${due}`);
  const { reply: done, confirmed } = await answer(thread, '¿Lo creo?');
  if (!confirmed) return;
  const seq = user.requests.length + 1;
  expectText(done, `Listo, quedó el cobro ${reference(seq)}: ${name} te debe ${mxn(pesos * 100)}`);
  user.requests.push({ seq, contact: name, cents: pesos * 100, concept, due, status: 'pending', closedOn: null });
  await maybeAgain(thread, done);
}

/** Cancel or mark paid: `kind` is 'cancel' or 'paid'. */
async function settle(thread, kind) {
  const user = thread.user;
  const name = pick(NAMES);
  const reply = await say(thread, kind === 'cancel' ? `cancela el cobro de ${name}` : `${name} ya me pagó`);
  if (!user.contacts.has(name)) return expectText(reply, T.unknown(name));
  const pending = pendingOf(user, name);
  if (pending.length === 0) return expectText(reply, `${name} no tiene cobros pendientes; no hay nada que`);
  const { target, reply: prompt } = await choose(thread, reply, pending, kind === 'cancel' ? '¿Cuál cancelo?' : '¿Cuál te pagó?');
  const question = kind === 'cancel'
    ? `¿Cancelo el cobro ${reference(target.seq)} a ${name} por ${mxn(target.cents)}`
    : `• Marco como pagado el cobro ${reference(target.seq)} de ${name} por ${mxn(target.cents)}`;
  expectText(prompt, question);
  if (kind === 'paid') expectText(prompt, `• Registro un ingreso de ${mxn(target.cents)} en «otros ingresos» con fecha ${today()}.`);
  const { reply: done, confirmed } = await answer(thread, question);
  if (!confirmed) return;
  if (kind === 'cancel') {
    expectText(done, `Listo, cancelé el cobro ${reference(target.seq)} de ${name} por ${mxn(target.cents)}.`);
    Object.assign(target, { status: 'cancelled', closedOn: today() });
  } else {
    expectText(done, `Listo: el cobro ${reference(target.seq)} de ${name} quedó pagado y registré el ingreso de ${mxn(target.cents)}`);
    Object.assign(target, { status: 'paid', closedOn: today() });
    user.incomes.push({ cents: target.cents, on: today() });
  }
  await maybeAgain(thread, done);
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
/** "12 de noviembre" for 2026-11-12. */
function spokenDate(iso) {
  const [, month, day] = iso.split('-').map(Number);
  return `${day} de ${MONTHS[month - 1]}`;
}

async function remind(thread) {
  const user = thread.user;
  const name = pick(NAMES);
  const reply = await say(thread, `mándale un recordatorio a ${name}`);
  if (!user.contacts.has(name)) return expectText(reply, T.unknown(name));
  const pending = pendingOf(user, name);
  if (pending.length === 0) return expectText(reply, `${name} no tiene cobros pendientes, así que no hay nada que recordarle.`);
  const { target, reply: done } = await choose(thread, reply, pending, '¿De cuál le recuerdo?');
  // A text for someone else says its date as people write it.
  const text = `Hola, ${name}. Te recuerdo el pago de ${mxn(target.cents)}${target.concept ? ` por ${target.concept}` : ''}${target.due ? ` (vence el ${spokenDate(target.due)})` : ''}. ¡Gracias!`;
  expectText(done, text);
  check(done.share === text, () => `the reminder is offered to forward: share ${JSON.stringify(done.share)}`);
}

/** The last message delivered again: the same answer, nothing written twice. */
async function maybeAgain(thread, first) {
  if (!chance(0.3)) return;
  const again = await say(thread, '(the same message)', { again: true });
  check(again.raw === first.raw, () => `a re-delivered message got another answer: ${JSON.stringify(again.text)}`);
}

/** A prompt left open in one of A's threads while the other settles the same cobro. */
async function race(threads) {
  const [slow, fast] = chance(0.5) ? threads : [...threads].reverse();
  const user = slow.user;
  const name = NAMES.find((n) => pendingOf(user, n).length === 1);
  if (!name) return false;
  const [target] = pendingOf(user, name);
  expectText(await say(slow, `cancela el cobro de ${name}`), `¿Cancelo el cobro ${reference(target.seq)}`);
  expectText(await say(fast, `${name} ya me pagó`), `• Marco como pagado el cobro ${reference(target.seq)}`);
  expectText(await say(fast, 'sí'), `Listo: el cobro ${reference(target.seq)} de ${name} quedó pagado`);
  Object.assign(target, { status: 'paid', closedOn: today() });
  user.incomes.push({ cents: target.cents, on: today() });
  expectText(await say(slow, 'sí'), T.failed);
  return true;
}

// ------------------------------------------------------------------ the walk

test(`cobros model: ${STEPS} random steps over three threads match the API (seed ${SEED})`, { timeout: 10 * 60_000 }, async () => {
  console.log(`cobros model seed ${SEED} (replay with CAJA_COBROS_SEED=${SEED})`);
  const chatId = nextChatId();
  const a = { name: 'A', session: await webSession(chatId), contacts: new Set(), requests: [], incomes: [] };
  const b = { name: 'B', session: (await login()).token, contacts: new Set(), requests: [], incomes: [] };
  const threads = [
    { name: 'A/telegram', kind: 'tg', chatId, user: a },
    { name: 'A/web', kind: 'web', user: a },
    { name: 'B/web', kind: 'web', user: b },
  ];
  const counts = {};
  for (let step = 1; step <= STEPS; step += 1) {
    const thread = pick(threads);
    const roll = random();
    const kind = roll < 0.4 ? 'create' : roll < 0.55 ? 'cancel' : roll < 0.72 ? 'paid' : roll < 0.84 ? 'remind' : roll < 0.92 ? 'race' : 'day';
    where = `step ${step}/${STEPS}, ${thread.name}, ${kind}`;
    if (kind === 'create') await create(thread);
    else if (kind === 'cancel' || kind === 'paid') await settle(thread, kind);
    else if (kind === 'remind') await remind(thread);
    else if (kind === 'race') {
      if (!(await race(threads.slice(0, 2)))) continue;
    } else {
      if (dayJumps >= MAX_DAY_JUMPS) continue;
      dayJumps += 1;
      clockMs += DAY_MS;
      history.push(`@advance 1 day (today ${today()})`);
    }
    counts[kind] = (counts[kind] ?? 0) + 1;
    await checkUser(thread.user);
    await checkUser(thread.user === a ? b : a);
  }
  console.log(`cobros model: ${JSON.stringify(counts)}; A ${a.requests.length} cobros, ${a.incomes.length} paid; B ${b.requests.length} cobros`);
  for (const kind of ['create', 'cancel', 'paid', 'remind']) assert.ok(counts[kind] > 0, `no ${kind} step ran`);
  assert.ok(a.requests.some((r) => r.status === 'paid') || b.requests.some((r) => r.status === 'paid'), 'some cobro was paid');
});
