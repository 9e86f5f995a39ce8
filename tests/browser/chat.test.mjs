// Browser end-to-end: the Leptos app served by the Worker, driven in
// headless Chromium with playwright-core. One test per behaviour.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BASE_URL, ARTIFACTS } from '../lib/env.mjs';
import { launchBrowser, loginLink, reply, send, signedIn as signedInAs } from '../lib/browser.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

let browser;
before(async () => {
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

/** A new browser context signed in as a new user. */
function signedIn() {
  return signedInAs(browser, { acceptDownloads: true, viewport: { width: 420, height: 860 } });
}

/** The session token the app keeps in IndexedDB. */
async function sessionToken(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const req = indexedDB.open('caja');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const value = await new Promise((resolve) => {
      const get = db.transaction('kv').objectStore('kv').get('app');
      get.onsuccess = () => resolve(get.result);
    });
    return JSON.parse(value).session_token;
  });
}

async function seriousViolations(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => await window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test('without a session the page explains how to sign in; server health shows only when something is wrong', async () => {
  const page = await browser.newPage();
  const health = page.waitForResponse((r) => r.url().endsWith('/health'));
  await page.goto(BASE_URL);
  await page.getByTestId('signin-help').waitFor();
  assert.match(await page.getByTestId('signin-help').textContent(), /\/web/);
  assert.equal((await health).status(), 200);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  assert.equal(await page.getByTestId('health').count(), 0, 'no health line when all is well');
  await page.close();

  const context = await browser.newContext({ serviceWorkers: 'block' });
  const broken = await context.newPage();
  await broken.route('**/health', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true,"db":false}' }));
  await broken.goto(BASE_URL);
  await broken.getByTestId('health').filter({ hasText: 'base de datos de Caja no responde' }).waitFor();
  await context.close();
});

test('log a transaction through the chat with the Sí button', async () => {
  const { context, page } = await signedIn();
  await send(page, 'gasté 250 en uber ayer');
  await reply(page, '¿Registro este movimiento?');
  assert.match(await page.getByTestId('pending-expiry').textContent(), /^Vence en [0-5]:\d\d \(a las \d\d:\d\d\)$/);
  await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).click();
  await reply(page, 'Listo, registré el gasto de $250.00 en transporte (2026-11-21)'.slice(0, 40));
  await page.screenshot({ path: `${ARTIFACTS}/chat.png`, fullPage: true });
  const violations = await seriousViolations(page);
  assert.deepEqual(violations, []);
  await context.close();
});

test('a data agent\'s confirmation has the same countdown and Sí/No as a finance one, and Sí writes once', async () => {
  const { context, page } = await signedIn();
  await send(page, 'agrega a Ana López a mis contactos');
  await reply(page, '¿Agrego a Ana López a tus contactos?');
  const card = page.getByTestId('draft-card');
  assert.equal(await card.getAttribute('data-agent'), 'cobros');
  assert.match(await page.getByTestId('pending-expiry').textContent(), /^Vence en [0-5]:\d\d \(a las \d\d:\d\d\)$/);
  assert.deepEqual(await page.getByTestId('quick-reply').allTextContents(), ['Sí', 'No']);
  await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).click();
  await reply(page, 'Listo, agregué a Ana López a tus contactos.');
  assert.equal(await page.getByTestId('pending-expiry').count(), 0, 'no countdown once decided');
  const token = await sessionToken(page);
  const res = await fetch(`${BASE_URL}/api/contacts`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(JSON.stringify(body).match(/Ana López/g)?.length, 1, JSON.stringify(body));
  await context.close();
});

test('clarify a missing amount', async () => {
  const { context, page } = await signedIn();
  await send(page, 'gasté en comida');
  await reply(page, '¿Cuánto fue?');
  assert.match(await page.getByTestId('draft-missing').textContent(), /monto/);
  await send(page, '180');
  await reply(page, 'Monto: $180.00');
  await send(page, 'sí');
  await reply(page, 'Listo, registré el gasto de $180.00 en comida');
  await context.close();
});

test('reload in the middle of a draft and finish it', async () => {
  const { context, page } = await signedIn();
  await send(page, 'gasté en tacos');
  await reply(page, '¿Cuánto fue?');
  await page.reload();
  await reply(page, '¿Cuánto fue?');
  assert.match(await page.getByTestId('draft-card').textContent(), /tacos|comida/);
  await send(page, '95');
  await reply(page, 'Monto: $95.00');
  await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).click();
  await reply(page, 'Listo, registré el gasto de $95.00 en comida');
  await context.close();
});

test('offline: two messages wait in the outbox and are processed once when back online', async () => {
  const { context, page } = await signedIn();
  await context.setOffline(true);
  await send(page, 'gasté 40 en café');
  // The local core predicts the prompt at once.
  await page.locator('[data-testid="message"][data-status="predicted"]', { hasText: '¿Registro este movimiento?' }).waitFor();
  await send(page, 'sí');
  await page.locator('[data-testid="message"][data-role="assistant"]', { hasText: 'todavía no se guarda nada' }).waitFor();
  assert.equal(await page.locator('[data-testid="message"][data-status="pending"]').count(), 2);
  assert.equal(await page.locator('[data-testid="message"]', { hasText: 'Listo, registré' }).count(), 0);
  await context.setOffline(false);
  await reply(page, 'Listo, registré el gasto de $40.00 en comida');
  assert.equal(await page.locator('[data-testid="message"][data-status="pending"]').count(), 0);
  // Exactly one transaction was written.
  const token = await sessionToken(page);
  const audit = await (await fetch(`${BASE_URL}/api/audit`, { headers: { authorization: `Bearer ${token}` } })).json();
  const writes = audit.records.flatMap((r) => r.record.tool_result).filter((c) => c.write && c.ok);
  assert.equal(writes.length, 1);
  await context.close();
});

test('offline: a question queued after a prompt is answered and the prompt still has its Sí button', async () => {
  const { context, page } = await signedIn();
  await context.setOffline(true);
  await send(page, 'gasté 250 en uber');
  await page.locator('[data-testid="message"][data-status="predicted"]', { hasText: '¿Registro este movimiento?' }).waitFor();
  await send(page, '¿cuánto llevo gastado este mes?');
  await page.locator('[data-testid="message"][data-status="pending"]', { hasText: '¿cuánto llevo gastado' }).waitFor();
  await context.setOffline(false);
  // The Worker answers the question and asks the same confirmation again.
  const answer = await reply(page, 'Sigue pendiente tu confirmación');
  assert.match(await answer.textContent(), /no tienes movimientos registrados[\s\S]*Monto: \$250\.00/);
  assert.equal(await page.locator('[data-testid="message"][data-status="pending"]').count(), 0);
  await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).click();
  await reply(page, 'Listo, registré el gasto de $250.00 en transporte');
  const token = await sessionToken(page);
  const list = await (await fetch(`${BASE_URL}/api/transactions`, { headers: { authorization: `Bearer ${token}` } })).json();
  assert.deepEqual(list.transactions.map((t) => t.amount_mxn_cents), [25000]);
  await context.close();
});

test('the month view shows the chart, budget and totals entered, and downloads CSV', async () => {
  const { context, page } = await signedIn();
  for (const [text, answer] of [
    ['gasté 250 en uber', 'Listo'],
    ['gasté 180 en tacos', 'Listo'],
    ['gasté 70 en uber', 'Listo'],
    ['presupuesto de 2,000 al mes', 'Listo, tu presupuesto'],
  ]) {
    await send(page, text);
    await reply(page, '¿');
    await send(page, 'sí');
    await reply(page, answer);
  }
  await page.getByTestId('nav-month').click();
  await page.getByTestId('category-chart').waitFor();
  const bars = await page.getByTestId('chart-bar').evaluateAll((els) => els.map((e) => [e.dataset.category, Number(e.dataset.total)]));
  assert.deepEqual(bars, [['transporte', 32000], ['comida', 18000]]);
  assert.match(await page.getByTestId('month-total').textContent(), /Gastos: \$500\.00/);
  assert.match(await page.getByTestId('budget-text').textContent(), /\$500\.00 de \$2,000\.00 · quedan \$1,500\.00/);
  assert.equal(await page.getByTestId('transaction').count(), 3);
  await page.getByTestId('category-filter').selectOption('comida');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="transaction"]').length === 1);
  await page.screenshot({ path: `${ARTIFACTS}/month.png`, fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-download').click()]);
  const bytes = readFileSync(await download.path());
  // Excel's UTF-8: the BOM, then the Spanish header and one line per movement.
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  assert.match(csv, /^"Fecha","Tipo","Monto \(MXN\)","Categoría"/);
  assert.equal(csv.trim().split('\r\n').length, 4);
  // Everything, from the ⋯ menu: a ZIP whose movements file has the same rows.
  await page.getByTestId('menu-button').click();
  const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-data').click()]);
  const archive = readFileSync(await zip.path());
  assert.equal(archive.subarray(0, 4).toString('latin1'), 'PK\x03\x04');
  assert.ok(archive.includes(Buffer.from('movimientos.csv')) && archive.includes(Buffer.from('"tacos"')));
  assert.deepEqual(await seriousViolations(page), []);
  await context.close();
});

test('turning the phone on another screen leaves the app working', async () => {
  const { context, page } = await signedIn();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await send(page, 'gasté 30 en café');
  await reply(page, '¿Registro este movimiento?');
  await page.getByTestId('nav-month').click();
  await page.getByTestId('month-name').waitFor();
  // A rotation resizes the window while the chat is not on screen.
  await page.setViewportSize({ width: 844, height: 390 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('nav-chat').click();
  await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).click();
  await reply(page, 'Listo, registré el gasto de $30.00');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the first load asks for what the chat needs first, and the engine and the offline shell after it', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const asked = [];
  context.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(`${BASE_URL}/?login=${await loginLink()}`);
  await page.getByTestId('message-input').waitFor();
  await page.locator('main[data-engine="ready"]').waitFor();
  await page.evaluate(async () => await navigator.serviceWorker.ready);
  // The chat's own requests (the session, the stored conversation) come
  // before the engine and the service worker, which would otherwise download
  // the app a second time, and the engine with it, during the first load.
  const first = (path) => asked.indexOf(path);
  for (const chat of ['/api/login', '/api/state']) {
    for (const later of ['/sw.js', '/caja-engine_bg.wasm']) {
      assert.ok(first(chat) >= 0 && first(later) > first(chat), `${chat} before ${later}: ${asked.join(' ')}`);
    }
  }
  await context.close();
});

test('a service worker keeps the app shell for opening without a connection', async () => {
  const { context, page } = await signedIn();
  const [cached, loaded] = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const cache = await caches.open('caja-shell-v3');
    const paths = (await cache.keys()).map((r) => new URL(r.url).pathname);
    const scripts = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
    return [paths, scripts.filter((p) => /\.(js|wasm|css)$/.test(p))];
  });
  assert.ok(cached.includes('/'), `cached: ${cached}`);
  // Every script, module and style the page loaded, snippets in their
  // folders included, opens without a connection.
  for (const path of loaded) assert.ok(cached.includes(path), `${path} is kept: ${cached}`);
  assert.ok(cached.some((p) => p.endsWith('.wasm')), `cached: ${cached}`);
  assert.ok(cached.some((p) => p.endsWith('.js')), `cached: ${cached}`);
  // The engine is loaded by the page, not named by it, and is kept too.
  assert.ok(cached.includes('/caja-engine.js') && cached.includes('/caja-engine_bg.wasm'), `cached: ${cached}`);
  assert.ok(!cached.some((p) => p.startsWith('/api/')), 'the API is never cached');
  // And it does open without one: the chat, signed in, from the cache.
  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('message-input').waitFor();
  await page.locator('main[data-engine="ready"]').waitFor();
  await context.setOffline(false);
  await context.close();
});

test('the debug panel shows the state, the trace of the last turn and where the conversation stands', async () => {
  const { context, page } = await signedIn();
  await send(page, 'gasté 99 en oxxo');
  await reply(page, '¿Registro este movimiento?');
  assert.equal(await page.getByTestId('debug-toggle').count(), 0, 'debug is not in the main navigation');
  await page.getByTestId('menu-button').click();
  await page.getByTestId('debug-toggle').click();
  assert.match(await page.getByTestId('debug-state').textContent(), /ADD_TRANSACTION/);
  // The trace in words: each step by what it does, and why.
  assert.deepEqual(await page.locator('[data-testid="debug-trace"] li').allTextContents(), [
    'Decide qué hacer → lee el mensaje: mensaje nuevo',
    'Lee el mensaje → revisa los datos: quiere registrar un movimiento',
    'Revisa los datos → pide el «sí»: movimiento completo',
    'Pide el «sí» → responde: pidió el «sí»',
    'Responde → termina',
  ]);
  // The diagram the conversation stands in, its state highlighted: the
  // Financial Agent waiting at its confirmation.
  const here = page.locator('[data-testid="debug-diagram"] [aria-current="step"]');
  assert.equal(await here.getAttribute('data-node'), 'confirm');
  assert.equal(await page.locator('[data-testid="debug-diagram"] svg').getAttribute('data-diagram'), 'financial');
  // After the «sí»: each tool of the turn with its input and its result.
  await send(page, 'sí');
  await reply(page, 'Listo, registré el gasto de $99.00');
  const tool = page.getByTestId('debug-tool');
  await tool.first().waitFor();
  // The write, then the budget read for its alert.
  assert.deepEqual(await tool.locator('strong').allTextContents(), ['add_transaction', 'get_budget_status']);
  assert.deepEqual(await tool.first().locator('dt').allTextContents(), ['Entrada', 'Resultado']);
  const [input, result] = (await tool.first().locator('dd pre').allTextContents()).map((t) => JSON.parse(t));
  assert.equal(input.amount_mxn_cents, 9900);
  assert.equal(input.category, 'supermercado');
  assert.equal(result.ok, true);
  assert.equal(result.tool_name, 'add_transaction');
  await context.close();
});
