import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../src/errors/app-error.ts';
import { statusOf } from '../../src/errors/error-codes.ts';
import { computeInvoice } from '../../src/domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../../src/domain/invoice/invoice-request-schema.ts';
import { kindFor } from '../../src/domain/documents/kind-for.ts';
import { exactInvoiceOfStored } from '../../src/domain/invoice/exact-invoice-of-stored.ts';
import { computeVatBreakdown } from '../../src/domain/invoice/vat-breakdown.ts';
import { makeEInvoiceXml } from '../../src/use-cases/documents/document-makers.ts';
import { bearer, body, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { validateSchema } from '../helpers/check-einvoice.ts';
import { readUbl } from '../helpers/read-ubl.ts';
import { UBL_FIXTURES } from '../helpers/ubl-fixtures.ts';

/** The fixtures with every datum EN 16931 needs; the others are refused by the pre-flight (D39). */
const COMPLETE = UBL_FIXTURES.filter((f) => f.breaks.length === 0);

const SUMMATION = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation';
const UBL_TOTAL = '/inv:Invoice/cac:LegalMonetaryTotal';

/** An amount that is absent reads as 0, as EN 16931 has it for the optional totals. */
const amountAt = (doc: { value: (xpath: string) => string | undefined }, xpath: string) => Number(doc.value(xpath) ?? '0');

describe('output cii over HTTP (D32)', () => {
  let ctx: AccountsApp;
  let key: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    key = bearer((await signUpWithKey(ctx, 'cii')).apiKey);
  });
  after(async () => ctx.close());

  it('answers CII D16B whose totals BT-106…BT-115 are the JSON totals and the UBL totals of the same request', async () => {
    const fixtures = COMPLETE.filter((_, i) => i % 3 === 0);
    const documents: string[] = [];
    for (const fixture of fixtures) {
      const where = fixture.name;
      const json = await generateInvoice(ctx.app, { ...fixture.request, output: 'json' }, key);
      assert.equal(json.statusCode, 200, json.body);
      const invoice = body(json).invoice;
      const res = await generateInvoice(ctx.app, { ...fixture.request, output: 'cii' }, key);
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8');
      assert.equal(res.headers['content-disposition'], 'attachment; filename="invoice.xml"');
      documents.push(res.body);
      const cii = await readUbl(res.body);
      const ubl = await readUbl((await generateInvoice(ctx.app, { ...fixture.request, output: 'ubl' }, key)).body);
      assert.equal(cii.value('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID'), invoice.number, where);
      assert.equal(cii.value('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:TypeCode'), '380', where);
      assert.equal(cii.value('//ram:IssueDateTime/udt:DateTimeString'), invoice.date.replaceAll('-', ''), where);
      assert.equal(cii.value('//ram:InvoiceCurrencyCode'), invoice.currency, where);
      // The JSON's own totals: BT-110 tax, BT-112 before rounding, BT-113 paid, BT-114 rounding, BT-115 due.
      assert.equal(amountAt(cii, `${SUMMATION}/ram:TaxTotalAmount`), invoice.total_tax, where);
      assert.equal(cii.value(`${SUMMATION}/ram:TaxTotalAmount/@currencyID`), invoice.currency, where);
      assert.equal(amountAt(cii, `${SUMMATION}/ram:TotalPrepaidAmount`), invoice.amount_paid, where);
      assert.equal(amountAt(cii, `${SUMMATION}/ram:RoundingAmount`), invoice.rounding_adjustment, where);
      assert.equal(amountAt(cii, `${SUMMATION}/ram:DuePayableAmount`), invoice.balance_due, where);
      assert.equal(Math.round((amountAt(cii, `${SUMMATION}/ram:GrandTotalAmount`) + invoice.rounding_adjustment) * 100) / 100, invoice.grand_total, where);
      // Net of the lines and of the document (BT-106, BT-109) are the UBL's: one semantic invoice.
      for (const [ciiName, ublName] of [
        ['LineTotalAmount', 'LineExtensionAmount'], ['AllowanceTotalAmount', 'AllowanceTotalAmount'],
        ['ChargeTotalAmount', 'ChargeTotalAmount'], ['TaxBasisTotalAmount', 'TaxExclusiveAmount'],
        ['GrandTotalAmount', 'TaxInclusiveAmount'], ['DuePayableAmount', 'PayableAmount'],
      ] as const) {
        assert.equal(amountAt(cii, `${SUMMATION}/ram:${ciiName}`), amountAt(ubl, `${UBL_TOTAL}/cbc:${ublName}`), `${where}: ${ciiName}`);
      }
      // BT-106 = Σ BT-131, and the breakdown adds up to BT-110.
      const lineSum = cii.values('//ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount').reduce((a, v) => a + Math.round(Number(v) * 100), 0);
      assert.equal(lineSum, Math.round(amountAt(cii, `${SUMMATION}/ram:LineTotalAmount`) * 100), where);
      const taxSum = cii.values('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:CalculatedAmount')
        .reduce((a, v) => a + Math.round(Number(v) * 100), 0);
      assert.equal(taxSum, Math.round(invoice.total_tax * 100), where);
    }
    const verdicts = await validateSchema(documents);
    verdicts.forEach((verdict, i) => assert.deepEqual(verdict, { valid: true, errors: [] }, fixtures[i]!.name));
  });

  it('an account\'s generated number is the document\'s ID, and the same request gives the same bytes', async () => {
    const request = structuredClone(COMPLETE.at(-1)!.request);
    delete request.invoice.number;
    const res = await generateInvoice(ctx.app, { ...request, output: 'cii' }, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const id = (await readUbl(res.body)).value('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID')!;
    assert.match(id, /^INV-2026-\d{5}$/);
    const again = await generateInvoice(ctx.app, { ...request, output: 'cii', invoice: { ...request.invoice, number: id } }, key);
    assert.equal(again.body, res.body);
  });

  it('anonymous callers get 403 auth_required', async () => {
    const res = await generateInvoice(ctx.app, { ...UBL_FIXTURES[0]!.request, output: 'cii' });
    assert.equal(res.statusCode, 403);
    assert.equal(body(res).error.code, 'auth_required');
    assert.match(body(res).error.message as string, /output "cii" needs an API key/);
  });

  it('an unknown output names the four there are', async () => {
    const res = await generateInvoice(ctx.app, { ...UBL_FIXTURES[0]!.request, output: 'xml' }, key);
    assert.equal(res.statusCode, 400);
    assert.equal(body(res).error.code, 'invalid_output');
    assert.match(body(res).error.message as string, /json.*pdf.*ubl.*cii/);
  });
});

describe('a CII build that fails is cii_error without internals', () => {
  const invoice = computeInvoice(UBL_FIXTURES[0]!.request as InvoiceRequest, { today: '2026-11-21', number: 'X-1' });

  it('fails before numbering when the amounts do not add up, and tells the log why', () => {
    const reasons: string[] = [];
    const broken = { ...invoice, total_tax: invoice.total_tax + 1 };
    assert.throws(() => makeEInvoiceXml(kindFor('cii', undefined), { invoice: broken, breakdown: () => computeVatBreakdown(exactInvoiceOfStored(broken)) }, { pdfRenderer: () => assert.fail('CII never renders a PDF'), onFailure: (r) => reasons.push(r) }), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.code, 'cii_error');
      assert.equal(statusOf(error.code, error.variant), 500);
      assert.doesNotMatch(error.message, /total|tax-inclusive|grand/i, 'no internals in the message');
      return true;
    });
    assert.match(reasons.join(), /do not add up|do not fall into the VAT categories/);
  });
});
