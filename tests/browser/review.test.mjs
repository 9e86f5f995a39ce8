// The review screen at a phone (390×844) and a desktop (1280×800): a past
// conversation is opened from the list, replayed through the engine (the
// same core in wasm) turn by turn, forward and back; every replayed reply is
// the one the Worker gave, and the flow diagram marks the state each turn
// left the conversation in. Screenshots go to target/test-artifacts/;
// axe-core finds nothing serious or critical.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { ARTIFACTS } from '../lib/env.mjs';
import { launchBrowser, reply, send, seriousViolations, signedIn } from '../lib/browser.mjs';
import { chat, login, uniqueName } from '../lib/api.mjs';

const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

let browser;
before(async () => {
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

async function checkAxe(page, view) {
  assert.deepEqual(await seriousViolations(page), [], `${view}: axe`);
}

const position = (page) => page.getByTestId('review-position');
const current = (page, figure) => page.locator(`[data-testid="${figure}"] [aria-current="step"]`);

/** Asserts that the current state of `figure` is shown whole inside its scrolling region. */
async function currentInView(page, figure) {
  const node = await current(page, figure).boundingBox();
  const region = await page.locator(`[data-testid="${figure}"] .diagram-scroll`).boundingBox();
  const inside = node.x >= region.x && node.x + node.width <= region.x + region.width
    && node.y >= region.y && node.y + node.height <= region.y + region.height;
  assert.ok(inside, `${figure}: the current state ${JSON.stringify(node)} is inside ${JSON.stringify(region)}`);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`${size}: a past conversation replays turn by turn with its state marked on the diagrams`, async () => {
    const { context, page } = await signedIn(browser, { viewport, timezoneId: 'America/Mexico_City', locale: 'es-MX' });
    const replies = [];
    await send(page, 'gasté 250 en uber');
    replies.push(await (await reply(page, '¿Registro este movimiento?')).textContent());
    await page.getByTestId('quick-reply').filter({ hasText: 'Sí' }).click();
    replies.push(await (await reply(page, 'Listo, registré el gasto de $250.00')).textContent());
    await send(page, 'quiero hacer una recarga');
    replies.push(await (await reply(page, '¿A cuál número quieres enviar la recarga?')).textContent());

    await page.getByTestId('menu-button').click();
    await page.getByTestId('nav-review').click();
    const row = page.getByTestId('conversation').first();
    await row.waitFor();
    const listed = (await row.textContent()).match(/^Web · Recargas \(demo\)3 turnos · esperando una respuesta · (\d{4}-\d\d-\d\d \d\d:\d\d)quiero hacer una recarga$/);
    assert.ok(listed, await row.textContent());
    // The last activity in the user's clock (Mexico City), not UTC.
    const clock = (ms) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Mexico_City', dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));
    assert.ok([clock(Date.now()), clock(Date.now() - 60_000)].includes(listed[1]), `${listed[1]} is Mexico City time`);
    await row.click();
    await page.getByTestId('stepper').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/review-${size}-turn1.png`, fullPage: true });

    // Turn 1: the expense waits for its «sí» at the Financial Agent's confirm node.
    assert.equal(await position(page).textContent(), 'Turno 1 de 3');
    assert.equal(await page.getByTestId('review-message').textContent(), 'gasté 250 en uber');
    assert.equal(await page.getByTestId('review-reply').textContent(), replies[0]);
    assert.equal(await page.getByTestId('review-same').getAttribute('data-same'), 'true');
    // Its path through the graph in words: each step by what it does, and why.
    assert.deepEqual(await page.locator('[data-testid="review-trace"] li').allTextContents(), [
      'Decide qué hacer → lee el mensaje: mensaje nuevo',
      'Lee el mensaje → revisa los datos: quiere registrar un movimiento',
      'Revisa los datos → pide el «sí»: movimiento completo',
      'Pide el «sí» → responde: pidió el «sí»',
      'Responde → termina',
    ]);
    assert.equal(await page.locator('[data-testid="review-flow"] svg').getAttribute('data-diagram'), 'financial');
    assert.equal(await current(page, 'review-flow').getAttribute('data-node'), 'confirm');
    assert.equal(await current(page, 'review-hierarchy').getAttribute('data-node'), 'financial');
    await currentInView(page, 'review-flow');
    await currentInView(page, 'review-hierarchy');
    await checkAxe(page, `review ${size}`);

    // Turn 2: confirmed and written; nothing is left open.
    await page.getByTestId('review-next').click();
    assert.equal(await position(page).textContent(), 'Turno 2 de 3');
    assert.equal(await page.getByTestId('review-reply').textContent(), replies[1]);
    assert.match(await page.getByTestId('review-tools').textContent(), /add_transaction/);
    assert.equal(await current(page, 'review-flow').count(), 0);

    // Turn 3: the top-ups agent's flow waits for the number.
    await page.getByTestId('review-next').click();
    assert.equal(await position(page).textContent(), 'Turno 3 de 3');
    assert.equal(await page.getByTestId('review-reply').textContent(), replies[2]);
    assert.equal(await page.locator('[data-testid="review-flow"] svg').getAttribute('data-diagram'), 'topups/recarga');
    assert.equal(await current(page, 'review-flow').getAttribute('data-node'), 'collect_number');
    assert.ok(await page.locator('[data-testid="review-flow"] [data-from="inicio"][data-to="collect_number"].taken').count(), 'the path taken is marked');
    assert.equal(await current(page, 'review-hierarchy').getAttribute('data-node'), 'topups/recarga');
    await currentInView(page, 'review-flow');
    await currentInView(page, 'review-hierarchy');
    assert.ok(await page.getByTestId('review-next').isDisabled());
    await page.screenshot({ path: `${ARTIFACTS}/review-${size}-turn3.png`, fullPage: true });
    await checkAxe(page, `review ${size} flow`);

    // And back.
    await page.getByTestId('review-prev').click();
    assert.equal(await position(page).textContent(), 'Turno 2 de 3');
    await page.getByTestId('review-back').click();
    await page.getByTestId('conversation').first().waitFor();
    await context.close();
  });
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`${size}: a conversation of several days is split into sessions by a quiet gap, each turn dated, and a day can be found`, async () => {
    const name = uniqueName('days');
    const session = await login(name);
    // Tuesday morning and Friday afternoon, Mexico City (UTC−6).
    const said = [
      ['gasté 250 en uber', '2026-11-17T16:00:00.000Z'],
      ['sí', '2026-11-17T16:01:00.000Z'],
      ['¿cuánto gasté este mes?', '2026-11-20T23:30:00.000Z'],
      ['gasté 80 en café', '2026-11-20T23:45:00.000Z'],
    ];
    for (const [text, now] of said) {
      const res = await chat(session, text, { now });
      assert.equal(res.status, 200, text);
    }
    const { context, page } = await signedIn(browser, { viewport, timezoneId: 'America/Mexico_City', locale: 'es-MX' }, name);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('nav-review').click();
    await page.getByTestId('conversation').first().click();
    await page.getByTestId('stepper').waitFor();
    const sessions = page.getByTestId('review-session');
    assert.deepEqual(await sessions.locator('.when').allTextContents(), ['martes 2026-11-17, 10:00 a 10:01', 'viernes 2026-11-20, 17:30 a 17:45']);
    assert.deepEqual(await sessions.locator('.title').allTextContents(), ['Agente financiero · 1 cambio confirmado', 'Agente financiero · sin cambios']);
    assert.deepEqual(await sessions.locator('.visually-hidden').allTextContents(), ['Sesión 1 de 2', 'Sesión 2 de 2']);
    assert.equal(await page.getByTestId('review-when').textContent(), 'martes 2026-11-17, 10:00');
    assert.equal(await sessions.nth(0).getAttribute('aria-current'), 'true');

    // Friday: its first turn, in its session.
    await page.getByTestId('review-day').fill('2026-11-20');
    assert.equal(await position(page).textContent(), 'Turno 3 de 4');
    assert.equal(await page.getByTestId('review-message').textContent(), '¿cuánto gasté este mes?');
    assert.equal(await page.getByTestId('review-when').textContent(), 'viernes 2026-11-20, 17:30');
    assert.equal(await sessions.nth(1).getAttribute('aria-current'), 'true');
    assert.equal(await sessions.nth(0).getAttribute('aria-current'), null);
    await page.screenshot({ path: `${ARTIFACTS}/review-${size}-sessions.png`, fullPage: true });
    await checkAxe(page, `review ${size} sessions`);

    // A day without messages says so and stays where it was.
    await page.getByTestId('review-day').fill('2026-11-18');
    await page.getByTestId('review-day-none').waitFor();
    assert.equal(await page.getByTestId('review-day-none').textContent(), 'Ese día no hubo mensajes en esta conversación.');
    assert.equal(await position(page).textContent(), 'Turno 3 de 4');
    // A session's button goes to its first turn.
    await sessions.nth(0).click();
    assert.equal(await position(page).textContent(), 'Turno 1 de 4');
    assert.equal(await page.getByTestId('review-day-none').count(), 0);
    await context.close();
  });
}
