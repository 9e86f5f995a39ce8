// Worker end-to-end: /health against wrangler dev with a fresh local D1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL } from '../lib/env.mjs';

test('GET /health reports the Worker and D1 as up', async () => {
  const res = await fetch(`${BASE_URL}/health`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { ok: true, db: true });
});

test('GET /api/format formats centavos with caja-core', async () => {
  const res = await fetch(`${BASE_URL}/api/format?centavos=123456`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { centavos: 123456, text: '$1,234.56' });
});

test('GET /api/format without centavos is a JSON 400', async () => {
  const res = await fetch(`${BASE_URL}/api/format`);
  assert.equal(res.status, 400);
  const body = await res.json();
  assert.equal(body.error, 'bad_request');
});
