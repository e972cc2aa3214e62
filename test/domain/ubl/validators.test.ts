import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { checkEn16931, validateUblSchema } from '../../helpers/validate-ubl.ts';

// Proves the UBL validators can both pass and fail, on the official examples and broken copies
// of them, so a green UBL test elsewhere means something.

const EXAMPLES_DIR = new URL('../../fixtures/ubl-2.1/examples/', import.meta.url);
const example = (name: string): string => readFileSync(new URL(name, EXAMPLES_DIR), 'utf8');

const CEN_EXAMPLE_1 = example('ubl-tc434-example1.xml');
const CEN_EXAMPLE_2 = example('ubl-tc434-example2.xml');
const OASIS_EXAMPLE = example('UBL-Invoice-2.1-Example.xml');

/** `xml` with `from` replaced by `to`; fails the test if `from` is not there, so an edit never silently does nothing. */
function edited(xml: string, from: string, to: string): string {
  assert.ok(xml.includes(from), `fixture no longer contains ${from}`);
  return xml.replace(from, to);
}

describe('validateUblSchema (OASIS UBL 2.1 XSD)', () => {
  it('accepts the CEN and OASIS examples, in one call', async () => {
    const verdicts = await validateUblSchema([CEN_EXAMPLE_1, CEN_EXAMPLE_2, OASIS_EXAMPLE]);
    assert.deepEqual(verdicts, [
      { valid: true, errors: [] },
      { valid: true, errors: [] },
      { valid: true, errors: [] },
    ]);
  });

  it('rejects an unknown element, elements out of order and ill-formed XML, each with its own verdict', async () => {
    const unknownElement = edited(CEN_EXAMPLE_1, '<cbc:Note>', '<cbc:Colour>red</cbc:Colour><cbc:Note>');
    const outOfOrder = edited(CEN_EXAMPLE_1,
      '<cbc:ID>12115118</cbc:ID>\n    <cbc:IssueDate>2015-01-09</cbc:IssueDate>',
      '<cbc:IssueDate>2015-01-09</cbc:IssueDate>\n    <cbc:ID>12115118</cbc:ID>');
    const verdicts = await validateUblSchema([CEN_EXAMPLE_1, unknownElement, CEN_EXAMPLE_2, outOfOrder, '<Invoice>']);

    assert.deepEqual(verdicts.map((v) => [v.valid, v.errors.length]), [[true, 0], [false, 1], [true, 0], [false, 1], [false, 1]]);
    const [, unknown, , swapped, illFormed] = verdicts.map((v) => v.errors.join('\n'));
    assert.match(unknown ?? '', /^line 20: .*Element 'cbc:Colour': This element is not expected\./);
    // The schema says ID comes before IssueDate, so the early IssueDate is the one reported.
    assert.match(swapped ?? '', /^line 16: .*Element 'cbc:IssueDate': This element is not expected\. Expected is one of \( .*cbc:ID \)/);
    assert.match(illFormed ?? '', /^line 1: parser error/);
  });
});

describe('checkEn16931 (CEN EN 16931 business rules)', () => {
  it('finds no fatal failure in the two CEN examples', async () => {
    for (const xml of [CEN_EXAMPLE_1, CEN_EXAMPLE_2]) {
      const { fatal } = await checkEn16931(xml);
      assert.deepEqual(fatal, []);
    }
  });

  it('fails the OASIS example, which is UBL but not an EN 16931 invoice', async () => {
    const { fatal, warnings } = await checkEn16931(OASIS_EXAMPLE);
    assert.equal(fatal.length, 36);
    assert.equal(warnings.length, 36);
    assert.deepEqual(fatal.find((f) => f.id === 'BR-01'), {
      id: 'BR-01',
      location: '/Invoice[1]',
      text: '[BR-01]-An Invoice shall have a Specification identifier (BT-24).',
    });
  });

  it('fails an amount due that does not follow from the totals (BR-CO-16)', async () => {
    const wrongPayable = edited(CEN_EXAMPLE_1,
      '<cbc:PayableAmount currencyID="EUR">250.33</cbc:PayableAmount>',
      '<cbc:PayableAmount currencyID="EUR">251.33</cbc:PayableAmount>');
    const { fatal } = await checkEn16931(wrongPayable);
    assert.deepEqual(fatal.map((f) => [f.id, f.location]), [['BR-CO-16', '/Invoice[1]/LegalMonetaryTotal[1]']]);
  });

  it('refuses a document that is not a UBL Invoice instead of passing it', async () => {
    await assert.rejects(checkEn16931('<Invoice/>'), /root element is not a UBL 2\.1 Invoice/);
  });
});
