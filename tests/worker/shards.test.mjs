// People spread over shards: ./test runs the Worker with two shard
// databases and a directory (wrangler.toml). Each person's rows live only
// in the shard their user id hashes to, a Telegram update reaches that
// shard without asking the directory, and nobody sees another's data
// whichever shard they are on. The hash is computed here apart (FNV-1a,
// 64 bits) and must agree with the Worker's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';
import { login, chat, get, webhook, textUpdate, nextChatId, nextUpdateId, operatorGet, uniqueName } from '../lib/api.mjs';

const SHARDS = 2;

function shardOf(userId) {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(userId)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return Number(hash % BigInt(SHARDS));
}

/** A fresh Telegram chat id whose user lands on `shard`. */
function chatOnShard(shard) {
  for (;;) {
    const id = nextChatId();
    if (shardOf(`tg:${id}`) === shard) return id;
  }
}

async function rowsByShard(userId) {
  const res = await fetch(`${BASE_URL}/api/test/rows?user=${encodeURIComponent(userId)}&by_shard=1`);
  assert.equal(res.status, 200);
  return res.json();
}

/** Rows of the person in one shard's counts, over every table. */
function total(counts) {
  return Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
}

async function say(chatId, text, options = {}) {
  const res = await webhook(textUpdate(chatId, text, options));
  assert.equal(res.status, 200);
  return res;
}

test('two people on different shards: each one\'s rows live only in their shard, and an update never asks the directory', async () => {
  const ana = chatOnShard(0);
  const beto = chatOnShard(1);
  for (const [chatId, text] of [[ana, 'gasté 250 en uber'], [beto, 'gasté 900 en la renta del local']]) {
    const asked = await say(chatId, text);
    assert.equal(asked.headers.get('x-caja-directory-round-trips'), '0');
    const done = await say(chatId, 'sí');
    assert.equal(done.headers.get('x-caja-directory-round-trips'), '0');
    assert.match(done.body.text, /^Listo/);
  }
  for (const [chatId, shard] of [[ana, 0], [beto, 1]]) {
    const found = await rowsByShard(`tg:${chatId}`);
    assert.equal(found.shard, shard, 'the Worker hashes the id as this test does');
    assert.equal(found.shards.length, SHARDS);
    const own = found.shards[shard];
    assert.equal(own.transactions, 1);
    assert.equal(own.users, 1);
    assert.equal(own.checkpoints, 1);
    assert.equal(own.turns, 3, 'the conversation\'s start and two turns');
    assert.equal(own.processed_updates, 2);
    assert.equal(total(found.shards[1 - shard]), 0, 'nothing of the person in the other shard');
  }
});

test('a group with members on both shards: each member\'s thread lives in their own shard', async () => {
  const group = -nextChatId();
  const ana = chatOnShard(0);
  const beto = chatOnShard(1);
  const options = (userId) => ({ userId, chatType: 'group', updateId: nextUpdateId() });
  await say(group, '@caja_bot gasté 120 en tortillas', options(ana));
  await say(group, '@caja_bot sí', options(ana));
  await say(group, '@caja_bot gasté 80 en pan', options(beto));
  const done = await say(group, '@caja_bot sí', options(beto));
  assert.match(done.body.text, /Listo/);
  for (const [userId, shard] of [[ana, 0], [beto, 1]]) {
    const found = await rowsByShard(`tg:${userId}`);
    assert.equal(found.shards[shard].transactions, 1);
    assert.equal(found.shards[shard].checkpoints, 1);
    assert.equal(total(found.shards[1 - shard]), 0);
  }
});

test('on the web, people on different shards each see only their own movements and threads', async () => {
  let first;
  let second;
  while (!first || !second) {
    const name = uniqueName('shard');
    const shard = shardOf(`dev:${name}`);
    if (shard === 0 && !first) first = await login(name);
    if (shard === 1 && !second) second = await login(name);
  }
  for (const [session, text] of [[first, 'gasté 310 en gasolina'], [second, 'gasté 45 en un café']]) {
    assert.equal((await chat(session, text)).status, 200);
    const done = await chat(session, 'sí');
    assert.equal(done.status, 200);
    // The web asks the directory for the session once, then its shard.
    assert.ok(Number(done.headers.get('x-caja-round-trips')) >= 2);
  }
  const mine = await get(first, '/api/transactions');
  assert.equal(mine.status, 200);
  assert.deepEqual(mine.body.transactions.map((t) => t.amount_mxn_cents), [31000]);
  const theirs = await get(second, '/api/transactions');
  assert.deepEqual(theirs.body.transactions.map((t) => t.amount_mxn_cents), [4500]);
  // Another person's thread is not found from either side.
  const foreign = await get(first, `/api/conversations/${encodeURIComponent(`web:${second.userId}`)}`);
  assert.equal(foreign.status, 404);
  const own = await get(second, `/api/conversations/${encodeURIComponent(`web:${second.userId}`)}`);
  assert.equal(own.status, 200);
  assert.equal(own.body.turns, 2);
  // The operator's review reaches both shards.
  for (const session of [first, second]) {
    const detail = await operatorGet(`/api/operator/conversations/${encodeURIComponent(`web:${session.userId}`)}`);
    assert.equal(detail.status, 200);
    assert.equal(detail.body.user_id, session.userId);
  }
  // A session signs in from the directory whichever shard the person is on.
  const state = await get(second, '/api/state');
  assert.equal(state.status, 200);
  assert.equal(state.body.version, 2);
});

test('the operator\'s list merges both shards newest first, page after page', async () => {
  const seen = [];
  let cursor = null;
  for (let page = 0; page < 200; page += 1) {
    const query = cursor ? `?limit=50&cursor=${cursor}` : '?limit=50';
    const res = await operatorGet(`/api/operator/conversations${query}`);
    assert.equal(res.status, 200);
    seen.push(...res.body.conversations);
    cursor = res.body.next_cursor;
    if (!cursor) break;
  }
  assert.equal(cursor, null, 'the list ends');
  const ids = seen.map((c) => c.id);
  assert.equal(new Set(ids).size, ids.length, 'no conversation twice');
  const order = seen.map((c) => [c.last_activity, c.id]);
  const sorted = [...order].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? 1 : -1) : a[0] < b[0] ? 1 : -1));
  assert.deepEqual(order, sorted);
  const shards = new Set(seen.map((c) => shardOf(c.user_id)));
  assert.deepEqual([...shards].sort(), [0, 1], 'conversations of both shards');
});
