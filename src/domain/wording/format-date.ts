import type { Language } from '../invoice/catalog.ts';
import { LOCALES } from './locales.ts';
import { cached } from './cached.ts';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Formatter construction loads locale data and costs far more than a format call; keep them. */
const dateFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A calendar date (YYYY-MM-DD, as in the request and the response) in the language's long
 * style, with the month in words so no reader can swap day and month: "November 21, 2026",
 * "21. November 2026", "21 novembre 2026", "2026年11月21日", "21 नवंबर 2026".
 *
 * The date is read as midnight UTC and formatted in UTC, so the printed day is the one sent
 * whatever the server's time zone. The Gregorian calendar and Western digits are forced (D29):
 * some Arabic locales default to the Umm al-Qura calendar and Arabic-Indic digits.
 *
 * Throws RangeError for anything but a real calendar date; the engine has already checked the
 * request's dates (check-dates.ts), so that is a programming error, not a caller's.
 */
export function formatDate(isoDate: string, language: Language): string {
  const match = DATE_PATTERN.exec(isoDate);
  if (match === null) throw new RangeError(`formatDate: expected YYYY-MM-DD, got ${JSON.stringify(isoDate)}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  // setUTCFullYear rather than Date.UTC(year, …), which maps years 0–99 to 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`formatDate: ${isoDate} is not a calendar date`);
  }
  const format = cached(dateFormats, language, () => new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'long',
    timeZone: 'UTC',
    calendar: 'gregory',
    numberingSystem: 'latn',
  }));
  return format.format(date);
}
