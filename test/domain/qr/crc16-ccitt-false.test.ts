import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { crc16CcittFalse } from '../../../src/domain/qr/crc16-ccitt-false.ts';

describe('crc16CcittFalse (D25)', () => {
  const cases: Array<[string, string, number]> = [
    ['catalogue check value', '123456789', 0x29b1],
    ['empty input is the initial value', '', 0xffff],
    ['single byte A', 'A', 0xb915],
    // The worked example of the BCB Pix manual, which ends 63041D3D.
    ['BCB Pix manual example', '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304', 0x1d3d],
    // A PromptPay payload for mobile 081-234-5678 as widely published (ends 6304823E).
    ['PromptPay mobile example', '00020101021129370016A0000006770101110113006681234567853037645802TH6304', 0x823e],
  ];
  for (const [label, text, expected] of cases) {
    it(`${label} → ${expected.toString(16).toUpperCase()}`, () => assert.equal(crc16CcittFalse(text), expected));
  }

  it('reads text as UTF-8 bytes', () => {
    // "é" is C3 A9 in UTF-8; the CRC of those two bytes, not of the UTF-16 unit 0x00E9.
    assert.equal(crc16CcittFalse('é'), crc16OfBytes([0xc3, 0xa9]));
  });
});

/** An independent, table-free restatement for the UTF-8 case: shift in one bit at a time. */
function crc16OfBytes(bytes: number[]): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    for (let bit = 7; bit >= 0; bit -= 1) {
      const top = ((crc >> 15) & 1) ^ ((byte >> bit) & 1);
      crc = ((crc << 1) & 0xffff) ^ (top ? 0x1021 : 0);
    }
  }
  return crc;
}
