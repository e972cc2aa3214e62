import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';

type Json = Record<string, unknown>;

/** Paths into the valid request where a generated value is put. */
const PATHS: string[][] = [
  [], ['from'], ['from', 'name'], ['from', 'email'], ['to'], ['invoice'], ['invoice', 'date'], ['invoice', 'due_date'],
  ['invoice', 'currency'], ['invoice', 'language'], ['invoice', 'tax_inclusive'], ['invoice', 'number'],
  ['items'], ['items', '0'], ['items', '0', 'quantity'], ['items', '0', 'unit_price'], ['items', '0', 'discount'],
  ['items', '0', 'discount_type'], ['items', '0', 'tax_rate'], ['items', '0', 'taxes'], ['items', '1', 'taxes', '0'],
  ['global_tax'], ['global_taxes'], ['global_discount'], ['global_discount_type'], ['shipping'], ['deposit'],
  ['amount_paid'], ['rounding'], ['rounding_increment'], ['payment'], ['payment', 'qr'], ['features'], ['template'],
  ['output'], ['accent_color'], ['notes'], ['unitPrice'], ['items', '0', 'unitPrice'], ['dueDate'], ['currency'],
];

function put(body: Json, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  let node: any = body;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = /^\d+$/.test(path[path.indexOf(key) + 1] ?? '') ? [] : {};
    node = node[key];
  }
  node[path.at(-1)!] = value;
  return body;
}

const numbers = fc.oneof(
  fc.double({ noNaN: true }), fc.integer(), fc.constantFrom(0, -0, 1e-7, 0.1 + 0.2, 1e12, 1e13, 1e300, 2 ** 53 + 1, -1),
);
const values = fc.oneof(
  // Large valid amounts: on deposit or an amount discount they exceed the totals (422).
  { arbitrary: fc.constantFrom(1e6, 123456.78), weight: 2 },
  fc.jsonValue({ maxDepth: 3 }), numbers, fc.string({ maxLength: 50 }), fc.constantFrom('', 'USD', 'ar', 'amount', 'percent', '2026-02-29', '2026-13-01', '#12345G'),
);

// D16: whatever the body, the answer is a 2xx or a 4xx with the error shape — never a 5xx.
describe('POST /api/generate-invoice never answers 5xx (mutated valid bodies)', () => {
  let t: TestApp;
  before(async () => { t = await buildTestApp({ LOG_LEVEL: 'error' }); });
  after(async () => { await t.close(); });

  it('keeps every answer below 500 with the documented shape', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...PATHS), values), { minLength: 1, maxLength: 3 }), async (edits) => {
        let body: unknown = validInvoice();
        for (const [path, value] of edits) body = typeof body === 'object' && body !== null && !Array.isArray(body) ? put(body as Json, path, value) : value;
        const payload = JSON.stringify(body) ?? 'null';
        const res = await t.app.inject({ method: 'POST', url: '/api/generate-invoice', headers: { 'content-type': 'application/json' }, payload });
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
        assert.ok(res.statusCode < 500, `${res.statusCode} for ${payload.slice(0, 300)}: ${res.body.slice(0, 300)}`);
        const json = res.json() as { success: boolean; error?: { code: string; message: string } };
        if (res.statusCode === 200) {
          assert.equal(json.success, true);
        } else {
          assert.equal(json.success, false);
          assert.equal(typeof json.error?.code, 'string');
          assert.ok((json.error?.message.length ?? 0) > 0);
        }
      }),
      { numRuns: 1500 },
    );
    // The generator must reach both sides, or the property proves little.
    assert.ok((seen.get(200) ?? 0) > 50, `only ${seen.get(200) ?? 0} successes: ${JSON.stringify([...seen])}`);
    assert.ok((seen.get(400) ?? 0) > 200, `only ${seen.get(400) ?? 0} validation failures: ${JSON.stringify([...seen])}`);
    assert.ok((seen.get(422) ?? 0) > 0, `no calculation_error reached: ${JSON.stringify([...seen])}`);
  });
});
