import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertAppError, compute, type RequestInput } from './invoice-fixtures.ts';

const item = (extra: Record<string, unknown> = {}) => ({ description: 'x', quantity: 1, unit_price: 10, ...extra });
/** Three good lines, then `bad` as items[3], so that the index in the path is checked. */
const withBadItem = (bad: Record<string, unknown>): RequestInput => ({ items: [item(), item(), item(), item(bad)] });

describe('validation_error: at most 6 decimal places, naming the field', () => {
  const cases: Array<{ field: string; input: RequestInput; places?: number }> = [
    { field: 'items[3].quantity', input: withBadItem({ quantity: 1e-7 }) },
    { field: 'items[3].unit_price', input: withBadItem({ unit_price: 0.1234567 }) },
    { field: 'items[3].discount', input: withBadItem({ discount: 1.0000001 }) },
    { field: 'items[3].tax_rate', input: withBadItem({ tax_rate: 19.0000001 }) },
    { field: 'items[3].taxes[1].rate', input: withBadItem({ taxes: [{ name: 'A', rate: 9 }, { name: 'B', rate: 9.00000001 }] }), places: 8 },
    { field: 'global_tax', input: { items: [item()], global_tax: 7.1234567 } },
    { field: 'global_taxes[0].rate', input: { items: [item()], global_taxes: [{ rate: 2.5e-7 }] }, places: 8 },
    { field: 'global_discount', input: { items: [item()], global_discount: 0.0000001 } },
    { field: 'shipping', input: { items: [item()], shipping: 4.9500001 } },
    { field: 'deposit', input: { items: [item()], deposit: 1.1234567 } },
    { field: 'amount_paid', input: { items: [item()], amount_paid: 3.0000005 } },
    { field: 'rounding_increment', input: { items: [item()], rounding: 'nearest', rounding_increment: 0.0500001 } },
  ];
  for (const { field, input, places } of cases) {
    it(field, () => {
      assertAppError(() => compute(input), 'validation_error', `${field} has ${places ?? 7} decimal places`, 'send at most 6');
    });
  }
});

describe('validation_error: other input checks', () => {
  const cases: Array<{ name: string; input: RequestInput; fragments: string[] }> = [
    { name: 'percent line discount above 100', input: withBadItem({ discount: 100.5 }), fragments: ['items[3].discount', 'at most 100'] },
    { name: 'percent global discount above 100', input: { items: [item()], global_discount: 150 }, fragments: ['global_discount', 'at most 100'] },
    { name: 'line with taxes and tax_rate', input: withBadItem({ tax_rate: 5, taxes: [{ rate: 5 }] }), fragments: ['items[3] has both taxes and tax_rate', 'send one of them'] },
    { name: 'global_taxes and global_tax', input: { items: [item()], global_tax: 5, global_taxes: [{ rate: 5 }] }, fragments: ['global_taxes and global_tax', 'send one of them'] },
    { name: 'date that does not exist', input: { items: [item()], invoice: { date: '2025-02-29' } }, fragments: ['invoice.date 2025-02-29', 'not a real calendar date'] },
    { name: 'due date that does not exist', input: { items: [item()], invoice: { date: '2025-04-01', due_date: '2025-04-31' } }, fragments: ['invoice.due_date 2025-04-31', 'not a real calendar date'] },
    { name: 'due date before the issue date', input: { items: [item()], invoice: { date: '2025-04-10', due_date: '2025-04-09' } }, fragments: ['invoice.due_date 2025-04-09 is before invoice.date 2025-04-10'] },
    { name: 'due date before the default date (today)', input: { items: [item()], invoice: { due_date: '2025-03-14' } }, fragments: ['invoice.due_date 2025-03-14 is before invoice.date 2025-03-15'] },
    { name: 'rounding increment 0.5 JPY', input: { items: [item()], invoice: { currency: 'JPY' }, rounding: 'nearest', rounding_increment: 0.5 }, fragments: ['rounding_increment 0.5', 'JPY minor unit 1'] },
    { name: 'rounding increment 0.001 USD', input: { items: [item()], rounding: 'up', rounding_increment: 0.001 }, fragments: ['rounding_increment 0.001', 'USD minor unit 0.01'] },
    { name: 'rounding_amount beside a rounding mode', input: { items: [item()], rounding: 'nearest', rounding_amount: 0.01 }, fragments: ['rounding_amount and rounding "nearest" were both sent', 'send rounding', 'or rounding_amount'] },
    { name: 'rounding_amount finer than the minor unit', input: { items: [item()], rounding_amount: 0.005 }, fragments: ['rounding_amount 0.005', 'USD minor unit 0.01'] },
    { name: 'rounding increment is checked even with rounding none', input: { items: [item()], invoice: { currency: 'KRW' }, rounding_increment: 2.5 }, fragments: ['rounding_increment 2.5', 'KRW'] },
  ];
  for (const { name, input, fragments } of cases) {
    it(name, () => assertAppError(() => compute(input), 'validation_error', ...fragments));
  }

  it('reports a validation_error before a calculation_error elsewhere', () => {
    const input: RequestInput = { items: [item({ discount: 50, discount_type: 'amount' }), item({ unit_price: 0.1234567 })] };
    assertAppError(() => compute(input), 'validation_error', 'items[1].unit_price');
  });
});

describe('calculation_error, naming the field', () => {
  const cases: Array<{ name: string; input: RequestInput; fragments: string[] }> = [
    { name: 'amount line discount above the line amount', input: withBadItem({ quantity: 2, unit_price: 10, discount: 20.01, discount_type: 'amount' }), fragments: ['items[3].discount', 'more than the line amount 20'] },
    { name: 'amount global discount above the subtotal', input: { items: [item(), item()], global_discount: 20.01, global_discount_type: 'amount' }, fragments: ['global_discount 20.01', 'subtotal 20'] },
    { name: 'deposit above the grand total', input: { items: [item({ tax_rate: 10 })], deposit: 11.01 }, fragments: ['deposit 11.01', 'grand total 11'] },
    { name: 'deposit above a grand total rounded down', input: { items: [item({ unit_price: 10.4 })], rounding: 'down', deposit: 10.4 }, fragments: ['deposit 10.4', 'grand total 10'] },
    { name: 'line amount above 10^13', input: withBadItem({ quantity: 1_000_000_000, unit_price: 10_000.01 }), fragments: ['items[3]', 'quantity × unit_price', '10000000000000'] },
    { name: 'subtotal above 10^13', input: { items: [item({ quantity: 9, unit_price: 1_000_000_000_000 }), item({ quantity: 2, unit_price: 1_000_000_000_000 })] }, fragments: ['subtotal', '11000000000000', 'above the limit of 10000000000000'] },
    { name: 'total tax above 10^13', input: { items: [item({ quantity: 5, unit_price: 1_000_000_000_000, tax_rate: 1000 })] }, fragments: ['total_tax', 'above the limit'] },
    { name: 'grand total above 10^13', input: { items: [item({ quantity: 10, unit_price: 1_000_000_000_000 })], shipping: 0.01 }, fragments: ['grand_total', '10000000000000.01'] },
    { name: 'grand total above 10^13 after rounding up', input: { items: [item({ quantity: 10, unit_price: 999_999_999_999.9 })], rounding: 'up', rounding_increment: 7 }, fragments: ['grand_total', '10000000000004'] },
  ];
  for (const { name, input, fragments } of cases) {
    it(name, () => assertAppError(() => compute(input), 'calculation_error', ...fragments));
  }

  it('accepts totals of exactly 10^13', () => {
    const invoice = compute({ items: [item({ quantity: 10, unit_price: 1_000_000_000_000 })] });
    assert.deepEqual(
      { line_total: invoice.items[0]!.line_total, subtotal: invoice.subtotal, grand_total: invoice.grand_total, balance_due: invoice.balance_due },
      { line_total: 1e13, subtotal: 1e13, grand_total: 1e13, balance_due: 1e13 },
    );
  });
});

describe('rounding_amount: a rounding of the caller\'s own, added to the grand total', () => {
  it('adds it (negative too) and reports it as rounding_adjustment', () => {
    const up = compute({ items: [item({ unit_price: 336.9 })], rounding_amount: '0.01' });
    assert.equal(up.grand_total, 336.91);
    assert.equal(up.rounding_adjustment, 0.01);
    const down = compute({ items: [item({ unit_price: 336.9 })], rounding: 'none', rounding_amount: -0.02 });
    assert.equal(down.grand_total, 336.88);
    assert.equal(down.rounding_adjustment, -0.02);
  });
});
