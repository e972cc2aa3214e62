import { CURRENCY_MINOR_UNITS } from './catalog.ts';
import type { Invoice } from './invoice-schema.ts';
import { TAX_WORD } from './language-words.ts';
import { lineCategories } from './line-categories.ts';
import { untaxedShippingCategory } from './untaxed-shipping-category.ts';
import type { ExactComponent, ExactInvoice } from './vat-breakdown.ts';
import { DECIMAL_DIGITS, parseDecimal } from '../money/parse-decimal.ts';
import { POW10 } from '../money/pow10.ts';

/**
 * The engine's exact results as an invoice it computed states them, for the snapshots that were
 * stored without their request (before the request was kept with them): every money figure of
 * the computed invoice is exact in minor units and every rate and price is echoed as sent, so
 * they read back losslessly. Anything newer is computed again from its request; this goes once no
 * such snapshot is alive (a link lives 7 days).
 */
export function exactInvoiceOfStored(invoice: Invoice): ExactInvoice {
  const minorDigits = CURRENCY_MINOR_UNITS[invoice.currency];
  const toMinor = POW10[DECIMAL_DIGITS - minorDigits]!;
  const minor = (value: number, path: string) => parseDecimal(value, path) / toMinor;
  const components = (taxes: ReadonlyArray<{ name?: string; rate: number | string }>, path: string): ExactComponent[] =>
    taxes.map((tax) => ({ name: tax.name ?? TAX_WORD[invoice.language], scaledRate: parseDecimal(tax.rate, path) }));
  const sum = (list: readonly ExactComponent[]) => list.reduce((total, c) => total + c.scaledRate, 0n);
  const lineComponents = invoice.items.map((item, i) => components(item.taxes, `items[${i}].taxes`));
  const placed = lineCategories(invoice.items.map((item, i) => ({
    sent: item.tax_category ?? invoice.tax_category,
    rate: sum(lineComponents[i]!),
    hasTaxes: item.taxes.length > 0,
  })));
  const exemption = (code: string | undefined, reason: string | undefined) => ({ ...(code !== undefined ? { code } : {}), ...(reason !== undefined ? { reason } : {}) });
  const adjustments = ([[invoice.allowances, false], [invoice.charges, true]] as const).flatMap(([list, charge]) => (list ?? []).map((a, i) => {
    const field = `${charge ? 'charges' : 'allowances'}[${i}]`;
    return {
      charge,
      amount: minor(a.amount, `${field}.amount`),
      category: a.tax_category as ExactInvoice['adjustments'][number]['category'],
      rate: parseDecimal(a.tax_rate, `${field}.tax_rate`),
      field,
      ...(a.reason !== undefined ? { reason: a.reason } : {}),
      ...(a.reason_code !== undefined ? { reasonCode: a.reason_code } : {}),
    };
  }));
  const shippingTaxes = invoice.shipping_taxes === undefined ? undefined : components(invoice.shipping_taxes, 'shipping_taxes');
  const shipping = minor(invoice.shipping, 'shipping');
  const grandTotal = minor(invoice.grand_total, 'grand_total');
  return {
    minorDigits,
    inclusive: invoice.tax_inclusive,
    taxWord: TAX_WORD[invoice.language],
    lines: invoice.items.map((item, i) => ({
      total: minor(item.line_total, `items[${i}].line_total`),
      discount: minor(item.discount, `items[${i}].discount`),
      charges: (item.charges ?? []).map((c, k) => ({
        amount: minor(c.amount, `items[${i}].charges[${k}].amount`),
        ...(c.reason !== undefined ? { reason: c.reason } : {}),
        ...(c.reason_code !== undefined ? { reasonCode: c.reason_code } : {}),
      })),
      unitPrice: parseDecimal(item.unit_price, `items[${i}].unit_price`),
      quantity: parseDecimal(item.quantity, `items[${i}].quantity`),
      components: lineComponents[i]!,
      placed: placed[i]!,
      categorySent: (item.tax_category ?? invoice.tax_category) !== undefined,
      exemption: exemption(item.tax_exemption_code ?? invoice.tax_exemption_code, item.tax_exemption_reason ?? invoice.tax_exemption_reason),
    })),
    globalDiscount: minor(invoice.global_discount, 'global_discount'),
    adjustments,
    shipping: shipping === 0n ? undefined : {
      amount: shipping,
      category: invoice.shipping_tax_category ?? untaxedShippingCategory(placed),
      rate: shippingTaxes !== undefined ? sum(shippingTaxes) : invoice.shipping_tax_rate !== undefined ? parseDecimal(invoice.shipping_tax_rate, 'shipping_tax_rate') : 0n,
      components: shippingTaxes,
    },
    taxGroups: invoice.tax_lines.map((line, t) => ({
      name: line.name,
      scaledRate: parseDecimal(line.rate, `tax_lines[${t}].rate`),
      category: line.tax_category,
      amount: minor(line.amount, `tax_lines[${t}].amount`),
    })),
    totalTax: minor(invoice.total_tax, 'total_tax'),
    amountPaid: minor(invoice.amount_paid, 'amount_paid'),
    rounding: minor(invoice.rounding_adjustment, 'rounding_adjustment'),
    grandTotal,
    balanceDue: minor(invoice.balance_due, 'balance_due'),
    exemption: exemption(invoice.tax_exemption_code, invoice.tax_exemption_reason),
  };
}
