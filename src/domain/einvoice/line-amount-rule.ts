import { formatFixed, formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS } from '../money/parse-decimal.ts';
import { POW10 } from '../money/pow10.ts';
import type { EInvoice } from './einvoice.ts';
import type { RuleProblem } from './einvoice-problem.ts';

/** 0.02, the slack PEPPOL-EN16931-R120 allows, × 10^12. */
const SLACK = 2n * POW10[10]!;

/**
 * PEPPOL-EN16931-R120: a line's net amount equals quantity × net unit price + its charges − its
 * allowances, within 0.02, computed exactly as the rule does. A tax-inclusive line's net price is
 * derived from its amount (the engine's VAT breakdown, src/domain/invoice/vat-breakdown.ts), so
 * this holds but for huge quantities; a tax-exclusive line's price is the one sent, and a currency
 * without decimals (JPY, KRW) rounds its amount to a whole unit: 1.5 × 333 is 499.5, written 500.
 * Such a line cannot be written under Peppol as it is.
 */
export function lineAmountProblems(doc: EInvoice): RuleProblem[] {
  const toTwelve = POW10[12 - doc.minorDigits]!;
  const problems: RuleProblem[] = [];
  doc.lines.forEach((line, i) => {
    const adjustments = line.charges.reduce((sum, c) => sum + c.amount, 0n) - line.allowances.reduce((sum, a) => sum + a.amount, 0n);
    const expected = line.quantity * line.unitPrice + adjustments * toTwelve;
    const difference = line.net * toTwelve - expected;
    if (difference > SLACK || difference < -SLACK) {
      const product = formatScaled(expected, 12);
      problems.push({
        field: `items[${i}].unit_price`,
        term: 'BT-146',
        rule: 'PEPPOL-EN16931-R120',
        message: `Peppol needs a line's amount to equal quantity × net unit price (with its discount and charges) within 0.02, but ${formatScaled(line.quantity, DECIMAL_DIGITS)} × ${formatScaled(line.unitPrice, DECIMAL_DIGITS)} gives ${product} and the line's amount in ${doc.currency} is ${formatFixed(line.net, doc.minorDigits)}: send a quantity and unit_price whose amount ${doc.currency} can write exactly`,
      });
    }
  });
  return problems;
}
