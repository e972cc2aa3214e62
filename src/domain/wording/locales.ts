import type { Language } from '../invoice/catalog.ts';

/**
 * The BCP 47 locale whose CLDR conventions (separators, grouping, symbol placement, month names)
 * format numbers and dates for each language (D29). A language has one region so the same
 * request always prints the same way:
 * - en → en-US: USD is the default currency (D14) and prints as plain "$"; with en-GB it would
 *   be "US$". Dates are written with the month in words, so US order is not ambiguous.
 * - pt → pt-BR: Brazil is by far the largest Portuguese-speaking market and BRL and PIX are
 *   supported; pt-PT would differ only in grouping (space) and symbol placement.
 * - es → es-ES: the reference variety; es-MX would print "1,234.50" instead of "1.234,50".
 * - ar → plain "ar" (Modern Standard Arabic). Regions such as ar-SA or ar-EG default to
 *   Arabic-Indic digits and ar-SA to the Umm al-Qura calendar; the formatters force
 *   numberingSystem 'latn' and calendar 'gregory' anyway, so the region would only change names.
 * - hi → hi-IN: Indian grouping (1,00,000.00), which Indian readers expect for every currency.
 */
export const LOCALES: Readonly<Record<Language, string>> = Object.freeze({
  en: 'en-US', nl: 'nl-NL', de: 'de-DE', fr: 'fr-FR', es: 'es-ES', pt: 'pt-BR',
  ar: 'ar', ja: 'ja-JP', ru: 'ru-RU', it: 'it-IT', hi: 'hi-IN',
});
