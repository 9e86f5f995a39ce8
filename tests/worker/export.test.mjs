// The person's own data, downloaded: GET /api/export.zip is a ZIP of CSV
// files in Spanish with a UTF-8 BOM, read here as a spreadsheet would
// (every file, its header, every row in the range and none outside it);
// GET /api/export.csv takes `from` and `to`; bad ranges are refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { BASE_URL } from '../lib/env.mjs';
import { login, chat, get } from '../lib/api.mjs';

const BOM = [0xef, 0xbb, 0xbf];

/** The entries of a stored (uncompressed) ZIP, checked against their CRC. */
function unzip(buffer) {
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'no end of central directory');
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const files = new Map();
  for (let i = 0; i < count; i++) {
    assert.equal(buffer.readUInt32LE(at), 0x02014b50, 'central directory entry');
    const method = buffer.readUInt16LE(at + 10);
    const crc = buffer.readUInt32LE(at + 16);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extra = buffer.readUInt16LE(at + 30);
    const comment = buffer.readUInt16LE(at + 32);
    const offset = buffer.readUInt32LE(at + 42);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    assert.equal(method, 0, `${name} is stored`);
    assert.equal(buffer.readUInt32LE(offset), 0x04034b50, `${name} local header`);
    const start = offset + 30 + buffer.readUInt16LE(offset + 26) + buffer.readUInt16LE(offset + 28);
    const data = buffer.subarray(start, start + size);
    assert.equal(zlib.crc32(data), crc, `${name} crc`);
    files.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

/** A CSV as a spreadsheet reads it: BOM first, then rows of cells. */
function sheet(bytes) {
  assert.deepEqual([...bytes.subarray(0, 3)], BOM, 'UTF-8 BOM');
  const text = bytes.subarray(3).toString('utf8');
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\r') { /* CRLF */ } else if (c === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; } else cell += c;
  }
  return rows;
}

async function say(session, text, now) {
  const res = await chat(session, text, { now });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.reply;
}

async function download(session, path) {
  const res = await fetch(`${BASE_URL}${path}`, {
    headers: { authorization: `Bearer ${session.token}`, 'x-caja-now': '2026-12-05T18:00:00.000Z' },
  });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: Buffer.from(await res.arrayBuffer()) };
}

test('everything the person has comes as a ZIP of Spanish CSVs with a BOM, rows in the range only', async () => {
  const ana = await login();
  const other = await login();
  const nov = '2026-11-22T18:00:00.000Z';
  const dec = '2026-12-02T18:00:00.000Z';
  for (const [text, now] of [
    ['gasté 250 en el súper', nov], ['sí', nov],
    ['me pagaron 9,000 de la quincena', nov], ['sí', nov],
    ['presupuesto de 8,000 al mes', nov], ['sí', nov],
    ['agrega a Juan Pérez a mis contactos', nov], ['sí', nov],
    ['cóbrale 350 a Juan Pérez por la pizza', nov], ['sí', nov],
    ['la renta es de 8,500 cada día 1', nov], ['sí', nov],
    ['tengo una deuda con Coppel de 5,000, mínimo 500 el día 15', nov], ['sí', nov],
    ['mándale 200 dólares a mi mamá por banco', nov], ['sí', nov], ['sí', nov],
    ['gasté 100 en tacos', dec], ['sí', dec],
  ]) {
    await say(ana, text, now);
  }
  await say(other, 'gasté 999 en gasolina', nov);
  await say(other, 'sí', nov);

  const zip = await download(ana, '/api/export.zip?from=2026-11-01&to=2026-11-30');
  assert.equal(zip.status, 200);
  assert.equal(zip.type, 'application/zip');
  assert.equal(zip.disposition, 'attachment; filename="caja-mis-datos-2026-11-01-a-2026-11-30.zip"');
  const files = unzip(zip.bytes);
  assert.deepEqual([...files.keys()], ['LEEME.txt', 'movimientos.csv', 'presupuestos.csv', 'deudas.csv', 'cobros.csv', 'contactos.csv', 'pagos_fijos.csv', 'envios.csv', 'conversaciones.csv']);
  assert.match(files.get('LEEME.txt').toString('utf8'), /^Tus datos en Caja, del 2026-11-01 al 2026-11-30\./);

  assert.deepEqual(sheet(files.get('movimientos.csv')), [
    ['Fecha', 'Tipo', 'Monto (MXN)', 'Categoría', 'Tipo de categoría', 'Descripción'],
    ['2026-11-22', 'Gasto', '250.00', 'súper', 'gasto variable', ''],
    ['2026-11-22', 'Ingreso', '9000.00', 'sueldo', 'ingreso', 'quincena'],
  ]);
  assert.deepEqual(sheet(files.get('presupuestos.csv')), [['Mes', 'Categoría', 'Tope (MXN)'], ['2026-11', 'Todas (presupuesto general)', '8000.00']]);
  assert.deepEqual(sheet(files.get('deudas.csv')), [['Deuda', 'Saldo (MXN)', 'Pago mínimo (MXN)', 'Día de pago'], ['Coppel', '5000.00', '500.00', '15']]);
  assert.deepEqual(sheet(files.get('cobros.csv')), [
    ['Folio', 'Contacto', 'Monto (MXN)', 'Abonado (MXN)', 'Concepto', 'Fecha límite', 'Estado', 'Creado', 'Cerrado'],
    ['COB-0001', 'Juan Pérez', '350.00', '0.00', 'la pizza', '', 'pendiente', '2026-11-22', ''],
  ]);
  assert.deepEqual(sheet(files.get('contactos.csv')), [['Nombre'], ['Juan Pérez']]);
  assert.deepEqual(sheet(files.get('pagos_fijos.csv')), [['Nombre', 'Tipo', 'Monto (MXN)', 'Categoría', 'Días', 'Último registrado'], ['Renta', 'Gasto', '8500.00', 'renta', 'cada día 1', '']]);
  const sent = sheet(files.get('envios.csv'));
  assert.deepEqual(sent[0], ['Fecha y hora', 'Referencia', 'Destinatario', 'Recibe (MXN)', 'Forma de entrega']);
  assert.equal(sent.length, 2);
  assert.match(sent[1][1], /^TXN-/);
  assert.deepEqual([sent[1][0], ...sent[1].slice(2)], ['2026-11-22 12:00', 'María García', '3490.00', 'Depósito bancario']);
  const talk = sheet(files.get('conversaciones.csv'));
  assert.deepEqual(talk[0], ['Fecha y hora', 'Quién', 'Mensaje']);
  // Times in the person's zone (18:00 UTC is 12:00 in Mexico City); the
  // December turn is outside the range.
  assert.deepEqual(talk[1], ['2026-11-22 12:00', 'Tú', 'gasté 250 en el súper']);
  assert.equal(talk[2][1], 'Caja');
  assert.equal(talk.length - 1, 34, 'the 17 November turns, both sides');
  assert.ok(talk.every((r) => !r[2].includes('tacos')));

  // With no range: everything, whatever the day in any zone.
  const all = await download(ana, '/api/export.zip');
  assert.equal(all.status, 200);
  assert.equal(all.disposition, 'attachment; filename="caja-mis-datos.zip"');
  const everything = unzip(all.bytes);
  assert.match(everything.get('LEEME.txt').toString('utf8'), /^Tus datos en Caja, todo lo que tengo de ti\./);
  assert.deepEqual(sheet(everything.get('movimientos.csv')).map((r) => r[0]), ['Fecha', '2026-11-22', '2026-11-22', '2026-12-02']);

  // The movements alone, any range, with the BOM.
  const csv = await download(ana, '/api/export.csv?from=2026-12-01&to=2026-12-31');
  assert.equal(csv.status, 200);
  assert.equal(csv.type, 'text/csv; charset=utf-8');
  assert.deepEqual(sheet(csv.bytes).slice(1), [['2026-12-02', 'Gasto', '100.00', 'comida', 'gasto variable', 'tacos']]);

  // Another person's export holds only theirs.
  const theirs = unzip((await download(other, '/api/export.zip?from=2026-11-01&to=2026-12-31')).bytes);
  assert.deepEqual(sheet(theirs.get('movimientos.csv')).slice(1).map((r) => r[2]), ['999.00']);
  assert.deepEqual(sheet(theirs.get('contactos.csv')), [['Nombre']]);
  assert.deepEqual(sheet(theirs.get('cobros.csv')).length, 1);
});

test('a bad range is refused with a JSON error, and no session gets nothing', async () => {
  const ana = await login();
  for (const query of ['from=2026-13-01&to=2026-12-31', 'from=2026-12-31&to=2026-12-01', 'from=ayer', 'month=2026-11&from=2026-11-01']) {
    const res = await get(ana, `/api/export.zip?${query}`);
    assert.equal(res.status, 400, query);
    assert.equal(res.body.error, 'bad_request', JSON.stringify(res.body));
  }
  const anonymous = await fetch(`${BASE_URL}/api/export.zip`);
  assert.equal(anonymous.status, 401);
  assert.equal((await anonymous.json()).error, 'unauthorized');
});
