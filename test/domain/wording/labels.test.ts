import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LANGUAGES, PAYMENT_STATUSES, type Language } from '../../../src/domain/invoice/catalog.ts';
import { LABELS, isRightToLeft, labelValue, type Labels } from '../../../src/domain/wording/labels.ts';
import { computeInvoice } from '../../../src/domain/invoice/compute-invoice.ts';
import { buildInvoiceView } from '../../../src/domain/pdf/build-invoice-view.ts';
import type { InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { LOCALES } from '../../../src/domain/wording/locales.ts';
import { readFileSync } from 'node:fs';
import { INVOICE_TITLE, TAX_WORD } from '../../../src/domain/invoice/language-words.ts';

const KEYS = Object.keys(LABELS.en) as Array<keyof Labels>;
const OTHER_LANGUAGES = LANGUAGES.filter((language) => language !== 'en');

/** Codes and words that are legitimately the same as the English label. */
const SAME_IN_EVERY_LANGUAGE: ReadonlySet<keyof Labels> = new Set<keyof Labels>(['iban', 'swift']);
const SAME_AS_ENGLISH: ReadonlyArray<readonly [Language, keyof Labels]> = [
  ['nl', 'bank_name'], ['de', 'bank_name'], // "Bank"
  ['nl', 'website'], ['de', 'website'], // "Website"
  ['fr', 'description'], ['fr', 'page'], ['fr', 'contact'], // "Description", "Page", "Contact"
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

describe('the words of the word-by-word review (docs/pdf.md, "Labels")', () => {
  const everyWord = (language: Language) => [INVOICE_TITLE[language], TAX_WORD[language], ...Object.values(LABELS[language])];

  it('hi calls the invoice बीजक: no label says चालान (a challan, a delivery or payment slip)', () => {
    assert.equal(INVOICE_TITLE.hi, 'बीजक');
    assert.equal(LABELS.hi.invoice_number, 'बीजक संख्या');
    for (const word of everyWord('hi')) assert.doesNotMatch(word, /चालान/);
  });

  it('pt is Brazilian Portuguese throughout: pt-BR formats, Brazilian words, none of Portugal\'s', () => {
    assert.equal(LOCALES.pt, 'pt-BR');
    assert.equal(TAX_WORD.pt, 'Imposto');
    assert.equal(LABELS.pt.tax_id, 'CNPJ/CPF');
    assert.equal(LABELS.pt.shipping, 'Frete');
    // Portugal's tax, tax id and spellings, and the calque of "Bill to".
    const EUROPEAN = /(?<!\p{L})(IVA|NIF|NIPC|Contribuinte|Portes|registo|Digitalize|Factura|facturar|Faturar para|Telemóvel|Sítio)(?!\p{L})/u;
    for (const word of everyWord('pt')) assert.doesNotMatch(word, EUROPEAN);
  });

  it('docs/pdf.md lists every label of every language exactly as the code has it', () => {
    const doc = readFileSync(new URL('../../../docs/pdf.md', import.meta.url), 'utf8');
    const header = `| key | ${LANGUAGES.join(' | ')} |`;
    const start = doc.indexOf(header);
    assert.ok(start !== -1, 'the table of every label is in docs/pdf.md');
    const lines = doc.slice(start).split('\n').slice(2);
    const rows = new Map(lines.slice(0, lines.findIndex((line) => !line.startsWith('| '))).map((line) => {
      const cells = line.slice(2, -2).split(' | ');
      return [cells[0]!, cells.slice(1)] as const;
    }));
    const expected = new Map<string, string[]>([
      ['*title*', LANGUAGES.map((l) => INVOICE_TITLE[l])],
      ['*tax word*', LANGUAGES.map((l) => TAX_WORD[l])],
      ...KEYS.map((key) => [key, LANGUAGES.map((l) => LABELS[l][key])] as [string, string[]]),
    ]);
    assert.deepEqual(rows, expected);
  });

  // The second reading: each row is a word a translator changed, and why (docs/pdf.md).
  const REVIEWED: ReadonlyArray<readonly [Language, keyof Labels, string, string]> = [
    ['fr', 'due_date', 'Date d’échéance', 'French print sets the apostrophe ’, not the typewriter \''],
    ['es', 'bill_to', 'Cliente', '"Facturar a" copied "Bill to"'],
    ['es', 'ship_to', 'Dirección de entrega', '"Enviar a" copied "Ship to"'],
    ['pt', 'unit_price', 'Valor unitário', 'Brazilian invoices head the columns Valor unitário / Valor total'],
    ['pt', 'amount', 'Valor total', 'Brazilian invoices head the columns Valor unitário / Valor total'],
    ['pt', 'signature', 'Assinatura', '"Assinatura autorizada" copied "Authorized signature"'],
    ['it', 'signature', 'Firma', '"Firma autorizzata" copied "Authorized signature"'],
    ['ru', 'subtotal', 'Итого', '"Промежуточный итог" is a spreadsheet word; a счёт sums lines as Итого'],
    ['ru', 'grand_total', 'Всего к оплате', 'a счёт ends with Всего к оплате'],
    ['ar', 'from', 'المورد', '"من" copied "From"'],
    ['ar', 'bill_to', 'العميل', '"فاتورة إلى" copied "Bill to"'],
    ['ar', 'ship_to', 'عنوان الشحن', '"الشحن إلى" copied "Ship to"'],
    ['ar', 'stamp_partial', 'تم الدفع جزئيًا', 'parallel to the PAID stamp تم الدفع'],
    ['ja', 'payment_details', 'お支払情報', 'compound nouns in the short okurigana, as お支払期限'],
    ['ja', 'method_note', 'お支払方法', 'compound nouns in the short okurigana, as お支払期限'],
    ['hi', 'due_date', 'देय दिनांक', 'one word for date beside बीजक दिनांक'],
    ['hi', 'bill_to', 'क्रेता', 'the buyer beside the seller विक्रेता, not the English "bill"'],
  ];
  for (const [language, key, word, why] of REVIEWED) {
    it(`${language}.${key} is "${word}": ${why}`, () => assert.equal(LABELS[language][key], word));
  }

  it('ja writes one okurigana for 支払 in compound nouns: no お支払い directly before a kanji', () => {
    for (const word of everyWord('ja')) assert.doesNotMatch(word, /お支払い\p{Script=Han}/u, word);
  });

  it('fr sets every apostrophe as ’ (U+2019)', () => {
    for (const word of everyWord('fr')) assert.doesNotMatch(word, /'/, word);
  });

  it('hi uses दिनांक for every date, not तिथि beside it', () => {
    for (const word of everyWord('hi')) assert.doesNotMatch(word, /तिथि/u, word);
  });
});

describe('labelValue: "label: value" in each language\'s typography', () => {
  const CASES: ReadonlyArray<readonly [Language, string]> = [
    ['en', 'Tax ID: X1'],
    ['de', 'USt-IdNr.: X1'],
    ['fr', 'N° de TVA\u202F: X1'], // a narrow no-break space before the colon
    ['ja', '登録番号\uFF1AX1'], // a full-width colon, no space
    ['ar', 'الرقم الضريبي: X1'],
    ['hi', 'कर पहचान संख्या: X1'],
  ];
  for (const [language, expected] of CASES) {
    it(`${language} → ${JSON.stringify(expected)}`, () => assert.equal(labelValue(language, LABELS[language].tax_id, 'X1'), expected));
  }

  it('the PDF view prints the parties\' tax and registration numbers that way', () => {
    for (const language of ['fr', 'ja'] as const) {
      const request = {
        from: { name: 'A', tax_id: 'T1', registration_no: 'R1' }, to: { name: 'B', tax_id: 'T2' },
        invoice: { language }, items: [{ description: 'x', quantity: 1, unit_price: 1 }],
      } as unknown as InvoiceRequest;
      const view = buildInvoiceView(computeInvoice(request, { today: '2026-11-24', number: 'N-1' }));
      const l = LABELS[language];
      assert.ok(view.parties[0]!.lines.includes(labelValue(language, l.tax_id, 'T1')), JSON.stringify(view.parties[0]));
      assert.ok(view.parties[0]!.lines.includes(labelValue(language, l.registration_no, 'R1')), JSON.stringify(view.parties[0]));
      assert.ok(view.parties[1]!.lines.includes(labelValue(language, l.tax_id, 'T2')), JSON.stringify(view.parties[1]));
    }
  });
});
