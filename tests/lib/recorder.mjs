// A local stand-in for the Telegram Bot API: records every call the Worker
// makes (TELEGRAM_API_BASE points here during tests).
import { createServer } from 'node:http';

export const RECORDER_PORT = Number(process.env.CAJA_RECORDER_PORT ?? 8798);

export async function startRecorder() {
  const calls = [];
  const waiters = [];
  // Chats Telegram refuses to write to (a user who never opened the bot).
  const refused = new Set();
  // Answers to give the next sendMessage calls to a chat, in order.
  const scripts = new Map();
  // Chats whose sendMessage is taken but never answered (a crash test).
  const held = new Set();
  const heldResponses = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const method = req.url.split('/').pop();
      let json = null;
      try {
        json = JSON.parse(body);
      } catch {
        json = body;
      }
      const call = { url: req.url, method, body: json, at: Date.now() };
      calls.push(call);
      const chat = json && typeof json === 'object' ? json.chat_id : undefined;
      const scripted = method === 'sendMessage' ? scripts.get(String(chat))?.shift() : undefined;
      if (method === 'sendMessage' && held.has(String(chat))) {
        // Telegram got it; the answer never reaches the Worker.
        call.answered = 'held';
        heldResponses.push(res);
      } else if (scripted) {
        call.answered = scripted.status;
        res.writeHead(scripted.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(scripted.body));
      } else if (method === 'sendMessage' && json && refused.has(json.chat_id)) {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error_code: 403, description: "Forbidden: bot can't initiate conversation with a user" }));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: true, result: true }));
      }
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise((resolve) => server.listen(RECORDER_PORT, '127.0.0.1', resolve));
  return {
    calls,
    /** Telegram refuses every sendMessage to `chatId` from now on. */
    refuse(chatId) {
      refused.add(chatId);
    },
    /** sendMessage to `chatId` is recorded and never answered until `release`. */
    hold(chatId) {
      held.add(String(chatId));
    },
    release(chatId) {
      held.delete(String(chatId));
      for (const res of heldResponses.splice(0)) res.destroy();
    },
    /** Telegram accepts messages to `chatId` again. */
    allow(chatId) {
      refused.delete(chatId);
    },
    /** The next sendMessage to `chatId` is answered 429 with `retry_after`. */
    limit(chatId, retryAfter) {
      const list = scripts.get(String(chatId)) ?? [];
      list.push({ status: 429, body: { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } } });
      scripts.set(String(chatId), list);
    },
    /** The next sendMessage to `chatId` fails with a server error. */
    fail(chatId) {
      const list = scripts.get(String(chatId)) ?? [];
      list.push({ status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } });
      scripts.set(String(chatId), list);
    },
    /** Resolves once `predicate(calls)` holds; event-driven, no sleeps. */
    async until(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(calls)) {
        if (Date.now() > deadline) throw new Error(`recorder: condition not met; calls: ${JSON.stringify(calls)}`);
        await new Promise((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, deadline - Date.now()).unref();
        });
      }
    },
    close: () => new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    }),
  };
}
