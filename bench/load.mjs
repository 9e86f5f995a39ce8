// Load test of the Telegram webhook on a local `wrangler dev` (loopback
// only, bounded in count and time): 32 concurrent chats × 20 turns,
// alternated three times with the same number of /health requests at the
// same concurrency (the floor: the same server answering one D1 query).
// Prints each round's throughput and latency, the ratio of turns to
// /health, and D1 round trips per turn.
//
//   node bench/load.mjs [base_url]      (./bench/load starts a Worker itself)
const BASE = process.argv[2] ?? process.env.CAJA_BASE_URL ?? 'http://127.0.0.1:8799';
const CHATS = Number(process.env.LOAD_CHATS ?? 32);
const TURNS = Number(process.env.LOAD_TURNS ?? 20);
const DEADLINE_MS = Number(process.env.LOAD_DEADLINE_MS ?? 120_000);
const SECRET = process.env.LOAD_SECRET ?? 'test-secret';

import { FINANCE as SCRIPT } from './scripts.mjs';

let updateId = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
let chatBase = 70_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 3);

// One round: CHATS loops at once, TURNS requests each, made by `request`
// (which answers its status and its D1 round trips).
async function round(request) {
  const started = Date.now();
  const latencies = [];
  let roundTrips = 0;
  let errors = 0;
  async function loop(i) {
    for (let turn = 0; turn < TURNS; turn += 1) {
      if (Date.now() - started > DEADLINE_MS) return;
      const t0 = performance.now();
      const [status, trips] = await request(i, turn);
      latencies.push(performance.now() - t0);
      if (status !== 200) errors += 1;
      roundTrips += trips;
    }
  }
  await Promise.all(Array.from({ length: CHATS }, (_, i) => loop(i)));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { n: latencies.length, seconds, perSecond: latencies.length / seconds, p50: pct(50), p95: pct(95), p99: pct(99), roundTrips: roundTrips / latencies.length, errors };
}

// A chat's turns through the webhook (a new chat per round: each round
// starts from a cold checkpoint cache as the first did).
async function turn(i, n) {
  updateId += 1;
  const chatId = chatBase + i;
  const res = await fetch(`${BASE}/telegram/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
    body: JSON.stringify({
      update_id: updateId,
      message: { message_id: n + 1, date: 0, chat: { id: chatId, type: 'private' }, from: { id: chatId, first_name: 'Load' }, text: SCRIPT[n % SCRIPT.length] },
    }),
  });
  await res.text();
  return [res.status, Number(res.headers.get('x-caja-round-trips') ?? 0)];
}

// The floor: the Worker's own /health (one D1 query), same concurrency.
async function health() {
  const res = await fetch(`${BASE}/health`);
  await res.text();
  return [res.status, 1];
}

const show = (what, r) => console.log(
  `${what}: ${r.n} in ${r.seconds.toFixed(2)} s = ${r.perSecond.toFixed(1)}/s  p50 ${r.p50.toFixed(1)} p95 ${r.p95.toFixed(1)} p99 ${r.p99.toFixed(1)} ms` +
  (what === 'turns ' ? `  D1 round trips per turn ${r.roundTrips.toFixed(2)}` : '') + (r.errors ? `  ${r.errors} errors` : ''));

console.log(`load: ${CHATS} chats x ${TURNS} turns, alternated with /health at the same concurrency, ${ROUNDS} rounds each`);
const ratios = [];
let errors = 0;
let trips = 0;
for (let r = 0; r < ROUNDS; r += 1) {
  const turns = await round(turn);
  chatBase += CHATS;
  const floor = await round(health);
  show('turns ', turns);
  show('health', floor);
  ratios.push(turns.perSecond / floor.perSecond);
  errors += turns.errors + floor.errors;
  trips += turns.roundTrips;
}
ratios.sort((a, b) => a - b);
console.log(`turns / health throughput: ${ratios.map((x) => x.toFixed(2)).join(' ')} (median ${ratios[Math.floor(ratios.length / 2)].toFixed(2)})`);
console.log(`D1 round trips per turn: ${(trips / ROUNDS).toFixed(2)}`);
if (errors > 0) process.exitCode = 1;
