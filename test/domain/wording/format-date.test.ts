import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { LANGUAGES, type Language } from '../../../src/domain/invoice/catalog.ts';
import { formatDate } from '../../../src/domain/wording/format-date.ts';

/** What Node 24's ICU (78, CLDR 48) prints for the long date style; see format-money.test.ts. */
const NOVEMBER_21_2026: Readonly<Record<Language, string>> = {
  en: 'November 21, 2026',
  nl: '21 november 2026',
  de: '21. November 2026',
  fr: '21 novembre 2026',
  es: '21 de noviembre de 2026',
  pt: '21 de novembro de 2026',
  ar: '21 نوفمبر 2026',
  ja: '2026年11月21日',
  ru: '21 ноября 2026 г.',
  it: '21 novembre 2026',
  hi: '21 नवंबर 2026',
};

const NON_WESTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/u;

describe('formatDate (D29)', () => {
  for (const language of LANGUAGES) {
    it(`${language}: 2026-11-21 → ${NOVEMBER_21_2026[language]}`, () => {
      assert.equal(formatDate('2026-11-21', language), NOVEMBER_21_2026[language]);
    });
  }

  it('uses Western digits and the Gregorian calendar in every language', () => {
    for (const language of LANGUAGES) {
      for (const date of ['2026-01-01', '2026-12-31', '2024-02-29']) {
        const text = formatDate(date, language);
        assert.doesNotMatch(text, NON_WESTERN_DIGITS, `${language} ${date}: ${text}`);
        assert.match(text, /202[46]/, `${language} ${date}: ${text}`);
      }
    }
  });

  it('single-digit days and the leap day', () => {
    assert.equal(formatDate('2026-01-05', 'en'), 'January 5, 2026');
    assert.equal(formatDate('2026-01-05', 'de'), '5. Januar 2026');
    assert.equal(formatDate('2024-02-29', 'ja'), '2024年2月29日');
  });

  it('refuses what is not a YYYY-MM-DD calendar date', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '2026-1-5', '2026-11-21T00:00:00Z', '', '21/11/2026']) {
      assert.throws(() => formatDate(bad, 'en'), RangeError, bad);
    }
  });
});

describe('formatDate: the calendar day never shifts with the server time zone', () => {
  const originalTz = process.env.TZ;
  after(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  // UTC+14 and UTC−11: a date read or printed in local time would move by a day in one of them.
  for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
    it(zone, () => {
      process.env.TZ = zone;
      assert.equal(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset(), zone === 'Pacific/Kiritimati' ? -840 : zone === 'UTC' ? 0 : 660);
      assert.equal(formatDate('2026-12-31', 'en'), 'December 31, 2026');
      assert.equal(formatDate('2027-01-01', 'en'), 'January 1, 2027');
      assert.equal(formatDate('2026-11-21', 'ja'), '2026年11月21日');
      assert.equal(formatDate('2026-03-29', 'de'), '29. März 2026'); // EU daylight-saving switch
    });
  }
});
