import { isBlankAdjustment, type AdjustmentDraft } from './draft.ts';

/**
 * Where each row of the allowances-and-charges list goes in the request: `allowances.0`,
 * `charges.0`, `allowances.1` … counted per kind in the order listed, as the API numbers them, so a
 * message about `allowances[1].tax_rate` names the row whose input is `allowances.1.tax_rate`. A
 * blank row is not sent and gets undefined; it does not take a number.
 */
export function adjustmentPaths(rows: readonly AdjustmentDraft[]): Array<string | undefined> {
  const next = { allowance: 0, charge: 0 };
  return rows.map((row) => {
    if (isBlankAdjustment(row)) return undefined;
    const index = next[row.kind]++;
    return `${row.kind === 'charge' ? 'charges' : 'allowances'}.${index}`;
  });
}
