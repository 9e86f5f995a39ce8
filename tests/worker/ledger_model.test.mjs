// Ledger model test: a seeded, bounded random walk over four conversation
// threads of three Telegram users, checked against a model after every step.
//
//   A/telegram  user A in a private chat (typed answers and Sí/No buttons)
//   A/web       user A on the web, session from /web in A's private chat
//   B/telegram  user B in a private chat
//   B/group     member B of a supergroup, always mentioning @caja_bot
//   C/group     member C of the same supergroup
//
// Every thread has its own draft and confirmation; A's two threads share one
// ledger; B's private and group expenses and C's group expenses go to their
// own ledgers (read through web sessions from /web in their private chats).
//
// Groups stay private: in the group, "el último", "el de N" and the month's
// summary see only the rows that member logged in that group, and a group
// reply never shows an amount or total of the member's other threads.
//
// Category budgets: A and B set one at the start; every confirmed expense in
// a private thread says when it crossed 80 % or 100 % of its category's
// budget (counted over all the user's rows), exactly as the model predicts;
// a group reply never mentions a budget.
//
// The model is, per user, the ordered list of live rows {amount, category}
// (plus a row version that each correction bumps), and per thread the pending
// confirmation with its expiry window. The ledger changes only when the test
// itself confirms in time a prompt that should write: an expense, "corrige el
// último" or "borra el último" (the last two only while the row they showed is
// still the last one, unchanged). Expected replies and the ledger are
// predicted from the model, never read back from replies.
// After every step the acting user's ledger (GET /api/transactions) must equal
// the model; every 25 steps and at the end, every user's.
//
// One test clock (X-Caja-Now) starts at 2026-11-10T15:00Z (09:00 in Mexico
// City) and advances 1 s per request, plus 6-minute jumps that expire every
// pending confirmation (they live 5 minutes).
//
// Replay a failure: CAJA_MODEL_SEED=<seed> [CAJA_MODEL_STEPS=500] against a
// Worker started like ./test does (the seed is printed first and is part of
// every failure message).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';
import { chat, get, webhook, textUpdate, nextChatId, nextUpdateId } from '../lib/api.mjs';
import { startRecorder } from '../lib/recorder.mjs';
import { seeded, mxn } from '../lib/seeded.mjs';

// ------------------------------------------------------------------ settings

const SEED = process.env.CAJA_MODEL_SEED ? Number(process.env.CAJA_MODEL_SEED) : Date.now() % 2 ** 32;
const STEPS = Number.parseInt(process.env.CAJA_MODEL_STEPS ?? '500', 10);
const TEST_TIMEOUT_MS = 10 * 60_000;
/** The loop gives up (and fails, with the seed) a little before the test timeout. */
const LOOP_DEADLINE_MS = 9 * 60_000;
/** Every user's ledger is compared every this many steps. */
const FULL_CHECK_EVERY = 25;
/**
 * A confirmed correction or deletion writes only while the last live row
 * still has the id AND the version its prompt showed (rows get a version that
 * every correction bumps, migration 0003). Set to false for the older rule
 * (same id only).
 */
const ROW_VERSION_GUARD = true;

const MONTH = '2026-11';
const CLOCK_START = Date.parse('2026-11-10T15:00:00.000Z');
/** No 6-minute jump past this (22:00 in Mexico City): every row stays on 2026-11-10. */
const CLOCK_LIMIT = Date.parse('2026-11-11T04:00:00.000Z');
const CONFIRMATION_TTL_MS = 5 * 60_000;
const JUMP_MS = 6 * 60_000;

/** Words typed in "gasté N en …", with the category key and label they map to (core/src/nlu/category.rs). */
const CATEGORIES = [
  { word: 'uber', key: 'transporte' },
  { word: 'tacos', key: 'comida' },
  { word: 'súper', key: 'supermercado' },
  { word: 'farmacia', key: 'salud' },
  { word: 'gasolina', key: 'transporte' },
];
const LABELS = { transporte: 'transporte', comida: 'comida', supermercado: 'súper', salud: 'salud' };
const YES_WORDS = ['sí', 'si', 'Sí', 'ok'];
const SUMMARY_QUESTION = '¿cuánto llevo gastado este mes?';

/** Reply substrings (core/src/agent/text.rs and tests/transcripts). */
const T = {
  addPrompt: '¿Registro este movimiento?',
  updatePrompt: '¿Corrijo este movimiento?',
  deletePrompt: '¿Borro el último movimiento?',
  deleteOlderPrompt: '¿Borro este movimiento?',
  suffix: 'Responde: sí / no',
  yesNo: 'sí / no',
  rejected: 'Cancelado. No se guardó nada.',
  expired: 'La confirmación anterior expiró y no se guardó nada.',
  nothingToChange: 'No tienes movimientos registrados',
  lastChanged: 'Ese movimiento cambió o se borró',
  emptyMonth: 'En noviembre de 2026 no tienes movimientos registrados.',
  staleButton: 'Ese botón ya no es válido',
  alreadyConfirmed: 'Ya lo había guardado con tu «sí»; no lo hice otra vez.',
  alreadyConfirmedToast: 'Ya estaba guardado',
  alreadyRejected: 'Eso ya lo habías cancelado; no se guardó nada.',
  reoffered: 'Esa confirmación venció y te la mostré de nuevo',
  reofferedToast: 'La confirmación venció; te la pregunto de nuevo',
};

// ------------------------------------------------------------------ helpers

const { random, int, pick, chance } = seeded(SEED);
/** Picks a name from [[name, weight], …], skipping weights of 0. */
function weighted(options) {
  const live = options.filter(([, w]) => w > 0);
  let r = random() * live.reduce((s, [, w]) => s + w, 0);
  for (const [name, w] of live) {
    r -= w;
    if (r < 0) return name;
  }
  return live[live.length - 1][0];
}

const label = (key) => LABELS[key] ?? key;
const iso = (ms) => new Date(ms).toISOString();

// ------------------------------------------------------------------ run state

let clockMs = CLOCK_START;
let requests = 0;
/** Advances the test clock for one request and returns the time it carries. */
function tick() {
  clockMs += 1000;
  requests += 1;
  return clockMs;
}
/** The time the next request will carry. */
const nextNow = () => clockMs + 1000;
const canJump = () => clockMs + JUMP_MS + 60_000 < CLOCK_LIMIT;
function jump() {
  clockMs += JUMP_MS;
  note(`@advance 6m (now ${iso(clockMs)})`);
}

const where = { step: 0, thread: '-', action: 'setup' };
const history = [];
function note(line) {
  history.push(line);
  if (history.length > 40) history.shift();
}
function context() {
  return `[ledger model seed ${SEED}, step ${where.step}/${STEPS}, ${where.thread}, ${where.action}; replay with CAJA_MODEL_SEED=${SEED}]`;
}
function fail(message) {
  assert.fail(`${context()} ${message}\n--- last turns ---\n${history.slice(-14).join('\n')}`);
}
function check(condition, message) {
  if (!condition) fail(typeof message === 'function' ? message() : message);
}
function expectOk(res, what) {
  check(res.status === 200, () => `${what}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`);
}
const excerpt = (text) => JSON.stringify(text.length > 400 ? `${text.slice(0, 400)}…` : text);
function expectText(reply, part) {
  check(reply.text.includes(part), () => `reply should contain ${JSON.stringify(part)}; got ${excerpt(reply.text)}`);
}
function expectStart(reply, start) {
  check(reply.text.startsWith(start), () => `reply should start with ${JSON.stringify(start)}; got ${excerpt(reply.text)}`);
}
/** A reply that writes nothing must not announce a write. */
function expectNoWrite(reply) {
  check(!reply.text.includes('Listo,'), () => `reply writes nothing but says "Listo,": ${excerpt(reply.text)}`);
}
function expectPending(reply) {
  check(reply.pendingId, () => `a confirmation should be pending (Sí/No buttons or pending_action_id); got ${excerpt(reply.text)}`);
}
function expectNoPending(reply) {
  check(!reply.pendingId, () => `no confirmation should be pending, but the reply has ${reply.pendingId}: ${excerpt(reply.text)}`);
}

// ------------------------------------------------------------------ transport

let recorder;

/** A Telegram sendMessage body as a reply: text, and the Sí/No buttons when pending. */
function fromSendMessage(body) {
  const row = body?.reply_markup?.inline_keyboard?.[0] ?? [];
  const yes = row[0]?.callback_data ?? null;
  const no = row[1]?.callback_data ?? null;
  return { text: String(body?.text ?? ''), pendingId: yes, yes, no };
}

/** A group reply names the member it answers; the rest is the reply. */
function unnamed(thread, reply) {
  if (thread.chatType === 'private') return reply;
  check(reply.text.startsWith('Ana: '), () => `a group reply should name the member; got ${excerpt(reply.text)}`);
  return { ...reply, text: reply.text.slice('Ana: '.length) };
}

/** Types `text` in a thread; returns {text, pendingId, yes, no, now}. */
async function say(thread, text) {
  const now = tick();
  let reply;
  if (thread.kind === 'web') {
    const res = await chat({ token: thread.user.session }, text, { now: iso(now) });
    expectOk(res, `POST /api/chat ${JSON.stringify(text)}`);
    reply = { text: String(res.body.reply ?? ''), pendingId: res.body.pending_action_id ?? null, yes: null, no: null };
  } else {
    const typed = thread.mention ? `@caja_bot ${text}` : text;
    const update = textUpdate(thread.chatId, typed, { userId: thread.user.id, chatType: thread.chatType });
    const res = await webhook(update, { now: iso(now) });
    expectOk(res, `webhook ${JSON.stringify(typed)}`);
    check(res.body?.method === 'sendMessage' && res.body.chat_id === thread.chatId,
      () => `webhook should answer with sendMessage to ${thread.chatId}; got ${JSON.stringify(res.body).slice(0, 400)}`);
    reply = unnamed(thread, fromSendMessage(res.body));
  }
  reply.now = now;
  note(`${iso(now).slice(11, 19)} ${thread.name} > ${text}`);
  note(`${' '.repeat(9)}${thread.name} < ${reply.text.replace(/\n/g, ' ⏎ ').slice(0, 300)}${reply.pendingId ? `  [pending ${reply.pendingId}]` : ''}`);
  return reply;
}

/** Presses a Sí/No button (callback_data `data`) in a Telegram thread; the chat reply is the Bot API sendMessage. */
async function press(thread, data, which) {
  check(thread.kind === 'tg' && data, `no ${which} button to press`);
  const now = tick();
  const updateId = nextUpdateId();
  const seen = recorder.calls.length;
  const res = await webhook({
    update_id: updateId,
    callback_query: {
      id: `cb-${updateId}`,
      from: { id: thread.user.id, is_bot: false, first_name: 'Ana' },
      message: { message_id: 77, date: 1795370400, chat: { id: thread.chatId, type: thread.chatType }, text: T.suffix },
      data,
    },
  }, { now: iso(now) });
  expectOk(res, `callback ${data}`);
  check(res.body?.method === 'answerCallbackQuery',
    () => `a button press should be answered with answerCallbackQuery; got ${JSON.stringify(res.body).slice(0, 300)}`);
  const ours = (c) => c.method === 'sendMessage' && c.body?.chat_id === thread.chatId;
  try {
    await recorder.until((calls) => calls.slice(seen).some(ours), 5_000);
  } catch {
    fail(`no sendMessage to ${thread.chatId} reached the Bot API recorder after pressing ${which} (${data}); answerCallbackQuery text ${JSON.stringify(res.body.text)}`);
  }
  const sent = recorder.calls.slice(seen).filter(ours).at(-1);
  const reply = { ...unnamed(thread, fromSendMessage(sent.body)), now, toast: res.body.text };
  note(`${iso(now).slice(11, 19)} ${thread.name} [${which} button ${data}] → toast ${JSON.stringify(res.body.text)}`);
  note(`${' '.repeat(9)}${thread.name} < ${reply.text.replace(/\n/g, ' ⏎ ').slice(0, 300)}${reply.pendingId ? `  [pending ${reply.pendingId}]` : ''}`);
  return reply;
}

/** /web in the user's private chat, then POST /api/login: a web session for a Telegram user. */
async function webSession(user) {
  const res = await webhook(textUpdate(user.id, '/web'), { now: iso(tick()) });
  expectOk(res, `/web for ${user.name}`);
  const match = /\/\?login=([0-9a-f]{64})/.exec(String(res.body?.text ?? ''));
  check(match, () => `/web should answer with a login link; got ${JSON.stringify(res.body).slice(0, 300)}`);
  const login = await fetch(`${BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caja-now': iso(tick()) },
    body: JSON.stringify({ token: match[1] }),
  });
  const body = await login.json().catch(() => null);
  check(login.status === 200 && body?.session_token, () => `POST /api/login for ${user.name}: HTTP ${login.status} ${JSON.stringify(body)}`);
  check(String(body.user_id).includes(String(user.id)), () => `the web session of ${user.name} (${user.id}) belongs to ${body.user_id}`);
  return body.session_token;
}

// ------------------------------------------------------------------ model checks

/** The user's live rows through the API must equal the model. */
async function checkLedger(user) {
  const res = await get({ token: user.session }, `/api/transactions?month=${MONTH}`, iso(tick()));
  expectOk(res, `GET /api/transactions for ${user.name}`);
  check(Array.isArray(res.body?.transactions), () => `unexpected /api/transactions body: ${JSON.stringify(res.body).slice(0, 300)}`);
  const actual = [...res.body.transactions]
    .sort((a, b) => a.id - b.id)
    .map((t) => ({ type: t.type, amount: t.amount_mxn_cents, category: t.category }));
  const expected = user.rows.map((r) => ({ type: 'EXPENSE', amount: r.amount, category: r.category }));
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    const show = (rows) => rows.map((r) => `${r.type} ${mxn(r.amount)} ${r.category}`).join(' | ') || '(none)';
    fail(`ledger of ${user.name} differs from the model\n  api:   ${show(actual)}\n  model: ${show(expected)}`);
  }
}

const inGroup = (thread) => thread.chatType === 'supergroup';
/** The rows a thread sees: in a group, only what its member logged there. */
const visibleRows = (thread) => (inGroup(thread) ? thread.user.rows.filter((r) => r.group) : thread.user.rows);
const total = (rows) => rows.reduce((s, r) => s + r.amount, 0);

/** The month summary reply for the thread, predicted from the model. */
function expectSummary(reply, thread) {
  const rows = visibleRows(thread);
  if (rows.length === 0) {
    expectText(reply, T.emptyMonth);
  } else {
    expectText(reply, `Gastos: ${mxn(total(rows))}`);
  }
  if (inGroup(thread)) expectGroupPrivate(reply, thread);
}

/** A group reply shows no amount or total of the member's other threads, and no budget. */
function expectGroupPrivate(reply, thread) {
  const shown = new Set(visibleRows(thread).map((r) => r.amount));
  shown.add(total(visibleRows(thread)));
  // The prompt waiting in this thread was said here (its amount may equal
  // a private one by chance: "gasté 1847 en uber" in the group after
  // "gasté 1847 en tacos" in private).
  if (thread.pending) shown.add(thread.pending.amount);
  const hidden = thread.user.rows.filter((r) => !r.group).map((r) => r.amount);
  hidden.push(total(thread.user.rows));
  for (const amount of hidden) {
    if (shown.has(amount)) continue;
    check(!reply.text.includes(mxn(amount)), () => `a group reply shows ${mxn(amount)} from ${thread.user.name}'s private chat: ${excerpt(reply.text)}`);
  }
  check(!reply.text.includes('presupuesto'), () => `a group reply mentions a budget: ${excerpt(reply.text)}`);
}

/** The alert a confirmed expense of `amount` in `category` gives, predicted from the model (after the row is added). */
function expectBudgetAlert(reply, user, category, amount) {
  const cap = user.budgets?.[category];
  const after = total(user.rows.filter((r) => r.category === category));
  const before = after - amount;
  const crossed = (percent) => cap && before * 100 < cap * percent && after * 100 >= cap * percent;
  if (crossed(100)) {
    count('budget-over');
    expectText(reply, after === cap
      ? `Ojo: llegaste al tope de tu presupuesto de ${label(category)} de noviembre de 2026: llevas ${mxn(after)} de ${mxn(cap)}.`
      : `Ojo: ya pasaste tu presupuesto de ${label(category)} de noviembre de 2026: llevas ${mxn(after)} de ${mxn(cap)}, te pasaste por ${mxn(after - cap)}.`);
  } else if (crossed(80)) {
    count('budget-80');
    expectText(reply, `Aviso: ya usaste el ${Math.floor((after * 100) / cap)} % de tu presupuesto de ${label(category)} de noviembre de 2026`);
  } else {
    check(!reply.text.includes('presupuesto'), () => `no budget was crossed, yet: ${excerpt(reply.text)}`);
  }
}

/** The prompt of a pending action (as first shown, or shown again after expiry). */
function expectPrompt(reply, pending) {
  const title = { add: T.addPrompt, update: T.updatePrompt, delete: pending.last === false ? T.deleteOlderPrompt : T.deletePrompt }[pending.kind];
  expectText(reply, title);
  expectText(reply, `Monto: ${mxn(pending.amount)}`);
  expectText(reply, `Categoría: ${label(pending.category)}`);
  expectText(reply, T.suffix);
}

/** Records the (new) id, buttons and expiry window of a prompt. A prompt
 * offered anew after it expired (`reoffer`) leaves its old buttons pointing
 * at the new one while it is open. */
function adoptPrompt(thread, pending, reply, reoffer = false) {
  if (thread.pending?.yes && thread.pending.yes !== reply.yes) {
    thread.staleYes = thread.pending.yes;
    thread.staleOutcome = reoffer ? 'reoffered' : 'replaced';
  }
  pending.id = reply.pendingId;
  pending.yes = reply.yes;
  pending.no = reply.no;
  pending.expiresAt = reply.now + CONFIRMATION_TTL_MS;
  // Latest the expiry can be: a digression might renew it (see digress()).
  pending.expiresLatest = pending.expiresAt;
  thread.pending = pending;
}

/** `outcome`: what a late press of its Sí button is told ('confirmed', 'rejected' or 'replaced'). */
function resolvePending(thread, outcome) {
  if (thread.pending?.yes) {
    thread.staleYes = thread.pending.yes;
    thread.staleOutcome = outcome;
  }
  thread.pending = null;
}

// ------------------------------------------------------------------ actions

const counts = {};
function count(name) {
  counts[name] = (counts[name] ?? 0) + 1;
}

/** A random amount in pesos (1..5000) whose centavos differ from `cents`, so a correction always changes something. */
function differentAmount(cents) {
  let pesos = int(1, 5000);
  while (pesos * 100 === cents) pesos = int(1, 5000);
  return pesos;
}

/** "gasté N en …": a prompt with the amount and category; nothing written. */
async function logExpense(thread) {
  const n = int(1, 5000);
  const category = pick(CATEGORIES);
  const reply = await say(thread, `gasté ${n} en ${category.word}`);
  const pending = { kind: 'add', amount: n * 100, category: category.key };
  expectPrompt(reply, pending);
  expectNoWrite(reply);
  expectPending(reply);
  adoptPrompt(thread, pending, reply);
}

/** "corrige el último, fue M": a prompt for the model's last row with amount M, or "no rows". */
async function correctLast(thread) {
  const last = visibleRows(thread).at(-1);
  const m = differentAmount(last?.amount);
  const reply = await say(thread, `corrige el último, fue ${m}`);
  expectNoWrite(reply);
  if (!last) {
    expectText(reply, T.nothingToChange);
    expectNoPending(reply);
    return;
  }
  const pending = { kind: 'update', amount: m * 100, category: last.category, target: last.uid, targetVersion: last.version };
  expectPrompt(reply, pending);
  expectPending(reply);
  adoptPrompt(thread, pending, reply);
}

/** "borra el último": a prompt showing the model's last row, or "no rows". */
async function deleteLast(thread) {
  const last = visibleRows(thread).at(-1);
  const reply = await say(thread, 'borra el último');
  expectNoWrite(reply);
  if (!last) {
    expectText(reply, T.nothingToChange);
    expectNoPending(reply);
    return;
  }
  const pending = { kind: 'delete', amount: last.amount, category: last.category, target: last.uid, targetVersion: last.version };
  expectPrompt(reply, pending);
  expectPending(reply);
  adoptPrompt(thread, pending, reply);
}

/** A row the thread sees, chosen at random, whose amount no other row it sees has: "el de N". */
function uniqueOlderRow(thread) {
  const rows = visibleRows(thread);
  const counts = new Map();
  for (const r of rows) counts.set(r.amount, (counts.get(r.amount) ?? 0) + 1);
  const unique = rows.filter((r) => counts.get(r.amount) === 1);
  return unique.length ? pick(unique) : null;
}

/** "el de N fue M": a correction aimed at a random older row by its old amount lands on that row. */
async function correctOlder(thread) {
  const row = uniqueOlderRow(thread);
  if (!row) return correctLast(thread);
  const m = differentAmount(row.amount);
  const reply = await say(thread, `el de ${row.amount / 100} fue ${m}`);
  expectNoWrite(reply);
  const pending = { kind: 'update', amount: m * 100, category: row.category, target: row.uid, targetVersion: row.version };
  expectPrompt(reply, pending);
  expectText(reply, `Antes: `);
  expectText(reply, `· ${label(row.category)} · ${mxn(row.amount)}`);
  expectPending(reply);
  adoptPrompt(thread, pending, reply);
}

/** "borra el de N": a delete aimed at a random older row by its amount shows that row. */
async function deleteOlder(thread) {
  const row = uniqueOlderRow(thread);
  if (!row) return deleteLast(thread);
  const reply = await say(thread, `borra el de ${row.amount / 100}`);
  expectNoWrite(reply);
  const last = visibleRows(thread).at(-1) === row;
  const pending = { kind: 'delete', amount: row.amount, category: row.category, target: row.uid, targetVersion: row.version, last };
  expectPrompt(reply, pending);
  expectPending(reply);
  adoptPrompt(thread, pending, reply);
}

/** Read-only: the month summary equals the model's total; nothing pending, nothing written. */
async function summary(thread) {
  const reply = await say(thread, SUMMARY_QUESTION);
  expectSummary(reply, thread);
  expectNoPending(reply);
  expectNoWrite(reply);
}

/** Answers "sí" (typed or the Sí button). Expired: shown again, nothing written. In time: the model changes. */
async function confirm(thread, viaButton) {
  const pending = thread.pending;
  let now = nextNow();
  if (now >= pending.expiresAt && now < pending.expiresLatest) {
    // The expiry depends on whether a digression renewed it: make it certain.
    jump();
    now = nextNow();
  }
  const expired = now >= pending.expiresAt;
  const reply = viaButton ? await press(thread, pending.yes, 'Sí') : await say(thread, pick(YES_WORDS));
  if (expired) {
    count('confirm-expired');
    expectText(reply, T.expired);
    expectPrompt(reply, pending);
    expectNoWrite(reply);
    expectPending(reply);
    check(reply.pendingId !== pending.id, () => `an expired prompt shown again needs a new id, still ${reply.pendingId}`);
    adoptPrompt(thread, { ...pending }, reply, true);
    return;
  }
  const user = thread.user;
  expectNoPending(reply);
  const target = user.rows.find((r) => r.uid === pending.target);
  const moved = pending.kind !== 'add'
    && (!target || (ROW_VERSION_GUARD && target.version !== pending.targetVersion));
  // Nothing written: a late press is stale, not "already saved".
  resolvePending(thread, moved ? 'replaced' : 'confirmed');
  if (pending.kind === 'add') {
    count('write-add');
    expectStart(reply, `Listo, registré el gasto de ${mxn(pending.amount)} en ${label(pending.category)}`);
    user.uids += 1;
    user.rows.push({ uid: user.uids, version: 1, amount: pending.amount, category: pending.category, group: inGroup(thread) });
    if (inGroup(thread)) expectGroupPrivate(reply, thread);
    else expectBudgetAlert(reply, user, pending.category, pending.amount);
    return;
  }
  // UPDATE/DELETE_LAST_TRANSACTION write only if the row the prompt showed
  // is still live and unchanged (A's other thread may have corrected or
  // deleted it meanwhile); newer rows do not matter.
  if (moved) {
    count(`${pending.kind}-refused`);
    expectText(reply, T.lastChanged);
    expectNoWrite(reply);
    return;
  }
  if (pending.kind === 'update') {
    count('write-update');
    expectStart(reply, 'Listo, corregí el movimiento:');
    expectText(reply, `· ${label(target.category)} · ${mxn(pending.amount)}`);
    target.amount = pending.amount;
    target.version += 1;
  } else {
    count('write-delete');
    expectStart(reply, 'Listo, borré el movimiento:');
    expectText(reply, `· ${label(target.category)} · ${mxn(target.amount)}`);
    user.rows.splice(user.rows.indexOf(target), 1);
  }
}

/** Answers "no" (typed or the No button): nothing written, expired or not. */
async function reject(thread, viaButton) {
  const reply = viaButton ? await press(thread, thread.pending.no, 'No') : await say(thread, 'no');
  expectText(reply, T.rejected);
  expectNoWrite(reply);
  expectNoPending(reply);
  resolvePending(thread, 'rejected');
}

/** "no, eran M" while an expense is pending: the prompt again with M; nothing written. */
async function amend(thread) {
  const pending = thread.pending;
  const m = differentAmount(pending.amount);
  const reply = await say(thread, `no, eran ${m}`);
  const amended = { ...pending, amount: m * 100 };
  expectPrompt(reply, amended);
  check(!reply.text.includes(`Monto: ${mxn(pending.amount)}`), () => `the amended prompt still shows the old amount: ${excerpt(reply.text)}`);
  expectNoWrite(reply);
  expectPending(reply);
  adoptPrompt(thread, amended, reply);
}

/** 6 minutes pass, then "sí": expired, shown again, nothing written; sometimes a "sí" right after writes. */
async function expire(thread) {
  jump();
  await confirm(thread, thread.kind === 'tg' && chance(0.4));
  check(thread.pending, 'after an expired "sí" the confirmation must still be pending');
  if (chance(0.6)) await confirm(thread, thread.kind === 'tg' && chance(0.4));
}

/** A question while confirming: answered, and the same confirmation asked
 * again (same id, same buttons) while it is alive; once expired it is
 * offered anew under a new id, never shown as pending. */
async function digress(thread) {
  const pending = thread.pending;
  if (nextNow() >= pending.expiresAt && nextNow() < pending.expiresLatest) jump();
  const expired = nextNow() >= pending.expiresAt;
  const reply = await say(thread, SUMMARY_QUESTION);
  expectSummary(reply, thread);
  expectText(reply, T.yesNo);
  expectNoWrite(reply);
  expectPending(reply);
  if (expired) {
    count('digress-expired');
    expectText(reply, T.expired);
    expectPrompt(reply, pending);
    check(reply.pendingId !== pending.id, () => `an expired prompt shown again needs a new id, still ${reply.pendingId}`);
    adoptPrompt(thread, { ...pending }, reply, true);
    return;
  }
  check(reply.pendingId === pending.id, () => `a digression must keep the pending confirmation ${pending.id}; reply has ${reply.pendingId}`);
  if (thread.kind === 'tg') {
    check(reply.yes === pending.yes && reply.no === pending.no,
      () => `a digression must show the same buttons (${pending.yes}, ${pending.no}); got (${reply.yes}, ${reply.no})`);
  }
  pending.expiresLatest = Math.max(pending.expiresLatest, reply.now + CONFIRMATION_TTL_MS);
}

/** An old Sí button (of a prompt answered, replaced or expired): nothing written, the pending one kept. */
async function pressStale(thread) {
  const data = thread.staleYes;
  const pending = thread.pending;
  if (pending && nextNow() >= pending.expiresAt && nextNow() < pending.expiresLatest) jump();
  // The pending prompt, asked again after the press, is offered anew once expired.
  const expired = pending && nextNow() >= pending.expiresAt;
  const reply = await press(thread, data, 'stale Sí');
  // A prompt already decided says what became of it; a replaced one is stale.
  const [toast, text] = {
    confirmed: [T.alreadyConfirmedToast, T.alreadyConfirmed],
    rejected: [T.staleButton, T.alreadyRejected],
    replaced: [T.staleButton, T.staleButton],
    reoffered: [T.reofferedToast, T.reoffered],
  }[thread.staleOutcome];
  check(reply.toast === toast, () => `a late button's answerCallbackQuery should say ${JSON.stringify(toast)}; got ${JSON.stringify(reply.toast)}`);
  expectText(reply, text);
  expectNoWrite(reply);
  if (expired) {
    count('stale-then-expired');
    expectText(reply, T.expired);
    check(reply.pendingId !== pending.id, () => `an expired prompt shown again needs a new id, still ${reply.pendingId}`);
    adoptPrompt(thread, { ...pending }, reply, true);
  } else if (pending) {
    check(reply.pendingId === pending.id, () => `a stale button must leave the pending confirmation ${pending.id}; reply has ${reply.pendingId}`);
  } else {
    expectNoPending(reply);
  }
}

/** One random step of one thread. */
async function step(thread) {
  const p = thread.pending;
  const tg = thread.kind === 'tg';
  const stale = tg && thread.staleYes ? 0.4 : 0;
  if (!p) {
    const action = weighted([['log', 6], ['correct-last', 1.5], ['delete-last', 1.5], ['correct-older', 1.5], ['delete-older', 1], ['summary', 1], ['stale-button', stale]]);
    where.action = action;
    count(action);
    if (action === 'log') return logExpense(thread);
    if (action === 'correct-last') return correctLast(thread);
    if (action === 'delete-last') return deleteLast(thread);
    if (action === 'correct-older') return correctOlder(thread);
    if (action === 'delete-older') return deleteOlder(thread);
    if (action === 'summary') return summary(thread);
    return pressStale(thread);
  }
  const inTime = nextNow() < p.expiresAt;
  const action = weighted([
    ['confirm', 5],
    ['reject', 1.2],
    ['amend', p.kind === 'add' && inTime ? 2 : 0],
    ['expire', canJump() ? 1 : 0],
    ['digress', inTime ? 1.5 : 0],
    ['stale-button', stale],
  ]);
  const button = tg && chance(0.4);
  const ambiguous = nextNow() >= p.expiresAt && nextNow() < p.expiresLatest;
  where.action = `${action}${button && (action === 'confirm' || action === 'reject') ? ' (button)' : ''} on ${p.kind}`;
  count(action);
  if (button && (action === 'confirm' || action === 'reject')) count('button');
  if (action === 'confirm' && !(ambiguous && !canJump())) return confirm(thread, button);
  if (action === 'confirm' || action === 'reject') return reject(thread, button);
  if (action === 'amend') return amend(thread);
  if (action === 'expire') return expire(thread);
  if (action === 'digress') return digress(thread);
  return pressStale(thread);
}

// ------------------------------------------------------------------ the test

before(async () => {
  recorder = await startRecorder();
});
after(async () => {
  await recorder?.close();
});

test('ledger model: random web, private and group turns always leave the ledger the model predicts', { timeout: TEST_TIMEOUT_MS }, async () => {
  console.log('ledger model seed', SEED);
  check(Number.isInteger(SEED) && SEED >= 0 && SEED < 2 ** 32, `CAJA_MODEL_SEED must be an integer in [0, 2^32), got ${process.env.CAJA_MODEL_SEED}`);
  check(Number.isInteger(STEPS) && STEPS > 0, `CAJA_MODEL_STEPS must be a positive integer, got ${process.env.CAJA_MODEL_STEPS}`);
  const started = Date.now();

  const makeUser = (name) => ({ name, id: nextChatId(), session: null, rows: [], uids: 0 });
  const A = makeUser('A');
  const B = makeUser('B');
  const C = makeUser('C');
  const users = [A, B, C];
  const groupId = -nextChatId();
  for (const user of users) user.session = await webSession(user);

  const threads = [
    { name: 'A/telegram', kind: 'tg', user: A, chatId: A.id, chatType: 'private', mention: false },
    { name: 'A/web', kind: 'web', user: A },
    { name: 'B/telegram', kind: 'tg', user: B, chatId: B.id, chatType: 'private', mention: false },
    { name: 'B/group', kind: 'tg', user: B, chatId: groupId, chatType: 'supergroup', mention: true },
    { name: 'C/group', kind: 'tg', user: C, chatId: groupId, chatType: 'supergroup', mention: true },
  ].map((t) => ({ ...t, pending: null, staleYes: null, staleOutcome: null, turns: 0 }));

  for (const user of users) await checkLedger(user);
  // Category budgets, set through the chat and confirmed.
  A.budgets = { comida: 600_000 };
  B.budgets = { transporte: 400_000 };
  for (const [thread, word] of [[threads[0], 'comida'], [threads[2], 'transporte']]) {
    const cap = thread.user.budgets[word === 'comida' ? 'comida' : 'transporte'];
    const ask = await say(thread, `presupuesto de ${cap / 100} para ${word}`);
    expectText(ask, `¿Fijo tu presupuesto mensual de ${word}?`);
    const saved = await say(thread, 'sí');
    expectStart(saved, `Listo, tu presupuesto de ${word} es de ${mxn(cap)} al mes`);
  }

  for (let i = 1; i <= STEPS; i += 1) {
    check(Date.now() - started < LOOP_DEADLINE_MS, `out of time after ${i - 1} steps and ${requests} requests`);
    const thread = pick(threads);
    where.step = i;
    where.thread = thread.name;
    thread.turns += 1;
    await step(thread);
    where.action += ' → ledger check';
    await checkLedger(thread.user);
    if (i % FULL_CHECK_EVERY === 0) for (const user of users) await checkLedger(user);
  }
  where.action = 'final check';
  for (const user of users) await checkLedger(user);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`ledger model seed ${SEED}: ${STEPS} steps, ${requests} requests, ${seconds} s; rows A=${A.rows.length} B=${B.rows.length} C=${C.rows.length}`);
  console.log('ledger model actions', JSON.stringify(counts));

  // Coverage: with the default step count every actor and action must have run.
  if (STEPS >= 300) {
    for (const thread of threads) check(thread.turns > 0, `${thread.name} never acted`);
    for (const name of ['log', 'confirm', 'reject', 'amend', 'expire', 'digress', 'button', 'write-add', 'write-update', 'write-delete', 'confirm-expired']) {
      check(counts[name] > 0, `action ${name} never ran: ${JSON.stringify(counts)}`);
    }
  }
});
