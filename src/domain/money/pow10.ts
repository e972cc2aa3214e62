/**
 * Powers of ten as BigInt, built once: the engine divides by 10^k on every line and a table
 * lookup is cheaper than `10n ** k` on each call. Goes to 10^340 so that parse-decimal.ts can
 * scale any finite double (up to about 1.8 × 10^308) by 10^6.
 */
const TABLE: bigint[] = [];
for (let k = 0, value = 1n; k <= 340; k += 1, value *= 10n) TABLE.push(value);

export const POW10: readonly bigint[] = TABLE;

export function pow10(exponent: number): bigint {
  const value = POW10[exponent];
  if (value === undefined) throw new RangeError(`10^${exponent} is outside the table`);
  return value;
}
