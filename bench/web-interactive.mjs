// Time from navigation to an interactive chat (the message input rendered by
// the wasm app) on the local build: opening a fresh sign-in link (a new
// browser profile each time, as from Telegram's /web), and reloading when
// signed in. Prints the median of runs.
//   node bench/web-interactive.mjs [base_url]
import { launchBrowser } from '../tests/lib/browser.mjs';

const BASE = process.argv[2] ?? process.env.CAJA_BASE_URL ?? 'http://127.0.0.1:8799';
const RUNS = Number(process.env.RUNS ?? 7);

async function loginToken() {
  const link = await fetch(`${BASE}/api/dev/login-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: `bench-${Date.now()}` }),
  });
  return (await link.json()).token;
}

const browser = await launchBrowser();
const fromLink = [];
for (let i = 0; i < RUNS; i += 1) {
  const fresh = await browser.newContext();
  const tab = await fresh.newPage();
  const url = `${BASE}/?login=${await loginToken()}`;
  await tab.goto(url);
  await tab.getByTestId('message-input').waitFor();
  fromLink.push(await tab.evaluate(() => performance.now()));
  await fresh.close();
}
const token = await loginToken();
const context = await browser.newContext();
const page = await context.newPage();
await page.goto(`${BASE}/?login=${token}`);
await page.getByTestId('message-input').waitFor();
const times = [];
for (let i = 0; i < RUNS; i += 1) {
  await page.goto(BASE);
  await page.getByTestId('message-input').waitFor();
  times.push(await page.evaluate(() => performance.now()));
}
await browser.close();
const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)].toFixed(0);
console.log(`sign-in link to interactive chat (new profile): median ${median(fromLink)} ms (max ${fromLink.at(-1).toFixed(0)}, ${RUNS} runs)`);
times.sort((a, b) => a - b);
console.log(`navigation to interactive chat: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)}, ${RUNS} reloads)`);
