import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGUAGES } from '../../../src/domain/invoice/catalog.ts';
import { signedMoney } from '../../../src/domain/pdf/signed-money.ts';
import { formatMoney } from '../../../src/domain/wording/format-money.ts';
import { LOCALES } from '../../../src/domain/wording/locales.ts';

describe('signedMoney: allowances "-", charges "+" (D37)', () => {
  for (const language of LANGUAGES) {
    for (const currency of ['EUR', 'USD', 'JPY', 'INR'] as const) {
      it(`${language} ${currency}: the sign where Intl's own signDisplay puts it`, () => {
        const intl = new Intl.NumberFormat(LOCALES[language], {
          style: 'currency', currency, currencyDisplay: ['EUR', 'INR'].includes(currency) ? 'narrowSymbol' : 'symbol',
          numberingSystem: 'latn', useGrouping: 'always', signDisplay: 'exceptZero',
        });
        assert.equal(signedMoney(1234.5, '+', currency, language), intl.format(currency === 'JPY' ? 1235 : 1234.5));
        assert.equal(signedMoney(1234.5, '-', currency, language), formatMoney(-1234.5, currency, language));
        assert.equal(signedMoney(-7, '+', currency, language), signedMoney(7, '+', currency, language), 'the sign is the one asked for');
      });
    }
  }

  it('a zero is printed without a sign', () => {
    assert.equal(signedMoney(0, '+', 'EUR', 'de'), '0,00\u00A0€');
    assert.equal(signedMoney(0, '-', 'USD', 'en'), '$0.00');
  });
});
