import { formatScaled } from './format-scaled.ts';
import { DECIMAL_DIGITS, parseDecimalText } from './parse-decimal.ts';
import { roundToUnit, type RoundingRule } from './round-to-unit.ts';

/** Steps a grand total is commonly rounded to (cash rounding, whole units), × 10^6, smallest first. */
const STEPS: readonly bigint[] = [10_000n, 50_000n, 100_000n, 200_000n, 250_000n, 500_000n, 1_000_000n, 5_000_000n, 10_000_000n, 50_000_000n, 100_000_000n];
const MODES: ReadonlyArray<readonly ['nearest' | 'up' | 'down', RoundingRule]> = [['nearest', 'half_away_from_zero'], ['up', 'ceil'], ['down', 'floor']];

/**
 * The grand-total rounding (mode and step) that turns `total` into `total + rounding`, both
 * decimal text as a document writes BT-112 and BT-114: the smallest common step that does, nearest
 * before up before down; undefined when none does.
 */
export function roundingOfTotal(total: string, rounding: string): { readonly mode: 'nearest' | 'up' | 'down'; readonly increment: string } | undefined {
  let unrounded: bigint;
  let rounded: bigint;
  try {
    unrounded = parseDecimalText(total, 'total');
    rounded = unrounded + parseDecimalText(rounding, 'rounding');
  } catch {
    return undefined;
  }
  for (const step of STEPS) {
    for (const [mode, rule] of MODES) {
      if (roundToUnit(unrounded, step, rule) === rounded) return { mode, increment: formatScaled(step, DECIMAL_DIGITS) };
    }
  }
  return undefined;
}
