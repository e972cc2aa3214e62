import { crc16CcittFalse } from '../../../src/domain/qr/crc16-ccitt-false.ts';

/** Shared helpers of the QR tests (not a test file itself). */

export { assertAppError } from '../invoice/invoice-fixtures.ts';

/** One EMVCo field: id, 2-digit length, value. */
export function tlv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Fields joined and closed with field 63 holding their CRC, as a payment provider issues them. */
export function withCrc(...fields: string[]): string {
  const body = `${fields.join('')}6304`;
  return body + crc16CcittFalse(body).toString(16).toUpperCase().padStart(4, '0');
}

/** Pix fields in the order the BCB manual lists them; tests drop or replace single fields. */
export const PIX_FIELDS = {
  format: tlv('00', '01'),
  account: tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', 'fulano@example.com')),
  mcc: tlv('52', '0000'),
  currency: tlv('53', '986'),
  amount: tlv('54', '10.50'),
  country: tlv('58', 'BR'),
  name: tlv('59', 'Fulano de Tal'),
  city: tlv('60', 'BRASILIA'),
  extra: tlv('62', tlv('05', '***')),
} as const;

export const PROMPTPAY_FIELDS = {
  format: tlv('00', '01'),
  initiation: tlv('01', '11'),
  account: tlv('29', tlv('00', 'A000000677010111') + tlv('01', '0066812345678')),
  currency: tlv('53', '764'),
  country: tlv('58', 'TH'),
} as const;

export function pix(overrides: Partial<Record<keyof typeof PIX_FIELDS, string>> = {}): string {
  return withCrc(...Object.values({ ...PIX_FIELDS, ...overrides }));
}

export function promptpay(overrides: Partial<Record<keyof typeof PROMPTPAY_FIELDS, string>> = {}): string {
  return withCrc(...Object.values({ ...PROMPTPAY_FIELDS, ...overrides }));
}

export const SEPA_LINES = [
  'BCD', '002', '1', 'SCT', 'COBADEFFXXX', 'Example GmbH', 'DE89370400440532013000', 'EUR12.30', '', '', 'INV-2025-00001',
] as const;

/** An EPC069-12 payload: SEPA_LINES with the given lines (numbered from 1, as EPC069-12 does) replaced or added. */
export function sepa(lines: Record<number, string> = {}): string {
  const all: Array<string | undefined> = [...SEPA_LINES];
  for (const [key, line] of Object.entries(lines)) all[Number(key) - 1] = line;
  return Array.from(all, (line) => line ?? '').join('\n');
}
