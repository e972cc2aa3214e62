import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src/errors/app-error.ts';
import { checkEInvoice } from '../../helpers/check-einvoice.ts';
import { german } from '../../helpers/einvoice-fixtures.ts';
import { makeEInvoice } from '../../helpers/make-einvoice.ts';

/**
 * Canary Islands IGIC (category L): CII's BR-AF-05/06/07 test a rate above 0 where UBL's accept 0,
 * so an IGIC amount at 0 % is refused for CII, naming its rate, and written in UBL.
 */
describe('IGIC at 0 %: refused for CII, written in UBL', () => {
  const igic = (overrides: Record<string, unknown> = {}) => german({ tax_category: 'L', items: [{ description: 'A', quantity: 1, unit_price: 100, tax_rate: 0 }], ...overrides });

  it('a line: CII names items[0].tax_rate (BR-AF-05); the UBL has 0 fatal', async () => {
    assert.throws(() => makeEInvoice({ ...igic(), output: 'cii' }), (error: unknown) => {
      assert.ok(error instanceof AppError && error.code === 'e_invoice_incomplete');
      assert.match(error.message, /items\[0\]\.tax_rate \(BT-152\): a line in Canary Islands IGIC .*\(BR-AF-05\)/);
      return true;
    });
    const { rules, schema } = await checkEInvoice(makeEInvoice({ ...igic(), output: 'ubl' }).xml, 'en16931');
    assert.equal(schema.valid, true, schema.errors.join('\n'));
    assert.deepEqual(rules.fatal, []);
  });

  it('an allowance at 0 % beside IGIC lines at 7 %: CII names allowances[0].tax_rate (BR-AF-06); at 7 % it has 0 fatal', async () => {
    const lines = { items: [{ description: 'A', quantity: 1, unit_price: 100, tax_rate: 7 }] };
    assert.throws(() => makeEInvoice({ ...igic({ ...lines, allowances: [{ amount: 1, reason: 'x', tax_category: 'L', tax_rate: 0 }] }), output: 'cii' }), /allowances\[0\]\.tax_rate \(BT-96\).*\(BR-AF-06\)/);
    const { rules } = await checkEInvoice(makeEInvoice({ ...igic({ ...lines, allowances: [{ amount: 1, reason: 'x' }] }), output: 'cii' }).xml, 'en16931');
    assert.deepEqual(rules.fatal, []);
  });

  it('a top-level S over lines that each send their own rate is not refused for the missing global tax', () => {
    assert.doesNotThrow(() => makeEInvoice({ ...german({ tax_category: 'S', items: [{ description: 'A', quantity: 1, unit_price: 100, tax_rate: 19 }] }), output: 'ubl' }));
  });
});
