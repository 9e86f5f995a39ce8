// Real Bot API update payloads against the Telegram webhook: commands and
// mentions addressed to other bots, groups with several members, anonymous
// admins, linked channels, forum topics, inline-message buttons, update
// kinds Caja does not handle, forwarded confirmations, expired buttons and
// redelivery. Every request must get 200; the body is the Bot API method the
// Worker answers with, or {} when the update is not for Caja.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';
import { webhook, nextChatId, nextUpdateId, DEFAULT_NOW, WEBHOOK_SECRET } from '../lib/api.mjs';
import { startRecorder } from '../lib/recorder.mjs';

let recorder;
before(async () => {
  recorder = await startRecorder();
});
after(async () => {
  await recorder.close();
});

// ---------------------------------------------------------------- texts

const REFUSAL = /No llevo cuentas de canales/;
const SUMMARY = '¿cuánto llevo gastado este mes?';

// ---------------------------------------------------------------- builders

const BOT = { id: 7_000_000_001, is_bot: true, first_name: 'Caja', username: 'caja_bot' };
const ANONYMOUS_ADMIN = { id: 1087968824, is_bot: true, first_name: 'Group', username: 'GroupAnonymousBot' };
const TELEGRAM_SERVICE = { id: 777000, is_bot: false, first_name: 'Telegram' };

let messageIds = 1000;
const nextMessageId = () => (messageIds += 1);
const unix = (iso = DEFAULT_NOW) => Math.floor(Date.parse(iso) / 1000);
const plus = (iso, ms) => new Date(Date.parse(iso) + ms).toISOString();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function user(firstName, extra = {}) {
  return { id: nextChatId(), is_bot: false, first_name: firstName, language_code: 'es', ...extra };
}

/** A supergroup id has the -100… shape Telegram gives supergroups and channels. */
function supergroupId() {
  return -(1_000_000_000_000 + nextChatId());
}

function supergroup(title = 'Familia', extra = {}) {
  return { id: supergroupId(), title, type: 'supergroup', ...extra };
}

function channel(title = 'Canal') {
  return { id: supergroupId(), title, type: 'channel' };
}

function privateChat(of) {
  return { id: of.id, first_name: of.first_name, type: 'private' };
}

/** bot_command and mention entities for `text`, offsets in UTF-16 units as Telegram counts them. */
function autoEntities(text) {
  const entities = [];
  const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(text);
  if (command) entities.push({ type: 'bot_command', offset: 0, length: command[0].length });
  for (const m of text.matchAll(/@[A-Za-z0-9_]{5,}/g)) {
    if (command && m.index < command[0].length) continue;
    entities.push({ type: 'mention', offset: m.index, length: m[0].length });
  }
  return entities.length ? entities : undefined;
}

/** A Message object. `entities: null` leaves them out; `from: null` too. */
function messageObject({ chat, from, text, entities, now = DEFAULT_NOW, extra = {} }) {
  const message = { message_id: nextMessageId(), date: unix(now), chat };
  if (from) message.from = from;
  if (text !== undefined) {
    message.text = text;
    const e = entities === undefined ? autoEntities(text) : entities;
    if (e) message.entities = e;
  }
  return { ...message, ...extra };
}

function update(kind, payload, updateId = nextUpdateId()) {
  return { update_id: updateId, [kind]: payload };
}

function groupMessage({ chat, from, text, entities, extra, now, updateId }) {
  return update('message', messageObject({ chat, from, text, entities, now, extra }), updateId);
}

function privateMessage({ from, text, entities, extra, now, updateId }) {
  return update('message', messageObject({ chat: privateChat(from), from, text, entities, now, extra }), updateId);
}

/** A button press on a message the bot sent in `chat`. */
function callback({ from, chat, data, messageId = nextMessageId(), extra = {}, messageExtra = {}, updateId = nextUpdateId() }) {
  return update('callback_query', {
    id: `${from.id}${updateId}`,
    from,
    chat_instance: `ci${Math.abs(chat.id)}`,
    message: {
      message_id: messageId,
      from: BOT,
      chat,
      date: unix(),
      text: '¿Registro este movimiento?',
      ...messageExtra,
    },
    data,
    ...extra,
  }, updateId);
}

// ---------------------------------------------------------------- requests and assertions

/** Posts an update; every update in this file must be answered with 200. */
async function post(body, opts = {}) {
  const res = await webhook(body, opts);
  assert.equal(res.status, 200, `status for ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
  assert.equal(typeof res.body, 'object', `JSON body: ${res.body}`);
  assert.notEqual(res.body, null);
  return res.body;
}

/** The raw bytes of the webhook answer, for byte-equality. */
async function postRaw(body, now = DEFAULT_NOW) {
  const res = await fetch(`${BASE_URL}/telegram/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-caja-now': now,
      'x-telegram-bot-api-secret-token': WEBHOOK_SECRET,
    },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200);
  return res.text();
}

function assertIgnored(body, what) {
  assert.deepEqual(body, {}, `${what} is ignored`);
}

function assertSend(body, chatId, pattern) {
  assert.equal(body.method, 'sendMessage', JSON.stringify(body));
  assert.equal(body.chat_id, chatId);
  assert.equal(typeof body.text, 'string');
  assert.ok(body.text.length > 0 && body.text.length <= 4096);
  assert.match(body.text, pattern);
}

/** A confirmation prompt with Sí/No buttons; returns the Sí button's callback_data. */
function assertPrompt(body, chatId, amount) {
  assertSend(body, chatId, new RegExp(`Monto: \\$${amount.replace('.', '\\.')}`));
  assert.match(body.text, /Responde: sí \/ no/);
  const row = body.reply_markup?.inline_keyboard?.[0];
  assert.ok(Array.isArray(row), `prompt has buttons: ${JSON.stringify(body)}`);
  assert.deepEqual(row.map((b) => b.text), ['Sí', 'No']);
  for (const b of row) {
    assert.equal(typeof b.callback_data, 'string');
    // The Bot API rejects callback_data longer than 64 bytes.
    assert.ok(Buffer.byteLength(b.callback_data) >= 1 && Buffer.byteLength(b.callback_data) <= 64, b.callback_data);
  }
  assert.notEqual(row[0].callback_data, row[1].callback_data);
  return row[0].callback_data;
}

function assertNoPrompt(body) {
  assert.equal(body.reply_markup, undefined, `no buttons: ${JSON.stringify(body)}`);
  if (typeof body.text === 'string') {
    assert.doesNotMatch(body.text, /Monto:|Responde: sí|^Listo/);
  }
}

function assertRefusal(body, chatId) {
  assertSend(body, chatId, REFUSAL);
  assertNoPrompt(body);
}

/** Either {} or the channel refusal in `chatId`; never a prompt or a confirmation. */
function assertIgnoredOrRefused(body, chatId, what) {
  if (Object.keys(body).length === 0) return;
  assert.equal(body.method, 'sendMessage', `${what}: ${JSON.stringify(body)}`);
  assertRefusal(body, chatId);
}

function assertCallbackAnswer(body, callbackQueryId, text) {
  assert.equal(body.method, 'answerCallbackQuery', JSON.stringify(body));
  assert.equal(body.callback_query_id, callbackQueryId);
  if (text instanceof RegExp) assert.match(body.text, text);
  else assert.equal(body.text, text);
}

/** The month summary of a user with nothing written. */
function assertNothingSpent(body, chatId) {
  assertSend(body, chatId, /Gastos: \$0\.00|no tienes movimientos registrados/);
  assert.doesNotMatch(body.text, /Gastos: \$[1-9]/);
}

function spentInGroup(chat, from, opts = {}) {
  return post(groupMessage({ chat, from, text: `@caja_bot ${SUMMARY}`, now: opts.now }), opts);
}

function spentInPrivate(from, opts = {}) {
  return post(privateMessage({ from, text: SUMMARY, now: opts.now }), opts);
}

const callsTo = (chatId) => recorder.calls.filter((c) => c.body && c.body.chat_id === chatId);

// ---------------------------------------------------------------- tests

test('1. a bot_command addressed to Caja in a supergroup is answered; one for another bot is ignored', async () => {
  const group = supergroup();
  const ana = user('Ana');
  const start = await post(groupMessage({
    chat: group,
    from: ana,
    text: '/start@caja_bot',
    entities: [{ type: 'bot_command', offset: 0, length: 15 }],
  }));
  assertSend(start, group.id, /Soy Caja/);

  const help = await post(groupMessage({ chat: group, from: ana, text: '/ayuda@caja_bot' }));
  assertSend(help, group.id, /gasté 250 en uber/);

  const other = await post(groupMessage({
    chat: group,
    from: ana,
    text: '/start@other_bot',
    entities: [{ type: 'bot_command', offset: 0, length: 16 }],
  }));
  assertIgnored(other, '/start@other_bot');
});

test('2. group mentions: case-insensitive @Caja_Bot is answered; @caja_bot_fake and plain text are ignored', async () => {
  const group = supergroup();
  const ana = user('Ana', { username: 'ana_mx' });

  const mixed = await post(groupMessage({
    chat: group,
    from: ana,
    text: '@Caja_Bot gasté 100 en uber',
    entities: [{ type: 'mention', offset: 0, length: 9 }],
  }));
  assertPrompt(mixed, group.id, '100.00');

  const fake = await post(groupMessage({
    chat: group,
    from: ana,
    text: '@caja_bot_fake gasté 100 en uber',
    entities: [{ type: 'mention', offset: 0, length: 14 }],
  }));
  assertIgnored(fake, '@caja_bot_fake');

  const plain = await post(groupMessage({ chat: group, from: ana, text: 'gasté 100 en uber' }));
  assertIgnored(plain, 'plain group text');
});

test('3. every member of a group gets their own drafts, buttons and ledger', async () => {
  const group = supergroup('Familia');
  const ana = user('Ana');
  const beto = user('Beto');

  const anaPrompt = await post(groupMessage({ chat: group, from: ana, text: '@caja_bot gasté 130 en uber' }));
  const anaYes = assertPrompt(anaPrompt, group.id, '130.00');

  const betoPrompt = await post(groupMessage({ chat: group, from: beto, text: '@caja_bot gasté 70 en tacos' }));
  assert.doesNotMatch(betoPrompt.text ?? '', /mucho movimiento/);
  const betoYes = assertPrompt(betoPrompt, group.id, '70.00');
  assert.notEqual(betoYes, anaYes, 'two members\' buttons carry different callback_data');

  // Ana presses the Sí of her own prompt.
  const anaPress = callback({ from: ana, chat: group, data: anaYes });
  const anaAnswer = await post(anaPress);
  assertCallbackAnswer(anaAnswer, anaPress.callback_query.id, 'Listo');
  await recorder.until(() => callsTo(group.id).some((c) => c.method === 'sendMessage' && /Listo, registré el gasto de \$130\.00/.test(c.body.text)));
  const confirmations = () => callsTo(group.id).filter((c) => c.method === 'sendMessage' && /Listo/.test(c.body.text ?? ''));
  assert.equal(confirmations().length, 1);

  // Beto presses Ana's Sí: refused, nothing written, nothing sent to the group.
  const sentBefore = callsTo(group.id).length;
  const betoPress = callback({ from: beto, chat: group, data: anaYes });
  const betoAnswer = await post(betoPress);
  assertCallbackAnswer(betoAnswer, betoPress.callback_query.id, 'Ese botón es de otra persona');
  assert.equal(callsTo(group.id).length, sentBefore, 'a press on someone else\'s button sends nothing to the group');

  // Beto's own draft is still pending and his typed "sí" confirms it.
  const betoYesTyped = await post(groupMessage({ chat: group, from: beto, text: '@caja_bot sí' }));
  assertSend(betoYesTyped, group.id, /Listo, registré el gasto de \$70\.00/);
  assert.equal(betoYesTyped.reply_markup, undefined);

  const anaSummary = await spentInGroup(group, ana);
  assertSend(anaSummary, group.id, /Gastos: \$130\.00/);
  const betoSummary = await spentInGroup(group, beto);
  assertSend(betoSummary, group.id, /Gastos: \$70\.00/);
  assert.equal(confirmations().length, 1, 'no further confirmation messages were sent');
});

test('4. an anonymous group admin is refused clearly and nothing is written', async () => {
  const group1 = supergroup('Familia');
  const group2 = supergroup('Oficina');
  const member = user('Ana');
  const asAdmin = (group, text) => groupMessage({
    chat: group,
    from: ANONYMOUS_ADMIN,
    text,
    extra: { sender_chat: { id: group.id, title: group.title, type: 'supergroup' } },
  });

  const first = await post(asAdmin(group1, '@caja_bot gasté 500 en uber'));
  assertRefusal(first, group1.id);

  const second = await post(asAdmin(group2, '@caja_bot gasté 500 en uber'));
  assertRefusal(second, group2.id);

  // A "sí" from the anonymous admin confirms nothing either.
  const yes = await post(asAdmin(group1, '@caja_bot sí'));
  assertRefusal(yes, group1.id);

  const summary = await spentInGroup(group1, member);
  assertNothingSpent(summary, group1.id);
});

test('5. an automatic forward from the linked channel is never a prompt nor a write', async () => {
  const group = supergroup('Familia');
  const linked = channel('Canal');
  const member = user('Ana');
  const forward = (text) => groupMessage({
    chat: group,
    from: TELEGRAM_SERVICE,
    text,
    extra: {
      sender_chat: linked,
      is_automatic_forward: true,
      forward_origin: { type: 'channel', chat: linked, message_id: nextMessageId(), date: unix() },
    },
  });

  for (const text of ['gasté 999 en uber', '@caja_bot gasté 999 en uber', '@caja_bot sí']) {
    const body = await post(forward(text));
    assertIgnoredOrRefused(body, group.id, `automatic forward "${text}"`);
  }
  const summary = await spentInGroup(group, member);
  assertNothingSpent(summary, group.id);
});

test('6. a channel_post is never a prompt', async () => {
  const feed = channel('Canal');
  const post1 = update('channel_post', {
    message_id: nextMessageId(),
    sender_chat: feed,
    chat: feed,
    date: unix(),
    text: '@caja_bot gasté 10 en uber',
    entities: [{ type: 'mention', offset: 0, length: 9 }],
  });
  const body = await post(post1);
  assertIgnoredOrRefused(body, feed.id, 'channel_post');
});

test('7. in a forum topic the answer stays in the topic', async () => {
  const forum = supergroup('Casa', { is_forum: true });
  const ana = user('Ana');
  const topic = {
    message_thread_id: 42,
    is_topic_message: true,
    reply_to_message: {
      message_id: 42,
      date: unix() - 3600,
      chat: forum,
      from: ana,
      message_thread_id: 42,
      is_topic_message: true,
      forum_topic_created: { name: 'Gastos', icon_color: 7322096 },
    },
  };
  const prompt = await post(groupMessage({ chat: forum, from: ana, text: '@caja_bot gasté 55 en uber', extra: topic }));
  const yes = assertPrompt(prompt, forum.id, '55.00');
  assert.equal(prompt.message_thread_id, 42);

  // Pressing Sí in the topic: the confirmation message goes to the same topic.
  const press = callback({
    from: ana,
    chat: forum,
    data: yes,
    messageExtra: { message_thread_id: 42, is_topic_message: true },
  });
  assertCallbackAnswer(await post(press), press.callback_query.id, 'Listo');
  await recorder.until(() => callsTo(forum.id).some((c) => c.method === 'sendMessage' && /Listo, registré el gasto de \$55\.00/.test(c.body.text)));
  const sent = callsTo(forum.id).find((c) => c.method === 'sendMessage' && /Listo/.test(c.body.text));
  assert.equal(sent.body.message_thread_id, 42);
});

test('8. a button on an inline message (no message, inline_message_id) is answered as not valid', async () => {
  const ana = user('Ana');
  const updateId = nextUpdateId();
  const id = `${ana.id}${updateId}`;
  const body = await post({
    update_id: updateId,
    callback_query: {
      id,
      from: ana,
      inline_message_id: 'AgAAAKLmAgDcTy0sN9r3a1ZpQk8',
      chat_instance: '-5712380012357634101',
      data: 'pa:p1:y',
    },
  });
  assertCallbackAnswer(body, id, 'Ese botón ya no es válido');
  assert.deepEqual(body, { method: 'answerCallbackQuery', callback_query_id: id, text: 'Ese botón ya no es válido' });
});

test('9. my_chat_member, unknown update kinds and service messages get {}', async () => {
  const group = supergroup('Familia');
  const ana = user('Ana');
  const date = unix();

  const added = update('my_chat_member', {
    chat: group,
    from: ana,
    date,
    old_chat_member: { user: BOT, status: 'left' },
    new_chat_member: { user: BOT, status: 'member' },
  });
  assertIgnored(await post(added), 'my_chat_member');

  const others = [
    update('message_reaction', {
      chat: group,
      message_id: nextMessageId(),
      user: ana,
      date,
      old_reaction: [],
      new_reaction: [{ type: 'emoji', emoji: '👍' }],
    }),
    update('poll', {
      id: '5368934719472238592',
      question: '¿Pizza o tacos?',
      options: [{ text: 'Pizza', voter_count: 1 }, { text: 'Tacos', voter_count: 2 }],
      total_voter_count: 3,
      is_closed: false,
      is_anonymous: true,
      type: 'regular',
      allows_multiple_answers: false,
    }),
    update('chat_join_request', { chat: group, from: ana, user_chat_id: ana.id, date }),
    update('edited_channel_post', { message_id: 3, chat: channel(), date, edit_date: date, text: 'gasté 5' }),
    update('future_thing', { foo: 1, bar: { baz: [1, 2, 3] } }),
    { update_id: nextUpdateId() },
  ];
  for (const u of others) {
    const kind = Object.keys(u).find((k) => k !== 'update_id') ?? 'bare update_id';
    assertIgnored(await post(u), kind);
  }

  // Service messages in a group: members joining (with and without from), a member leaving.
  const joined = groupMessage({ chat: group, from: ana, extra: { new_chat_members: [BOT] } });
  assertIgnored(await post(joined), 'new_chat_members');
  const joinedNoFrom = groupMessage({ chat: group, from: null, extra: { new_chat_members: [ana] } });
  assertIgnored(await post(joinedNoFrom), 'new_chat_members without from');
  const left = groupMessage({ chat: group, from: ana, extra: { left_chat_member: ana } });
  assertIgnored(await post(left), 'left_chat_member');
});

test('10. a forwarded "sí" does not confirm; a typed one does, once', async () => {
  const ana = user('Ana');
  const chatId = ana.id;
  assertPrompt(await post(privateMessage({ from: ana, text: 'gasté 80 en tacos' })), chatId, '80.00');

  const forwards = [
    { type: 'user', date: 1795370000, sender_user: { id: 999, is_bot: false, first_name: 'Otro' } },
    { type: 'hidden_user', date: 1795370000, sender_user_name: 'Otro' },
  ];
  for (const origin of forwards) {
    const body = await post(privateMessage({ from: ana, text: 'sí', extra: { forward_origin: origin } }));
    assertSend(body, chatId, /reenviados/);
    assert.ok(!body.text.startsWith('Listo'), body.text);
  }

  const typed = await post(privateMessage({ from: ana, text: 'sí' }));
  assertSend(typed, chatId, /Listo, registré el gasto de \$80\.00/);
  const summary = await spentInPrivate(ana);
  assertSend(summary, chatId, /Gastos: \$80\.00/);
});

test('11. an expired Sí button writes nothing and offers new buttons that work', async () => {
  const T = DEFAULT_NOW;
  const late = plus(T, 6 * MINUTE);

  /** Prompt at T, press Sí at T+6m; returns the new Sí from the message the recorder got. */
  async function expireOnce(who) {
    const chat = privateChat(who);
    const ask = await post(privateMessage({ from: who, text: 'gasté 60 en uber', now: T }), { now: T });
    const oldYes = assertPrompt(ask, chat.id, '60.00');
    const press = callback({ from: who, chat, data: oldYes });
    const answer = await post(press, { now: late });
    assertCallbackAnswer(answer, press.callback_query.id, /venció/);
    assert.notEqual(answer.text, 'Listo');
    await recorder.until(() => callsTo(chat.id).some((c) => c.method === 'sendMessage' && /expiró/.test(c.body.text)));
    const offer = callsTo(chat.id).find((c) => c.method === 'sendMessage' && /expiró/.test(c.body.text));
    const newYes = assertPrompt({ method: 'sendMessage', ...offer.body }, chat.id, '60.00');
    assert.notEqual(newYes, oldYes, 'the new Sí has new callback_data');
    return { chat, newYes };
  }

  // Nothing was written by the expired press. (A query while a confirmation
  // is pending replaces it, so this check uses its own chat.)
  const ana = user('Ana');
  const a = await expireOnce(ana);
  assertNothingSpent(await spentInPrivate(ana, { now: late }), a.chat.id);

  // The new Sí, pressed in time, writes once.
  const beto = user('Beto');
  const b = await expireOnce(beto);
  const inTime = plus(T, 7 * MINUTE);
  const press = callback({ from: beto, chat: b.chat, data: b.newYes });
  assertCallbackAnswer(await post(press, { now: inTime }), press.callback_query.id, 'Listo');
  await recorder.until(() => callsTo(b.chat.id).some((c) => c.method === 'sendMessage' && /Listo, registré el gasto de \$60\.00/.test(c.body.text)));
  assertSend(await spentInPrivate(beto, { now: inTime }), b.chat.id, /Gastos: \$60\.00/);
});

test('12. dedupe: a redelivery gets the same bytes; update ids are per chat and expire after a week', async () => {
  // The same /web update twice: the same login link, byte for byte.
  const ana = user('Ana');
  const web = privateMessage({ from: ana, text: '/web', entities: [{ type: 'bot_command', offset: 0, length: 4 }] });
  const first = await postRaw(web);
  const second = await postRaw(web);
  assert.match(JSON.parse(first).text, /\/\?login=[0-9a-f]{64}/);
  assert.equal(JSON.parse(first).chat_id, ana.id);
  assert.equal(second, first);

  // The same update_id from two different private chats: two different updates.
  const carla = user('Carla');
  const dani = user('Dani');
  const shared = nextUpdateId();
  const c = await post(privateMessage({ from: carla, text: 'gasté 11 en uber', updateId: shared }));
  const d = await post(privateMessage({ from: dani, text: 'gasté 22 en tacos', updateId: shared }));
  assertPrompt(c, carla.id, '11.00');
  assertPrompt(d, dani.id, '22.00');
  assert.notDeepEqual(d, c);

  // Same update_id and chat: 1 minute later it is a redelivery, 8 days later a new update.
  const eva = user('Eva');
  const again = privateMessage({ from: eva, text: 'gasté 33 en uber' });
  const original = await post(again);
  const originalYes = assertPrompt(original, eva.id, '33.00');
  const minuteLater = await post(again, { now: plus(DEFAULT_NOW, MINUTE) });
  assert.deepEqual(minuteLater, original);
  const weekLater = await post(again, { now: plus(DEFAULT_NOW, 8 * DAY) });
  const weekLaterYes = assertPrompt(weekLater, eva.id, '33.00');
  assert.notEqual(weekLaterYes, originalYes, 'processed as a new update: a new prompt with new buttons');
});

test('13. a bot sender, in a private chat or a group, is never a prompt nor a write', async () => {
  const robot = { id: nextChatId(), is_bot: true, first_name: 'Otro bot', username: 'otro_cuentas_bot' };
  const inPrivate = await post(privateMessage({ from: robot, text: 'gasté 10 en uber' }));
  assertIgnoredOrRefused(inPrivate, robot.id, 'bot in a private chat');
  const yesPrivate = await post(privateMessage({ from: robot, text: 'sí' }));
  assertIgnoredOrRefused(yesPrivate, robot.id, 'bot "sí" in a private chat');

  const group = supergroup('Familia');
  const member = user('Ana');
  const inGroup = await post(groupMessage({ chat: group, from: robot, text: '@caja_bot gasté 10 en uber' }));
  assertIgnoredOrRefused(inGroup, group.id, 'bot in a group');
  const yesGroup = await post(groupMessage({ chat: group, from: robot, text: '@caja_bot sí' }));
  assertIgnoredOrRefused(yesGroup, group.id, 'bot "sí" in a group');
  assertNothingSpent(await spentInGroup(group, member), group.id);
});

test('14. a group never shows a member\'s private rows or totals; personal questions are answered in private', async () => {
  const group = supergroup('Roomies');
  const ana = user('Ana');
  const say = (text) => post(groupMessage({ chat: group, from: ana, text: `@caja_bot ${text}` }));
  const sayPrivately = (text) => post(privateMessage({ from: ana, text }));

  // Ana's private chat: rent and her bank balance.
  assertPrompt(await sayPrivately('gasté 5,000 en renta'), ana.id, '5,000.00');
  assertSend(await sayPrivately('sí'), ana.id, /Listo, registré el gasto de \$5,000\.00/);
  assertSend(await sayPrivately('tengo 12,345 en el banco'), ana.id, /12,345\.00/);
  assertSend(await sayPrivately('sí'), ana.id, /Listo/);

  // In the group: one pizza.
  assertPrompt(await say('gasté 120 en pizza'), group.id, '120.00');
  const logged = await say('sí');
  assertSend(logged, group.id, /^Ana: Listo, registré el gasto de \$120\.00/);

  // Totals and lists in the group count only what was logged there.
  const summary = await say(SUMMARY);
  assertSend(summary, group.id, /^Ana: Solo cuento lo que registraste en este grupo:[\s\S]*Gastos: \$120\.00/);
  assert.doesNotMatch(summary.text, /5,000|5,120/);
  const list = await say('muéstrame mis últimos movimientos');
  assertSend(list, group.id, /\$120\.00/);
  assert.doesNotMatch(list.text, /5,000|renta/);

  // "el último" in the group is the group's last, not the private rent.
  const del = await say('borra el último que puse');
  assertSend(del, group.id, /¿Borro[\s\S]*\$120\.00/);
  assert.doesNotMatch(del.text, /5,000/);
  assertSend(await say('no'), group.id, /Ana: /);

  // The balance: not read in the group; answered in Ana's private chat.
  const before = recorder.calls.length;
  const balance = await say('¿cuánto tengo en el banco?');
  assertSend(balance, group.id, /^Ana: Eso es personal, así que no lo muestro en el grupo/);
  assert.doesNotMatch(balance.text, /12,345/);
  await recorder.until((calls) => calls.slice(before).some((c) => c.method === 'sendMessage' && c.body.chat_id === ana.id));
  const privately = recorder.calls.slice(before).find((c) => c.method === 'sendMessage' && c.body.chat_id === ana.id);
  assert.match(privately.body.text, /\$12,345\.00/);
  assert.ok(recorder.calls.slice(before).every((c) => c.body.chat_id !== group.id), 'nothing more is sent to the group');

  // Her private summary still has both.
  assertSend(await spentInPrivate(ana), ana.id, /Gastos: \$5,120\.00/);
});

test('15. a member who never opened the private chat is told how to, in the group', async () => {
  const group = supergroup('Roomies');
  const beto = user('Beto');
  recorder.refuse(beto.id);
  const before = recorder.calls.length;
  const debts = await post(groupMessage({ chat: group, from: beto, text: '@caja_bot ¿cuánto debo?' }));
  assertSend(debts, group.id, /^Beto: Eso es personal/);
  await recorder.until((calls) => calls.slice(before).some((c) => c.body.chat_id === group.id));
  const notice = recorder.calls.slice(before).find((c) => c.body.chat_id === group.id);
  assert.match(notice.body.text, /No pude escribirte en privado[\s\S]*t\.me\/caja_bot/);
});

test('16. /start and ayuda in a group explain how to talk to Caja there', async () => {
  const group = supergroup('Roomies');
  const eva = user('Eva');
  for (const text of ['/start@caja_bot', '@caja_bot ayuda']) {
    const body = await post(groupMessage({ chat: group, from: eva, text }));
    assertSend(body, group.id, /^Eva: [\s\S]*En este grupo escríbeme mencionándome \(@caja_bot[\s\S]*solo te los doy en privado/);
  }
  const privately = await post(privateMessage({ from: eva, text: 'ayuda' }));
  assert.doesNotMatch(privately.text, /En este grupo/);
});

test('17. a cobro is a write: each Sí button of the cobros agent says "Listo", and a paid one puts the income in the ledger', async () => {
  const caro = user('Caro');
  const chat = privateChat(caro);
  const yesOf = (body) => {
    const row = body.reply_markup?.inline_keyboard?.[0];
    assert.ok(Array.isArray(row), `prompt has buttons: ${JSON.stringify(body)}`);
    assert.deepEqual(row.map((b) => b.text), ['Sí', 'No']);
    return row[0].callback_data;
  };
  const steps = [
    ['agrega a Juan Pérez a mis contactos', /¿Agrego a Juan Pérez a tus contactos\?/, /^Listo, agregué a Juan Pérez a tus contactos/],
    ['cóbrale 300 a Juan por la comida', /Este es el cobro:[\s\S]*\$300\.00 MXN/, /^Listo, quedó el cobro COB-0001: Juan Pérez te debe \$300\.00/],
    ['Juan ya me pagó', /Marco como pagado el cobro COB-0001[\s\S]*Registro un ingreso de \$300\.00/, /^Listo: el cobro COB-0001 de Juan Pérez quedó pagado y registré el ingreso de \$300\.00/],
  ];
  for (const [text, prompt, done] of steps) {
    const ask = await post(privateMessage({ from: caro, text }));
    assertSend(ask, chat.id, prompt);
    const press = callback({ from: caro, chat, data: yesOf(ask) });
    const before = recorder.calls.length;
    assertCallbackAnswer(await post(press), press.callback_query.id, 'Listo');
    await recorder.until((calls) => calls.slice(before).some((c) => c.method === 'sendMessage' && c.body.chat_id === chat.id && done.test(c.body.text)));
  }
  // The income the paid cobro recorded is in the ledger, once.
  const month = await post(privateMessage({ from: caro, text: '¿cuánto ingresé este mes?' }));
  assertSend(month, chat.id, /Ingresos: \$300\.00/);
});
