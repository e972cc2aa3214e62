import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveInvoiceQr, type InvoiceQr, type InvoiceQrInput } from '../../../src/domain/qr/resolve-invoice-qr.ts';
import { assertAppError, pix } from './qr-fixtures.ts';

const HOSTED = 'https://invoices.example.com/i/abc.def';
const ACCOUNT = { iban: 'DE89370400440532013000', account_name: 'Example GmbH' };
const SEPA_BUILT = 'BCD\n002\n1\nSCT\n\nExample GmbH\nDE89370400440532013000\nEUR50.00\n\n\nINV-1';

function input(overrides: Partial<InvoiceQrInput>): InvoiceQrInput {
  return { payment: undefined, featuresQr: true, hostedUrl: undefined, balanceDue: 50, currency: 'EUR', invoiceNumber: 'INV-1', ...overrides };
}

describe('resolveInvoiceQr (D25)', () => {
  const cases: Array<[string, Partial<InvoiceQrInput>, InvoiceQr | undefined]> = [
    ['qr off: none, even with payment.qr and a hosted link',
      { featuresQr: false, payment: { qr: { type: 'url', value: 'https://pay.example.com' } }, hostedUrl: HOSTED }, undefined],
    ['qr off: an invalid payment.qr is not checked',
      { featuresQr: false, payment: { qr: { type: 'bitcoin', value: 'x' } } }, undefined],
    ['payment.qr wins over the hosted link',
      { payment: { qr: { type: 'url', value: 'https://pay.example.com' } }, hostedUrl: HOSTED },
      { source: 'payment', type: 'url', payload: 'https://pay.example.com' }],
    ['payment.qr without a hosted link',
      { payment: { qr: { type: 'pix', value: pix() } } },
      { source: 'payment', type: 'pix', payload: pix() }],
    ['the hosted link when payment.qr is absent',
      { payment: ACCOUNT, hostedUrl: HOSTED },
      { source: 'hosted_link', type: 'url', payload: HOSTED }],
    ['none when there is neither',
      { payment: ACCOUNT }, undefined],
    ['sepa without a value is built from the payment block',
      { payment: { ...ACCOUNT, qr: { type: 'sepa' } }, hostedUrl: HOSTED },
      { source: 'payment', type: 'sepa', payload: SEPA_BUILT }],
    ['sepa with a value is taken as sent',
      { payment: { ...ACCOUNT, qr: { type: 'sepa', value: SEPA_BUILT.replace('EUR50.00', '') } } },
      { source: 'payment', type: 'sepa', payload: SEPA_BUILT.replace('EUR50.00', '') }],
  ];
  for (const [label, overrides, expected] of cases) {
    it(label, () => assert.deepEqual(resolveInvoiceQr(input(overrides)), expected));
  }
});

describe('resolveInvoiceQr refuses (D25)', () => {
  it('an unknown type, as invalid_qr_type', () => {
    assertAppError(() => resolveInvoiceQr(input({ payment: { qr: { type: 'bitcoin', value: 'x' } } })), 'invalid_qr_type', 'payment.qr.type');
  });
  it('a bad payload, as validation_error', () => {
    assertAppError(() => resolveInvoiceQr(input({ payment: { qr: { type: 'url', value: 'ftp://x' } }, hostedUrl: HOSTED })), 'validation_error', 'payment.qr.value');
  });
  it('a missing value for a type other than sepa', () => {
    assertAppError(() => resolveInvoiceQr(input({ payment: { qr: { type: 'upi' } } })), 'validation_error', 'payment.qr.value is required for type upi');
  });
  it('sepa without a value and without an IBAN', () => {
    assertAppError(() => resolveInvoiceQr(input({ payment: { account_name: 'Example GmbH', qr: { type: 'sepa' } } })), 'validation_error', 'payment.iban is required');
  });
});
