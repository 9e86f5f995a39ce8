// Load test of the Telegram webhook on a local `wrangler dev` (loopback
// only, bounded in count and time): 32 concurrent chats × 20 turns. Prints
// throughput, p50/p95/p99 latency and D1 round trips per turn.
//
//   node bench/load.mjs [base_url]      (./bench/load starts a Worker itself)
const BASE = process.argv[2] ?? process.env.CAJA_BASE_URL ?? 'http://127.0.0.1:8799';
const CHATS = Number(process.env.LOAD_CHATS ?? 32);
const TURNS = Number(process.env.LOAD_TURNS ?? 20);
const DEADLINE_MS = Number(process.env.LOAD_DEADLINE_MS ?? 120_000);
const SECRET = process.env.LOAD_SECRET ?? 'test-secret';

// A realistic mix: log + confirm, a query, a correction, a cancel.
const SCRIPT = [
  'gasté 250 en uber ayer', 'sí',
  'me pagaron la quincena, 8,500', 'si',
  '¿cuánto llevo gastado este mes?',
  'gasté en comida', '180', 'ok',
  'presupuesto de 8,000 al mes', 'sí',
  '¿cómo voy con el presupuesto?',
  'gasté 99 en oxxo', 'no, eran 120', 'sí',
  'mis últimos movimientos',
  'tengo 12,000 en el banco', 'va',
  '¿puedo comprar unos tenis de 1,800?',
  'gasté 40 en café', 'cancelar',
];

let updateId = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
const started = Date.now();
const latencies = [];
let roundTrips = 0;
let errors = 0;

async function runChat(chatId) {
  for (let turn = 0; turn < TURNS; turn += 1) {
    if (Date.now() - started > DEADLINE_MS) return;
    updateId += 1;
    const body = JSON.stringify({
      update_id: updateId,
      message: { message_id: turn + 1, date: 0, chat: { id: chatId, type: 'private' }, from: { id: chatId, first_name: 'Load' }, text: SCRIPT[turn % SCRIPT.length] },
    });
    const t0 = performance.now();
    const res = await fetch(`${BASE}/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      body,
    });
    await res.text();
    latencies.push(performance.now() - t0);
    if (res.status !== 200) errors += 1;
    roundTrips += Number(res.headers.get('x-caja-round-trips') ?? 0);
  }
}

const base = 70_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
await Promise.all(Array.from({ length: CHATS }, (_, i) => runChat(base + i)));
const seconds = (Date.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
console.log(`load: ${CHATS} chats x ${TURNS} turns = ${latencies.length} turns in ${seconds.toFixed(2)} s (${errors} errors)`);
console.log(`throughput: ${(latencies.length / seconds).toFixed(1)} turns/s`);
console.log(`latency ms: p50 ${pct(50)}  p95 ${pct(95)}  p99 ${pct(99)}  max ${latencies.at(-1).toFixed(1)}`);
console.log(`D1 round trips per turn: ${(roundTrips / latencies.length).toFixed(2)}`);
if (errors > 0) process.exitCode = 1;
