/** A scaled integer as a plain decimal string for messages (1234500n, 6 → "1.2345"). */
export function formatScaled(value: bigint, digits: number): string {
  const [sign, whole, fraction] = splitScaled(value, digits);
  const trimmed = fraction.replace(/0+$/, '');
  return sign + whole + (trimmed === '' ? '' : `.${trimmed}`);
}

/** A scaled integer with exactly `digits` decimals, as documents write amounts (12345n, 2 → "123.45"; 5n, 0 → "5"). */
export function formatFixed(value: bigint, digits: number): string {
  const [sign, whole, fraction] = splitScaled(value, digits);
  return sign + whole + (digits === 0 ? '' : `.${fraction}`);
}

function splitScaled(value: bigint, digits: number): [sign: string, whole: string, fraction: string] {
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(digits + 1, '0');
  return [negative ? '-' : '', text.slice(0, text.length - digits), text.slice(text.length - digits)];
}
