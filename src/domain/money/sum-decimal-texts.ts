import { formatScaled } from './format-scaled.ts';
import { DECIMAL_DIGITS, parseDecimalText } from './parse-decimal.ts';

/** The exact sum of decimals written as text ("12.5", "0.25" → "12.75"), as decimal text. */
export function sumDecimalTexts(values: readonly string[]): string {
  const sum = values.reduce((total, value, i) => total + parseDecimalText(value, `value ${i + 1}`), 0n);
  return formatScaled(sum, DECIMAL_DIGITS);
}
