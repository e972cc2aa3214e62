/** Plain decimals only: Number() would also read "0x10" and "1e3", which nobody types as money. */
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** A double holds every decimal of up to 15 significant digits exactly enough to print it back. */
const DOUBLE_DIGITS = 15;

/**
 * A number when the text is a plain decimal, else the text itself, so the API's message names the
 * field. A decimal with more significant digits than a double keeps ("1234567890.123456") is sent
 * as the decimal string it is, which the API reads exactly, rather than rounded on the way.
 */
export function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return text;
  const digits = trimmed.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  return digits.length > DOUBLE_DIGITS ? trimmed : Number(trimmed);
}
