// Time from navigation to an interactive chat (the message input rendered by
// the wasm app) on the local build, on the phone profile (390×844, touch,
// mobile viewport): opening a fresh sign-in link (a new browser profile each
// time, as from Telegram's /web), and reloading when signed in.
//
// The moment is taken in the page (a MutationObserver installed before the
// app loads notes when the input appears), not when the driver notices, so
// the figure does not include the driver's polling. It also sums the main
// thread's long tasks (over 50 ms) in the two seconds after that moment: a
// chat that appears but cannot answer a key press is not interactive.
//   node bench/web-interactive.mjs [base_url]
import { launchBrowser } from '../tests/lib/browser.mjs';

const BASE = process.argv[2] ?? process.env.CAJA_BASE_URL ?? 'http://127.0.0.1:8799';
const RUNS = Number(process.env.RUNS ?? 9);
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const SETTLE_MS = 2000;

function observe() {
  window.__caja = { input: null, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__caja.longTasks.push([task.startTime, task.duration]);
  }).observe({ type: 'longtask' });
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="message-input"]')) {
      window.__caja.input = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true });
}

async function loginToken() {
  const link = await fetch(`${BASE}/api/dev/login-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: `bench-${Date.now()}` }),
  });
  return (await link.json()).token;
}

/** Navigates, waits for the chat and the settle window; returns [interactive ms, blocked ms after]. */
async function measure(page, url) {
  await page.goto(url);
  await page.getByTestId('message-input').waitFor();
  await page.waitForFunction((settle) => performance.now() > window.__caja.input + settle, SETTLE_MS);
  return page.evaluate((settle) => {
    const { input, longTasks } = window.__caja;
    const blocked = longTasks
      .filter(([start]) => start >= input - 50 && start < input + settle)
      .reduce((sum, [, duration]) => sum + duration, 0);
    return [input, blocked];
  }, SETTLE_MS);
}

const browser = await launchBrowser();
const fromLink = [];
for (let i = 0; i < RUNS; i += 1) {
  const fresh = await browser.newContext(PHONE);
  await fresh.addInitScript(observe);
  const tab = await fresh.newPage();
  fromLink.push(await measure(tab, `${BASE}/?login=${await loginToken()}`));
  await fresh.close();
}
const context = await browser.newContext(PHONE);
await context.addInitScript(observe);
const page = await context.newPage();
await measure(page, `${BASE}/?login=${await loginToken()}`);
const reloads = [];
for (let i = 0; i < RUNS; i += 1) reloads.push(await measure(page, BASE));
await browser.close();

function report(label, runs, what) {
  const times = runs.map(([t]) => t).sort((a, b) => a - b);
  const blocked = runs.map(([, b]) => b).sort((a, b) => a - b);
  const mid = Math.floor(runs.length / 2);
  console.log(
    `${label}: median ${times[mid].toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)}, ${runs.length} ${what}); ` +
      `main thread blocked in the ${SETTLE_MS / 1000} s after: median ${blocked[mid].toFixed(0)} ms, max ${blocked.at(-1).toFixed(0)} ms`,
  );
}
report('sign-in link to interactive chat (phone, new profile)', fromLink, 'runs');
report('reload to interactive chat (phone, signed in)', reloads, 'reloads');
