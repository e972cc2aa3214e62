import type { InspectInvoiceResponse } from '../../../src/schemas/inspect-invoice-response.ts';
import { h } from '../lib/dom.ts';

type Totals = NonNullable<InspectInvoiceResponse['totals']>;
type TotalName = keyof Totals['computed'];

/** BG-22 as a reader names it, in the order the document states it. */
const TOTAL_ROWS: ReadonlyArray<readonly [TotalName, term: string, name: string]> = [
  ['line_extension', 'BT-106', 'Sum of the lines\' net amounts'],
  ['allowance_total', 'BT-107', 'Allowances on the whole invoice'],
  ['charge_total', 'BT-108', 'Charges on the whole invoice'],
  ['tax_exclusive', 'BT-109', 'Total without VAT'],
  ['tax_total', 'BT-110', 'VAT'],
  ['tax_inclusive', 'BT-112', 'Total with VAT'],
  ['prepaid', 'BT-113', 'Paid in advance'],
  ['rounding', 'BT-114', 'Rounding'],
  ['payable', 'BT-115', 'Amount due'],
];

/**
 * The document's totals beside the service's own computation from its lines, allowances and
 * charges: one sentence saying whether they agree, then the table, a differing row marked in
 * words as well as colour.
 */
export function renderTotalsCheck(target: HTMLElement, totals: InspectInvoiceResponse['totals'], currency: string | undefined, reason: string | undefined): void {
  if (totals === null) {
    target.replaceChildren(h('p', {}, `The totals could not be recomputed${reason === undefined ? '.' : `: ${reason}`}`));
    return;
  }
  const differing = new Set(totals.differences.map((d) => d.term));
  const rows = TOTAL_ROWS.filter(([name]) => totals.document[name] !== null || Number(totals.computed[name]) !== 0 || name === 'payable').map(([name, term, label]) => {
    const differs = differing.has(term);
    return h('tr', differs ? { class: 'differs' } : {},
      h('th', { scope: 'row' }, `${label} `, h('span', { class: 'line-detail' }, term)),
      h('td', { class: 'num' }, totals.document[name] ?? '—'),
      h('td', { class: 'num' }, totals.computed[name]),
      h('td', {}, differs ? 'differs' : 'agrees'));
  });
  const summary = totals.agree
    ? 'The totals add up: computed again from the lines, allowances and charges, every amount is the one the document states.'
    : `The totals do not add up: ${totals.differences.length === 1 ? 'one amount differs' : `${totals.differences.length} amounts differ`} from what the lines, allowances and charges give.`;
  target.replaceChildren(
    h('p', { id: 'totals-summary', class: totals.agree ? 'agree' : 'disagree' }, summary),
    h('div', { class: 'table-scroll' }, h('table', { class: 'totals-check' },
      h('caption', { class: 'visually-hidden' }, 'The document\'s totals and the recomputed ones'),
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, 'Total'),
        h('th', { scope: 'col', class: 'num' }, `In the document${currency === undefined ? '' : ` (${currency})`}`),
        h('th', { scope: 'col', class: 'num' }, 'Recomputed'),
        h('th', { scope: 'col' }, ''))),
      h('tbody', {}, ...rows))),
  );
}
