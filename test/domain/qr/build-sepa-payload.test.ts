import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSepaPayload, type SepaPayloadInput } from '../../../src/domain/qr/build-sepa-payload.ts';
import { checkSepaPayload } from '../../../src/domain/qr/check-sepa-payload.ts';
import { assertAppError } from './qr-fixtures.ts';

const BASE: SepaPayloadInput = {
  payment: { iban: 'DE89 3704 0044 0532 0130 00', swift: 'cobadeff xxx', account_name: ' Example GmbH ' },
  balanceDue: 1234.5,
  currency: 'EUR',
  invoiceNumber: 'INV-2025-00042',
};

function build(overrides: Partial<SepaPayloadInput> = {}, payment: SepaPayloadInput['payment'] = {}): string {
  return buildSepaPayload({ ...BASE, ...overrides, payment: { ...BASE.payment, ...payment } });
}

describe('buildSepaPayload (D25: sepa without a value)', () => {
  const cases: Array<[string, string, string[]]> = [
    ['with swift: version 002, UTF-8, compact capital IBAN and BIC, 2-decimal amount, invoice number as remittance',
      build(),
      ['BCD', '002', '1', 'SCT', 'COBADEFFXXX', 'Example GmbH', 'DE89370400440532013000', 'EUR1234.50', '', '', 'INV-2025-00042']],
    ['without swift: the BIC line stays, empty',
      build({}, { swift: undefined }),
      ['BCD', '002', '1', 'SCT', '', 'Example GmbH', 'DE89370400440532013000', 'EUR1234.50', '', '', 'INV-2025-00042']],
    ['a blank swift counts as none', build({}, { swift: '  ' }).split('\n')[4]!, ['']],
    ['whole euros get 2 decimals', build({ balanceDue: 100 }).split('\n')[7]!, ['EUR100.00']],
    ['one cent', build({ balanceDue: 0.01 }).split('\n')[7]!, ['EUR0.01']],
    ['a one-decimal double gets its trailing zero', build({ balanceDue: 0.3 }).split('\n')[7]!, ['EUR0.30']],
    ['the largest EPC amount', build({ balanceDue: 999_999_999.99 }).split('\n')[7]!, ['EUR999999999.99']],
    ['no amount above the EPC maximum', build({ balanceDue: 1_000_000_000 }).split('\n')[7]!, ['']],
    ['no amount when nothing is due', build({ balanceDue: 0 }).split('\n')[7]!, ['']],
    ['no amount for a credit (negative balance)', build({ balanceDue: -20 }).split('\n')[7]!, ['']],
    ['no amount outside EUR', build({ currency: 'USD' }).split('\n')[7]!, ['']],
    ['a UTF-8 name is kept', build({}, { account_name: 'Café Müller' }).split('\n')[5]!, ['Café Müller']],
  ];
  for (const [label, payload, lines] of cases) {
    it(label, () => assert.deepEqual(payload.split('\n'), lines));
  }

  const valid: Array<[string, string]> = [
    ['with swift', build()],
    ['without swift', build({}, { swift: undefined })],
    ['without amount', build({ currency: 'GBP' })],
    ['70-character name and 64-character number', build({ invoiceNumber: 'N'.repeat(64) }, { account_name: 'A'.repeat(70) })],
  ];
  for (const [label, payload] of valid) {
    it(`passes the payload check: ${label}`, () => checkSepaPayload(payload));
  }
});

describe('buildSepaPayload refuses (D25)', () => {
  const cases: Array<[string, () => string, string, string]> = [
    ['no iban', () => build({}, { iban: undefined }), 'payment.iban', 'payment.iban is required for a sepa QR without payment.qr.value'],
    ['blank iban', () => build({}, { iban: '   ' }), 'payment.iban', 'is required'],
    ['iban with a bad checksum', () => build({}, { iban: 'DE88370400440532013000' }), 'payment.iban', 'fails the IBAN checksum'],
    ['iban that is an account number', () => build({}, { iban: '0532013000' }), 'payment.iban', 'must be an IBAN'],
    ['malformed swift', () => build({}, { swift: 'COBA-DE' }), 'payment.swift', 'must be a BIC'],
    ['no account_name', () => build({}, { account_name: undefined }), 'payment.account_name', 'payment.account_name is required'],
    ['blank account_name', () => build({}, { account_name: ' ' }), 'payment.account_name', 'is required'],
    ['account_name over 70 characters', () => build({}, { account_name: 'A'.repeat(71) }), 'payment.account_name', 'has 71 characters; a SEPA QR holds at most 70'],
    ['account_name on two lines', () => build({}, { account_name: 'Example\nGmbH' }), 'payment.account_name', 'line break'],
    ['invoice number with a line break', () => build({ invoiceNumber: 'INV\n1' }), 'invoice.number', 'one line'],
    ['over 331 bytes', () => build({ invoiceNumber: '請'.repeat(64) }, { account_name: '請'.repeat(70) }), 'payment.account_name', 'EPC069-12 allows 331'],
  ];
  for (const [label, run, path, fragment] of cases) {
    it(label, () => assertAppError(run, 'validation_error', path, fragment));
  }
});
