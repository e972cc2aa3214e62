import { formatScaled } from './format-scaled.ts';
import { DECIMAL_DIGITS, DECIMAL_SCALE, parseDecimalText } from './parse-decimal.ts';
import { pow10 } from './pow10.ts';

/**
 * The unit price (× 10^6, at most 6 decimals) that makes `quantity` units come to `gross` minor
 * units exactly — the line's net before its discount and after taking its charges out — or
 * undefined when no such price exists. Used to restate a received line whose net is not its
 * quantity × price (a base quantity, a price written rounded), so that the net stays the
 * document's. A negative result means the line is a return: its quantity is negated instead.
 */
export function linePriceForNet(gross: bigint, minorDigits: number, quantity: bigint): { readonly quantity: string; readonly price: string } | undefined {
  if (quantity === 0n) return undefined;
  // gross × 10^(6 − minor) is the amount × 10^6; price × 10^6 = amount × 10^6 × 10^6 / (quantity × 10^6).
  const numerator = gross * pow10(DECIMAL_DIGITS - minorDigits) * DECIMAL_SCALE;
  if (numerator % quantity !== 0n) return undefined;
  let price = numerator / quantity;
  let units = quantity;
  if (price < 0n) {
    price = -price;
    units = -units;
  }
  return { quantity: formatScaled(units, DECIMAL_DIGITS), price: formatScaled(price, DECIMAL_DIGITS) };
}

/**
 * linePriceForNet for amounts written as decimal text (a received line's net, its allowances and
 * charges, its quantity), exact at 6 decimals: the price that makes the net before any rounding to
 * the currency, or undefined when a text is not a decimal or no such price exists.
 */
export function linePriceForNetText(net: string, allowances: readonly string[], charges: readonly string[], quantity: string): { readonly quantity: string; readonly price: string } | undefined {
  try {
    const read = (text: string) => parseDecimalText(text, 'amount');
    const gross = read(net) + allowances.reduce((sum, a) => sum + read(a), 0n) - charges.reduce((sum, c) => sum + read(c), 0n);
    return linePriceForNet(gross, DECIMAL_DIGITS, read(quantity)) ?? linePriceForNet(gross, DECIMAL_DIGITS, DECIMAL_SCALE);
  } catch {
    return undefined;
  }
}
