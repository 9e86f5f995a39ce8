// One decision record per turn for every agent, read through GET /api/audit
// with seed 002's field names: a data agent's turn is audited as that
// agent, with its intent, entities, validation, confirmation and tool
// outcome; a finance turn keeps where each entity was read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { login, chat, get } from '../lib/api.mjs';

test('a data agent turn and a finance turn are audited with seed 002 fields', async () => {
  const session = await login();
  for (const text of ['quiero un crédito', '300 dólares', 'sí', 'gasté 250 en uber', 'sí']) {
    const reply = await chat(session, text);
    assert.equal(reply.status, 200, text);
  }
  const audit = await get(session, '/api/audit');
  assert.equal(audit.status, 200);
  // Newest first.
  const records = audit.body.records.map((r) => r.record).reverse();
  assert.equal(records.length, 5);
  for (const r of records) {
    for (const field of ['agent', 'intent', 'intent_confidence', 'entities', 'validation_result',
      'confirmation_status', 'tool_result', 'response']) {
      assert.ok(field in r, `${field} in ${JSON.stringify(r)}`);
    }
  }
  const [enter, amount, confirmed, expense, saved] = records;
  assert.equal(enter.agent, 'snpl');
  assert.equal(enter.intent, 'apply');
  assert.ok(enter.intent_confidence >= 0.7);
  assert.equal(amount.agent, 'snpl');
  assert.equal(amount.validation_result, 'pass');
  assert.equal(amount.confirmation_status, 'pending');
  assert.deepEqual(amount.entities.map((e) => [e.name, e.value]), [['amount_usd', 300]]);
  assert.equal(confirmed.agent, 'snpl');
  assert.equal(confirmed.confirmation_status, 'confirmed');
  assert.deepEqual(confirmed.tool_result.map((t) => [t.tool, t.ok]), [['apply_snpl', true]]);
  assert.match(confirmed.response, /\$300\.00 USD aprobados/);
  assert.equal(expense.agent, 'financial');
  assert.equal(expense.intent, 'LOG_TRANSACTION');
  assert.equal(expense.confirmation_status, 'pending');
  assert.equal(expense.validation_result, 'pass');
  const amountEntity = expense.entities.find((e) => e.name === 'amount_mxn_cents');
  assert.equal(amountEntity.value, 25000);
  assert.equal('gasté 250 en uber'.slice(amountEntity.start, amountEntity.end), '250');
  assert.equal(saved.confirmation_status, 'confirmed');
  // The write, then the read of its category's budget (for the 80 % / 100 % alert).
  assert.deepEqual(saved.tool_result.map((t) => [t.tool, t.write, t.ok]), [['add_transaction', true, true], ['get_budget_status', false, true]]);
  assert.equal(saved.error, null);
});
