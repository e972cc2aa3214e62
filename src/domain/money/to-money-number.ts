const DIVISORS = [1, 10, 100, 1000, 10000, 100000, 1000000] as const;

/**
 * Minor units → the JSON number of whole units (12345n, 2 → 123.45).
 *
 * Number(minor) is exact below 2^53 (the engine caps results at 10^13 whole units, 10^15 minor
 * units), and IEEE division of two exact integers is correctly rounded, so the result is the
 * double nearest the decimal: the same double JSON.parse("123.45") gives, and it prints back
 * with at most `minorDigits` decimals.
 */
export function toMoneyNumber(minor: bigint, minorDigits: number): number {
  if (minor === 0n) return 0; // common (no discount, no tax) and Number(bigint) is not free
  const units = Number(minor);
  if (!Number.isSafeInteger(units)) throw new RangeError(`${minor} minor units is not exactly representable`);
  const divisor = DIVISORS[minorDigits];
  if (divisor === undefined) throw new RangeError(`unsupported minor unit digits ${minorDigits}`);
  return units / divisor;
}
