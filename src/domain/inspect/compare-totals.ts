import type { BreakdownTotals } from '../invoice/vat-breakdown.ts';
import { formatFixed } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS, parseDecimalText } from '../money/parse-decimal.ts';
import { pow10 } from '../money/pow10.ts';
import type { ReceivedTotals } from './received-invoice.ts';

/** BG-22 by name, each with its business term. */
export const TOTAL_TERMS = {
  line_extension: 'BT-106',
  allowance_total: 'BT-107',
  charge_total: 'BT-108',
  tax_exclusive: 'BT-109',
  tax_total: 'BT-110',
  tax_inclusive: 'BT-112',
  prepaid: 'BT-113',
  rounding: 'BT-114',
  payable: 'BT-115',
} as const;

export type TotalName = keyof typeof TOTAL_TERMS;

export interface TotalsComparison {
  /** As the document states them; null where it states none. */
  readonly document: Readonly<Record<TotalName, string | null>>;
  /** The service's own computation from the document's lines, allowances and charges. */
  readonly computed: Readonly<Record<TotalName, string>>;
  readonly agree: boolean;
  readonly differences: readonly { readonly term: string; readonly name: TotalName; readonly document: string | null; readonly computed: string }[];
}

const FROM: Readonly<Record<TotalName, keyof ReceivedTotals>> = {
  line_extension: 'lineExtension', allowance_total: 'allowanceTotal', charge_total: 'chargeTotal', tax_exclusive: 'taxExclusive',
  tax_total: 'taxTotal', tax_inclusive: 'taxInclusive', prepaid: 'prepaid', rounding: 'rounding', payable: 'payable',
};
const COMPUTED: Readonly<Record<TotalName, keyof BreakdownTotals>> = {
  line_extension: 'lineExtension', allowance_total: 'allowanceTotal', charge_total: 'chargeTotal', tax_exclusive: 'taxExclusive',
  tax_total: 'taxTotal', tax_inclusive: 'taxInclusive', prepaid: 'prepaid', rounding: 'rounding', payable: 'payable',
};
/** Totals a document may leave out when they are zero (BT-107, BT-108, BT-113, BT-114). */
const OPTIONAL: ReadonlySet<TotalName> = new Set(['allowance_total', 'charge_total', 'prepaid', 'rounding']);

/**
 * The document's BT-106 … BT-115 beside the engine's, compared as exact decimals: "100.00" and
 * "100" agree, an absent optional total agrees with zero, and a total the document lacks or writes
 * unreadably does not agree.
 */
export function compareTotals(received: ReceivedTotals, computed: BreakdownTotals, minorDigits: number): TotalsComparison {
  const scale = pow10(DECIMAL_DIGITS - minorDigits);
  const document = {} as Record<TotalName, string | null>;
  const ours = {} as Record<TotalName, string>;
  const differences: Array<TotalsComparison['differences'][number]> = [];
  for (const name of Object.keys(TOTAL_TERMS) as TotalName[]) {
    const stated = received[FROM[name]] ?? null;
    const value = computed[COMPUTED[name]];
    document[name] = stated;
    ours[name] = formatFixed(value, minorDigits);
    const statedScaled = stated === null ? (OPTIONAL.has(name) ? 0n : undefined) : readScaled(stated);
    if (statedScaled !== value * scale) differences.push({ term: TOTAL_TERMS[name], name, document: stated, computed: ours[name] });
  }
  return { document, computed: ours, agree: differences.length === 0, differences };
}

function readScaled(text: string): bigint | undefined {
  try {
    return parseDecimalText(text, 'total');
  } catch {
    return undefined;
  }
}
