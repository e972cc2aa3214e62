import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import * as lists from '../../../src/domain/einvoice/code-lists.ts';
import { CURRENCIES } from '../../../src/domain/invoice/catalog.ts';
import { COUNTRY_CODES } from '../../../src/domain/invoice/country-codes.ts';
import { UNIT_CODES } from '../../../src/domain/einvoice/unit-code.ts';
import { CODE_LIST_SOURCES, extractCodeLists, pickList, readAssertLists, readListVariables } from '../../../scripts/extract-code-lists.ts';

// The code lists must be the official validators' lists, or the service writes documents they
// refuse. They are compared with the rule files vendored in einvoice-rules/ (the same files as
// the official checker's, in a layout of the project's own), so the check runs on a clean clone.

const RULES = fileURLToPath(new URL('../../../einvoice-rules/', import.meta.url));

describe('code lists hold the codes an invoice writer relies on', () => {
  const expected: { name: keyof typeof lists; has: string[]; lacks?: string[] }[] = [
    { name: 'EAS_CODES', has: ['9930', '0204', '0208', '0088', 'EM'] },
    { name: 'PEPPOL_EAS_CODES', has: ['9930', '0204', '0208', '0088'], lacks: ['EM'] },
    { name: 'ICD_CODES', has: ['0106', '0002', '0009', '0088', '0208'], lacks: ['SEPA'] },
    { name: 'VATEX_CODES', has: ['VATEX-EU-AE', 'VATEX-EU-IC', 'VATEX-EU-O', 'VATEX-EU-G'] },
    { name: 'PAYMENT_MEANS_CODES', has: ['10', '30', '48', '49', '54', '55', '58', '59'] },
    { name: 'ALLOWANCE_REASON_CODES', has: ['95'] },
    { name: 'CHARGE_REASON_CODES', has: ['FC'] },
    { name: 'VAT_CATEGORY_CODES', has: ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] },
    { name: 'REC20_UNIT_CODES', has: ['C62', 'HUR', 'H87', 'KGM', 'DAY', 'MON', 'EA', 'XPK'] },
    { name: 'CURRENCY_CODES', has: ['EUR', 'USD', 'GBP', 'CHF', 'JPY'] },
    { name: 'ISO3166_COUNTRY_CODES', has: ['DE', 'FR', 'GB', 'XI', '1A'], lacks: ['EL', 'UK'] },
    { name: 'INVOICE_TYPE_CODES', has: ['380', '326', '384', '389'], lacks: ['381'] },
    { name: 'CREDIT_NOTE_TYPE_CODES', has: ['381', '396'], lacks: ['380'] },
    { name: 'PEPPOL_INVOICE_TYPE_CODES', has: ['380', '384'], lacks: ['381'] },
    { name: 'PEPPOL_CREDIT_NOTE_TYPE_CODES', has: ['381'], lacks: ['380'] },
    { name: 'XRECHNUNG_INVOICE_TYPE_CODES', has: ['380', '381', '384', '326'] },
    { name: 'VAT_POINT_DATE_CODES', has: ['3', '35', '432'] },
    { name: 'CII_VAT_POINT_DATE_CODES', has: ['5', '29', '72'] },
    { name: 'MIME_CODES', has: ['application/pdf', 'image/png', 'text/csv'] },
  ];
  for (const { name, has, lacks = [] } of expected) {
    it(`${name} has ${has.join(', ')}${lacks.length > 0 ? ` and not ${lacks.join(', ')}` : ''}`, () => {
      const list = lists[name];
      assert.deepEqual(has.filter((code) => !list.has(code)), []);
      assert.deepEqual(lacks.filter((code) => list.has(code)), []);
      assert.ok([...list].every((code) => /^\S+$/.test(code)), 'every code is one word');
    });
  }

  it('every list is a constant with a source, and every source a constant', () => {
    assert.deepEqual(Object.keys(lists).sort(), Object.keys(CODE_LIST_SOURCES).sort());
  });

  it('Peppol narrows EN 16931: its EAS schemes and type codes are among the EN 16931 ones', () => {
    const outside = (narrow: ReadonlySet<string>, wide: ReadonlySet<string>) => [...narrow].filter((code) => !wide.has(code));
    assert.deepEqual(outside(lists.PEPPOL_EAS_CODES, lists.EAS_CODES), []);
    assert.deepEqual(outside(lists.PEPPOL_INVOICE_TYPE_CODES, lists.INVOICE_TYPE_CODES), []);
    assert.deepEqual(outside(lists.PEPPOL_CREDIT_NOTE_TYPE_CODES, lists.CREDIT_NOTE_TYPE_CODES), []);
  });
});

describe('the codes the service writes are in the lists', () => {
  it('every unit label of unit-code.ts maps to a Rec 20/21 unit code', () => {
    const unknown = Object.entries(UNIT_CODES).filter(([, code]) => !lists.REC20_UNIT_CODES.has(code));
    assert.deepEqual(unknown, []);
  });

  it('every currency the service takes is an ISO 4217 code of the rules', () => {
    assert.deepEqual(CURRENCIES.filter((currency) => !lists.CURRENCY_CODES.has(currency)), []);
  });

  it('every country the service takes is a country of the rules', () => {
    assert.deepEqual([...COUNTRY_CODES].filter((country) => !lists.ISO3166_COUNTRY_CODES.has(country)), []);
  });
});

describe('the constants agree with the rule files in einvoice-rules/', () => {
  const extracted = extractCodeLists(RULES);
  for (const name of Object.keys(CODE_LIST_SOURCES) as (keyof typeof CODE_LIST_SOURCES)[]) {
    it(`${name} (${CODE_LIST_SOURCES[name].file} ${CODE_LIST_SOURCES[name].rules.join(', ')})`, () => {
      const constant = lists[name];
      const official = new Set(extracted[name]);
      assert.deepEqual({ extra: [...constant].filter((code) => !official.has(code)), missing: [...official].filter((code) => !constant.has(code)) },
        { extra: [], missing: [] }, `run node scripts/extract-code-lists.ts einvoice-rules --literals`);
      assert.equal(constant.size, extracted[name].length);
    });
  }
});

describe('reading code lists out of compiled Schematron', () => {
  const skeleton = (id: string, test: string) =>
    `<xsl:otherwise>\n<svrl:failed-assert test="${test}">\n<xsl:attribute name="id">${id}</xsl:attribute>\n<svrl:text>[${id}]</svrl:text>\n</svrl:failed-assert>`;
  const schxslt = (id: string, test: string) =>
    `<svrl:failed-assert xmlns:svrl="http://purl.oclc.org/dsdl/svrl" location="{schxslt:location(.)}" flag="fatal" id="${id}">\n<xsl:attribute name="test">${test}</xsl:attribute>\n<svrl:text>x</svrl:text>\n</svrl:failed-assert>`;
  const cases: { name: string; xslt: string; expected: { rule: string; guard?: string; variable?: string; codes: string[] }[] }[] = [
    {
      name: 'an ISO skeleton assert with contains() and a > in its test',
      xslt: skeleton('BR-CL-25', "(string-length(@schemeID) > 1 and contains(' 0002 0088 EM ', concat(' ', normalize-space(@schemeID), ' ')))"),
      expected: [{ rule: 'BR-CL-25', codes: ['0002', '0088', 'EM'] }],
    },
    {
      name: 'one list per self:: branch',
      xslt: skeleton('BR-CL-01', "(self::cbc:InvoiceTypeCode and contains(' 380 384 ', concat(' ', ., ' '))) or (self::cbc:CreditNoteTypeCode and contains(' 381 ', concat(' ', ., ' ')))"),
      expected: [{ rule: 'BR-CL-01', guard: 'cbc:InvoiceTypeCode', codes: ['380', '384'] }, { rule: 'BR-CL-01', guard: 'cbc:CreditNoteTypeCode', codes: ['381'] }],
    },
    {
      name: 'a chain of equalities',
      xslt: skeleton('BR-CL-24', "((@mimeCode = 'application/pdf' or @mimeCode  = 'text/csv'))"),
      expected: [{ rule: 'BR-CL-24', codes: ['application/pdf', 'text/csv'] }],
    },
    {
      name: 'a SchXslt assert with an inline tokenize()',
      xslt: schxslt('P0101', "$profile != '01' or (some $code in tokenize('381 396', '\\s') satisfies normalize-space(text()) = $code)"),
      expected: [{ rule: 'P0101', codes: ['381', '396'] }],
    },
    {
      name: 'a tokenized variable',
      xslt: `<xsl:variable name="eaid" select="tokenize('0088 9930', '\\s')"/>${schxslt('CL008', 'some $code in $eaid satisfies @schemeID = $code')}`,
      expected: [{ rule: 'CL008', variable: 'eaid', codes: ['0088', '9930'] }],
    },
    {
      name: 'a concat() of string variables, whose last code lacks its closing space',
      xslt: `<xsl:variable name="A" select="' XR01 '"/><xsl:variable name="B" select="' 0002 0244'"/><xsl:variable name="AB" select="concat($A, $B)"/>`
        + schxslt('BR-DEX-04', "contains($AB, concat(' ', normalize-space(@schemeID), ' '))"),
      expected: [{ rule: 'BR-DEX-04', variable: 'AB', codes: ['XR01', '0002'] }],
    },
    {
      name: 'a sequence variable',
      xslt: `<xsl:variable name="types" select="('326', '380')"/>${schxslt('BR-DE-17', 'normalize-space(cbc:InvoiceTypeCode) = $types')}`,
      expected: [{ rule: 'BR-DE-17', variable: 'types', codes: ['326', '380'] }],
    },
    {
      name: 'nothing from an assert without a list',
      xslt: skeleton('BR-01', '(cbc:CustomizationID) and $x &lt; 2'),
      expected: [],
    },
  ];
  for (const { name, xslt, expected } of cases) {
    it(name, () => {
      const found = readAssertLists(xslt).map(({ rule, guard, variable, codes }) => ({
        rule, ...(guard === undefined ? {} : { guard }), ...(variable === undefined ? {} : { variable }), codes: [...codes],
      }));
      assert.deepEqual(found, expected);
    });
  }

  it('refuses a source whose rules test different lists, or that finds none', () => {
    const found = readAssertLists(skeleton('BR-CL-17', "contains(' S Z ', concat(' ', ., ' '))") + skeleton('BR-CL-18', "contains(' S ', concat(' ', ., ' '))"));
    assert.throws(() => pickList(found, { file: 'en16931-ubl', rules: ['BR-CL-17', 'BR-CL-18'] }), /test 2 different lists/);
    assert.throws(() => pickList(found, { file: 'en16931-ubl', rules: ['BR-CL-19'] }), /no code list found for BR-CL-19/);
  });

  it('refuses a variable defined twice with different lists', () => {
    const xslt = `<xsl:variable name="v" select="('a')"/><xsl:variable name="v" select="('b')"/>`;
    assert.throws(() => readListVariables(xslt), /defined twice/);
  });
});
