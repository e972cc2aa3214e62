import { gcd } from './gcd.ts';

/** An exact fraction numerator / denominator (denominator > 0); the numerator may be negative (a return). */
export interface Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/**
 * Integers near the exact `values` that add up to `total` exactly. Each part starts at the floor
 * of its value; the units still missing go one each to the parts with the largest remainders, and
 * units in excess are taken one each from the parts with the smallest remainders (ties to the
 * lower index). Used where a sum was rounded once as a whole (the invoice's tax, D5) and its
 * parts must be shown as integers that add up to it (the UBL tax breakdown): each part then lies
 * within one unit of its exact value whenever |total − Σ values| < 1, and within a few units
 * otherwise (a total rounded group by group).
 */
export function apportionToTotal(total: bigint, values: readonly Fraction[]): bigint[] {
  const count = values.length;
  if (count === 0) {
    if (total !== 0n) throw new RangeError('cannot apportion a non-zero total over no values');
    return [];
  }
  // Floor, not truncation: a negative value's remainder is then also in [0, denominator).
  const floor = (v: Fraction) => {
    const q = v.numerator / v.denominator;
    return v.numerator < 0n && q * v.denominator !== v.numerator ? q - 1n : q;
  };
  const parts = values.map(floor);
  // Remainders compared as fractions of one unit, on a common scale.
  const scale = values.reduce((acc, v) => acc * v.denominator / gcd(acc, v.denominator), 1n);
  const remainders = values.map((v, i) => (v.numerator - parts[i]! * v.denominator) * (scale / v.denominator));
  let missing = total - parts.reduce((a, b) => a + b, 0n);
  const byLargest = [...parts.keys()].sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : a - b));
  while (missing > 0n) {
    for (const i of byLargest) {
      if (missing === 0n) break;
      parts[i] = parts[i]! + 1n;
      missing -= 1n;
    }
  }
  const bySmallest = [...parts.keys()].sort((a, b) => (remainders[a]! < remainders[b]! ? -1 : remainders[a]! > remainders[b]! ? 1 : a - b));
  while (missing < 0n) {
    let took = false;
    for (const i of bySmallest) {
      if (missing === 0n) break;
      if (parts[i]! === 0n && values[i]!.numerator >= 0n) continue; // a non-negative value's part stays non-negative
      parts[i] = parts[i]! - 1n;
      missing += 1n;
      took = true;
    }
    if (!took) throw new RangeError('cannot apportion a negative total');
  }
  return parts;
}
