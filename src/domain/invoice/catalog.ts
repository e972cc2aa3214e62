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

/** The outputs and profiles are the document kinds' (src/domain/documents/document-kinds.ts). */
export { OUTPUTS, PROFILES, type Output, type Profile } from '../documents/document-kinds.ts';

/** UNTDID 1001 380 (commercial invoice) or 381 (credit note). */
export const DOCUMENT_TYPES = ['invoice', 'credit_note'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * D36: the UNCL 5305 VAT categories a line, a charge or an allowance may name. Z, E, AE, K, G and O
 * take rate 0; S a rate above 0; L and M (Canary Islands IGIC, Ceuta and Melilla IPSI) any rate.
 */
export const TAX_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];
export const ZERO_RATE_CATEGORIES: ReadonlySet<TaxCategory> = new Set(['Z', 'E', 'AE', 'K', 'G', 'O']);
/** The categories whose breakdown states why no VAT is charged (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
export const EXEMPT_CATEGORIES: ReadonlySet<TaxCategory> = new Set(['E', 'AE', 'K', 'G', 'O']);

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
