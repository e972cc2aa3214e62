import { AppError } from '../../errors/app-error.ts';
import { pow10 } from './pow10.ts';

/** Inputs carry at most this many decimal places (D11); values are held as integers × 10^6. */
export const DECIMAL_DIGITS = 6;
export const DECIMAL_SCALE = 1_000_000n;

/**
 * Below 2^31 a double's spacing is under 10^-6, so at most one 6-decimal number rounds to it, and
 * `Math.round(value × 10^6)` (float error < 0.25) lands on that number's digits when it exists.
 */
const FAST_PATH_LIMIT = 2 ** 31;

/**
 * D38: a decimal sent as a string ("1234567890.123456"), read digit by digit: no binary double in
 * between. Trailing zeros of the fraction do not count as decimal places ("2.5000000" is 2.5).
 */
function parseDecimalString(text: string, path: string): bigint {
  const match = /^(-?)([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (match === null) throw new AppError('validation_error', `${path} "${text.slice(0, 40)}" is not a decimal number; send a plain number such as 12.5 or "12.5"`);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > DECIMAL_DIGITS) {
    throw new AppError('validation_error', `${path} has ${fraction.length} decimal places (${text}); send at most ${DECIMAL_DIGITS}`);
  }
  const magnitude = BigInt(match[2]! + fraction.padEnd(DECIMAL_DIGITS, '0'));
  return match[1] === '-' ? -magnitude : magnitude;
}

/**
 * A JSON number → the exact decimal it was written as, scaled by 10^6 (0.1 → 100000n).
 *
 * "Written as" means the shortest decimal that reads back as the same double, i.e. `String(value)`
 * (what JSON.stringify and every JSON writer emits). More than 6 decimal places is a
 * validation_error naming `path`.
 *
 * Fast paths, both exact: a safe integer (below 2^53, where every integer is a double and prints
 * as itself) converts directly; a fraction below 2^31 takes
 * r = round(value × 10^6) and accepts it only if r / 10^6 === value. IEEE division is correctly
 * rounded, so that check proves the decimal r·10^-6 reads back as `value`; it is then the only
 * such 6-decimal number, and the shortest form cannot have more decimals (it would need fewer
 * significant digits at a lower position, which two numbers within 2^-52 of each other cannot
 * have). Anything else goes through the string, including exponent forms such as 1e-7.
 */
export function parseDecimal(value: number | string, path: string): bigint {
  if (typeof value === 'string') return parseDecimalString(value, path);
  if (Number.isSafeInteger(value)) return BigInt(value) * DECIMAL_SCALE;
  if (!Number.isFinite(value)) {
    throw new AppError('validation_error', `${path} must be a finite number; send a plain decimal number`);
  }
  if (value < FAST_PATH_LIMIT && value > -FAST_PATH_LIMIT) {
    const scaled = Math.round(value * 1e6);
    if (scaled / 1e6 === value) return BigInt(scaled);
  }
  return parseDecimalText(String(value), path);
}

/** Parses what `String(number)` produces: `-12.5`, `1e-7`, `1.25e+21`. No trailing fraction zeros occur. */
export function parseDecimalText(text: string, path: string): bigint {
  const negative = text.charCodeAt(0) === 45; // '-'
  const start = negative ? 1 : 0;
  const e = text.indexOf('e', start);
  const mantissa = e === -1 ? text.slice(start) : text.slice(start, e);
  const exponent = e === -1 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = dot === -1 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const places = (dot === -1 ? 0 : mantissa.length - dot - 1) - exponent;
  if (!/^\d+$/.test(digits) || !Number.isInteger(exponent)) {
    throw new AppError('validation_error', `${path} is not a decimal number; send a plain number such as 12.5`);
  }
  if (places > DECIMAL_DIGITS) {
    throw new AppError(
      'validation_error',
      `${path} has ${places} decimal places (${text}); send at most ${DECIMAL_DIGITS}`,
    );
  }
  const magnitude = BigInt(digits) * pow10(DECIMAL_DIGITS - places);
  return negative ? -magnitude : magnitude;
}
