import type { LANGUAGES } from '../../domain/invoice/catalog.ts';

/** Language names in English, the pages' language; an invoice itself is in the chosen one. */
export const LANGUAGE_NAMES: Readonly<Record<(typeof LANGUAGES)[number], string>> = {
  en: 'English', nl: 'Dutch', de: 'German', fr: 'French', es: 'Spanish', pt: 'Portuguese (Brazil)',
  ar: 'Arabic (right to left)', ja: 'Japanese', ru: 'Russian', it: 'Italian', hi: 'Hindi',
};

/** A template's or other choice's name as a select shows it. */
export const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
