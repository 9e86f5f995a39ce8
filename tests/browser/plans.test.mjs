// What is ahead, in the browser: «Mi mes» with the category budgets, the
// balance's day and the fixed payments still expected this month; the
// reminders view, whose switches ask in the chat and change only on «sí».
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { ARTIFACTS, BASE_URL } from '../lib/env.mjs';
import { launchBrowser, reply, send, signedIn as signedInAs, seriousViolations } from '../lib/browser.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

/** Says `text`, waits for the prompt, presses Sí and waits for `done`. */
async function confirmed(page, text, done) {
  await send(page, text);
  await reply(page, '¿');
  await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).last().click();
  await reply(page, done);
}

test('«Mi mes» shows each category budget, the balance with its day and the fixed payments still expected', async () => {
  const { context, page } = await signedInAs(browser, { viewport: { width: 390, height: 844 } });
  await confirmed(page, 'mi presupuesto de comida es de 2000', 'Listo, tu presupuesto de comida');
  await confirmed(page, 'gasté 1700 en tacos', 'Listo, registré el gasto de $1,700.00');
  await confirmed(page, 'mi saldo en el banco es de 12000', 'Listo');
  await confirmed(page, 'mi quincena de 9,200 los días 15 y último', 'Listo');
  await page.getByTestId('nav-month').click();
  await page.getByTestId('category-budgets').waitFor();
  assert.deepEqual(
    await page.getByTestId('category-budget').allTextContents(),
    ['Comida: llevas $1,700.00 de $2,000.00; te quedan $300.00'],
  );
  // The day in the browser's zone, as the Worker was asked for it.
  const { today, last, weekdayToday } = await page.evaluate(() => {
    const d = new Date();
    const iso = (x) => `${x.getFullYear()}-${String(x.getMonth() + 1).padStart(2, '0')}-${String(x.getDate()).padStart(2, '0')}`;
    const end = new Date(d.getFullYear(), d.getMonth() + 1, 0);
    return { today: iso(d), last: iso(end), weekdayToday: d.toLocaleDateString('es-MX', { weekday: 'long', day: 'numeric', month: 'long' }) };
  });
  assert.equal(await page.getByTestId('balance').textContent(), `$12,000.00, al ${weekdayToday.replace(',', '')}`);
  const dates = await page.getByTestId('expected').evaluateAll((els) => els.map((e) => e.dataset.date));
  const day15 = `${today.slice(0, 8)}15`;
  assert.deepEqual(dates, today <= day15 ? [day15, last] : [last]);
  assert.equal(await page.getByTestId('expected-total').textContent(), `Por entrar $${(9200 * dates.length).toLocaleString('en-US')}.00`);
  assert.match(await page.getByTestId('expected').last().textContent(), /Quincena\+\$9,200\.00$/);
  await page.screenshot({ path: `${ARTIFACTS}/month-plans.png`, fullPage: true });
  assert.deepEqual(await seriousViolations(page), []);
  await context.close();
});

test('the reminders view shows each topic; a switch asks in the chat and changes it only after «sí»', async () => {
  const { context, page } = await signedInAs(browser, { viewport: { width: 1280, height: 800 } });
  const topics = async () => page.getByTestId('reminder-topic').evaluateAll((els) => els.map((e) => [e.dataset.topic, e.dataset.on]));
  const open = async () => {
    await page.getByTestId('menu-button').click();
    await page.getByTestId('nav-reminders').click();
    await page.getByTestId('reminder-topics').waitFor();
  };
  await open();
  assert.deepEqual(await topics(), [['cobros', 'true'], ['debts', 'true'], ['budgets', 'true'], ['summary', 'false']]);
  // A web-only account: where reminders go is said.
  assert.match(await page.getByTestId('reminders-warning').textContent(), /^Los recordatorios llegan por Telegram/);
  assert.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: `${ARTIFACTS}/reminders.png`, fullPage: true });
  await page.locator('[data-topic="summary"] [data-testid="reminder-switch"]').click();
  // The chat says it as the person would, and asks.
  await page.locator('[data-testid="message"][data-role="user"]', { hasText: 'mándame el resumen los domingos' }).waitFor();
  await reply(page, 'Así quedarían tus recordatorios:');
  await page.getByTestId('quick-reply').filter({ hasText: 'No' }).last().click();
  await reply(page, 'Entendido, no lo hice: no cambié nada.');
  await open();
  assert.deepEqual((await topics())[3], ['summary', 'false'], 'a «no» changes nothing');
  await page.locator('[data-topic="cobros"] [data-testid="reminder-switch"]').click();
  await reply(page, 'Así quedarían tus recordatorios:\n• Cobros (el día antes de la fecha límite y cuando se vencen): no');
  await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).last().click();
  await reply(page, 'Listo, guardé tus recordatorios:');
  await open();
  assert.deepEqual(await topics(), [['cobros', 'false'], ['debts', 'true'], ['budgets', 'true'], ['summary', 'false']]);
  await context.close();
});

test('a pending cobro\'s actions ask in the chat: paid records the income, the reminder offers its text, cancel closes it', async () => {
  const { context, page } = await signedInAs(browser, { viewport: { width: 390, height: 844 } });
  await send(page, 'cóbrale 350 a Juan Pérez por la pizza');
  await reply(page, '¿Lo agrego y seguimos con el cobro?');
  await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).last().click();
  await reply(page, '¿Lo creo?');
  await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).last().click();
  await reply(page, 'Listo, quedó el cobro COB-0001');
  await confirmed(page, 'cóbrale 120 a Juan Pérez por las tortas', 'Listo, quedó el cobro COB-0002');
  const row = (reference) => page.locator(`[data-testid="cobro"][data-reference="${reference}"]`);
  await page.getByTestId('nav-cobros').click();
  await row('COB-0001').waitFor();
  assert.deepEqual(await page.getByTestId('cobro').evaluateAll((els) => els.map((e) => [e.dataset.reference, e.dataset.status])), [['COB-0001', 'pending'], ['COB-0002', 'pending']]);
  assert.deepEqual(await seriousViolations(page), []);
  // The reminder: its text, with the copy button, written nowhere.
  await row('COB-0002').getByTestId('cobro-remind').click();
  await reply(page, 'Hola, Juan Pérez. Te recuerdo el pago de $120.00 por las tortas.');
  // Paid: the chat shows both writes and does them on «sí».
  await page.getByTestId('nav-cobros').click();
  await row('COB-0001').getByTestId('cobro-paid').click();
  await page.locator('[data-testid="message"][data-role="user"]', { hasText: 'Juan Pérez ya me pagó el cobro COB-0001' }).waitFor();
  await reply(page, '• Marco como pagado el cobro COB-0001 de Juan Pérez por $350.00 por la pizza.');
  await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).last().click();
  await reply(page, 'Listo: el cobro COB-0001 de Juan Pérez quedó pagado');
  // Cancel.
  await page.getByTestId('nav-cobros').click();
  await row('COB-0002').getByTestId('cobro-cancel').click();
  await reply(page, '¿Cancelo el cobro COB-0002 a Juan Pérez por $120.00 por las tortas?');
  await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).last().click();
  await reply(page, 'Listo, cancelé el cobro COB-0002');
  await page.getByTestId('nav-cobros').click();
  await page.getByTestId('no-cobros').waitFor({ state: 'visible' });
  await page.locator('[data-testid="cobros-closed"] [data-testid="cobro"]').nth(1).waitFor();
  assert.deepEqual(await page.locator('[data-testid="cobros-closed"] [data-testid="cobro"]').evaluateAll((els) => els.map((e) => [e.dataset.reference, e.dataset.status]).sort()), [['COB-0001', 'paid'], ['COB-0002', 'cancelled']]);
  // The ledger through the API: the one income of the paid cobro.
  const token = await page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => { const r = indexedDB.open('caja'); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
    const value = await new Promise((resolve) => { const g = db.transaction('kv').objectStore('kv').get('app'); g.onsuccess = () => resolve(g.result); });
    return JSON.parse(value).session_token;
  });
  const month = await page.evaluate(() => { const d = new Date(); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`; });
  const res = await fetch(`${BASE_URL}/api/transactions?month=${month}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  const { transactions } = await res.json();
  assert.deepEqual(transactions.map((t) => [t.type, t.amount_mxn_cents, t.category]), [['INCOME', 35000, 'otros_ingresos']]);
  await context.close();
});

test('keyboard: Escape closes the ⋯ menu, and an opened view takes the focus to its heading', async () => {
  const { context, page } = await signedInAs(browser, { viewport: { width: 1280, height: 800 } });
  const focused = () => page.evaluate(() => {
    const e = document.activeElement;
    return `${e.tagName}:${e.dataset.testid ?? ''}:${e.textContent.trim().slice(0, 40)}`;
  });
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('menu').waitFor({ state: 'detached' });
  assert.match(await focused(), /^BUTTON:menu-button:/);
  await page.getByTestId('nav-cobros').click();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
  assert.equal(await focused(), 'H2::Lo que te deben');
  await page.getByTestId('menu-button').click();
  await page.getByTestId('nav-reminders').click();
  await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Tus recordatorios');
  // The next Tab stays inside the view, never back in the bar.
  await page.getByTestId('reminder-topics').waitFor();
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.querySelector('.view').contains(document.activeElement)), await focused());
  await page.getByTestId('nav-chat').click();
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'message-input');
  await context.close();
});
