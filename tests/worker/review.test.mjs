// Conversation review: every turn's events are stored with the turn; the
// signed-in user lists, reads and replays their own conversations only;
// the operator view needs its own secret, only reads, and is recorded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';
import {
  login, chat, get, operatorGet, webhook, textUpdate, nextChatId, DEFAULT_NOW,
} from '../lib/api.mjs';

const thread = (session) => `web:${session.userId}`;
const path = (session, tail = '') => `/api/conversations/${encodeURIComponent(thread(session))}${tail}`;

/** Every event of a conversation, following the cursors. */
async function allEvents(session, limit) {
  const events = [];
  let cursor = null;
  for (let page = 0; page < 100; page += 1) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor) query.set('cursor', cursor);
    const res = await get(session, path(session, `/events?${query}`));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok(res.body.events.length <= limit);
    events.push(...res.body.events);
    cursor = res.body.next_cursor;
    if (!cursor) return events;
  }
  throw new Error('more than 100 pages');
}

test('each turn stores its events: the input to replay it, what it read, asked, confirmed, called and answered', async () => {
  const session = await login();
  assert.equal((await chat(session, 'gasté 250 en uber ayer', { timezone: 'America/Cancun' })).status, 200);
  const confirmed = await chat(session, 'sí', { now: '2026-11-22T18:01:00.000Z' });
  assert.equal(confirmed.status, 200);
  assert.match(confirmed.body.reply, /Listo/);

  const events = await allEvents(session, 500);
  const started = events.filter((e) => e.kind === 'conversation_started');
  assert.equal(started.length, 1);
  assert.equal(started[0].turn, 0);
  assert.equal(started[0].payload.thread_id, thread(session));

  const first = events.filter((e) => e.turn === 1);
  assert.deepEqual(first.map((e) => e.seq), first.map((_, i) => i), 'positions count from 0');
  assert.equal(first[0].kind, 'user_message');
  assert.deepEqual(
    [first[0].payload.message, first[0].payload.now_ms, first[0].payload.timezone],
    ['gasté 250 en uber ayer', Date.parse(DEFAULT_NOW), 'America/Cancun'],
  );
  const kinds = first.map((e) => e.kind);
  for (const kind of ['intent', 'slot_set', 'confirmation_asked', 'bot_message']) {
    assert.ok(kinds.includes(kind), `${kind} in ${kinds}`);
  }
  const intent = first.find((e) => e.kind === 'intent');
  assert.equal(intent.payload.name, 'LOG_TRANSACTION');
  assert.ok(intent.payload.confidence >= 0.7);
  const amount = first.find((e) => e.kind === 'slot_set' && e.payload.name === 'amount_mxn_cents');
  assert.equal(amount.payload.value, 25000);
  assert.equal(amount.step, 'confirmation');
  assert.equal(first.at(-1).kind, 'bot_message');
  assert.match(first.at(-1).payload.text, /\$250\.00/);

  const second = events.filter((e) => e.turn === 2);
  assert.equal(second.find((e) => e.kind === 'confirmation_answered').payload.answer, 'confirmed');
  const call = second.find((e) => e.kind === 'tool_call' && e.payload.tool === 'add_transaction');
  assert.equal(call.payload.input.amount_mxn_cents, 25000);
  const result = second.find((e) => e.kind === 'tool_result' && e.payload.call_id === call.payload.id);
  assert.equal(result.payload.ok, true);
  assert.equal(second.at(-1).payload.text, confirmed.body.reply);

  // Pages of 3 give the same events in the same order.
  assert.deepEqual(await allEvents(session, 3), events);
});

test('a conversation lists, reads and replays in the Worker to the same replies and calls', async () => {
  const session = await login();
  for (const text of ['quiero hacer una recarga', '5512345678', 'cuánto llevo gastado este mes', 'cancelar']) {
    assert.equal((await chat(session, text)).status, 200, text);
  }
  const list = await get(session, '/api/conversations');
  assert.equal(list.status, 200);
  assert.equal(list.body.conversations.length, 1, 'only their own');
  const [row] = list.body.conversations;
  assert.equal(row.id, thread(session));
  assert.equal(row.channel, 'web');
  assert.equal(row.turns, 4);
  assert.equal(row.status, 'idle');
  assert.equal(row.next_cursor, undefined);
  assert.equal(list.body.next_cursor, null);
  // How long a quiet conversation's record is kept, as the review says it.
  assert.equal(list.body.kept_days, 180);
  assert.ok(!('user_id' in row));

  const detail = await get(session, path(session));
  assert.equal(detail.status, 200);
  assert.equal(detail.body.replayable, true);
  assert.deepEqual(detail.body.turn_list.map((t) => t.message),
    ['quiero hacer una recarga', '5512345678', 'cuánto llevo gastado este mes', 'cancelar']);
  assert.ok(detail.body.turn_list.every((t) => typeof t.reply === 'string' && t.reply.length > 0));
  assert.equal(detail.body.turn_list[0].agent, 'topups');
  assert.deepEqual(detail.body.stack.map((f) => f.agent), ['financial']);

  const replay = await get(session, path(session, '/replay'));
  assert.equal(replay.status, 200);
  assert.deepEqual(
    [replay.body.replayable, replay.body.turns, replay.body.same, replay.body.final_state_same, replay.body.differences],
    [true, 4, 4, true, []],
  );
});

test('another user\'s conversation is not found, and bad ids, cursors and limits are 400', async () => {
  const alice = await login();
  const bob = await login();
  assert.equal((await chat(alice, 'gasté 80 en tacos')).status, 200);
  assert.equal((await chat(bob, 'hola')).status, 200);
  for (const tail of ['', '/events', '/replay']) {
    const res = await get(bob, path(alice, tail));
    assert.equal(res.status, 404, tail);
    assert.equal(res.body.error, 'not_found');
  }
  const bobs = await get(bob, '/api/conversations');
  assert.deepEqual(bobs.body.conversations.map((c) => c.id), [thread(bob)]);

  const bad = [
    '/api/conversations?limit=0', '/api/conversations?limit=101', '/api/conversations?limit=abc',
    '/api/conversations?cursor=zz', `/api/conversations?cursor=${Buffer.from('solo').toString('hex')}`,
    '/api/conversations/%3Cscript%3E', `/api/conversations/${'a'.repeat(121)}`,
    `${path(alice, '/events')}?cursor=${Buffer.from('x\ny').toString('hex')}`,
    `${path(alice, '/events')}?limit=2001`,
  ];
  for (const url of bad) {
    const res = await get(alice, url);
    assert.equal(res.status, 400, url);
    assert.equal(res.body.error, 'bad_request', url);
    assert.equal(typeof res.body.message, 'string');
  }
  assert.equal((await get(alice, '/api/conversations/web:nadie')).status, 404);
  assert.equal((await get(alice, path(alice, '/otra'))).status, 400);
  const anonymous = await fetch(`${BASE_URL}/api/conversations`);
  assert.equal(anonymous.status, 401);
  const post = await fetch(`${BASE_URL}${path(alice)}`, {
    method: 'POST', headers: { authorization: `Bearer ${alice.token}` },
  });
  assert.equal(post.status, 405);
});

test('the operator view needs its secret, pages through every user, only reads, and is recorded', async () => {
  const alice = await login();
  assert.equal((await chat(alice, 'gasté 120 en cine')).status, 200);
  const chatId = nextChatId();
  assert.equal((await webhook(textUpdate(chatId, 'gasté 45 en café'))).status, 200);

  const none = await operatorGet('/api/operator/conversations', { secret: null });
  assert.equal(none.status, 401);
  const wrong = await operatorGet('/api/operator/conversations', { secret: 'x'.repeat(31) });
  assert.equal(wrong.status, 401);
  // A user's session is not the operator's secret.
  const asUser = await fetch(`${BASE_URL}/api/operator/conversations`, {
    headers: { authorization: `Bearer ${alice.token}` },
  });
  assert.equal(asUser.status, 401);

  // Pages of 2, newest first, no conversation twice, ours among them.
  const seen = [];
  let cursor = null;
  for (let page = 0; page < 5; page += 1) {
    const res = await operatorGet(`/api/operator/conversations?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    assert.equal(res.status, 200);
    assert.ok(res.body.conversations.length <= 2);
    seen.push(...res.body.conversations);
    cursor = res.body.next_cursor;
    if (!cursor) break;
  }
  const ids = seen.map((c) => c.id);
  assert.equal(new Set(ids).size, ids.length);
  const times = seen.map((c) => c.last_activity);
  assert.deepEqual([...times].sort().reverse(), times);
  const tg = await operatorGet(`/api/operator/conversations/${encodeURIComponent(`tg:${chatId}`)}`);
  assert.equal(tg.status, 200);
  assert.equal(tg.body.channel, 'telegram');
  assert.equal(tg.body.user_id, `tg:${chatId}`);
  assert.equal(tg.body.turn_list[0].message, 'gasté 45 en café');
  const web = await operatorGet(`/api/operator/conversations/${encodeURIComponent(thread(alice))}/events`);
  assert.equal(web.status, 200);
  assert.ok(web.body.events.some((e) => e.kind === 'user_message' && e.payload.message === 'gasté 120 en cine'));

  const post = await fetch(`${BASE_URL}/api/operator/conversations`, {
    method: 'POST', headers: { 'x-caja-operator': 'test-operator-secret-0123456789' },
  });
  assert.equal(post.status, 405);

  const access = await operatorGet('/api/operator/access?limit=20');
  assert.equal(access.status, 200);
  const paths = access.body.access.map((a) => [a.path, a.allowed]);
  assert.ok(paths.some(([p, allowed]) => p === '/api/operator/conversations' && allowed === 0), JSON.stringify(paths));
  assert.ok(paths.some(([p, allowed]) => p === `/api/operator/conversations/tg%3A${chatId}` && allowed === 1), JSON.stringify(paths));
});
