import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { AppError } from '../src/errors/app-error.ts';
import { examineDocument } from '../src/domain/inspect/examine-document.ts';
import { asTaxInclusive } from '../src/domain/inspect/as-tax-inclusive.ts';
import { fitLinesToNets } from '../src/domain/inspect/fit-lines-to-nets.ts';
import { receivedInvoiceRequest } from '../src/domain/inspect/received-invoice-request.ts';
import { scanXmlProlog } from '../src/domain/inspect/scan-xml-prolog.ts';
import { computeInvoiceResult } from '../src/domain/invoice/compute-invoice.ts';
import { validateInvoiceRequest } from '../src/requests/validate-invoice-request.ts';

/**
 * Fuzzes the reading half of an inspection (docs/inspect.md), in process: the prolog scan, the XML
 * parser, the UBL and CII readers, the mapping onto a request and the engine's recomputation, on
 * official documents cut, spliced and sprinkled with markup. What may happen to a mutated document:
 * it is refused, read, or the engine refuses its request with an AppError. Anything else (a
 * TypeError, a hang, a stack overflow) is a fault, printed with the seed that makes it.
 *
 *   node scripts/fuzz-inspect.ts [--runs 5000] [--seed 1]
 */
const arg = (name: string, fallback: number) => { const i = process.argv.indexOf(name); return i === -1 ? fallback : Number(process.argv[i + 1]); };
const RUNS = arg('--runs', 5000);
const SEED = arg('--seed', 1);
const BASES = [
  'test/fixtures/xrechnung-testsuite/01.01a-INVOICE_ubl.xml', 'test/fixtures/xrechnung-testsuite/01.01a-INVOICE_uncefact.xml',
  'test/fixtures/xrechnung-testsuite/03.05a-INVOICE_ubl.xml', 'test/fixtures/einvoice/examples/peppol-Allowance-example.xml',
  'test/fixtures/einvoice/examples/ubl-tc434-creditnote1.xml', 'test/fixtures/einvoice/examples/CII_example1.xml',
].map((file) => readFileSync(file, 'utf8'));
const SNIPPETS = ['<', '>', '&', '&amp;', '&#0;', '&#x110000;', '<![CDATA[', ']]>', '<!--', '-->', '<?x?>', '</cbc:ID>', '<cbc:ID>', 'xmlns:cbc="x"', '"', "'", '-1', '1e9', '99999999999999999999.999999999', '0.0000001', 'NaN', '\u0000', '\uFFFF', '<a>'.repeat(70)];

const VALUES = ['', ' ', '0', 'HUF', 'XX', 'eur', '-0', '1', '-1', '0.5', '123456789012.12', '1e3', '-999999999.999999', '1.1234567', 'abc', '2026-02-30', '20261301', 'S', 'O', 'AE', 'ZZZ', 'XX', 'EUR', 'JPY', 'BHD', '381', '380', '384', '&amp;', '&lt;x&gt;'];
/** Byte edits (cut, insert): mostly ill-formed, which the parsers must refuse cleanly. */
const byteEdits = fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), cut: fc.integer({ min: 0, max: 200 }), insert: fc.oneof(fc.constantFrom(...SNIPPETS), fc.string({ maxLength: 20 })) }), { minLength: 1, maxLength: 4 });
/** Value edits (the text of leaf elements replaced, leaves dropped or doubled): still well-formed, so the readers and the engine get them. */
const valueEdits = fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), kind: fc.constantFrom('value', 'drop', 'double'), value: fc.oneof(fc.constantFrom(...VALUES), fc.stringMatching(/^[A-Za-z0-9 .,-]{0,12}$/)) }), { minLength: 1, maxLength: 8 });
const mutation = fc.record({
  base: fc.integer({ min: 0, max: BASES.length - 1 }),
  bytes: fc.oneof(fc.constant([]), byteEdits),
  values: valueEdits,
});

const LEAF = /<([\w]+:)?([\w]+)(\s[^>]*)?>([^<]*)<\/\1?\2>/g;

function mutateValues(base: string, edits: ReadonlyArray<{ at: number; kind: string; value: string }>): string {
  let text = base;
  for (const { at, kind, value } of edits) {
    const leaves = [...text.matchAll(LEAF)];
    if (leaves.length === 0) return text;
    const leaf = leaves[Math.min(leaves.length - 1, Math.floor(at * leaves.length))]!;
    const start = leaf.index!;
    const end = start + leaf[0].length;
    const replaced = kind === 'drop' ? '' : kind === 'double' ? leaf[0] + leaf[0] : leaf[0].replace(`>${leaf[4]}<`, `>${value}<`);
    text = text.slice(0, start) + replaced + text.slice(end);
  }
  return text;
}

function mutate(base: string, edits: ReadonlyArray<{ at: number; cut: number; insert: string }>): string {
  let text = base;
  for (const { at, cut, insert } of edits) {
    const i = Math.floor(at * text.length);
    text = text.slice(0, i) + insert + text.slice(i + cut);
  }
  return text;
}

let refused = 0;
let read = 0;
let engineRefused = 0;
const started = Date.now();
fc.assert(fc.property(mutation, ({ base, bytes, values }) => {
  const xml = mutate(mutateValues(BASES[base]!, values), bytes);
  if (scanXmlProlog(xml).kind !== 'root') { refused += 1; return; }
  const examination = examineDocument(xml, false);
  if (examination.kind === 'refused') { refused += 1; return; }
  read += 1;
  try {
    const request = validateInvoiceRequest(JSON.parse(JSON.stringify(receivedInvoiceRequest(examination.invoice).request)), 'request');
    const context = { today: '2026-11-28', number: 'FUZZ' };
    const amounts = request.document_type === 'credit_note' && request.billing_reference === undefined ? { ...request, document_type: 'invoice' as const } : request;
    const breakdown = computeInvoiceResult(amounts, context).breakdown();
    asTaxInclusive(amounts, examination.invoice, breakdown, context);
    const fitted = fitLinesToNets(amounts, examination.invoice, context, breakdown);
    computeInvoiceResult(fitted.request, context).breakdown();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    engineRefused += 1;
  }
}), { numRuns: RUNS, seed: SEED });
console.log(`${RUNS} mutated documents (seed ${SEED}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${refused} refused unread, ${read} read (${engineRefused} of them with a request the engine refuses); no other outcome`);
