// Browser end-to-end: the web UI served by the Worker, in headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { BASE_URL, ARTIFACTS } from '../lib/env.mjs';
import { launchBrowser } from '../lib/browser.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('the page shows the Worker health fetched with gloo-net', async () => {
  const page = await browser.newPage();
  await page.goto(BASE_URL);
  const health = page.getByTestId('health');
  await health.filter({ hasText: 'Base de datos: ok' }).waitFor();
  assert.match(await health.textContent(), /Servidor: ok/);
  assert.equal(await page.getByTestId('sample-amount').textContent(), '$1,234.56');
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/home.png` });
  await page.close();
});

test('a note saved in IndexedDB is there after a reload', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(BASE_URL);
  await page.getByTestId('note-input').fill('ahorrar para tenis');
  await page.getByTestId('note-save').click();
  await page.getByTestId('note-saved').filter({ hasText: 'ahorrar para tenis' }).waitFor();
  await page.reload();
  await page.getByTestId('note-saved').filter({ hasText: 'Guardado: ahorrar para tenis' }).waitFor();
  await context.close();
});
