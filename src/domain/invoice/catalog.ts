/**
 * The closed lists of the contract: currencies with their ISO 4217 minor units (D12), languages,
 * templates, outputs, QR types. One home so the schemas, the engine and the docs agree.
 */
export const CURRENCY_MINOR_UNITS = {
  USD: 2, EUR: 2, GBP: 2, JPY: 0, CAD: 2, AUD: 2, CHF: 2, CNY: 2, INR: 2, AED: 2, SAR: 2,
  SGD: 2, NZD: 2, KRW: 0, BRL: 2, MXN: 2, ZAR: 2, SEK: 2, NOK: 2, DKK: 2, RUB: 2,
} as const;
export type Currency = keyof typeof CURRENCY_MINOR_UNITS;
export const CURRENCIES = Object.keys(CURRENCY_MINOR_UNITS) as Currency[];

/** Most line items in one invoice (the schema's maxItems; the engine caches its field paths up to it). */
export const MAX_ITEMS = 100;

export const LANGUAGES = ['en', 'nl', 'de', 'fr', 'es', 'pt', 'ar', 'ja', 'ru', 'it', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

export const TEMPLATES = ['classic', 'modern', 'bold', 'minimal', 'navy'] as const;
export type Template = (typeof TEMPLATES)[number];

export const OUTPUTS = ['json', 'pdf', 'ubl'] as const;
export type Output = (typeof OUTPUTS)[number];

export const QR_TYPES = ['upi', 'pix', 'sepa', 'promptpay', 'url', 'text'] as const;
export type QrType = (typeof QR_TYPES)[number];

export const ROUNDING_MODES = ['none', 'nearest', 'up', 'down'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];

export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const PAYMENT_STATUSES = ['paid', 'partial', 'unpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAGE_SIZES = ['a4', 'letter'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
