// The conversation transcripts replayed through POST /api/chat against
// wrangler dev with a fresh local D1: same replies, state and tool calls as
// the native core run. Conversations that need seeded data, injected
// failures or Telegram buttons run natively only (they have no HTTP form;
// buttons are covered by the webhook tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chat, login } from '../lib/api.mjs';
import { durationMs, jsonPath, loadTranscripts } from '../lib/transcripts.mjs';

const conversations = loadTranscripts().filter(
  (c) => !c.lines.some((l) => ['@seed', '@fail'].includes(l.tag) || (l.tag === '>' && l.rest.startsWith('[action='))),
);

test(`transcripts over HTTP (${conversations.length} conversations)`, async (t) => {
  assert.ok(conversations.length >= 30, `only ${conversations.length} transcripts runnable over HTTP`);
  for (const conversation of conversations) {
    await t.test(`${conversation.file}: ${conversation.title}`, async () => {
      const session = await login();
      let now = Date.parse('2026-11-22T18:00:00Z');
      let last = null;
      for (const { number, tag, rest } of conversation.lines) {
        const at = `${conversation.file}:${number}`;
        switch (tag) {
          case '@now':
            now = Date.parse(rest);
            break;
          case '@advance':
            now += durationMs(rest);
            break;
          case '>': {
            const res = await chat(session, rest, { now: new Date(now).toISOString() });
            assert.equal(res.status, 200, `${at}: ${JSON.stringify(res.body)}`);
            last = res.body;
            break;
          }
          case '<':
            assert.ok(last.reply.includes(rest), `${at}: reply lacks ${JSON.stringify(rest)}\n${last.reply}`);
            break;
          case '<!':
            assert.ok(!last.reply.includes(rest), `${at}: reply has ${JSON.stringify(rest)}\n${last.reply}`);
            break;
          case '<~': {
            // Rust's inline (?s) flag is JavaScript's "s" flag.
            const dotAll = rest.startsWith('(?s)');
            assert.match(last.reply, new RegExp(dotAll ? rest.slice(4) : rest, dotAll ? 's' : ''), at);
            break;
          }
          case '=': {
            const space = rest.indexOf(' ');
            const path = rest.slice(0, space);
            let expected;
            try {
              expected = JSON.parse(rest.slice(space + 1));
            } catch {
              expected = rest.slice(space + 1);
            }
            assert.deepEqual(jsonPath(last.state, path) ?? null, expected, `${at}: state ${path}`);
            break;
          }
          case '!': {
            // A data agent's service call is named by the agent's tool.
            const got = last.tool_calls.map((c) => (c.tool === 'call_service' ? c.input.tool : c.tool));
            const expected = rest.trim() === 'none' ? [] : rest.trim().split(/\s+/);
            assert.deepEqual(got, expected, `${at}: tools`);
            break;
          }
          case '%': {
            const [what, ...want] = rest.split(' ');
            const s = last.state;
            const got = {
              chain: () => String(last.chain.iterations),
              stack: () => s.agent_stack.map((f) => f.agent_id).join(' '),
              flow: () => (s.current_flow ? `${s.current_flow.flow_id} ${s.current_flow.current_state}` : 'none'),
              confirm: () => (s.pending_confirmation ? s.pending_confirmation.tool_name : 'none'),
            }[what];
            assert.ok(got, `${at}: unknown agent check ${what}`);
            assert.equal(got(), want.join(' '), `${at}: ${what}`);
            break;
          }
          case '$':
            // Ledger counts are checked natively; over HTTP the replies,
            // state and tool calls above carry the same facts.
            break;
          default:
            throw new Error(`${at}: unknown tag ${tag}`);
        }
      }
    });
  }
});
