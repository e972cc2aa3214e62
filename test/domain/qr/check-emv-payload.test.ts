import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkEmvPayload, type EmvScheme } from '../../../src/domain/qr/check-emv-payload.ts';
import { assertAppError, pix, PIX_FIELDS, promptpay, tlv, withCrc } from './qr-fixtures.ts';

const BCB_EXAMPLE = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const PROMPTPAY_EXAMPLE = '00020101021129370016A0000006770101110113006681234567853037645802TH6304823E';

describe('checkEmvPayload accepts (D25)', () => {
  const cases: Array<[string, EmvScheme, string]> = [
    ['the BCB Pix manual example', 'pix', BCB_EXAMPLE],
    ['a built Pix payload with amount', 'pix', pix()],
    ['a Pix GUI in capitals', 'pix', pix({ account: tlv('26', tlv('00', 'BR.GOV.BCB.PIX') + tlv('01', 'key')) })],
    ['a CRC in lower-case hex', 'pix', BCB_EXAMPLE.slice(0, -4) + '1d3d'],
    ['a published PromptPay payload', 'promptpay', PROMPTPAY_EXAMPLE],
    ['PromptPay one-time-authorisation AID', 'promptpay', promptpay({ account: tlv('29', tlv('00', 'A000000677010114') + tlv('02', '1101700200000')) })],
    ['PromptPay bill payment (field 30)', 'promptpay', promptpay({ account: tlv('30', tlv('00', 'A000000677010112') + tlv('01', '0105536000000') + tlv('02', 'INV1')) })],
    ['PromptPay dynamic with amount', 'promptpay', withCrc(tlv('00', '01'), tlv('01', '12'), tlv('29', tlv('00', 'A000000677010111') + tlv('01', '0066812345678')), tlv('53', '764'), tlv('54', '25.50'), tlv('58', 'TH'))],
  ];
  for (const [label, scheme, value] of cases) {
    it(label, () => assert.doesNotThrow(() => checkEmvPayload(scheme, value)));
  }
});

describe('checkEmvPayload refuses (D25)', () => {
  const cases: Array<[string, EmvScheme, string, string]> = [
    ['a wrong CRC', 'pix', BCB_EXAMPLE.slice(0, -4) + '1D3E', 'has CRC 1D3E but its content gives 1D3D'],
    ['an altered body with the old CRC', 'pix', BCB_EXAMPLE.replace('Fulano', 'Fulana'), 'the payload was altered'],
    ['no CRC field', 'pix', Object.values(PIX_FIELDS).join(''), 'must end with the CRC field 63'],
    ['a CRC that is not hex', 'pix', `${Object.values(PIX_FIELDS).join('')}6304ZZZZ`, 'not 4 hex digits'],
    ['a missing format indicator', 'pix', withCrc(...Object.values(PIX_FIELDS).slice(1)), 'must start with the payload format indicator 000201'],
    ['format indicator 02', 'pix', pix({ format: tlv('00', '02') }), '000201'],
    ['a truncated payload', 'pix', BCB_EXAMPLE.slice(0, 40), 'is cut short: field 26 declares 58 characters'],
    ['a non-numeric length', 'pix', `0002012X${BCB_EXAMPLE.slice(8)}`, 'expected a 2-digit id and a 2-digit length'],
    ['a field twice', 'pix', withCrc(...Object.values(PIX_FIELDS), tlv('58', 'BR')), 'has field 58 twice'],
    ['Pix without field 26', 'pix', pix({ account: '' }), 'has no Pix merchant account (field 26)'],
    ['Pix with another GUI', 'pix', pix({ account: tlv('26', tlv('00', 'br.com.example') + tlv('01', 'key')) }), 'field 26 must hold the Pix identifier br.gov.bcb.pix'],
    ['Pix with a broken template', 'pix', pix({ account: tlv('26', '0014br.gov') }), 'field 26 is cut short'],
    ['Pix in THB', 'pix', pix({ currency: tlv('53', '764') }), 'field 53 (currency) is 764; a Pix payload must carry 986 (BRL)'],
    ['Pix without currency', 'pix', pix({ currency: '' }), 'field 53 (currency) is missing'],
    ['Pix in Thailand', 'pix', pix({ country: tlv('58', 'TH') }), 'field 58 (country) is TH; a Pix payload must carry BR'],
    ['Pix amount with 3 decimals', 'pix', pix({ amount: tlv('54', '10.505') }), 'field 54 (amount)'],
    ['a point of initiation 13', 'promptpay', promptpay({ initiation: tlv('01', '13') }), 'field 01 (point of initiation) is 13'],
    ['PromptPay without field 29 or 30', 'promptpay', promptpay({ account: '' }), 'has no PromptPay merchant account (field 29 or 30)'],
    ['PromptPay 29 with the bill-payment AID', 'promptpay', promptpay({ account: tlv('29', tlv('00', 'A000000677010112') + tlv('01', '0066812345678')) }), 'field 29 must hold the PromptPay identifier A000000677010111 or A000000677010114'],
    ['PromptPay 30 with the transfer AID', 'promptpay', promptpay({ account: tlv('30', tlv('00', 'A000000677010111') + tlv('01', '0105536000000')) }), 'field 30 must hold the PromptPay identifier A000000677010112'],
    ['PromptPay in BRL', 'promptpay', promptpay({ currency: tlv('53', '986') }), 'must carry 764 (THB)'],
    ['PromptPay in Brazil', 'promptpay', promptpay({ country: tlv('58', 'BR') }), 'must carry TH'],
    ['a Pix payload sent as promptpay', 'promptpay', BCB_EXAMPLE, 'has no PromptPay merchant account'],
    ['a PromptPay payload sent as pix', 'pix', PROMPTPAY_EXAMPLE, 'has no Pix merchant account'],
    ['a payload over 512 characters', 'pix', pix({ extra: tlv('62', tlv('05', '***')) + ['80', '81', '82', '83', '84'].map((id) => tlv(id, 'x'.repeat(99))).join('') }), 'an EMVCo Pix payload has at most 512'],
    ['an empty payload', 'pix', '', 'must start with the payload format indicator'],
  ];
  for (const [label, scheme, value, fragment] of cases) {
    it(label, () => assertAppError(() => checkEmvPayload(scheme, value), 'validation_error', 'payment.qr.value', fragment));
  }
});
