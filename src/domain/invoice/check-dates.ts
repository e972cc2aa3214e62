import { AppError } from '../../errors/app-error.ts';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** True for a real proleptic-Gregorian date written YYYY-MM-DD (2024-02-29 yes, 2025-02-29 no). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days;
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
