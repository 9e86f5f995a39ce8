// Launches Debian's Chromium through playwright-core (never a downloaded
// browser), and the chat steps every browser test takes.
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { BASE_URL } from './env.mjs';
import { uniqueName } from './api.mjs';

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROME_BIN ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A one-time sign-in token for a new dev user. */
export async function loginLink(prefix = 'web', user = uniqueName(prefix)) {
  const res = await fetch(`${BASE_URL}/api/dev/login-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user }),
  });
  return (await res.json()).token;
}

/** A new browser context (a new device) signed in as `user` (a new user by default), on the chat. */
export async function signedIn(browser, contextOptions = {}, user = uniqueName('web')) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) console.error('console error:', m.text()); });
  await page.goto(`${BASE_URL}/?login=${await loginLink('web', user)}`);
  await page.getByTestId('message-input').waitFor();
  // The core arrives after the chat is usable; tests that predict wait for it.
  await page.locator('main[data-engine="ready"]').waitFor();
  return { context, page };
}

/** Types `text` in the composer and sends it. */
export async function send(page, text) {
  await page.getByTestId('message-input').fill(text);
  await page.getByTestId('message-input').press('Enter');
}

/** Waits for a confirmed (Worker) assistant message containing `text`. */
export async function reply(page, text) {
  const message = page.locator('[data-testid="message"][data-role="assistant"][data-status="confirmed"]', { hasText: text });
  await message.last().waitFor();
  return message.last();
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The serious and critical axe-core violations on the page, as `id: help`. */
export async function seriousViolations(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => await window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}
