// Storage per turn: a fixed mix of 600 turns against a local Worker (run by
// ./bench/storage, which then measures the D1 file). Four people in private
// Telegram chats and on the web (finance, statistics, cobros, a data flow)
// and two members of a Telegram group; every turn on the test clock, two
// minutes apart per person, so no rate limit or expiry depends on speed.
//
//   node bench/storage.mjs base_url
const BASE = process.argv[2] ?? process.env.CAJA_BASE_URL ?? 'http://127.0.0.1:8799';
const SECRET = 'test-secret';
const TURNS = Number(process.env.STORAGE_TURNS ?? 600);
const START = Date.parse('2026-11-02T15:00:00.000Z');
const STEP_MS = 2 * 60 * 1000;

import { FINANCE } from './scripts.mjs';
const STATS = [
  '¿en qué gasto más?', '¿cuánto gasté en comida el mes pasado?',
  'vendí 1,250 de tamales', 'sí', '¿cuánto llevo de ingresos este mes?',
  'pagué 600 de luz', 'sí', 'compara este mes con el pasado',
  '¿cuál fue mi gasto más grande?', 'resumen de la semana',
];
const COBROS = [
  'agrega a Ana López a mis contactos', 'sí',
  'hazle un cobro de 2,500 a Ana para el 1 de diciembre', 'sí',
  '¿quién me debe?', 'mándale un recordatorio a Ana',
  'cóbrale 350 a Juan por la pizza', 'sí',
  'Juan ya me pagó', 'sí', '¿ya me pagó Ana?',
  'gasté 120 en tacos', 'sí',
];
const FLOW = [
  'Quiero una recarga', '+52 55 9999 8888', 'la de 100', 'sí',
  'gasté 75 en tortillas', 'sí', '¿cuánto gasté hoy?',
  'quiero enviar dinero a mi mamá', 'A mi mamá, María', 'mejor no',
];
// In a group Caja reads only what mentions it.
const GROUP = [
  'gastamos 640 en el súper', 'sí', 'pagué 300 de gas', 'sí',
  '¿cuánto llevamos gastado este mes?', 'gasté 90 en pan', 'no',
].map((text) => `@caja_bot ${text}`);

let updateId = 800_000_000;
const chatBase = 61_000_000 + (Date.now() % 1_000_000) * 10;
const groupId = -(chatBase + 9);

async function post(path, body, now, headers = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-caja-now': new Date(now).toISOString(), ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path} ${res.status}: ${text.slice(0, 200)}`);
  return { text, roundTrips: Number(res.headers.get('x-caja-round-trips') ?? 0) };
}

function telegram(chatId, fromId, type, name) {
  return (text, now) => {
    updateId += 1;
    return post('/telegram/webhook', {
      update_id: updateId,
      message: {
        message_id: updateId % 100_000,
        date: Math.floor(now / 1000),
        chat: { id: chatId, type, ...(type === 'group' ? { title: 'Casa' } : {}) },
        from: { id: fromId, is_bot: false, first_name: name },
        text,
      },
    }, now, { 'x-telegram-bot-api-secret-token': SECRET });
  };
}

async function web(name) {
  const link = await post('/api/dev/login-link', { user: name }, START);
  const { token } = JSON.parse(link.text);
  const session = JSON.parse((await post('/api/login', { token }, START)).text);
  let n = 0;
  return (text, now) => {
    n += 1;
    return post('/api/chat', { text, client_msg_id: `${name}-${n}` }, now, {
      authorization: `Bearer ${session.session_token}`,
    });
  };
}

const people = [
  { say: telegram(chatBase + 1, chatBase + 1, 'private', 'Lupe'), script: FINANCE, share: 0.25 },
  { say: telegram(chatBase + 2, chatBase + 2, 'private', 'Toño'), script: COBROS, share: 0.2 },
  { say: await web(`storage-${chatBase}`), script: [...FLOW, ...STATS], share: 0.25 },
  { say: telegram(chatBase + 3, chatBase + 3, 'private', 'Mari'), script: STATS, share: 0.1 },
  { say: telegram(groupId, chatBase + 4, 'group', 'Beto'), script: GROUP, share: 0.1 },
  { say: telegram(groupId, chatBase + 5, 'group', 'Paty'), script: GROUP, share: 0.1 },
];

let done = 0;
let roundTrips = 0;
for (const [i, person] of people.entries()) {
  const turns = i === people.length - 1 ? TURNS - done : Math.round(TURNS * person.share);
  for (let t = 0; t < turns; t += 1) {
    const now = START + t * STEP_MS + i * 1000;
    const answer = await person.say(person.script[t % person.script.length], now);
    roundTrips += answer.roundTrips;
  }
  done += turns;
}
console.log(`storage: ${done} turns sent (${(roundTrips / done).toFixed(2)} D1 round trips per turn)`);
