// The Telegram webhook with real update JSON: messages, buttons, commands,
// non-text updates, groups, bad secrets and malformed bodies.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { webhook, textUpdate, nextChatId, nextUpdateId } from '../lib/api.mjs';
import { startRecorder } from '../lib/recorder.mjs';

let recorder;
before(async () => {
  recorder = await startRecorder();
});
after(async () => {
  await recorder.close();
});

test('a text message is answered in the webhook body, with Sí/No buttons when confirming', async () => {
  const chatId = nextChatId();
  const res = await webhook(textUpdate(chatId, 'gasté 250 en uber ayer'));
  assert.equal(res.status, 200);
  assert.equal(res.body.method, 'sendMessage');
  assert.equal(res.body.chat_id, chatId);
  assert.match(res.body.text, /Monto: \$250\.00/);
  assert.match(res.body.text, /Responde: sí \/ no/);
  const buttons = res.body.reply_markup.inline_keyboard[0];
  assert.deepEqual(buttons.map((b) => b.text), ['Sí', 'No']);
  assert.equal(buttons[0].callback_data, `pa:${res.body.reply_markup.inline_keyboard[0][0].callback_data.split(':')[1]}:y:${chatId}`);
  assert.match(buttons[0].callback_data, /^pa:p\d+:y:\d+$/);
});

test('pressing Sí confirms once; a double tap and an old button write nothing', async () => {
  const chatId = nextChatId();
  const first = await webhook(textUpdate(chatId, 'gasté 120 en tacos'));
  const yes = first.body.reply_markup.inline_keyboard[0][0].callback_data;
  const press = (updateId) => ({
    update_id: updateId,
    callback_query: {
      id: `cb-${updateId}`,
      from: { id: chatId, first_name: 'Ana' },
      message: { message_id: 77, chat: { id: chatId, type: 'private' } },
      data: yes,
    },
  });
  const tap = await webhook(press(nextUpdateId()));
  assert.equal(tap.status, 200);
  assert.equal(tap.body.method, 'answerCallbackQuery');
  assert.equal(tap.body.text, 'Listo');
  await recorder.until((calls) => calls.some((c) => c.method === 'sendMessage' && c.body.chat_id === chatId));
  const sent = recorder.calls.find((c) => c.method === 'sendMessage' && c.body.chat_id === chatId);
  assert.match(sent.body.text, /Listo, registré el gasto de \$120\.00 en comida/);
  assert.ok(recorder.calls.some((c) => c.method === 'editMessageReplyMarkup' && c.body.chat_id === chatId));
  assert.ok(recorder.calls.every((c) => c.url.startsWith('/bottest-token/')));

  // Second tap of the same button: nothing written, and it says so.
  const again = await webhook(press(nextUpdateId()));
  assert.equal(again.body.text, 'Ya estaba guardado');
  const summary = await webhook(textUpdate(chatId, '¿cuánto llevo gastado este mes?'));
  assert.match(summary.body.text, /Gastos: \$120\.00/);
});

test('commands: /start, /ayuda, /cancelar, /resumen, /web and unknown ones', async () => {
  const chatId = nextChatId();
  assert.match((await webhook(textUpdate(chatId, '/start'))).body.text, /Soy Caja/);
  assert.match((await webhook(textUpdate(chatId, '/ayuda'))).body.text, /gasté 250 en uber/);
  assert.match((await webhook(textUpdate(chatId, '/cancelar'))).body.text, /No hay nada pendiente/);
  assert.match((await webhook(textUpdate(chatId, '/resumen'))).body.text, /noviembre de 2026/);
  assert.match((await webhook(textUpdate(chatId, '/foo'))).body.text, /No conozco ese comando/);
  const web = await webhook(textUpdate(chatId, '/web'));
  assert.match(web.body.text, /\/\?login=[0-9a-f]{64}/);
});

test('voice, photo, sticker, files, places, contacts get a Spanish answer; a caption is read; an edit is answered, never applied', async () => {
  const chatId = nextChatId();
  const base = (extra) => ({
    update_id: nextUpdateId(),
    message: { message_id: 1, chat: { id: chatId, type: 'private' }, from: { id: chatId, first_name: 'Ana' }, ...extra },
  });
  assert.match((await webhook(base({ voice: { file_id: 'x', duration: 3 } }))).body.text, /audios/);
  assert.match((await webhook(base({ photo: [{ file_id: 'x', width: 1, height: 1 }] }))).body.text, /fotos/);
  assert.match((await webhook(base({ sticker: { file_id: 'x' } }))).body.text, /sticker/);
  // Every other kind of message gets its own answer, never silence.
  for (const [extra, words] of [
    [{ document: { file_id: 'x', file_name: 'estado.pdf' } }, /archivos/],
    [{ video: { file_id: 'x', duration: 3 } }, /videos/],
    [{ location: { latitude: 19.4, longitude: -99.1 } }, /ubicación/],
    [{ contact: { phone_number: '+525500000000', first_name: 'Juan' } }, /contacto/],
    [{ dice: { emoji: '🎲', value: 3 } }, /Solo entiendo mensajes de texto/],
  ]) {
    const res = await webhook(base(extra));
    assert.equal(res.status, 200);
    assert.equal(res.body.method, 'sendMessage');
    assert.equal(res.body.chat_id, chatId);
    assert.match(res.body.text, words);
  }
  // A photo's caption is read as text: the ticket's amount becomes a prompt.
  const ticket = await webhook(base({ photo: [{ file_id: 'x', width: 1, height: 1 }], caption: 'el ticket del súper 523.40' }));
  assert.match(ticket.body.text, /Monto: \$523\.40/);
  assert.match(ticket.body.text, /Categoría: súper/);
  assert.match(ticket.body.text, /Responde: sí \/ no/);
  assert.equal((await webhook(base({ text: 'no' }))).status, 200);
  // A caption of nothing but a link (a photo shared from a page) is not
  // something said to Caja: the photo is answered, not the help text.
  const linked = await webhook(base({ photo: [{ file_id: 'x', width: 1, height: 1 }], caption: 'https://www.facebook.com/share/p/1AbC2dEf/' }));
  assert.equal(linked.body.text, 'Todavía no leo fotos ni tickets. Escríbeme el movimiento, por ejemplo «gasté 250 en el súper».');
  const edited = await webhook({ update_id: nextUpdateId(), edited_message: { message_id: 1, chat: { id: chatId, type: 'private' }, text: 'gasté 1' } });
  assert.equal(edited.status, 200);
  assert.equal(edited.body.chat_id, chatId);
  assert.match(edited.body.text, /no tomo en cuenta las ediciones/);
});

test('group chats: only mentions and commands are answered', async () => {
  const chatId = -nextChatId();
  const userId = nextChatId();
  const plain = await webhook(textUpdate(chatId, 'gasté 100 en uber', { userId, chatType: 'group' }));
  assert.deepEqual(plain.body, {});
  const mention = await webhook(textUpdate(chatId, '@caja_bot gasté 100 en uber', { userId, chatType: 'group' }));
  assert.match(mention.body.text, /Monto: \$100\.00/);
});

test('in a group each member has their own draft: another member\'s "sí" confirms nothing', async () => {
  const chatId = -nextChatId();
  const ana = nextChatId();
  const beto = nextChatId();
  const prompt = await webhook(textUpdate(chatId, '@caja_bot gasté 130 en uber', { userId: ana, chatType: 'supergroup' }));
  assert.match(prompt.body.text, /Monto: \$130\.00/);
  const other = await webhook(textUpdate(chatId, '@caja_bot sí', { userId: beto, chatType: 'supergroup' }));
  assert.doesNotMatch(other.body.text, /Listo/);
  const mine = await webhook(textUpdate(chatId, '@caja_bot sí', { userId: ana, chatType: 'supergroup' }));
  assert.match(mine.body.text, /Listo, registré el gasto de \$130\.00/);
});

test('a wrong or missing secret is 401 and processes nothing; malformed JSON is 400', async () => {
  const chatId = nextChatId();
  const wrong = await webhook(textUpdate(chatId, 'gasté 100 en uber'), { secret: 'nope' });
  assert.equal(wrong.status, 401);
  assert.equal(wrong.body.error, 'unauthorized');
  const missing = await webhook(textUpdate(chatId, 'gasté 100 en uber'), { secret: null });
  assert.equal(missing.status, 401);
  const bad = await webhook(null, { raw: '{"update_id": 1, "message": ' });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error, 'bad_json');
  const fresh = await webhook(textUpdate(chatId, '/cancelar'));
  assert.match(fresh.body.text, /No hay nada pendiente/);
});

test('replies respect the 4,096-character limit and long messages are refused politely', async () => {
  const chatId = nextChatId();
  const res = await webhook(textUpdate(chatId, 'a'.repeat(5000)));
  assert.equal(res.status, 200);
  assert.match(res.body.text, /demasiado largo/);
  assert.ok(res.body.text.length <= 4096);
});
