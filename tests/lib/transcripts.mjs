// Reads the conversation transcripts in tests/transcripts/ (the same files
// the core driver runs natively and in wasm). Format: see
// core/tests/transcripts.rs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = new URL('../transcripts/', import.meta.url).pathname;

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

export function durationMs(spec) {
  const n = Number(spec.slice(0, -1));
  return n * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[spec.slice(-1)];
}

export function jsonPath(value, path) {
  return path.split('.').reduce((v, key) => (v == null ? undefined : v[key]), value);
}
