// The conversation transcripts replayed through POST /api/chat against
// wrangler dev with a fresh local D1: same replies, state and tool calls as
// the native core run. Conversations that need seeded data or injected
// failures run natively only; a button pressed (`> [action=p2] sí`) is
// sent as a typed press of that prompt (`press: {prompt, yes}`), as the
// Telegram webhook sends it too (transcripts_telegram.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chat, login } from '../lib/api.mjs';
import { loadTranscripts, nativeOnly, replay } from '../lib/transcripts.mjs';

const conversations = loadTranscripts().filter((c) => !nativeOnly(c));

test(`transcripts over HTTP (${conversations.length} conversations)`, async (t) => {
  assert.ok(conversations.length >= 30, `only ${conversations.length} transcripts runnable over HTTP`);
  for (const conversation of conversations) {
    await t.test(`${conversation.file}: ${conversation.title}`, async () => {
      const session = await login();
      await replay(conversation, async ({ message, actionId, now, at }) => {
        const press = actionId === null ? undefined : { prompt: actionId, yes: message !== 'no' };
        const res = await chat(session, message, { now, press });
        assert.equal(res.status, 200, `${at}: ${JSON.stringify(res.body)}`);
        return res.body;
      });
    });
  }
});
