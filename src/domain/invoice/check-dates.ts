import { AppError } from '../../errors/app-error.ts';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** True for a real proleptic-Gregorian date written YYYY-MM-DD (2024-02-29 yes, 2025-02-29 no). */
export function isCalendarDate(text: string): boolean {
  // Read by character codes: this runs twice per invoice and a RegExp with captures costs more.
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days;
}

/** The decimal number in text[start, start + length), or −1 if any character is not 0-9. */
function digitsAt(text: string, start: number, length: number): number {
  let value = 0;
  for (let k = start; k < start + length; k += 1) {
    const digit = text.charCodeAt(k) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * invoice.date and invoice.due_date are real dates and the due date is not before the issue date.
 * Same-format ISO dates compare correctly as strings.
 */
export function checkDates(date: string, dueDate: string | undefined): void {
  if (!isCalendarDate(date)) {
    throw new AppError('validation_error', `invoice.date ${date} is not a real calendar date; send YYYY-MM-DD, for example 2025-02-28`);
  }
  if (dueDate === undefined) return;
  if (!isCalendarDate(dueDate)) {
    throw new AppError('validation_error', `invoice.due_date ${dueDate} is not a real calendar date; send YYYY-MM-DD, for example 2025-03-31`);
  }
  if (dueDate < date) {
    throw new AppError('validation_error', `invoice.due_date ${dueDate} is before invoice.date ${date}; send a due date on or after the issue date`);
  }
}

/** A date field other than the issue and due dates: a real calendar date. */
export function checkDate(value: string | undefined, path: string): void {
  if (value !== undefined && !isCalendarDate(value)) {
    throw new AppError('validation_error', `${path} ${value} is not a real calendar date; send YYYY-MM-DD, for example 2025-03-31`);
  }
}

/** A period (BG-14, BG-26): real dates, at least one of them, the end not before the start. */
export function checkPeriod(period: { start?: string; end?: string } | undefined, path: string): void {
  if (period === undefined) return;
  if (period.start === undefined && period.end === undefined) {
    throw new AppError('validation_error', `${path} has neither start nor end; send at least one of them (YYYY-MM-DD), or leave ${path} out`);
  }
  checkDate(period.start, `${path}.start`);
  checkDate(period.end, `${path}.end`);
  if (period.start !== undefined && period.end !== undefined && period.end < period.start) {
    throw new AppError('validation_error', `${path}.end ${period.end} is before ${path}.start ${period.start}; send an end on or after the start`);
  }
}
