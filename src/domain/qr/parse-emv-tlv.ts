import { AppError } from '../../errors/app-error.ts';

export interface EmvField {
  readonly id: string;
  readonly value: string;
}

const TWO_DIGITS = /^\d\d$/;

/**
 * Splits an EMVCo merchant-presented QR payload (or one of its templates) into its
 * id-length-value fields: a 2-digit id, a 2-digit length, then that many characters.
 * Lengths count JavaScript characters, which equal EMVCo's characters for everything outside
 * the astral planes; payment payloads are ASCII in practice. An id that appears twice is refused
 * because the spec allows each id once and a reader could pick either copy.
 *
 * `where` names the place for the message, for example `payment.qr.value` or
 * `payment.qr.value field 26`.
 */
export function parseEmvTlv(text: string, where: string): EmvField[] {
  const fields: EmvField[] = [];
  const seen = new Set<string>();
  let offset = 0;
  while (offset < text.length) {
    const id = text.slice(offset, offset + 2);
    const lengthText = text.slice(offset + 2, offset + 4);
    if (!TWO_DIGITS.test(id) || !TWO_DIGITS.test(lengthText)) {
      throw new AppError(
        'validation_error',
        `${where} is not an EMVCo payload: at character ${offset} expected a 2-digit id and a 2-digit length; send the payload exactly as your payment provider issued it`,
      );
    }
    const length = Number(lengthText);
    const start = offset + 4;
    if (start + length > text.length) {
      throw new AppError(
        'validation_error',
        `${where} is cut short: field ${id} declares ${length} characters but only ${text.length - start} follow; send the whole payload`,
      );
    }
    if (seen.has(id)) {
      throw new AppError('validation_error', `${where} has field ${id} twice; send a payload with each field once`);
    }
    seen.add(id);
    fields.push({ id, value: text.slice(start, start + length) });
    offset = start + length;
  }
  return fields;
}
