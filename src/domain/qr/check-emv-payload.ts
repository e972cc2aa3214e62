import { AppError } from '../../errors/app-error.ts';
import { crc16CcittFalse } from './crc16-ccitt-false.ts';
import { parseEmvTlv, type EmvField } from './parse-emv-tlv.ts';
import { QR_VALUE_PATH } from './qr-value-path.ts';

/** EMVCo QRCPS caps a merchant-presented payload at 512 characters. */
export const MAX_EMV_PAYLOAD_CHARS = 512;

export type EmvScheme = 'pix' | 'promptpay';

interface MerchantTemplate {
  readonly id: string;
  /** Accepted values of sub-field 00 (GUI or AID), compared case-insensitively. */
  readonly identifiers: readonly string[];
}

interface SchemeRules {
  readonly label: string;
  readonly templates: readonly MerchantTemplate[];
  readonly currency: string;
  readonly currencyName: string;
  readonly country: string;
}

const RULES: Record<EmvScheme, SchemeRules> = {
  // Banco Central do Brasil, Manual de Padrões para Iniciação do Pix: GUI in field 26.
  pix: {
    label: 'Pix',
    templates: [{ id: '26', identifiers: ['br.gov.bcb.pix'] }],
    currency: '986',
    currencyName: 'BRL',
    country: 'BR',
  },
  // Thai QR Payment: 29 is a PromptPay credit transfer (…0111 merchant-presented, …0114 the
  // one-time-authorisation variant), 30 a domestic bill payment (…0112).
  promptpay: {
    label: 'PromptPay',
    templates: [
      { id: '29', identifiers: ['A000000677010111', 'A000000677010114'] },
      { id: '30', identifiers: ['A000000677010112'] },
    ],
    currency: '764',
    currencyName: 'THB',
    country: 'TH',
  },
};

const HEX4 = /^[0-9A-Fa-f]{4}$/;
const EMV_AMOUNT = /^(?=.{1,13}$)\d+(\.\d{1,2})?$/;

/**
 * A pix or promptpay value is an EMVCo merchant-presented payload whose CRC16 matches.
 * The checks are the ones that decide whether a banking app can read the code at all (format
 * indicator, merchant account template with the scheme's identifier, currency, country, CRC);
 * scheme fields a reader tolerates missing (merchant name and city, which common PromptPay
 * generators leave out) are not required.
 */
export function checkEmvPayload(scheme: EmvScheme, value: string): void {
  const rules = RULES[scheme];
  const path = QR_VALUE_PATH;
  const fail: (problem: string) => never = (problem) => {
    throw new AppError('validation_error', `${path} ${problem}`);
  };
  if (value.length > MAX_EMV_PAYLOAD_CHARS) {
    fail(`is ${value.length} characters; an EMVCo ${rules.label} payload has at most ${MAX_EMV_PAYLOAD_CHARS}`);
  }
  const fields = parseEmvTlv(value, path);
  const first = fields[0];
  if (first === undefined || first.id !== '00' || first.value !== '01') {
    fail(`must start with the payload format indicator 000201; send the ${rules.label} payload exactly as issued`);
  }
  const last = fields.at(-1)!;
  if (last.id !== '63') {
    fail(`must end with the CRC field 63 (6304 and 4 hex digits); send the whole ${rules.label} payload`);
  }
  if (!HEX4.test(last.value)) {
    fail(`has a CRC field 63 that is not 4 hex digits; send the whole ${rules.label} payload`);
  }
  const expected = crc16CcittFalse(value.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0');
  if (last.value.toUpperCase() !== expected) {
    fail(`has CRC ${last.value} but its content gives ${expected}; the payload was altered or cut, copy it again from your payment provider`);
  }
  const byId = new Map(fields.map((field) => [field.id, field.value]));
  const initiation = byId.get('01');
  if (initiation !== undefined && initiation !== '11' && initiation !== '12') {
    fail(`field 01 (point of initiation) is ${initiation}; it must be 11 (static) or 12 (dynamic)`);
  }
  checkMerchantTemplate(rules, byId);
  const currency = byId.get('53');
  if (currency !== rules.currency) {
    fail(`field 53 (currency) is ${currency ?? 'missing'}; a ${rules.label} payload must carry ${rules.currency} (${rules.currencyName})`);
  }
  const country = byId.get('58');
  if (country !== rules.country) {
    fail(`field 58 (country) is ${country ?? 'missing'}; a ${rules.label} payload must carry ${rules.country}`);
  }
  const amount = byId.get('54');
  if (amount !== undefined && !EMV_AMOUNT.test(amount)) {
    fail(`field 54 (amount) must be a decimal number with at most 2 decimals, for example 12.50`);
  }
}

function checkMerchantTemplate(rules: SchemeRules, byId: ReadonlyMap<string, string>): void {
  let found = false;
  for (const template of rules.templates) {
    const content = byId.get(template.id);
    if (content === undefined) continue;
    const where = `${QR_VALUE_PATH} field ${template.id}`;
    const sub: EmvField[] = parseEmvTlv(content, where);
    const identifier = sub.find((field) => field.id === '00')?.value;
    const known = identifier !== undefined
      && template.identifiers.some((accepted) => accepted.toUpperCase() === identifier.toUpperCase());
    if (!known) {
      throw new AppError(
        'validation_error',
        `${where} must hold the ${rules.label} identifier ${template.identifiers.join(' or ')} in sub-field 00; send a ${rules.label} payload`,
      );
    }
    found = true;
  }
  if (!found) {
    const ids = rules.templates.map((template) => template.id).join(' or ');
    throw new AppError(
      'validation_error',
      `${QR_VALUE_PATH} has no ${rules.label} merchant account (field ${ids}); send a ${rules.label} payload`,
    );
  }
}
