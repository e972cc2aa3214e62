import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kindFor } from '../../../src/domain/documents/kind-for.ts';
import { buildEInvoice } from '../../../src/domain/einvoice/build-einvoice.ts';
import type { EInvoice } from '../../../src/domain/einvoice/einvoice.ts';
import { writeCii } from '../../../src/domain/einvoice/write-cii.ts';
import { writeUbl } from '../../../src/domain/einvoice/write-ubl.ts';
import { computeInvoiceResult } from '../../../src/domain/invoice/compute-invoice.ts';
import { AppError } from '../../../src/errors/app-error.ts';
import { validateInvoiceRequest } from '../../../src/requests/validate-invoice-request.ts';
import { makeEInvoiceXml } from '../../../src/use-cases/documents/document-makers.ts';
import { prepareEInvoiceXml } from '../../../src/use-cases/documents/prepare-einvoice-xml.ts';
import { checkEInvoices } from '../../helpers/check-einvoice.ts';
import { german } from '../../helpers/einvoice-fixtures.ts';

const resultOf = (body: Record<string, unknown>) => {
  const request = validateInvoiceRequest(JSON.parse(JSON.stringify(body)), 'body');
  return computeInvoiceResult(request, { today: '2026-11-25', number: 'RE-2026-0001' });
};

/** Every optional text of a complete German invoice replaced by white space, as a writer could receive it. */
function blankOptionals(doc: EInvoice): EInvoice {
  const blank = ' \t ';
  return {
    ...doc,
    notes: [...doc.notes, blank, ''],
    contractReference: blank,
    projectReference: '\n',
    seller: { ...doc.seller, address: { ...doc.seller.address, additionalStreet: blank }, taxRegistrationId: blank },
    buyer: { ...doc.buyer, address: { ...doc.buyer.address, street: doc.buyer.address!.street!, additionalStreet: blank, line: '' }, contact: { name: blank } },
    delivery: { name: blank, address: { street: blank }, date: doc.delivery?.date ?? '2026-10-30' },
    paymentMeans: { ...doc.paymentMeans!, text: blank, instructions: '', account: { ...doc.paymentMeans!.account!, name: blank, bankName: '' } },
    lines: doc.lines.map((line) => ({ ...line, note: blank, sellerItemId: '', description: line.description ?? blank })),
  };
}

/** Elements with neither a child element nor text: `<a/>`, `<a></a>`, `<a> </a>`. */
const EMPTY_ELEMENT = /<([\w:]+)(?:\s[^>]*)?(?:\/>|>[ \t\r\n]*<\/\1>)/g;

describe('no document carries an empty element (PEPPOL-EN16931-R008, BR-06, BR-07, BR-25)', () => {
  const german1 = resultOf(german());
  const doc = buildEInvoice(german1.invoice, german1.breakdown(), kindFor('ubl', 'xrechnung'));

  it('optional terms with nothing to read are left out of UBL and CII, and Peppol and XRechnung accept the documents', async () => {
    const blanks = blankOptionals(doc);
    const ubl = writeUbl(blanks);
    const cii = writeCii(blanks);
    assert.deepEqual([...ubl.matchAll(EMPTY_ELEMENT)].map((m) => m[0]), []);
    // The CII schema requires ApplicableHeaderTradeDelivery even when there is nothing in it.
    assert.deepEqual([...cii.matchAll(EMPTY_ELEMENT)].map((m) => m[0]).filter((e) => !e.startsWith('<ram:ApplicableHeaderTradeDelivery')), []);
    const checks = await checkEInvoices([{ xml: ubl, profile: 'xrechnung' }, { xml: cii, profile: 'xrechnung' }, { xml: writeUbl({ ...blanks, specificationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0' }), profile: 'peppol' }]);
    for (const check of checks) {
      assert.deepEqual(check.schema.errors, []);
      assert.deepEqual(check.rules.fatal.map((f) => `${f.id} at ${f.location}`), []);
    }
  });

  for (const [what, change] of [
    ['a seller name of spaces', (d: EInvoice): EInvoice => ({ ...d, seller: { ...d.seller, name: '   ' } })],
    ['a buyer name of control characters', (d: EInvoice): EInvoice => ({ ...d, buyer: { ...d.buyer, name: '\u0001\u0002' } })],
    ['an item name that is empty', (d: EInvoice): EInvoice => ({ ...d, lines: d.lines.map((line, i) => (i === 1 ? { ...line, name: '' } : line)) })],
    ['an allowance with neither reason nor code', (d: EInvoice): EInvoice => ({ ...d, allowanceCharges: [{ charge: false, amount: 100n, reason: ' ', category: d.vatBreakdown[0]!.category }] })],
  ] as const) {
    it(`a required term without text (${what}) throws in both writers instead of being written empty`, () => {
      assert.throws(() => writeUbl(change(doc)), /would be written empty|neither a reason nor a reason code/);
      assert.throws(() => writeCii(change(doc)), /would be written empty|neither a reason nor a reason code/);
    });
  }

  it('through the maker a writer that refuses answers the syntax\'s error, ubl_error or cii_error, and the reason is logged', async () => {
    const { invoice, breakdown } = resultOf(german());
    const reasons: string[] = [];
    const ports = { pdfRenderer: () => { throw new Error('no PDF here'); }, onFailure: (reason: string) => reasons.push(reason) };
    const blankName = { ...invoice, from: { ...invoice.from, name: '\u0007' } };
    // The document is built before numbering and written after: the writer refuses it then.
    const planned = { invoice: blankName, breakdown };
    const ubl = makeEInvoiceXml(kindFor('ubl', undefined), planned, ports)!;
    await assert.rejects(() => ubl.write({ invoice: blankName, images: {}, qr: undefined }), (error: unknown) => error instanceof AppError && error.code === 'ubl_error');
    const cii = prepareEInvoiceXml({ ...kindFor('cii', 'xrechnung'), syntax: 'cii' }, planned, ports);
    assert.throws(() => cii({ invoice: blankName, images: {}, qr: undefined }), (error: unknown) => error instanceof AppError && error.code === 'cii_error');
    assert.ok(reasons.some((reason) => /<cbc:RegistrationName> would be written empty|<cbc:Name> would be written empty/.test(reason)), reasons.join('\n'));
  });
});
