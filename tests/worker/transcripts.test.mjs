// The conversation transcripts replayed through POST /api/chat against
// wrangler dev with a fresh local D1: same replies, state and tool calls as
// the native core run. Conversations that need seeded data or injected
// failures run natively only; the ones that press buttons have no HTTP form
// and run over the Telegram webhook too (transcripts_telegram.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chat, login } from '../lib/api.mjs';
import { loadTranscripts, nativeOnly, pressesButtons, replay } from '../lib/transcripts.mjs';

const conversations = loadTranscripts().filter((c) => !nativeOnly(c) && !pressesButtons(c));

test(`transcripts over HTTP (${conversations.length} conversations)`, async (t) => {
  assert.ok(conversations.length >= 30, `only ${conversations.length} transcripts runnable over HTTP`);
  for (const conversation of conversations) {
    await t.test(`${conversation.file}: ${conversation.title}`, async () => {
      const session = await login();
      await replay(conversation, async ({ message, now, at }) => {
        const res = await chat(session, message, { now });
        assert.equal(res.status, 200, `${at}: ${JSON.stringify(res.body)}`);
        return res.body;
      });
    });
  }
});
