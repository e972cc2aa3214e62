import { CURRENCY_MINOR_UNITS, type Currency, type Language } from '../invoice/catalog.ts';
import { LOCALES } from './locales.ts';
import { cached } from './cached.ts';

/**
 * Currencies printed with their narrow sign in every language: each sign is recognised
 * worldwide and belongs to only one of the 21 supported currencies. The others keep the
 * locale's standard symbol, which tells the dollars, yen and kroner apart ("CA$", "A$", "MX$",
 * "￥" against "元", or the ISO code such as "SEK") where a narrow "$", "¥" or "kr" could be any
 * of several supported currencies.
 */
const NARROW_SIGN_CURRENCIES: ReadonlySet<Currency> = new Set<Currency>(['EUR', 'GBP', 'INR', 'KRW', 'RUB', 'BRL']);

/** Formatter construction loads locale data and costs far more than a format call; keep them. */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const quantityFormats = new Map<Language, Intl.NumberFormat>();
const percentFormats = new Map<Language, Intl.NumberFormat>();

/**
 * Options shared by every number the invoice prints:
 * - numberingSystem 'latn': D29 wants Western digits in every language; ar and hi have native
 *   digit sets that some locale data picks by default.
 * - roundingMode 'halfExpand' is the half-away-from-zero rule of D12 (also Intl's default,
 *   stated so a change of default cannot slip in).
 * - signDisplay 'negative' prints a minus only for values below zero after rounding, so a -0
 *   from a subtraction never prints as "-$0.00".
 */
const COMMON = { numberingSystem: 'latn', roundingMode: 'halfExpand', signDisplay: 'negative' } as const;

/**
 * A number, or a decimal string as a request may send one (D38): Intl formats the string's exact
 * digits (ES2023 "string numeric literal"), with no binary double in between.
 */
type Printable = number | string;

function checkPrintable(value: Printable, what: string): void {
  if (typeof value === 'string' ? !/^-?[0-9]+(\.[0-9]+)?$/.test(value) : !Number.isFinite(value)) {
    throw new RangeError(`${what} must be a finite number or a decimal string, got ${value}`);
  }
}

/**
 * An amount in the currency and the language's conventions, with exactly the currency's ISO 4217
 * minor units (JPY and KRW none, the others 2), for example "$1,234.50", "1.234,50 €",
 * "₹1,00,000.00", "￥1,234". Negative amounts (a negative balance due) print with a minus.
 *
 * Thousands are always grouped: CLDR leaves 4-digit numbers ungrouped in es and it
 * ("1234,50 €"), which breaks the alignment of a right-aligned column holding 5-digit amounts;
 * invoices in those countries group amounts. Locale output may contain no-break spaces
 * (U+00A0, U+202F in fr) and, for ar, bidi marks (U+200E, U+200F) that keep the sign and symbol
 * on the right side in a right-to-left line; the renderer must pass them through.
 */
export function formatMoney(amount: Printable, currency: Currency, language: Language): string {
  checkPrintable(amount, 'formatMoney: amount');
  const format = cached(moneyFormats, `${language}:${currency}`, () => {
    const digits = CURRENCY_MINOR_UNITS[currency];
    return new Intl.NumberFormat(LOCALES[language], {
      ...COMMON,
      style: 'currency',
      currency,
      currencyDisplay: NARROW_SIGN_CURRENCIES.has(currency) ? 'narrowSymbol' : 'symbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: 'always',
    });
  });
  return format.format(amount as Intl.StringNumericLiteral);
}

/**
 * A quantity with up to 6 decimals (the input bound, D11) and no trailing zeros, grouped as the
 * locale groups plain numbers: "1.5", "0.333333", "1,000,000" (en), "10,00,000" (hi).
 */
export function formatQuantity(quantity: Printable, language: Language): string {
  checkPrintable(quantity, 'formatQuantity: quantity');
  return cached(quantityFormats, language, () => new Intl.NumberFormat(LOCALES[language], { ...COMMON, maximumFractionDigits: 6 })).format(quantity as Intl.StringNumericLiteral);
}

/**
 * A rate given in percent (19 means 19 %, as in the request) with up to 6 decimals, spaced
 * and signed as the locale writes percentages: "19%" (en), "19 %" (de, fr), "7,5 %" (de).
 * Uses the 'percent' unit rather than style 'percent', which would multiply by 100 in binary
 * floating point first (7.000001 / 100 is not exact).
 */
export function formatPercent(rate: Printable, language: Language): string {
  checkPrintable(rate, 'formatPercent: rate');
  return cached(percentFormats, language, () => new Intl.NumberFormat(LOCALES[language], { ...COMMON, style: 'unit', unit: 'percent', maximumFractionDigits: 6 })).format(rate as Intl.StringNumericLiteral);
}
