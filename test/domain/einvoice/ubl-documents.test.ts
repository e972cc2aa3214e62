import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { CURRENCIES, LANGUAGES } from '../../../src/domain/invoice/catalog.ts';
import { computeInvoiceResult } from '../../../src/domain/invoice/compute-invoice.ts';
import type { VatBreakdown } from '../../../src/domain/invoice/vat-breakdown.ts';
import { normalizeInvoiceRequest } from '../../../src/requests/normalize-invoice-request.ts';
import { buildEInvoice } from '../../../src/domain/einvoice/build-einvoice.ts';
import { writeUbl } from '../../../src/domain/einvoice/write-ubl.ts';
import { UNIT_CODES } from '../../../src/domain/einvoice/unit-code.ts';
import type { InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../../../src/domain/invoice/invoice-schema.ts';
import { checkRules, validateSchema } from '../../helpers/check-einvoice.ts';
import { readUbl } from '../../helpers/read-ubl.ts';
import { UBL_FIXTURES, type UblFixture } from '../../helpers/ubl-fixtures.ts';

/** The UBL writer on the invoice's EN 16931 model, as output "ubl" writes it (profile en16931). */
const breakdowns = new WeakMap<Invoice, () => VatBreakdown>();
const buildUblInvoice = (invoice: Invoice, breakdown = breakdowns.get(invoice)!): string => writeUbl(buildEInvoice(invoice, breakdown()));

const compute = (request: Record<string, unknown>): Invoice => {
  const { invoice, breakdown } = computeInvoiceResult(normalizeInvoiceRequest(structuredClone(request)) as InvoiceRequest, { today: '2026-11-21', number: 'GEN-1' });
  breakdowns.set(invoice, breakdown);
  return invoice;
};

describe('UBL 2.1 documents: official schemas and EN 16931 rules', () => {
  const built: Array<{ fixture: UblFixture; invoice: Invoice; xml: string }> = [];
  before(() => {
    for (const fixture of UBL_FIXTURES) {
      const invoice = compute(fixture.request);
      built.push({ fixture, invoice, xml: buildUblInvoice(invoice) });
    }
  });

  it('the fixtures cover at least 30 invoices, all 21 currencies and all 11 languages', () => {
    assert.ok(built.length >= 30, `${built.length} fixtures`);
    assert.deepEqual(new Set(built.map((b) => b.invoice.currency)), new Set(CURRENCIES));
    assert.deepEqual(new Set(built.map((b) => b.invoice.language)), new Set(LANGUAGES));
    assert.deepEqual(new Set(built.map((b) => b.fixture.request.rounding).filter(Boolean)), new Set(['nearest', 'up', 'down']), 'every rounding mode');
    for (const feature of ['tax_inclusive', 'multi-tax', 'global discount', 'shipping', 'rounding', '100 lines', 'partial']) {
      const has = built.some(({ invoice }) => ({
        tax_inclusive: invoice.tax_inclusive,
        'multi-tax': invoice.items.some((item) => item.taxes.length > 1),
        'global discount': invoice.global_discount > 0,
        shipping: invoice.shipping > 0,
        rounding: invoice.rounding_adjustment !== 0,
        '100 lines': invoice.items.length === 100,
        partial: invoice.status === 'partial',
      })[feature]);
      assert.ok(has, `a fixture has ${feature}`);
    }
  });

  it('every fixture is valid against the OASIS UBL 2.1 Invoice schema', async () => {
    const verdicts = await validateSchema(built.map((b) => b.xml));
    verdicts.forEach((verdict, i) => assert.ok(verdict.valid, `${built[i]!.fixture.name}: ${verdict.errors.join('\n')}`));
  });

  it('EN 16931: no fatal rule fails for a fixture with the data the standard needs; the others fail exactly their documented rules', async () => {
    for (const { fixture, xml } of built) {
      const { fatal } = await checkRules(xml);
      const ids = [...new Set(fatal.map((f) => f.id))].sort();
      assert.deepEqual(ids, [...fixture.breaks].sort(), `${fixture.name}: ${fatal.map((f) => `${f.id} at ${f.location}: ${f.text}`).join('\n')}`);
    }
  });

  it('the document totals are the JSON totals to the cent', async () => {
    for (const { fixture, invoice, xml } of built) {
      const ubl = await readUbl(xml);
      const total = (name: string) => ubl.value(`/inv:Invoice/cac:LegalMonetaryTotal/cbc:${name}`);
      const num = (text: string | undefined) => (text === undefined ? 0 : Number(text));
      const where = fixture.name;
      assert.equal(num(total('PayableAmount')), invoice.balance_due, `${where}: PayableAmount = balance_due`);
      assert.equal(num(total('TaxInclusiveAmount')), Math.round((invoice.grand_total - invoice.rounding_adjustment) * 100) / 100, `${where}: TaxInclusiveAmount = grand total before rounding`);
      assert.equal(num(total('PrepaidAmount')), invoice.amount_paid, `${where}: PrepaidAmount = amount_paid`);
      assert.equal(num(total('PayableRoundingAmount')), invoice.rounding_adjustment, `${where}: PayableRoundingAmount = rounding_adjustment`);
      assert.equal(num(total('ChargeTotalAmount')), invoice.shipping, `${where}: ChargeTotalAmount = shipping`);
      assert.equal(num(ubl.value('/inv:Invoice/cac:TaxTotal/cbc:TaxAmount')), invoice.total_tax, `${where}: TaxTotal = total_tax`);
      assert.equal(ubl.value('/inv:Invoice/cbc:DocumentCurrencyCode'), invoice.currency);
      assert.equal(ubl.values('/inv:Invoice/cac:InvoiceLine').length, invoice.items.length, `${where}: one InvoiceLine per item`);
      if (!invoice.tax_inclusive) {
        assert.equal(num(total('LineExtensionAmount')), invoice.subtotal, `${where}: LineExtensionAmount = subtotal`);
        assert.equal(num(total('AllowanceTotalAmount')), invoice.global_discount, `${where}: AllowanceTotalAmount = global_discount`);
        const lines = ubl.values('/inv:Invoice/cac:InvoiceLine/cbc:LineExtensionAmount').map(Number);
        assert.deepEqual(lines, invoice.items.map((item) => item.line_total), `${where}: line amounts`);
      }
      const minor = invoice.currency === 'JPY' || invoice.currency === 'KRW' ? 0 : 2;
      for (const amount of ubl.values('//*[@currencyID and not(self::cbc:PriceAmount)]')) {
        assert.match(amount, minor === 0 ? /^-?\d+$/ : /^-?\d+\.\d{2}$/, `${where}: ${amount} has the currency's minor units (D12)`);
      }
    }
  });

  it('a tax-inclusive invoice is given in net amounts, and net plus tax is the gross total', async () => {
    const { invoice, xml } = built.find((b) => b.fixture.name.startsWith('tax-inclusive'))!;
    const ubl = await readUbl(xml);
    const lineNets = ubl.values('/inv:Invoice/cac:InvoiceLine/cbc:LineExtensionAmount').map(Number);
    lineNets.forEach((net, i) => assert.ok(net < invoice.items[i]!.line_total, `line ${i + 1}: net ${net} < gross ${invoice.items[i]!.line_total}`));
    const taxExclusive = Number(ubl.value('/inv:Invoice/cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount'));
    assert.equal(Math.round((taxExclusive + invoice.total_tax) * 100), Math.round((invoice.grand_total - invoice.rounding_adjustment) * 100));
  });

  it('several tax components on a line become one standard-rated category at their combined rate', async () => {
    const { xml } = built.find((b) => b.fixture.name.startsWith('multi-component'))!;
    const ubl = await readUbl(xml);
    assert.deepEqual(ubl.values('/inv:Invoice/cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent'), ['18', '18', '18']);
    assert.deepEqual(ubl.values('//cac:TaxSubtotal/cac:TaxCategory/cbc:Name'), ['CGST 9 % + SGST 9 % + IGST 18 %']);
  });

  it('an invoice without any tax is not subject to VAT and carries no VAT numbers (BR-O-02)', async () => {
    const { xml } = built.find((b) => b.fixture.name.startsWith('no tax at all'))!;
    const ubl = await readUbl(xml);
    assert.deepEqual([...new Set(ubl.values('(//cac:ClassifiedTaxCategory/cbc:ID, //cac:TaxCategory/cbc:ID)'))], ['O']);
    assert.deepEqual(ubl.values('//cac:PartyTaxScheme/cac:TaxScheme/cbc:ID'), ['TAX']);
    assert.equal(ubl.value('//cac:AccountingCustomerParty//cac:PartyIdentification/cbc:ID'), '98-7654321', 'the buyer\'s number is kept');
  });

  it('characters XML must escape come back exactly as sent', async () => {
    const { fixture, xml } = built.find((b) => b.fixture.name === 'characters that need escaping')!;
    const ubl = await readUbl(xml);
    assert.equal(ubl.value('//cac:AccountingSupplierParty//cac:PartyName/cbc:Name'), fixture.request.from.name);
    assert.equal(ubl.value('//cac:AccountingCustomerParty//cac:PartyName/cbc:Name'), fixture.request.to.name);
    assert.equal(ubl.value('/inv:Invoice/cac:InvoiceLine[1]/cac:Item/cbc:Name'), fixture.request.items[0].description);
    assert.equal(ubl.value('/inv:Invoice/cbc:Note[1]'), fixture.request.notes);
    assert.equal(ubl.value('/inv:Invoice/cbc:BuyerReference'), fixture.request.invoice.po_number);
    assert.equal(ubl.value('//cbc:PaymentMeansCode/@name'), fixture.request.payment.method_note, 'attributes too');
    assert.ok(!xml.includes('<script>'), 'no markup from the request reaches the document');
  });

  it('control characters XML cannot carry are dropped; a lone surrogate becomes U+FFFD', async () => {
    const { xml } = built.find((b) => b.fixture.name === 'control and invalid characters')!;
    const ubl = await readUbl(xml);
    assert.equal(ubl.value('/inv:Invoice/cac:InvoiceLine[1]/cac:Item/cbc:Name'), 'Bell null escape tab\tend');
    assert.equal(ubl.value('/inv:Invoice/cbc:Note[1]'), 'Form feed here, lone surrogate \uFFFD there, non-character  gone');
    assert.equal(ubl.value('//cac:AccountingCustomerParty//cac:PartyName/cbc:Name'), 'Verticaltab GmbH');
  });

  it('is deterministic: the same invoice gives the same bytes', () => {
    for (const { invoice, xml } of built.slice(0, 5)) assert.equal(buildUblInvoice(structuredClone(invoice), breakdowns.get(invoice)), xml);
  });

  it('maps every known unit label to a code the EN 16931 code list accepts (BR-CL-23)', async () => {
    const labels = Object.keys(UNIT_CODES);
    const request: Record<string, any> = { ...UBL_FIXTURES[0]!.request, items: [] };
    delete request.global_discount;
    delete request.global_discount_type;
    const xmls: string[] = [];
    for (let start = 0; start < labels.length; start += 100) {
      request.items = labels.slice(start, start + 100).map((unit) => ({ description: `unit ${unit}`, quantity: 1, unit, unit_price: 1, tax_rate: 19 }));
      xmls.push(buildUblInvoice(compute(request)));
    }
    for (const xml of xmls) {
      const { fatal } = await checkRules(xml);
      assert.deepEqual(fatal.map((f) => `${f.id}: ${f.text}`), []);
      const codes = (await readUbl(xml)).values('//cbc:InvoicedQuantity/@unitCode');
      assert.ok(codes.every((code) => code !== ''), 'every line has a unit code');
    }
    const unknown = buildUblInvoice(compute({ ...request, items: [{ description: 'x', unit: 'widgets', unit_price: 1 }] }));
    assert.deepEqual((await readUbl(unknown)).values('//cbc:InvoicedQuantity/@unitCode'), ['C62'], 'an unknown label is C62, "one"');
  });
});
