import { computeInvoiceResult, type InvoiceContext } from '../invoice/compute-invoice.ts';
import type { InvoiceRequest, LineItem } from '../invoice/invoice-request-schema.ts';
import { linePriceForNet } from '../money/line-price-for-net.ts';
import { DECIMAL_DIGITS, parseDecimalText } from '../money/parse-decimal.ts';
import { pow10 } from '../money/pow10.ts';
import type { VatBreakdown } from '../invoice/vat-breakdown.ts';
import type { ReceivedInvoice } from './received-invoice.ts';
import type { NotCarried } from './received-invoice-request.ts';

/**
 * A received line's net (BT-131) is what the document's totals add up (BR-CO-10), but nothing
 * obliges it to be quantity × price: a base quantity (BT-149) divides the price, and real
 * documents round or sign it their own way. Each line whose net the engine does not reproduce
 * from the request gets the exact unit price (or, failing one, quantity 1) that makes the
 * document's net, and its written price goes to not_carried, so the request regenerates the
 * document's own amounts.
 */
export function fitLinesToNets(request: InvoiceRequest, doc: ReceivedInvoice, ctx: InvoiceContext, computed?: VatBreakdown): {
  readonly request: InvoiceRequest;
  readonly notCarried: readonly NotCarried[];
  /** The request's breakdown when no line needed a new price, so it need not be worked out again. */
  readonly breakdown: VatBreakdown | undefined;
} {
  // The request's breakdown, when the caller has it already.
  const breakdown = computed ?? computeInvoiceResult(request, ctx).breakdown();
  const scale = pow10(DECIMAL_DIGITS - breakdown.minorDigits);
  const notCarried: NotCarried[] = [];
  const items = request.items.map((item, i): LineItem => {
    const stated = doc.lines[i]?.net;
    const line = breakdown.lines[i];
    if (stated === undefined || line === undefined) return item;
    let net: bigint;
    try {
      net = parseDecimalText(stated, `items[${i}]`);
    } catch {
      return item;
    }
    if (net % scale !== 0n || net / scale === line.net) return item;
    const gross = net / scale + line.discount - line.charges.reduce((sum, c) => sum + c.amount, 0n);
    const fitted = linePriceForNet(gross, breakdown.minorDigits, line.quantity) ?? linePriceForNet(gross, breakdown.minorDigits, 1_000_000n);
    if (fitted === undefined || (fitted.quantity.startsWith('-') && (item.discount !== undefined || item.charges !== undefined))) return item;
    const base = doc.lines[i]?.baseQuantity;
    notCarried.push({ term: 'BT-146', path: `items[${i}].unit_price`, value: `${doc.lines[i]?.price ?? ''}${base !== undefined ? ` per ${base}` : ''} × ${doc.lines[i]?.quantity ?? ''} is not the line net ${stated}; the price given makes the net` });
    return { ...item, quantity: fitted.quantity, unit_price: fitted.price };
  });
  return notCarried.length === 0 ? { request, notCarried, breakdown } : { request: { ...request, items }, notCarried, breakdown: undefined };
}
