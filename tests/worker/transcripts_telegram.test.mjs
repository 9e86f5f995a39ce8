// The conversation transcripts replayed over the Telegram webhook, each as a
// private chat of its own, with the checker the HTTP runner uses
// (tests/lib/transcripts.mjs):
// - `> msg` is a text update; the reply is the sendMessage in the webhook's
//   answer.
// - `> [action=ID] sí|no` presses the Sí or No button with that action id
//   on the newest message of the chat that still shows it (Caja removes a
//   pressed message's buttons); the reply is the message Caja then sends
//   through the Bot API (tests/lib/recorder.mjs stands in for it).
// - State, tool calls and the routing chain come from the test-only read
//   GET /api/test/last-turn (worker/src/testing.rs), signed in as the chat's
//   user through Telegram's /web link: the thread's checkpoint as committed
//   to D1 and the tool calls and chain of the turn that committed it.
// Each chat starts with the user's /web (the sign-in link above; no turn).
// Conversations with seeded data or injected failures run natively only, as
// over HTTP; so do the ones that press a button Caja never sent (UNPRESSABLE).
// The toast a press gets is not part of the reply the lines check.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';
import { get, nextChatId, nextUpdateId, textUpdate, webhook } from '../lib/api.mjs';
import { startRecorder } from '../lib/recorder.mjs';
import { loadTranscripts, nativeOnly, replay } from '../lib/transcripts.mjs';

/** Conversations that press a button no message of the chat carried: no Telegram user can. */
const UNPRESSABLE = {
  'stale button: another action id writes nothing':
    'presses p7, an action id Caja never put on a button (p1 is the only prompt)',
  'a button when nothing is pending writes nothing': 'presses p1 before Caja sent any message',
  "a stale button does not confirm a data agent's action":
    'presses p1, an action id Caja never put on a button (the data agent\'s confirmation is p2)',
};

/** Conversations whose last turn leaves nothing to read back over the webhook's test route. */
const UNREADABLE = {
  'the typed phrase and a «sí» delete everything':
    'deletes the account with its checkpoint and sessions (tests/worker/account.test.mjs deletes one over the webhook and checks every table)',
};

const BOT = { id: 7_000_000_001, is_bot: true, first_name: 'Caja', username: 'caja_bot' };
const unix = (iso) => Math.floor(Date.parse(iso) / 1000);

let recorder;
before(async () => {
  recorder = await startRecorder();
});
after(async () => {
  await recorder.close();
});

/** A private chat with Caja, as the Telegram app shows it to the user. */
class PrivateChat {
  constructor() {
    this.id = nextChatId();
    this.user = { id: this.id, is_bot: false, first_name: 'Ana', language_code: 'es' };
    this.chat = { id: this.id, first_name: 'Ana', type: 'private' };
    this.lastMessageId = 0;
    /** Caja's messages: id, text and the callback data of the buttons still shown. */
    this.fromCaja = [];
    this.session = null;
    this.version = 0;
  }

  nextMessageId() {
    this.lastMessageId += 1;
    return this.lastMessageId;
  }

  /** A sendMessage of Caja's arrives in the chat. */
  arrived(send, at) {
    assert.equal(send.chat_id, this.id, `${at}: sent to another chat`);
    assert.equal(typeof send.text, 'string', `${at}: ${JSON.stringify(send)}`);
    const buttons = (send.reply_markup?.inline_keyboard ?? []).flat();
    // A text to forward comes as a share link: what the share sheet would hold.
    const share = buttons.find((b) => b.url)?.url;
    if (share) assert.ok(share.startsWith('https://t.me/share/url?'), `${at}: ${share}`);
    this.share = share ? new URL(share).searchParams.get('url') : undefined;
    this.fromCaja.push({
      message_id: this.nextMessageId(),
      text: send.text,
      keyboard: send.reply_markup,
      data: buttons.filter((b) => b.callback_data).map((b) => b.callback_data),
      /** Every button the message ever showed: a second tap can race the edit that removes them. */
      shown: buttons.filter((b) => b.callback_data).map((b) => b.callback_data),
    });
    return send.text;
  }

  /** The user types `text`. */
  async say(text, now, at) {
    const update = textUpdate(this.id, text, { messageId: this.nextMessageId(), date: unix(now) });
    const res = await webhook(update, { now });
    assert.equal(res.status, 200, `${at}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.method, 'sendMessage', `${at}: ${JSON.stringify(res.body)}`);
    return this.arrived(res.body, at);
  }

  /**
   * The user presses the button with `data` on the newest message that
   * shows it, or taps again a button already pressed (a double tap that
   * reaches Telegram before the edit removing the buttons).
   */
  async press(data, now, at) {
    const pressed =
      this.fromCaja.findLast((m) => m.data.includes(data)) ?? this.fromCaja.findLast((m) => m.shown.includes(data));
    assert.ok(pressed, `${at}: no message of the chat ever showed a button ${data}`);
    const updateId = nextUpdateId();
    const callbackId = `${this.id}${updateId}`;
    const seen = recorder.calls.length;
    const res = await webhook({
      update_id: updateId,
      callback_query: {
        id: callbackId,
        from: this.user,
        chat_instance: `ci${this.id}`,
        message: {
          message_id: pressed.message_id,
          from: BOT,
          chat: this.chat,
          date: unix(now),
          text: pressed.text,
          reply_markup: pressed.keyboard,
        },
        data,
      },
    }, { now });
    assert.equal(res.status, 200, `${at}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.method, 'answerCallbackQuery', `${at}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.callback_query_id, callbackId, at);
    assert.ok(res.body.text, `${at}: a press is answered with a toast`);
    const calls = () => recorder.calls.slice(seen).filter((c) => c.body?.chat_id === this.id);
    await recorder.until(() => calls().some((c) => c.method === 'sendMessage'));
    // The pressed message loses its buttons; the answer is one new message.
    const edits = calls().filter((c) => c.method === 'editMessageReplyMarkup');
    assert.deepEqual(edits.map((c) => [c.body.message_id, c.body.reply_markup]), [[pressed.message_id, { inline_keyboard: [] }]], at);
    pressed.data = [];
    pressed.keyboard = undefined;
    const sent = calls().filter((c) => c.method === 'sendMessage');
    assert.equal(sent.length, 1, `${at}: ${JSON.stringify(sent)}`);
    return this.arrived(sent[0].body, at);
  }

  /** Signs in on the web through /web, as the user would from the chat. */
  async signIn(now) {
    const res = await webhook(textUpdate(this.id, '/web', { messageId: this.nextMessageId(), date: unix(now) }), { now });
    const token = /\/\?login=([0-9a-f]{64})/.exec(res.body.text ?? '')?.[1];
    assert.ok(token, `/web gave no sign-in link: ${JSON.stringify(res.body)}`);
    this.arrived(res.body, 'sign-in');
    const login = await fetch(`${BASE_URL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-caja-now': now },
      body: JSON.stringify({ token }),
    });
    const body = await login.json();
    assert.equal(login.status, 200, JSON.stringify(body));
    assert.equal(body.user_id, `tg:${this.id}`);
    this.session = { token: body.session_token };
  }

  /** The last turn's output: the checkpoint in D1 and the turn that committed it. */
  async lastTurn(reply, now, at) {
    const res = await get(this.session, `/api/test/last-turn?thread=tg:${this.id}`, now);
    assert.equal(res.status, 200, `${at}: ${JSON.stringify(res.body)}`);
    this.version += 1;
    assert.equal(res.body.version, this.version, `${at}: one update, one committed turn`);
    assert.equal(res.body.turn?.version, res.body.version, `${at}: tool calls and chain of another turn`);
    return { reply, share: this.share, state: res.body.state, tool_calls: res.body.turn.tool_calls, chain: res.body.turn.chain };
  }
}

// CAJA_TRANSCRIPT=<part of a title> runs only the matching conversations.
const only = process.env.CAJA_TRANSCRIPT;
const runnable = loadTranscripts().filter((c) => !nativeOnly(c) && (!only || c.title.includes(only)));

test('every conversation left out for its buttons exists', () => {
  const titles = new Set(runnable.map((c) => c.title));
  for (const title of [...Object.keys(UNPRESSABLE), ...Object.keys(UNREADABLE)]) assert.ok(only || titles.has(title), `no runnable transcript "${title}"`);
});

test(`transcripts over the Telegram webhook (${runnable.length - Object.keys(UNPRESSABLE).length} conversations)`, async (t) => {
  assert.ok(only || runnable.length - Object.keys(UNPRESSABLE).length >= 150, 'too few transcripts over Telegram');
  for (const conversation of runnable) {
    const name = `${conversation.file}: ${conversation.title}`;
    const skip = UNPRESSABLE[conversation.title] ?? UNREADABLE[conversation.title];
    await t.test(name, { skip: skip && `not over Telegram: ${skip}` }, async () => {
      const chat = new PrivateChat();
      await replay(conversation, async ({ message, actionId, now, at }) => {
        if (!chat.session) await chat.signIn(now);
        let reply;
        if (actionId === null) {
          reply = await chat.say(message, now, at);
        } else {
          const answer = { 'sí': 'y', no: 'n' }[message];
          assert.ok(answer, `${at}: a button says sí or no, not ${JSON.stringify(message)}`);
          reply = await chat.press(`pa:${actionId}:${answer}:${chat.id}`, now, at);
        }
        return chat.lastTurn(reply, now, at);
      });
    });
  }
});

test('the last-turn read is the signed-in user\'s only', async () => {
  const now = '2026-11-22T18:00:00.000Z';
  const ana = new PrivateChat();
  const beto = new PrivateChat();
  await ana.signIn(now);
  await beto.signIn(now);
  await ana.say('gasté 250 en uber', now, 'ana');
  const own = await get(ana.session, `/api/test/last-turn?thread=tg:${ana.id}`, now);
  assert.equal(own.status, 200);
  assert.equal(own.body.state.pending_action.type, 'ADD_TRANSACTION');
  assert.deepEqual((await get(beto.session, `/api/test/last-turn?thread=tg:${ana.id}`, now)).status, 404);
  assert.equal((await get({ token: 'nope' }, `/api/test/last-turn?thread=tg:${ana.id}`, now)).status, 401);
  assert.equal((await get(ana.session, '/api/test/last-turn', now)).status, 400);
});
