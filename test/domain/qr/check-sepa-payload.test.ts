import { describe, it } from 'node:test';
import { checkSepaPayload } from '../../../src/domain/qr/check-sepa-payload.ts';
import { assertAppError, sepa } from './qr-fixtures.ts';

const FULL_LINES = { 6: 'N'.repeat(70), 11: 'x'.repeat(140) };
const FULL_331 = sepa({ ...FULL_LINES, 12: 'i'.repeat(331 - sepa({ ...FULL_LINES, 12: '' }).length) });

describe('checkSepaPayload accepts (D25, EPC069-12)', () => {
  const cases: Array<[string, string]> = [
    ['version 002 with BIC, amount and unstructured remittance', sepa()],
    ['version 002 without BIC', sepa({ 5: '' })],
    ['version 001 with an 8-character BIC', sepa({ 2: '001', 5: 'COBADEFF' })],
    ['CRLF line ends', sepa().replaceAll('\n', '\r\n')],
    ['a trailing line break', `${sepa()}\n`],
    ['only the 7 mandatory lines', sepa().split('\n').slice(0, 7).join('\n')],
    ['no amount', sepa({ 8: '' })],
    ['amount with no decimals', sepa({ 8: 'EUR1' })],
    ['amount with 1 decimal', sepa({ 8: 'EUR12.3' })],
    ['smallest amount', sepa({ 8: 'EUR0.01' })],
    ['largest amount', sepa({ 8: 'EUR999999999.99' })],
    ['purpose code', sepa({ 9: 'GDDS' })],
    ['structured remittance only', sepa({ 10: 'RF18539007547034', 11: '' })],
    ['information line', sepa({ 12: 'Thank you' })],
    ['a 70-character name', sepa({ 6: 'N'.repeat(70) })],
    ['UTF-8 name in character set 1', sepa({ 6: 'Café Müller' })],
    ['ASCII in character set 2', sepa({ 3: '2' })],
    ['an IBAN from another country', sepa({ 7: 'GB82WEST12345698765432' })],
    ['a payload of exactly 331 bytes', FULL_331],
  ];
  for (const [label, value] of cases) {
    it(label, () => checkSepaPayload(value));
  }
});

describe('checkSepaPayload refuses (D25, EPC069-12)', () => {
  const cases: Array<[string, string, string]> = [
    ['service tag missing', sepa({ 1: 'XYZ' }), 'line 1 must be the service tag BCD'],
    ['service tag in lower case', sepa({ 1: 'bcd' }), 'service tag BCD'],
    ['version 003', sepa({ 2: '003' }), 'line 2 (version) is "003"; send 001 or 002'],
    ['character set 9', sepa({ 3: '9' }), 'line 3 (character set) is "9"'],
    ['non-ASCII in character set 2', sepa({ 3: '2', 6: 'Café' }), 'declares character set 2 but contains non-ASCII'],
    ['identification other than SCT', sepa({ 4: 'INST' }), 'line 4 (identification) is "INST"; send SCT'],
    ['version 001 without BIC', sepa({ 2: '001', 5: '' }), 'version 001 requires a BIC'],
    ['a malformed BIC', sepa({ 5: 'COBA-DE' }), 'line 5 (BIC) must be a BIC of 8 or 11'],
    ['a 9-character BIC', sepa({ 5: 'COBADEFFX' }), 'line 5 (BIC)'],
    ['an empty name', sepa({ 6: '' }), 'line 6 (beneficiary name) has 0 characters'],
    ['a 71-character name', sepa({ 6: 'N'.repeat(71) }), 'line 6 (beneficiary name) has 71 characters; send 1 to 70'],
    ['a bad IBAN checksum', sepa({ 7: 'DE88370400440532013000' }), 'line 7 (IBAN) fails the IBAN checksum'],
    ['an IBAN with spaces', sepa({ 7: 'DE89 3704 0044 0532 0130 00' }), 'line 7 (IBAN) must be an IBAN'],
    ['an IBAN in lower case', sepa({ 7: 'de89370400440532013000' }), 'line 7 (IBAN) must be an IBAN'],
    ['no IBAN', sepa().split('\n').slice(0, 6).join('\n'), 'has 6 lines'],
    ['amount with 3 decimals', sepa({ 8: 'EUR12.345' }), 'line 8 (amount) must be EUR followed by 0.01 to 999999999.99'],
    ['amount in another currency', sepa({ 8: 'USD12.30' }), 'line 8 (amount)'],
    ['amount with a comma', sepa({ 8: 'EUR12,30' }), 'line 8 (amount)'],
    ['amount zero', sepa({ 8: 'EUR0.00' }), 'line 8 (amount)'],
    ['amount over the maximum', sepa({ 8: 'EUR1000000000' }), 'line 8 (amount)'],
    ['a purpose that is not a code', sepa({ 9: 'goods' }), 'line 9 (purpose)'],
    ['both remittance kinds', sepa({ 10: 'RF18539007547034', 11: 'INV-1' }), 'both a structured (line 10) and an unstructured (line 11) remittance'],
    ['a 36-character structured remittance', sepa({ 10: 'R'.repeat(36), 11: '' }), 'line 10 (structured remittance'],
    ['a 141-character unstructured remittance', sepa({ 11: 'x'.repeat(141) }), 'line 11 (unstructured remittance)'],
    ['a 71-character information', sepa({ 11: '', 12: 'i'.repeat(71) }), 'line 12 (information)'],
    ['13 lines', `${sepa({ 12: 'info' })}\nextra`, 'has 13 lines'],
    ['332 bytes', `${FULL_331}i`, 'is 332 bytes; an EPC069-12 SEPA payload has at most 331'],
    ['over 331 bytes through UTF-8', sepa({ 6: 'é'.repeat(70), 11: 'x'.repeat(140) }), 'bytes; an EPC069-12 SEPA payload has at most 331'],
    ['a URL sent as sepa', 'https://example.com/pay', 'has 1 line;'],
  ];
  for (const [label, value, fragment] of cases) {
    it(label, () => assertAppError(() => checkSepaPayload(value), 'validation_error', 'payment.qr.value', fragment));
  }
});
