import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkDates, isCalendarDate } from '../../../src/domain/invoice/check-dates.ts';
import { assertAppError } from './invoice-fixtures.ts';

describe('isCalendarDate', () => {
  const cases: Array<[string, boolean]> = [
    ['2025-03-15', true],
    ['2024-02-29', true], // leap year
    ['2000-02-29', true], // divisible by 400
    ['1900-02-29', false], // divisible by 100, not 400
    ['2025-02-29', false],
    ['2025-04-31', false],
    ['2025-12-31', true],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-01-00', false],
    ['2025-1-01', false],
    ['2025/01/01', false],
    ['2025-01-0a', false],
    ['20250101', false],
    ['', false],
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text)} → ${expected}`, () => assert.equal(isCalendarDate(text), expected));
  }
});

describe('checkDates', () => {
  it('accepts a due date on the issue date', () => checkDates('2025-03-15', '2025-03-15'));
  it('accepts no due date', () => checkDates('2025-03-15', undefined));
  it('refuses a due date the day before', () => {
    assertAppError(() => checkDates('2025-03-01', '2025-02-28'), 'validation_error', 'invoice.due_date 2025-02-28 is before invoice.date 2025-03-01');
  });
});
