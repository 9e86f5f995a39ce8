// Reads the conversation transcripts in tests/transcripts/ (the same files
// the core driver runs natively and in wasm) and replays them through a
// host: one checker for every end-to-end runner (HTTP and Telegram).
// Format: see core/tests/transcripts.rs.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = new URL('../transcripts/', import.meta.url).pathname;
const DEFAULT_NOW = '2026-11-22T18:00:00Z';

function expand(message) {
  return message.replaceAll('{{nl}}', '\n').replace(/\{\{repeat (\d+) ([^}]*)\}\}/g, (_, n, text) => text.repeat(Number(n)));
}

export function loadTranscripts() {
  const all = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort()) {
    let current = null;
    readFileSync(join(DIR, file), 'utf8').split('\n').forEach((raw, index) => {
      const line = raw.trimEnd();
      if (line.startsWith('=== ')) {
        current = { file, title: line.slice(4), lines: [] };
        all.push(current);
      } else if (line.trim() === '' || line.startsWith('#')) {
        // skip
      } else if (current) {
        const space = line.indexOf(' ');
        const tag = space === -1 ? line : line.slice(0, space);
        const rest = space === -1 ? '' : line.slice(space + 1);
        current.lines.push({ number: index + 1, tag, rest: tag === '>' ? expand(rest) : rest });
      }
    });
  }
  return all;
}

/** Seeded data, injected failures and group turns exist only in the
 * native driver (groups are tested on the Worker through Telegram). */
export function nativeOnly(conversation) {
  return conversation.lines.some((l) => ['@seed', '@fail', '@group'].includes(l.tag));
}

/** Whether the conversation presses buttons (`> [action=ID] sí`). */
export function pressesButtons(conversation) {
  return conversation.lines.some((l) => l.tag === '>' && l.rest.startsWith('[action='));
}

/** `[action=p2] sí` → { actionId: 'p2', message: 'sí' }; a plain message has no actionId. */
export function userTurn(rest) {
  const match = /^\[action=([^\]]*)\] ?(.*)$/s.exec(rest);
  return match ? { actionId: match[1], message: match[2] } : { actionId: null, message: rest };
}

export function durationMs(spec) {
  const n = Number(spec.slice(0, -1));
  return n * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[spec.slice(-1)];
}

export function jsonPath(value, path) {
  return path.split('.').reduce((v, key) => (v == null ? undefined : v[key]), value);
}

/**
 * Checks one line against the last turn's output `{ reply, state,
 * tool_calls, chain }` (the shape of POST /api/chat's answer); `reply` is the
 * text the user received that turn.
 */
export function checkLine(last, { tag, rest }, at) {
  assert.ok(last, `${at}: a check before the first turn`);
  switch (tag) {
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
        share: () => last.share ?? 'none',
        stack: () => s.agent_stack.map((f) => f.agent_id).join(' '),
        flow: () => (s.current_flow ? `${s.current_flow.flow_id} ${s.current_flow.current_state}` : 'none'),
        confirm: () => (s.pending_action?.type === 'SERVICE_CALL' ? s.pending_action.payload.tool_name : 'none'),
        waiting: () => {
          const w = s.agent_stack.length ? s.agent_stack[s.agent_stack.length - 1].waiting : undefined;
          if (!w) return 'request';
          return w.kind === 'slot' ? `slot ${w.slot}` : w.kind;
        },
        data: () => {
          const value = s.current_flow?.state_data?.[want[0]];
          return `${want[0]} ${typeof value === 'string' ? value : 'none'}`;
        },
      }[what];
      assert.ok(got, `${at}: unknown agent check ${what}`);
      assert.equal(got(), want.join(' '), `${at}: ${what}`);
      break;
    }
    case '$':
      // Ledger counts are checked natively; end to end the replies, state
      // and tool calls carry the same facts.
      break;
    default:
      throw new Error(`${at}: unknown tag ${tag}`);
  }
}

/**
 * Replays a conversation: the clock lines move `now`, each `>` line is one
 * turn `send({ message, actionId, now, at })` returns the output of, and
 * every other line is checked against the last output.
 */
export async function replay(conversation, send) {
  let now = Date.parse(DEFAULT_NOW);
  let last = null;
  for (const line of conversation.lines) {
    const at = `${conversation.file}:${line.number}`;
    switch (line.tag) {
      case '@now':
        now = Date.parse(line.rest);
        break;
      case '@advance':
        now += durationMs(line.rest);
        break;
      case '@seed':
      case '@fail':
      case '@group':
        throw new Error(`${at}: ${line.tag} runs natively only`);
      case '>':
        last = await send({ ...userTurn(line.rest), now: new Date(now).toISOString(), at });
        break;
      default:
        checkLine(last, line, at);
    }
  }
}
