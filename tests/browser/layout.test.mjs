// The web chat as a person sees it, at a phone (390×844) and a desktop
// (1280×800) viewport: the composer stays in view after many turns, the
// first screen greets and offers examples, the draft card counts down in
// local time, the month selector speaks Spanish, no raw enum names show,
// the month view reads well, and a pending prompt survives a reload.
// Screenshots of every view at both sizes go to target/test-artifacts/;
// axe-core finds nothing serious or critical on any of them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BASE_URL, ARTIFACTS } from '../lib/env.mjs';
import { launchBrowser, reply, send, signedIn as signedInAs } from '../lib/browser.mjs';
import { login, uniqueName } from '../lib/api.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');
const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const RAW_ENUMS = /\b(VARIABLE|FIXED|EXPENSE|INCOME|DEBT|DONATION|SAVINGS|ADD_TRANSACTION|SET_BUDGET_CAP|LOG_TRANSACTION)\b/;

let browser;
before(async () => {
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

function signedIn(size, { timezoneId = 'America/Mexico_City', permissions = [] } = {}) {
  return signedInAs(browser, { viewport: SIZES[size], timezoneId, locale: 'es-MX', permissions });
}

async function checkAxe(page, view) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => await window.axe.run(document, { resultTypes: ['violations'] }));
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  assert.deepEqual(serious, [], `${view}: axe`);
}

async function shoot(page, name) {
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png` });
}

/** The element's box, asserted to lie inside the viewport. */
async function assertInViewport(page, testId, what) {
  const box = await page.getByTestId(testId).boundingBox();
  const { height, width } = page.viewportSize();
  assert.ok(box, `${what}: visible`);
  assert.ok(box.y >= 0 && box.y + box.height <= height + 0.5, `${what}: ${JSON.stringify(box)} inside 0..${height}`);
  assert.ok(box.x >= 0 && box.x + box.width <= width + 0.5, `${what}: inside 0..${width} horizontally`);
}

function localClock(iso, timeZone) {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

function thisMonthName(offset = 0) {
  const now = new Date(Date.now() - 6 * 3600_000);
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() + offset;
  return `${MONTHS[index % 12]} de ${Math.floor(index / 12)}`;
}

for (const size of Object.keys(SIZES)) {
  test(`${size}: a new device shows the conversation so far, with its open confirmation`, async () => {
    const user = uniqueName('device');
    const first = await signedInAs(browser, { viewport: SIZES[size], locale: 'es-MX' }, user);
    await send(first.page, 'gasté 80 en tacos');
    await reply(first.page, '¿Registro este movimiento?');
    await first.context.close();

    // Another browser: nothing stored locally, the Worker has the conversation.
    const { context, page } = await signedInAs(browser, { viewport: SIZES[size], locale: 'es-MX' }, user);
    const asked = await reply(page, '¿Registro este movimiento?');
    assert.match(await asked.textContent(), /Monto: \$80\.00/);
    await page.locator('[data-testid="message"][data-role="user"]', { hasText: 'gasté 80 en tacos' }).waitFor();
    await assertInViewport(page, 'composer', 'composer');
    await shoot(page, `new-device-${size}`);
    // The open confirmation is answered from here and writes once.
    await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).click();
    await reply(page, 'Listo, registré el gasto de $80.00');
    const session = await login(user);
    const res = await fetch(`${BASE_URL}/api/transactions`, { headers: { authorization: `Bearer ${session.token}` } });
    assert.equal(res.status, 200);
    const rows = (await res.json()).transactions;
    assert.deepEqual(rows.map((r) => [r.amount_mxn_cents, r.category]), [[8000, 'comida']]);
    await context.close();
  });

  test(`${size}: the composer grows with a long message and shrinks after sending`, async () => {
    const { context, page } = await signedIn(size);
    const input = page.getByTestId('message-input');
    const short = (await input.boundingBox()).height;
    const long = 'oye te cuento que hoy fui al mercado con mi mamá y compramos verduras, fruta, tortillas, '
      + 'queso y un pollo para la comida del domingo porque vienen mis tíos de Puebla y al final '
      + 'gastamos 640 pesos en total en el mercado';
    await input.fill(long);
    const grown = (await input.boundingBox()).height;
    assert.ok(grown > short * 1.5, `the composer grows: ${short} → ${grown}`);
    assert.ok(grown <= SIZES[size].height * 0.3 + 1, `but not past 30 % of the screen: ${grown}`);
    await assertInViewport(page, 'composer', 'composer with a long message');
    await shoot(page, `composer-long-${size}`);
    // Shift+Enter is a new line, not a send.
    await input.press('Shift+Enter');
    assert.equal(await page.locator('[data-testid="message"][data-role="user"]').count(), 0);
    await input.press('Enter');
    const asked = await reply(page, '¿Registro este movimiento?');
    assert.match(await asked.textContent(), /Monto: \$640\.00/);
    assert.equal(await input.inputValue(), '');
    const after = (await input.boundingBox()).height;
    assert.ok(after < grown, `the composer shrinks back: ${grown} → ${after}`);
    await context.close();
  });

  test(`${size}: the debug panel fits the screen`, async () => {
    const { context, page } = await signedIn(size);
    await send(page, 'gasté 99 en oxxo');
    await reply(page, '¿Registro este movimiento?');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('debug-toggle').click();
    await page.getByTestId('debug-state').waitFor();
    const { width, height } = SIZES[size];
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `nothing wider than the screen: ${overflow}px over`);
    const panel = await page.getByTestId('debug-panel').boundingBox();
    assert.ok(panel.x >= 0 && panel.x + panel.width <= width + 0.5, `panel inside the width: ${JSON.stringify(panel)}`);
    assert.ok(panel.height <= height * 0.35 + 1, `panel leaves room for the chat: ${panel.height}`);
    await assertInViewport(page, 'composer', 'composer with the debug panel');
    await shoot(page, `debug-${size}`);
    await context.close();
  });

  test(`${size}: the sign-in screen`, async () => {
    const context = await browser.newContext({ viewport: SIZES[size] });
    const page = await context.newPage();
    await page.goto(BASE_URL);
    await page.getByTestId('signin-help').waitFor();
    await shoot(page, `signin-${size}`);
    await checkAxe(page, 'sign-in');
    await context.close();
  });

  test(`${size}: the first screen greets and its examples can be tapped`, async () => {
    const { context, page } = await signedIn(size);
    const greeting = page.getByTestId('greeting');
    await greeting.waitFor();
    assert.match(await greeting.textContent(), /Hola! Soy Caja/);
    const examples = await page.getByTestId('example').allTextContents();
    assert.deepEqual(examples, ['gasté 250 en uber', '¿cuánto llevo este mes?', 'presupuesto de 8,000', '¿me alcanza para unos tenis de 1,800?']);
    await assertInViewport(page, 'composer', 'composer on the first screen');
    await shoot(page, `chat-first-${size}`);
    await checkAxe(page, 'first screen');
    await page.getByTestId('example').filter({ hasText: 'gasté 250 en uber' }).click();
    await reply(page, 'Monto: $250.00');
    assert.equal(await page.getByTestId('greeting').count(), 0, 'the greeting leaves with the first message');
    await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).click();
    await reply(page, 'Listo, registré el gasto de $250.00');
    await context.close();
  });

  test(`${size}: after 20 turns the composer and the newest message are in view`, async () => {
    const { context, page } = await signedIn(size);
    for (let i = 1; i <= 10; i += 1) {
      await send(page, `gasté ${100 + i} en tacos`);
      await reply(page, `Monto: $${100 + i}.00`);
      await send(page, i % 2 ? 'sí' : 'no');
      await reply(page, i % 2 ? `Listo, registré el gasto de $${100 + i}.00` : 'Cancelado');
      // «Cancelado» is said every other turn: wait for this turn's own
      // answer (all 4·i messages confirmed), not an earlier one.
      await page.locator('[data-testid="message"][data-status="confirmed"]').nth(4 * i - 1).waitFor();
    }
    assert.equal(await page.locator('[data-testid="message"]').count(), 40);
    await assertInViewport(page, 'composer', 'composer after 20 turns');
    const scrolls = await page.evaluate(() => document.scrollingElement.scrollHeight - window.innerHeight);
    assert.ok(scrolls <= 1, `the page itself does not scroll (${scrolls}px)`);
    // The newest message is visible inside the conversation.
    const last = page.locator('[data-testid="message"]').last();
    const visible = await last.evaluate((el) => {
      const log = el.closest('.log').getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return box.bottom <= log.bottom + 1 && box.top >= log.top - 1;
    });
    assert.ok(visible, 'the newest message is in view');
    // The on-screen keyboard (a shorter viewport) keeps the composer in view.
    if (size === 'phone') {
      await page.getByTestId('message-input').focus();
      await page.setViewportSize({ width: 390, height: 500 });
      await page.waitForFunction(() => window.innerHeight === 500);
      await assertInViewport(page, 'composer', 'composer with the keyboard open');
      await page.setViewportSize(SIZES.phone);
    }
    await shoot(page, `chat-long-${size}`);
    await checkAxe(page, 'chat after 20 turns');
    await context.close();
  });

  test(`${size}: the draft card speaks like the chat and counts down in local time`, async () => {
    const { context, page } = await signedIn(size, { timezoneId: 'America/Tijuana' });
    await send(page, 'gasté en el súper');
    await reply(page, '¿Cuánto fue?');
    const card = await page.getByTestId('draft-card').textContent();
    assert.match(card, /súper/);
    assert.match(card, /gasto variable/);
    assert.doesNotMatch(card, RAW_ENUMS);
    assert.doesNotMatch(card, /supermercado/);
    await shoot(page, `chat-draft-${size}`);
    await send(page, '850');
    await reply(page, 'Monto: $850.00');
    const expiry = page.getByTestId('pending-expiry');
    const expiresIso = await expiry.getAttribute('data-expires');
    const text = await expiry.textContent();
    const match = /^Vence en ([0-5]):(\d\d) \(a las (\d\d:\d\d)\)$/.exec(text);
    assert.ok(match, `countdown: ${text}`);
    assert.equal(match[3], localClock(expiresIso, 'America/Tijuana'), 'the time is in the user\'s zone, not UTC');
    assert.doesNotMatch(await page.getByTestId('draft-card').textContent(), /Monto|T\d\d:\d\d/, 'no repeated prompt, no UTC instant');
    // The countdown moves.
    await page.waitForFunction((first) => document.querySelector('[data-testid="pending-expiry"]').textContent !== first, text);
    await shoot(page, `chat-pending-${size}`);
    await checkAxe(page, 'pending confirmation');
    await context.close();
  });

  test(`${size}: the month view has a Spanish month selector, signed amounts and readable labels`, async () => {
    const { context, page } = await signedIn(size);
    for (const [message, done] of [['gasté 250 en uber', 'Listo'], ['gasté 180 en tacos', 'Listo'], ['me pagaron 8,500 de la quincena', 'Listo']]) {
      await send(page, message);
      await reply(page, '¿');
      await send(page, 'sí');
      await reply(page, done);
    }
    await page.getByTestId('nav-month').click();
    await page.getByTestId('category-chart').waitFor();
    assert.equal(await page.locator('input[type="month"]').count(), 0);
    assert.equal(await page.getByTestId('month-name').textContent(), thisMonthName());
    assert.ok(await page.getByTestId('month-next').isDisabled(), 'no months after this one');
    await page.getByTestId('transaction').first().waitFor();
    const amounts = await page.getByTestId('transaction-amount').allTextContents();
    assert.deepEqual(amounts.slice().sort(), ['+$8,500.00', '−$180.00', '−$250.00'].sort());
    for (const line of await page.getByTestId('transaction').allTextContents()) {
      assert.doesNotMatch(line.trim(), /[·,]$/, `no stray separator: ${line}`);
    }
    const labelSize = await page.locator('.chart .label').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const bodySize = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
    assert.ok(labelSize >= 14 && labelSize <= bodySize, `chart labels ${labelSize}px, body ${bodySize}px`);
    const label = await page.locator('label[for="category-filter"]').boundingBox();
    const select = await page.getByTestId('category-filter').boundingBox();
    assert.ok(select.x - (label.x + label.width) >= 4 || select.y >= label.y + label.height, 'the label does not touch its dropdown');
    assert.doesNotMatch(await page.locator('main').innerText(), RAW_ENUMS);
    await shoot(page, `month-${size}`);
    await checkAxe(page, 'month view');
    await page.getByTestId('month-prev').click();
    // Right after the switch, never this month's numbers under the other month's name.
    const rightAfter = await page.evaluate(() => document.querySelector('[data-testid="month-total"]')?.textContent ?? null);
    assert.ok(rightAfter === null || rightAfter === 'Gastos: $0.00 · Ingresos: $0.00', `shown while loading: ${rightAfter}`);
    assert.equal(await page.getByTestId('month-name').textContent(), thisMonthName(-1));
    await page.getByTestId('no-transactions').waitFor();
    // The previous month's own numbers, never this month's under its name.
    await page.getByTestId('no-spending').waitFor();
    assert.equal(await page.getByTestId('month-total').textContent(), 'Gastos: $0.00 · Ingresos: $0.00');
    assert.match(await page.getByTestId('no-transactions').textContent(), /Sin movimientos/);
    await shoot(page, `month-empty-${size}`);
    await checkAxe(page, 'empty month');
    await page.getByTestId('month-next').click();
    assert.equal(await page.getByTestId('month-name').textContent(), thisMonthName());
    await context.close();
  });

  test(`${size}: a pending prompt restored after a reload keeps its Sí/No buttons`, async () => {
    const { context, page } = await signedIn(size);
    await send(page, 'presupuesto de 8,000');
    await reply(page, 'presupuesto');
    await page.reload();
    await page.getByTestId('message-input').waitFor();
    const buttons = await page.getByTestId('quick-reply').allTextContents();
    assert.deepEqual(buttons, ['Sí', 'No']);
    assert.doesNotMatch(await page.locator('main').innerText(), RAW_ENUMS);
    await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).click();
    await reply(page, 'Listo, tu presupuesto');
    await context.close();
  });

  test(`${size}: the debug panel is out of the way, behind the menu`, async () => {
    const { context, page } = await signedIn(size);
    await send(page, 'gasté 99 en oxxo');
    await reply(page, '¿Registro este movimiento?');
    const nav = await page.locator('nav').innerText();
    assert.doesNotMatch(nav, /Depuración/);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('debug-toggle').click();
    await page.getByTestId('debug-panel').waitFor();
    await assertInViewport(page, 'composer', 'composer with the debug panel open');
    await shoot(page, `debug-${size}`);
    await context.close();
  });

  test(`${size}: a reminder is copied to forward, and the Cobros view shows what is owed`, async () => {
    const { context, page } = await signedIn(size, { permissions: ['clipboard-read', 'clipboard-write'] });
    for (const [text, prompt, done] of [
      ['agrega a Juan Pérez a mis contactos', '¿Agrego a Juan Pérez', 'Listo, agregué'],
      ['cóbrale 350 a Juan por la pizza', 'Este es el cobro', 'COB-0001'],
      ['hazle un cobro de 1,200 a Juan por la renta', 'Este es el cobro', 'COB-0002'],
    ]) {
      await send(page, text);
      await reply(page, prompt);
      await send(page, 'sí');
      await reply(page, done);
    }
    await send(page, 'mándale un recordatorio a Juan');
    await reply(page, '¿De cuál le recuerdo?');
    await send(page, 'el de la pizza');
    const reminder = 'Hola, Juan Pérez. Te recuerdo el pago de $350.00 por la pizza. ¡Gracias!';
    const message = await reply(page, reminder);
    const copy = message.getByTestId('copy-share');
    assert.equal(await copy.textContent(), 'Copiar para reenviar');
    assert.equal(await page.getByTestId('copy-share').count(), 1, 'only the reminder offers a copy');
    await copy.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="copy-share"]').textContent === 'Copiado');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), reminder);
    // A browser that refuses the clipboard gets told, not a silent button.
    await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); });
    await copy.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="copy-share"]').textContent.startsWith('No pude copiarlo'));
    await shoot(page, `cobros-reminder-${size}`);
    // Juan pays the pizza: it leaves the open list and shows as paid.
    await send(page, 'Juan ya me pagó');
    await reply(page, '¿Cuál te pagó?');
    await send(page, 'la pizza');
    await reply(page, 'Marco como pagado el cobro COB-0001');
    await send(page, 'sí');
    await reply(page, 'Listo: el cobro COB-0001');
    await page.getByTestId('nav-cobros').click();
    await page.getByTestId('cobros-pending').waitFor();
    assert.equal(await page.getByTestId('cobros-total').textContent(), 'Te deben $1,200.00 en 1 cobro pendiente.');
    const pending = await page.locator('[data-testid="cobros-pending"] [data-testid="cobro"]').allInnerTexts();
    assert.equal(pending.length, 1);
    assert.match(pending[0], /Juan Pérez[\s\S]*renta[\s\S]*COB-0002 · sin fecha límite[\s\S]*\$1,200\.00[\s\S]*pendiente/);
    const closed = await page.locator('[data-testid="cobros-closed"] [data-testid="cobro"]').allInnerTexts();
    assert.equal(closed.length, 1);
    assert.match(closed[0], /pizza[\s\S]*COB-0001 · pagado el \d{4}-\d\d-\d\d[\s\S]*\$350\.00/);
    assert.deepEqual(await page.getByTestId('contacts').locator('li').allTextContents(), ['Juan Pérez']);
    assert.doesNotMatch(await page.locator('main').innerText(), RAW_ENUMS);
    assert.doesNotMatch(await page.locator('main').innerText(), /\b(pending|paid|overdue|cancelled)\b/);
    const scrolls = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
    assert.ok(scrolls <= 1, `nothing overflows sideways (${scrolls}px)`);
    await shoot(page, `cobros-${size}`);
    await checkAxe(page, 'cobros');
    await context.close();
  });
}
