// Helpers for driving the Worker over HTTP in end-to-end tests.
import { BASE_URL } from './env.mjs';

export const WEBHOOK_SECRET = 'test-secret';
export const DEFAULT_NOW = '2026-11-22T18:00:00.000Z';
let counter = 0;

/** A unique name per call, so every test gets its own user. */
export function uniqueName(prefix) {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

/** Creates a dev user and returns a session token for it. */
export async function login(name = uniqueName('u')) {
  const link = await fetch(`${BASE_URL}/api/dev/login-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: name }),
  });
  if (link.status !== 200) throw new Error(`dev login-link ${link.status}`);
  const { token } = await link.json();
  const session = await fetch(`${BASE_URL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (session.status !== 200) throw new Error(`login ${session.status}`);
  const body = await session.json();
  return { name, token: body.session_token, userId: body.user_id, loginToken: token };
}

export async function chat(session, text, { clientMsgId = uniqueName('m'), now = DEFAULT_NOW, timezone, press } = {}) {
  const res = await fetch(`${BASE_URL}/api/chat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session.token}`,
      'x-caja-now': now,
    },
    body: JSON.stringify({ text, client_msg_id: clientMsgId, timezone, press }),
  });
  const body = await res.json();
  return { status: res.status, body, headers: res.headers };
}

export async function get(session, path, now = DEFAULT_NOW) {
  const res = await fetch(`${BASE_URL}${path}`, {
    headers: { authorization: `Bearer ${session.token}`, 'x-caja-now': now },
  });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json() : await res.text();
  return { status: res.status, body, headers: res.headers };
}

export async function webhook(update, { secret = WEBHOOK_SECRET, now = DEFAULT_NOW, raw } = {}) {
  const headers = { 'content-type': 'application/json', 'x-caja-now': now };
  if (secret !== null) headers['x-telegram-bot-api-secret-token'] = secret;
  const res = await fetch(`${BASE_URL}/telegram/webhook`, {
    method: 'POST',
    headers,
    body: raw ?? JSON.stringify(update),
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

let updateId = Math.floor(Date.now() / 1000) * 1000;
export function nextUpdateId() {
  updateId += 1;
  return updateId;
}

let chatIds = 5_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
export function nextChatId() {
  chatIds += 1;
  return chatIds;
}

export function textUpdate(chatId, text, { updateId = nextUpdateId(), userId = chatId, chatType = 'private', messageId = updateId % 100000, date = 1795370400 } = {}) {
  return {
    update_id: updateId,
    message: {
      message_id: messageId,
      date,
      chat: { id: chatId, type: chatType },
      from: { id: userId, is_bot: false, first_name: 'Ana' },
      text,
    },
  };
}

/** The operator secret the test Worker runs with (./test passes it). */
export const OPERATOR_SECRET = 'test-operator-secret-0123456789';

/** A GET of the operator view; `secret: null` sends none. */
export async function operatorGet(path, { secret = OPERATOR_SECRET, now = DEFAULT_NOW } = {}) {
  const headers = { 'x-caja-now': now };
  if (secret !== null) headers['x-caja-operator'] = secret;
  const res = await fetch(`${BASE_URL}${path}`, { headers });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json() : await res.text();
  return { status: res.status, body, headers: res.headers };
}
