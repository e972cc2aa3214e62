import assert from 'node:assert/strict';
import { AppError } from '../../../src/errors/app-error.ts';
import type { ErrorCode } from '../../../src/errors/error-codes.ts';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../../../src/domain/invoice/invoice-schema.ts';

/** Shared helpers of the engine tests (not a test file itself). */

export const CTX = { today: '2025-03-15', number: 'INV-TEST-00001' } as const;

export type RequestInput = Omit<InvoiceRequest, 'from' | 'to'> & Partial<Pick<InvoiceRequest, 'from' | 'to'>>;

export function request(input: RequestInput): InvoiceRequest {
  return { from: { name: 'Seller Ltd' }, to: { name: 'Buyer GmbH' }, ...input };
}

export function compute(input: RequestInput): Invoice {
  return computeInvoice(request(input), CTX);
}

/** A money number as an integer count of minor units, so that comparisons have no float noise. */
export function minor(value: number, digits = 2): number {
  const units = Math.round(value * 10 ** digits);
  return Object.is(units, -0) ? 0 : units;
}

/** The invoice's headline money fields in minor units. */
export function totalsInMinor(invoice: Invoice, digits = 2) {
  return {
    subtotal: minor(invoice.subtotal, digits),
    global_discount: minor(invoice.global_discount, digits),
    discount_total: minor(invoice.discount_total, digits),
    shipping: minor(invoice.shipping, digits),
    total_tax: minor(invoice.total_tax, digits),
    rounding_adjustment: minor(invoice.rounding_adjustment, digits),
    grand_total: minor(invoice.grand_total, digits),
    deposit: minor(invoice.deposit, digits),
    amount_paid: minor(invoice.amount_paid, digits),
    balance_due: minor(invoice.balance_due, digits),
  };
}

/** tax_lines as [name, rate, taxable_amount, amount] with minor units. */
export function taxLinesInMinor(invoice: Invoice, digits = 2): Array<[string, number, number, number]> {
  return invoice.tax_lines.map((line) => [line.name, Number(line.rate), minor(line.taxable_amount, digits), minor(line.amount, digits)]);
}

/** Every money field of the invoice, for "at most the currency's decimals" checks. */
export function moneyFields(invoice: Invoice): Array<[string, number]> {
  const fields: Array<[string, number]> = [];
  for (const key of ['subtotal', 'global_discount', 'discount_total', 'shipping', 'total_tax', 'rounding_adjustment', 'grand_total', 'deposit', 'amount_paid', 'balance_due'] as const) {
    fields.push([key, invoice[key]]);
  }
  invoice.items.forEach((item, i) => {
    fields.push([`items[${i}].line_total`, item.line_total], [`items[${i}].discount`, item.discount], [`items[${i}].tax_amount`, item.tax_amount]);
    item.taxes.forEach((tax, j) => fields.push([`items[${i}].taxes[${j}].amount`, tax.amount]));
  });
  invoice.tax_lines.forEach((line, g) => {
    fields.push([`tax_lines[${g}].amount`, line.amount], [`tax_lines[${g}].taxable_amount`, line.taxable_amount]);
  });
  return fields;
}

/** Decimal places of a number as JSON prints it. */
export function decimalsOf(value: number): number {
  const text = String(value);
  assert.ok(!text.includes('e'), `${value} prints in exponent form`);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Asserts that `run` throws an AppError with `code` whose message contains every fragment. */
export function assertAppError(run: () => unknown, code: ErrorCode, ...fragments: string[]): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    for (const fragment of fragments) assert.ok(error.message.includes(fragment), `"${error.message}" lacks "${fragment}"`);
    return true;
  });
}

/** Round half away from zero of num/den (BigInt), independent of the engine's money module. */
export function referenceRound(num: bigint, den: bigint): bigint {
  const sign = (num < 0n) !== (den < 0n) ? -1n : 1n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = n / d;
  return sign * (2n * (n - q * d) >= d ? q + 1n : q);
}

/** Largest-remainder split written out plainly (floors, then a sort by remainder desc, index asc). */
export function referenceLargestRemainder(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0n);
  const parts = weights.map((w) => (total * w) / sum);
  const missing = Number(total - parts.reduce((a, b) => a + b, 0n));
  weights
    .map((w, i) => ({ i, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1))
    .slice(0, missing)
    .forEach(({ i }) => { parts[i] = parts[i]! + 1n; });
  return parts;
}
