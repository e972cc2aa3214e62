import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CURRENCIES, CURRENCY_MINOR_UNITS, LANGUAGES, type Currency, type Language } from '../../../src/domain/invoice/catalog.ts';
import { formatMoney, formatPercent, formatQuantity } from '../../../src/domain/wording/format-money.ts';

/**
 * Expected strings are what Node 24's ICU (78, CLDR 48) prints; a later ICU may move a symbol or
 * a space, and then these tables are updated after checking the new output reads correctly.
 * \u00a0 is a no-break space, \u202f a narrow no-break space, \u200e/\u200f the LRM/RLM bidi marks.
 */

/** Digits other than 0–9 that locale data can choose for ar and hi (D29 forbids them). */
const NON_WESTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/u;

const ALL_CURRENCIES_1234_5: Readonly<Record<'en' | 'de' | 'ja', Readonly<Record<Currency, string>>>> = {
  en: {
    USD: '$1,234.50', EUR: '€1,234.50', GBP: '£1,234.50', JPY: '¥1,235', CAD: 'CA$1,234.50', AUD: 'A$1,234.50',
    CHF: 'CHF\u00a01,234.50', CNY: 'CN¥1,234.50', INR: '₹1,234.50', AED: 'AED\u00a01,234.50', SAR: 'SAR\u00a01,234.50',
    SGD: 'SGD\u00a01,234.50', NZD: 'NZ$1,234.50', KRW: '₩1,235', BRL: 'R$1,234.50', MXN: 'MX$1,234.50',
    ZAR: 'ZAR\u00a01,234.50', SEK: 'SEK\u00a01,234.50', NOK: 'NOK\u00a01,234.50', DKK: 'DKK\u00a01,234.50', RUB: '₽1,234.50',
  },
  de: {
    USD: '1.234,50\u00a0$', EUR: '1.234,50\u00a0€', GBP: '1.234,50\u00a0£', JPY: '1.235\u00a0¥', CAD: '1.234,50\u00a0CA$',
    AUD: '1.234,50\u00a0AU$', CHF: '1.234,50\u00a0CHF', CNY: '1.234,50\u00a0CN¥', INR: '1.234,50\u00a0₹', AED: '1.234,50\u00a0AED',
    SAR: '1.234,50\u00a0SAR', SGD: '1.234,50\u00a0SGD', NZD: '1.234,50\u00a0NZ$', KRW: '1.235\u00a0₩', BRL: '1.234,50\u00a0R$',
    MXN: '1.234,50\u00a0MX$', ZAR: '1.234,50\u00a0ZAR', SEK: '1.234,50\u00a0SEK', NOK: '1.234,50\u00a0NOK', DKK: '1.234,50\u00a0DKK',
    RUB: '1.234,50\u00a0₽',
  },
  ja: {
    USD: '$1,234.50', EUR: '€1,234.50', GBP: '£1,234.50', JPY: '￥1,235', CAD: 'CA$1,234.50', AUD: 'A$1,234.50',
    CHF: 'CHF\u00a01,234.50', CNY: '元\u00a01,234.50', INR: '₹1,234.50', AED: 'AED\u00a01,234.50', SAR: 'SAR\u00a01,234.50',
    SGD: 'SGD\u00a01,234.50', NZD: 'NZ$1,234.50', KRW: '₩1,235', BRL: 'R$1,234.50', MXN: 'MX$1,234.50',
    ZAR: 'ZAR\u00a01,234.50', SEK: 'SEK\u00a01,234.50', NOK: 'NOK\u00a01,234.50', DKK: 'DKK\u00a01,234.50', RUB: '₽1,234.50',
  },
};

describe('formatMoney: all 21 currencies in en, de, ja (D12)', () => {
  for (const [language, table] of Object.entries(ALL_CURRENCIES_1234_5) as Array<[Language, Record<Currency, string>]>) {
    for (const currency of CURRENCIES) {
      it(`${language} ${currency} 1234.5 → ${table[currency]}`, () => {
        assert.equal(formatMoney(1234.5, currency, language), table[currency]);
      });
    }
  }
});

describe('formatMoney: locale conventions', () => {
  const cases: ReadonlyArray<readonly [number, Currency, Language, string]> = [
    [1234.5, 'USD', 'en', '$1,234.50'],
    [100000, 'INR', 'hi', '₹1,00,000.00'], // Indian lakh grouping
    [12345678.9, 'INR', 'hi', '₹1,23,45,678.90'], // crore
    [1234, 'JPY', 'ja', '￥1,234'], // ja-JP's own yen sign is the full-width U+FFE5
    [1234, 'JPY', 'en', '¥1,234'],
    [1234, 'KRW', 'en', '₩1,234'],
    [1234.5, 'EUR', 'ar', '\u200f1,234.50\u00a0€'],
    [1234.5, 'SAR', 'ar', '\u200f1,234.50\u00a0ر.س.\u200f'],
    [1234.5, 'EUR', 'fr', '1\u202f234,50\u00a0€'],
    [1234.5, 'EUR', 'nl', '€\u00a01.234,50'],
    [1234.5, 'BRL', 'pt', 'R$\u00a01.234,50'],
    [1234.5, 'RUB', 'ru', '1\u00a0234,50\u00a0₽'],
    // es and it group 4-digit amounts too, so a column of amounts lines up (see format-money.ts).
    [1234.5, 'EUR', 'es', '1.234,50\u00a0€'],
    [1234.5, 'EUR', 'it', '1.234,50\u00a0€'],
    [0, 'USD', 'en', '$0.00'],
    [0.1, 'GBP', 'en', '£0.10'],
    [1_000_000_000_000, 'USD', 'en', '$1,000,000,000,000.00'],
  ];
  for (const [amount, currency, language, expected] of cases) {
    it(`${language} ${currency} ${amount} → ${expected}`, () => assert.equal(formatMoney(amount, currency, language), expected));
  }
});

describe('formatMoney: negative amounts (a negative balance due, D10)', () => {
  const cases: ReadonlyArray<readonly [number, Currency, Language, string]> = [
    [-1234.5, 'USD', 'en', '-$1,234.50'],
    [-1234.5, 'EUR', 'de', '-1.234,50\u00a0€'],
    [-1234.5, 'EUR', 'fr', '-1\u202f234,50\u00a0€'],
    [-1234.5, 'EUR', 'nl', '€\u00a0-1.234,50'],
    [-1234.5, 'EUR', 'ar', '\u200f\u200e-1,234.50\u00a0€'],
    [-100000, 'INR', 'hi', '-₹1,00,000.00'],
    [-1234, 'KRW', 'en', '-₩1,234'],
    [-1234, 'JPY', 'ja', '-￥1,234'],
    [-0.01, 'USD', 'en', '-$0.01'],
  ];
  for (const [amount, currency, language, expected] of cases) {
    it(`${language} ${currency} ${amount} → ${expected}`, () => assert.equal(formatMoney(amount, currency, language), expected));
  }
  it('negative zero, or a negative amount that rounds to zero, prints without a minus', () => {
    assert.equal(formatMoney(-0, 'USD', 'en'), '$0.00');
    assert.equal(formatMoney(-0.001, 'USD', 'en'), '$0.00');
    assert.equal(formatMoney(-0.4, 'JPY', 'en'), '¥0');
  });
});

describe('formatMoney: exactly the minor units, Western digits (D12, D29)', () => {
  for (const language of LANGUAGES) {
    it(`${language}: every currency keeps all digits with its ISO 4217 minor units`, () => {
      for (const currency of CURRENCIES) {
        const text = formatMoney(1234567.89, currency, language);
        const expectedDigits = CURRENCY_MINOR_UNITS[currency] === 0 ? '1234568' : '123456789';
        assert.equal(text.replace(/[^0-9]/g, ''), expectedDigits, `${language} ${currency}: ${text}`);
        assert.doesNotMatch(text, NON_WESTERN_DIGITS, `${language} ${currency}: ${text}`);
        assert.doesNotMatch(formatMoney(-1234567.89, currency, language), NON_WESTERN_DIGITS);
      }
    });
  }
  it('JPY and KRW have no decimals, the others two, whatever the amount', () => {
    assert.equal(formatMoney(5, 'KRW', 'de'), '5\u00a0₩');
    assert.equal(formatMoney(5, 'JPY', 'fr'), '5\u00a0JPY');
    assert.equal(formatMoney(5, 'CHF', 'de'), '5,00\u00a0CHF');
  });
  it('rounds half away from zero on the decimal value (D12)', () => {
    assert.equal(formatMoney(1.005, 'USD', 'en'), '$1.01');
    assert.equal(formatMoney(-1.005, 'USD', 'en'), '-$1.01');
    assert.equal(formatMoney(2.5, 'JPY', 'en'), '¥3');
  });
  it('refuses a non-finite amount', () => {
    assert.throws(() => formatMoney(Number.NaN, 'USD', 'en'), RangeError);
    assert.throws(() => formatMoney(Number.POSITIVE_INFINITY, 'USD', 'en'), RangeError);
  });
});

describe('formatQuantity', () => {
  const cases: ReadonlyArray<readonly [number, Language, string]> = [
    [1.5, 'en', '1.5'], [0.333333, 'en', '0.333333'], [1000000, 'en', '1,000,000'],
    [1.5, 'de', '1,5'], [0.333333, 'de', '0,333333'], [1000000, 'de', '1.000.000'],
    [1.5, 'fr', '1,5'], [1000000, 'fr', '1\u202f000\u202f000'],
    [1000000, 'ru', '1\u00a0000\u00a0000'],
    [1.5, 'hi', '1.5'], [1000000, 'hi', '10,00,000'],
    [1.5, 'ar', '1.5'], [0.333333, 'ar', '0.333333'], [1000000, 'ar', '1,000,000'],
    [1000000, 'ja', '1,000,000'],
    [1234, 'es', '1234'], // quantities keep the locale's grouping: es leaves 4 digits ungrouped
    [12, 'en', '12'], [0, 'en', '0'], [2.000001, 'en', '2.000001'], [1_000_000_000, 'en', '1,000,000,000'],
  ];
  for (const [quantity, language, expected] of cases) {
    it(`${language} ${quantity} → ${expected}`, () => assert.equal(formatQuantity(quantity, language), expected));
  }
});

describe('formatPercent', () => {
  const cases: ReadonlyArray<readonly [number, Language, string]> = [
    [19, 'en', '19%'], [19, 'de', '19\u00a0%'], [19, 'fr', '19\u00a0%'], [7.5, 'de', '7,5\u00a0%'],
    [22, 'it', '22%'], [21, 'nl', '21%'], [21, 'es', '21\u00a0%'], [20, 'ru', '20\u00a0%'],
    [10, 'ja', '10%'], [18, 'hi', '18%'], [15, 'ar', '15\u200e%\u200e'], [17, 'pt', '17%'],
    [0, 'en', '0%'], [7.000001, 'en', '7.000001%'], [1000, 'en', '1,000%'], [12.5, 'hi', '12.5%'],
  ];
  for (const [rate, language, expected] of cases) {
    it(`${language} ${rate} → ${expected}`, () => assert.equal(formatPercent(rate, language), expected));
  }
});

describe('no Arabic-Indic or Devanagari digits anywhere (D29)', () => {
  for (const language of LANGUAGES) {
    it(language, () => {
      for (const value of [0, 7.5, 1234567.891234]) {
        assert.doesNotMatch(formatQuantity(value, language), NON_WESTERN_DIGITS);
        assert.doesNotMatch(formatPercent(value, language), NON_WESTERN_DIGITS);
      }
    });
  }
});
