import { computeInvoiceResult, type InvoiceContext } from '../invoice/compute-invoice.ts';
import type { InvoiceRequest, LineItem } from '../invoice/invoice-request-schema.ts';
import type { VatBreakdown } from '../invoice/vat-breakdown.ts';
import { formatFixed, formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS, parseDecimalText } from '../money/parse-decimal.ts';
import { pow10 } from '../money/pow10.ts';
import { apportionToTotal } from '../money/apportion-to-total.ts';
import { divideHalfAwayFromZero } from '../money/round-to-unit.ts';
import type { ReceivedInvoice } from './received-invoice.ts';

const HUNDRED = 100n * pow10(DECIMAL_DIGITS);

/**
 * An invoice computed from gross prices states each VAT category's tax as its gross × rate /
 * (100 + rate), which may be a cent away from its taxable amount × rate (BR-CO-17 allows it): the
 * service's own tax-inclusive invoices do so. Read as net prices, such a document gives its totals
 * back but not that split. This tries it as a tax-inclusive request: each net amount replaced by
 * the gross amount that converts to it, each line's gross chosen so that its category's gross is
 * the document's taxable amount plus its tax. The request (and its breakdown) is returned only
 * when the engine then gives every line net, unit price, allowance, charge and category of the
 * document exactly; otherwise undefined, and the net request stands.
 */
export function asTaxInclusive(request: InvoiceRequest, doc: ReceivedInvoice, net: VatBreakdown, ctx: InvoiceContext): { readonly request: InvoiceRequest; readonly breakdown: VatBreakdown } | undefined {
  if (request.invoice?.tax_inclusive === true || request.shipping !== undefined || request.global_discount !== undefined || doc.lines.length !== request.items.length) return undefined;
  const unit = pow10(DECIMAL_DIGITS - net.minorDigits);
  const minor = (text: string | undefined): bigint | undefined => {
    if (text === undefined) return undefined;
    const micro = parseDecimalText(text, 'amount');
    return micro % unit === 0n ? micro / unit : undefined;
  };
  const rateOf = (text: string | number | undefined): bigint | undefined => (text === undefined ? undefined : parseDecimalText(String(text), 'rate'));
  // The document's categories by rate; one category per rate (codes aside) keeps the matching plain.
  const categories = new Map<bigint, { gross: bigint; taxable: bigint; tax: bigint }>();
  for (const subtotal of doc.vatBreakdown) {
    const rate = rateOf(subtotal.category.rate ?? '0')!;
    const taxable = minor(subtotal.taxable);
    const tax = minor(subtotal.tax);
    if (taxable === undefined || tax === undefined || categories.has(rate)) return undefined;
    categories.set(rate, { gross: taxable + tax, taxable, tax });
  }
  // Nothing to do when the net request already gives each category's tax and each line's net.
  if (sameCategories(net, categories) && net.lines.every((line, i) => line.net === minor(doc.lines[i]?.net))) return undefined;
  const toNet = (gross: bigint, rate: bigint) => divideHalfAwayFromZero(gross * HUNDRED, HUNDRED + rate);
  // The gross amounts that convert to a net one, nearest first: two grosses can give one net.
  const grossesOf = (amount: bigint, rate: bigint): bigint[] => {
    const first = divideHalfAwayFromZero(amount * (HUNDRED + rate), HUNDRED);
    return [0n, -1n, 1n, -2n, 2n].map((k) => first + k).filter((candidate) => toNet(candidate, rate) === amount);
  };
  const text = (amount: bigint) => formatFixed(amount, net.minorDigits);

  // Each amount of a category is a part with its possible grosses; one is picked per part so that
  // the category's gross is the document's.
  interface Choice { readonly gross: bigint; readonly apply: () => void; readonly line?: { readonly index: number; readonly net: bigint; readonly options: readonly Choice[] } }
  const parts = new Map<bigint, Array<{ readonly choices: Choice[]; readonly exact: bigint }>>();
  // `exact`: the gross the amount converts from without rounding, × 100 × 10^6.
  const part = (rate: bigint, choices: Choice[], exact: bigint) => parts.set(rate, [...(parts.get(rate) ?? []), { choices, exact }]);
  const items: LineItem[] = request.items.map((item) => ({ ...item }));
  for (const [i, item] of request.items.entries()) {
    // Several taxes on a line (CGST + SGST) make one category at the sum of their rates.
    const rate = item.taxes === undefined ? rateOf(item.tax_rate ?? '0') : item.taxes.reduce((sum, t) => sum + rateOf(t.rate)!, 0n);
    const lineNet = minor(doc.lines[i]?.net);
    if (rate === undefined || lineNet === undefined || (item.discount !== undefined && item.discount_type !== 'amount')) return undefined;
    const discounts = item.discount === undefined ? [0n] : grossesOf(minor(String(item.discount)) ?? -1n, rate);
    const charges = (item.charges ?? []).map((c) => grossesOf(minor(String(c.amount)) ?? -1n, rate)[0]);
    if (discounts.length === 0 || charges.some((c) => c === undefined)) return undefined;
    const chargeSum = (charges as bigint[]).reduce((a, b) => a + b, 0n);
    const first = divideHalfAwayFromZero(lineNet * (HUNDRED + rate), HUNDRED);
    const quantity = parseDecimalText(String(item.quantity ?? 1), 'quantity');
    const choices: Choice[] = [];
    const line = { index: i, net: lineNet, options: choices };
    for (const k of [0n, -1n, 1n, -2n, 2n]) {
      for (const discount of discounts) {
        const gross = first + k;
        const price = grossPriceFor(gross + discount - chargeSum, net.minorDigits, quantity);
        if (price === undefined) continue;
        choices.push({
          gross,
          line,
          apply: () => {
            items[i] = {
              ...item,
              unit_price: price,
              ...(item.discount === undefined ? {} : { discount: text(discount) }),
              ...(item.charges === undefined ? {} : { charges: item.charges.map((c, j) => ({ ...c, amount: text((charges as bigint[])[j]!) })) }),
            };
          },
        });
      }
    }
    part(rate, choices, lineNet * (HUNDRED + rate));
  }
  const adjustments = { allowances: [...(request.allowances ?? [])], charges: [...(request.charges ?? [])] };
  for (const list of ['allowances', 'charges'] as const) {
    for (const [j, entry] of adjustments[list].entries()) {
      const rate = rateOf(entry.tax_rate ?? '0')!;
      const amount = entry.amount === undefined || entry.percent !== undefined ? undefined : minor(String(entry.amount));
      if (amount === undefined) return undefined;
      const sign = list === 'allowances' ? -1n : 1n;
      part(rate, grossesOf(amount, rate).map((gross) => ({ gross: sign * gross, apply: () => { adjustments[list][j] = { ...entry, amount: text(gross) }; } })), sign * amount * (HUNDRED + rate));
    }
  }
  for (const [rate, category] of categories) {
    const picked = pickNearest(parts.get(rate) ?? [], category.gross);
    if (picked === undefined) return undefined;
    for (const choice of settleLineNets(picked, rate)) choice.apply();
  }
  if ([...parts.keys()].some((rate) => !categories.has(rate))) return undefined;

  const inclusive: InvoiceRequest = {
    ...request,
    invoice: { ...request.invoice, tax_inclusive: true },
    items,
    ...(request.allowances === undefined ? {} : { allowances: adjustments.allowances }),
    ...(request.charges === undefined ? {} : { charges: adjustments.charges }),
  };
  let again: VatBreakdown;
  try {
    again = computeInvoiceResult(inclusive, ctx).breakdown();
  } catch {
    return undefined;
  }
  return sameAmounts(again, doc, unit) && sameCategories(again, categories) ? { request: inclusive, breakdown: again } : undefined;
}

/**
 * The engine spreads a category's net over its lines in proportion to their gross (largest
 * remainder): grosses a cent off can give two lines each other's cent. While lines get another
 * net than the document's, the move that leaves the fewest such lines is made: a line that gets
 * too much to its next lower gross, one that gets too little to its next higher, and where their
 * steps differ a third line takes the difference, so the category's gross stays.
 */
function settleLineNets<T extends { readonly gross: bigint; readonly line?: { readonly net: bigint; readonly options: readonly T[] } }>(picked: readonly T[], rate: bigint): T[] {
  let chosen = [...picked];
  const lines = chosen.flatMap((choice, at) => (choice.line === undefined ? [] : [at]));
  const total = lines.reduce((sum, at) => sum + chosen[at]!.line!.net, 0n);
  const misses = (set: readonly T[]) => {
    const got = apportionToTotal(total, lines.map((at) => ({ numerator: set[at]!.gross * HUNDRED, denominator: HUNDRED + rate })));
    return lines.filter((at, k) => got[k]! !== set[at]!.line!.net);
  };
  const next = (set: readonly T[], at: number, direction: bigint) => set[at]!.line!.options
    .filter((o) => (o.gross - set[at]!.gross) * direction > 0n)
    .reduce<T | undefined>((best, o) => (best === undefined || (o.gross - best.gross) * direction < 0n ? o : best), undefined);
  let missed = misses(chosen);
  // A move may leave as many lines off as before (the cent has to travel); no state twice.
  const key = (set: readonly T[]) => lines.map((at) => set[at]!.gross).join(',');
  const seen = new Set([key(chosen)]);
  for (let round = 0; missed.length > 0 && round < 40; round += 1) {
    const got = apportionToTotal(total, lines.map((at) => ({ numerator: chosen[at]!.gross * HUNDRED, denominator: HUNDRED + rate })));
    const gotOf = (at: number) => got[lines.indexOf(at)]!;
    const over = missed.filter((at) => gotOf(at) > chosen[at]!.line!.net).slice(0, 4);
    const under = missed.filter((at) => gotOf(at) < chosen[at]!.line!.net).slice(0, 4);
    let best: { set: T[]; missed: number[] } | undefined;
    for (const from of over) {
      const down = next(chosen, from, -1n);
      for (const to of under) {
        const up = next(chosen, to, 1n);
        if (down === undefined || up === undefined) continue;
        const change = down.gross - chosen[from]!.gross + up.gross - chosen[to]!.gross;
        const thirds = change === 0n ? [-1] : lines.filter((at) => at !== from && at !== to && chosen[at]!.line!.options.some((o) => o.gross === chosen[at]!.gross - change));
        for (const third of thirds) {
          const set = [...chosen];
          set[from] = down;
          set[to] = up;
          if (third >= 0) set[third] = chosen[third]!.line!.options.find((o) => o.gross === chosen[third]!.gross - change)!;
          if (seen.has(key(set))) continue;
          const left = misses(set);
          if (best === undefined || left.length < best.missed.length) best = { set, missed: left };
        }
      }
    }
    if (best === undefined || best.missed.length > missed.length) break;
    seen.add(key(best.set));
    chosen = best.set;
    missed = best.missed;
  }
  return chosen;
}

/**
 * One choice per part whose grosses add up to the target, each as near its exact gross as the sum
 * allows: every part starts at its nearest choice, then the cents still missing (or in excess) are
 * taken one step at a time where a step costs the least distance from the exact value. Undefined
 * when no choice of steps reaches the target.
 */
function pickNearest<T extends { readonly gross: bigint }>(parts: readonly { readonly choices: readonly T[]; readonly exact: bigint }[], target: bigint): T[] | undefined {
  const abs = (v: bigint) => (v < 0n ? -v : v);
  const sorted = parts.map((p) => [...p.choices].sort((a, b) => (a.gross < b.gross ? -1 : a.gross > b.gross ? 1 : 0)));
  const cost = (k: number, choice: T) => abs(choice.gross * HUNDRED - parts[k]!.exact);
  const index = sorted.map((list, k) => list.reduce((best, c, j) => (cost(k, c) < cost(k, list[best]!) ? j : best), 0));
  if (sorted.some((list) => list.length === 0)) return undefined;
  let sum = sorted.reduce((total, list, k) => total + list[index[k]!]!.gross, 0n);
  for (let guard = 0; sum !== target && guard < 10_000; guard += 1) {
    const direction = target > sum ? 1 : -1;
    const room = abs(target - sum);
    let best: { k: number; step: bigint; marginal: bigint } | undefined;
    for (const [k, list] of sorted.entries()) {
      const to = list[index[k]! + direction];
      if (to === undefined) continue;
      const step = to.gross - list[index[k]!]!.gross;
      if (abs(step) > room) continue;
      // The added distance per cent moved, compared on one scale.
      const marginal = ((cost(k, to) - cost(k, list[index[k]!]!)) * 1000n) / abs(step);
      if (best === undefined || marginal < best.marginal) best = { k, step, marginal };
    }
    if (best === undefined) return undefined;
    index[best.k]! += direction;
    sum += best.step;
  }
  return sum === target ? sorted.map((list, k) => list[index[k]!]!) : undefined;
}

/** Every line and every document-level allowance and charge as the document states them. */
function sameAmounts(a: VatBreakdown, doc: ReceivedInvoice, unit: bigint): boolean {
  const read = (text: string | undefined, scale: bigint): bigint | undefined => {
    if (text === undefined) return undefined;
    const micro = parseDecimalText(text, 'amount');
    return micro % scale === 0n ? micro / scale : undefined;
  };
  const sum = (texts: readonly (string | undefined)[]) => texts.reduce<bigint | undefined>((total, t) => {
    const v = read(t, unit);
    return total === undefined || v === undefined ? undefined : total + v;
  }, 0n);
  const sorted = (values: readonly bigint[]) => [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)).join(',');
  return a.lines.length === doc.lines.length
    && a.lines.every((line, i) => {
      const stated = doc.lines[i]!;
      return line.net === read(stated.net, unit) && line.unitPrice === read(stated.price, 1n) && line.quantity === read(stated.quantity, 1n)
        && line.discount === sum(stated.allowances.map((x) => x.amount))
        && sorted(line.charges.map((c) => c.amount)) === sorted(stated.charges.map((c) => read(c.amount, unit) ?? -1n));
    })
    && sorted(a.allowanceCharges.map((x) => (x.charge ? x.amount : -x.amount))) === sorted(doc.allowanceCharges.map((x) => (x.charge ? 1n : -1n) * (read(x.amount, unit) ?? 0n)));
}

/**
 * A gross unit price (at most 6 decimals; 2 where they do) whose quantity × price, rounded to the
 * currency's minor unit, is `amount` minor units; undefined when none is.
 */
function grossPriceFor(amount: bigint, minorDigits: number, quantity: bigint): string | undefined {
  if (quantity === 0n) return undefined;
  const unit = pow10(DECIMAL_DIGITS - minorDigits);
  // A returned line has a negative quantity and amount; the price is positive either way.
  const [micro, units] = quantity < 0n ? [-amount * unit, -quantity] : [amount * unit, quantity];
  for (const decimals of [2, DECIMAL_DIGITS]) {
    const step = pow10(DECIMAL_DIGITS - decimals);
    // price × 10^6 = amount × 10^6 × 10^6 / (quantity × 10^6), rounded to the step.
    const price = divideHalfAwayFromZero(micro * pow10(DECIMAL_DIGITS), units * step) * step;
    if (price < 0n) return undefined;
    if (divideHalfAwayFromZero(price * quantity, pow10(DECIMAL_DIGITS) * unit) === amount) return formatScaled(price, DECIMAL_DIGITS);
  }
  return undefined;
}

function sameCategories(a: VatBreakdown, categories: ReadonlyMap<bigint, { taxable: bigint; tax: bigint }>): boolean {
  return a.subtotals.length === categories.size && a.subtotals.every((s) => {
    const stated = categories.get(s.category.rate);
    return stated !== undefined && stated.taxable === s.taxable && stated.tax === s.tax;
  });
}
