import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGUAGES, PAYMENT_STATUSES, type Language } from '../../../src/domain/invoice/catalog.ts';
import { LABELS, isRightToLeft, type Labels } from '../../../src/domain/render/labels.ts';
import { LOCALES } from '../../../src/domain/render/locales.ts';

const KEYS = Object.keys(LABELS.en) as Array<keyof Labels>;
const OTHER_LANGUAGES = LANGUAGES.filter((language) => language !== 'en');

/** Codes and words that are legitimately the same as the English label. */
const SAME_IN_EVERY_LANGUAGE: ReadonlySet<keyof Labels> = new Set<keyof Labels>(['iban', 'swift']);
const SAME_AS_ENGLISH: ReadonlyArray<readonly [Language, keyof Labels]> = [
  ['nl', 'bank_name'], ['de', 'bank_name'], // "Bank"
  ['nl', 'website'], ['de', 'website'], // "Website"
  ['fr', 'description'], ['fr', 'page'], // "Description", "Page"
  ['es', 'subtotal'], ['pt', 'subtotal'], // "Subtotal"
  ['es', 'grand_total'], ['pt', 'grand_total'], // "Total"
];
const allowedSame = (language: Language, key: keyof Labels) =>
  SAME_IN_EVERY_LANGUAGE.has(key) || SAME_AS_ENGLISH.some(([l, k]) => l === language && k === key);

/** Each non-Latin language's script: every label but the codes must use it. */
const SCRIPT: Partial<Record<Language, RegExp>> = {
  ar: /\p{Script=Arabic}/u,
  ja: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  ru: /\p{Script=Cyrillic}/u,
  hi: /\p{Script=Devanagari}/u,
};

/**
 * English words that are not words of nl, de, fr, es, pt or it, so finding one in those
 * languages means a label was left untranslated (Total, Bank, Page, Scan, Notes, Due are words
 * there and are left out).
 */
const ENGLISH_ONLY = /(?<!\p{L})(invoice|amount|payment|balance|shipping|paid|unpaid|bill|account|number|price|deposit|discount|quantity|qty|unit|phone|email|refund|routing|rounding|authori[sz]ed|ship|pay|scan to)(?!\p{L})/iu;

describe('LABELS (D29)', () => {
  it('covers exactly the 11 languages', () => {
    assert.deepEqual(Object.keys(LABELS).sort(), [...LANGUAGES].sort());
  });

  for (const language of LANGUAGES) {
    it(`${language}: every label is present, non-empty and trimmed`, () => {
      const labels = LABELS[language];
      assert.deepEqual(Object.keys(labels).sort(), [...KEYS].sort());
      for (const key of KEYS) {
        const value = labels[key];
        assert.equal(typeof value, 'string', `${language}.${key}`);
        assert.ok(value.trim().length > 0, `${language}.${key} is empty`);
        assert.equal(value, value.trim(), `${language}.${key} has surrounding space`);
      }
    });

    it(`${language}: a status word for each payment status (D10)`, () => {
      for (const status of PAYMENT_STATUSES) assert.ok(LABELS[language][status].length > 0);
    });

    it(`${language}: stamps are in capitals where the script has case`, () => {
      const { stamp_paid: paid, stamp_partial: partial } = LABELS[language];
      assert.equal(paid, paid.toLocaleUpperCase(LOCALES[language]));
      assert.equal(partial, partial.toLocaleUpperCase(LOCALES[language]));
      assert.notEqual(paid, partial);
    });
  }

  for (const language of OTHER_LANGUAGES) {
    it(`${language}: no label is left in English`, () => {
      for (const key of KEYS) {
        const value = LABELS[language][key];
        if (!allowedSame(language, key)) assert.notEqual(value, LABELS.en[key], `${language}.${key} is the English label`);
        const script = SCRIPT[language];
        if (script !== undefined && !SAME_IN_EVERY_LANGUAGE.has(key)) {
          assert.match(value, script, `${language}.${key} is not written in the language's script`);
        }
        if (script === undefined) assert.doesNotMatch(value, ENGLISH_ONLY, `${language}.${key} contains an English word`);
      }
    });
  }

  it('the allow-list of labels equal to English is accurate', () => {
    for (const [language, key] of SAME_AS_ENGLISH) assert.equal(LABELS[language][key], LABELS.en[key], `${language}.${key}`);
  });

  it('is frozen', () => {
    assert.ok(Object.isFrozen(LABELS));
    for (const language of LANGUAGES) assert.ok(Object.isFrozen(LABELS[language]));
  });
});

describe('isRightToLeft (D29)', () => {
  for (const language of LANGUAGES) {
    it(`${language} → ${language === 'ar'}`, () => assert.equal(isRightToLeft(language), language === 'ar'));
  }
});
