import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearer, body, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';
import { EINVOICE_FIXTURES, german } from '../helpers/einvoice-fixtures.ts';
import { readUbl } from '../helpers/read-ubl.ts';

/** Minor units of a decimal text or number, so totals compare as integers. */
const cents = (value: string | number | undefined, digits: number) => Math.round(Number(value ?? 0) * 10 ** digits);

describe('e-invoices over HTTP', () => {
  let ctx: AccountsApp;
  let key: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    key = bearer((await signUpWithKey(ctx, 'einvoice')).apiKey);
  });
  after(async () => ctx.close());

  it('UBL and CII totals (BT-106 … BT-115) equal the JSON totals of the same request, for every fixture and profile', async () => {
    for (const fixture of EINVOICE_FIXTURES) {
      for (const profile of new Set(fixture.pairings.map((p) => p.profile))) {
        const where = `${fixture.name} (${profile})`;
        const json = await generateInvoice(ctx.app, { ...fixture.request, output: 'json', profile }, key);
        assert.equal(json.statusCode, 200, `${where}: ${json.body}`);
        const invoice = body(json).invoice as Json;
        const digits = invoice.currency === 'JPY' || invoice.currency === 'KRW' ? 0 : 2;
        const ubl = fixture.pairings.some((p) => p.output === 'ubl' && p.profile === profile)
          ? await readUbl((await generateInvoice(ctx.app, { ...fixture.request, output: 'ubl', profile }, key)).body) : undefined;
        const cii = fixture.pairings.some((p) => p.output === 'cii' && p.profile === profile)
          ? await readUbl((await generateInvoice(ctx.app, { ...fixture.request, output: 'cii', profile }, key)).body) : undefined;
        const root = invoice.document_type === 'credit_note' ? 'cn:CreditNote' : 'inv:Invoice';
        const sum = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation';
        // BT-109 + BT-110 = BT-112; BT-112 + BT-114 = grand_total; BT-112 − BT-113 + BT-114 = BT-115.
        const expected = {
          BT107: cents(invoice.allowance_total, digits) + cents(invoice.global_discount, digits),
          BT108: cents(invoice.charge_total, digits) + (invoice.shipping > 0 ? cents(invoice.shipping, digits) : 0),
          BT110: cents(invoice.total_tax, digits),
          BT112: cents(invoice.grand_total, digits) - cents(invoice.rounding_adjustment, digits),
          BT113: cents(invoice.amount_paid, digits),
          BT114: cents(invoice.rounding_adjustment, digits),
          BT115: cents(invoice.balance_due, digits),
        };
        if (ubl !== undefined) {
          const total = (name: string) => cents(ubl.value(`/${root}/cac:LegalMonetaryTotal/cbc:${name}`), digits);
          assert.equal(total('TaxInclusiveAmount'), expected.BT112, `${where} UBL BT-112`);
          assert.equal(cents(ubl.value(`/${root}/cac:TaxTotal/cbc:TaxAmount`), digits), expected.BT110, `${where} UBL BT-110`);
          assert.equal(total('PayableAmount'), expected.BT115, `${where} UBL BT-115`);
          assert.equal(total('PrepaidAmount'), expected.BT113, `${where} UBL BT-113`);
          assert.equal(total('PayableRoundingAmount'), expected.BT114, `${where} UBL BT-114`);
          if (!invoice.tax_inclusive) {
            assert.equal(total('AllowanceTotalAmount'), expected.BT107, `${where} UBL BT-107`);
            assert.equal(total('ChargeTotalAmount'), expected.BT108, `${where} UBL BT-108`);
          }
          assert.equal(total('TaxExclusiveAmount') + expected.BT110, expected.BT112, `${where} UBL BT-109`);
          assert.equal(total('LineExtensionAmount') - total('AllowanceTotalAmount') + total('ChargeTotalAmount'), total('TaxExclusiveAmount'), `${where} UBL BT-106`);
        }
        if (cii !== undefined) {
          const total = (name: string) => cents(cii.value(`${sum}/ram:${name}`), digits);
          assert.equal(total('GrandTotalAmount'), expected.BT112, `${where} CII BT-112`);
          assert.equal(total('TaxTotalAmount'), expected.BT110, `${where} CII BT-110`);
          assert.equal(total('DuePayableAmount'), expected.BT115, `${where} CII BT-115`);
          assert.equal(total('TotalPrepaidAmount'), expected.BT113, `${where} CII BT-113`);
          assert.equal(total('RoundingAmount'), expected.BT114, `${where} CII BT-114`);
          if (ubl !== undefined) {
            for (const [c, u] of [['LineTotalAmount', 'LineExtensionAmount'], ['AllowanceTotalAmount', 'AllowanceTotalAmount'], ['ChargeTotalAmount', 'ChargeTotalAmount'], ['TaxBasisTotalAmount', 'TaxExclusiveAmount']] as const) {
              assert.equal(total(c), cents(ubl.value(`/${root}/cac:LegalMonetaryTotal/cbc:${u}`), digits), `${where}: CII ${c} = UBL ${u}`);
            }
          }
        }
      }
    }
  });

  it('the pre-flight names every missing field, and a refused request draws no number and costs nothing', async () => {
    const account = await signUpWithKey(ctx, 'preflight');
    const auth = bearer(account.apiKey);
    const incomplete = german();
    delete incomplete.invoice.number;
    delete incomplete.from.contact;
    delete incomplete.from.phone;
    delete incomplete.invoice.buyer_reference;
    delete incomplete.invoice.po_number;
    delete incomplete.payment;
    const usageOf = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/usage', headers: auth });
      assert.equal(res.statusCode, 200, res.body);
      return body(res).usage as Json;
    };
    const usageBefore = await usageOf();
    assert.ok(usageBefore !== undefined);
    for (const output of ['ubl', 'cii', 'json'] as const) {
      const res = await generateInvoice(ctx.app, { ...incomplete, output, profile: 'xrechnung' }, auth);
      assert.equal(res.statusCode, 400, res.body);
      const error = body(res).error;
      assert.equal(error.code, 'e_invoice_incomplete');
      const named = (error.problems as Json[]).map((p) => `${p.field} ${p.term}`);
      assert.deepEqual(named.sort(), ['from.contact.name BT-41', 'from.contact.phone BT-42', 'invoice.buyer_reference BT-10', 'payment BG-16'].sort(), output);
      for (const p of error.problems as Json[]) assert.ok((error.message as string).includes(p.field), `the message names ${p.field}`);
    }
    assert.deepEqual(await usageOf(), usageBefore, 'nothing metered');
    const complete = german();
    delete complete.invoice.number;
    const first = await generateInvoice(ctx.app, { ...complete, output: 'ubl', profile: 'xrechnung' }, auth);
    assert.equal(first.statusCode, 200, first.body);
    assert.match((await readUbl(first.body)).value('/inv:Invoice/cbc:ID')!, /^INV-2026-00001$/, 'the refused requests drew no number');
  });

  it('a pairing that does not exist is 400 invalid_profile; an anonymous caller may ask the json pre-flight', async () => {
    const res = await generateInvoice(ctx.app, { ...german(), output: 'cii', profile: 'peppol' }, key);
    assert.equal(res.statusCode, 400);
    assert.equal(body(res).error.code, 'invalid_profile');
    assert.match(body(res).error.message as string, /ubl: en16931, peppol, xrechnung; cii: en16931, xrechnung/);
    const pdf = await generateInvoice(ctx.app, { ...german(), output: 'pdf', profile: 'en16931' }, key);
    assert.equal(body(pdf).error.code, 'invalid_profile', 'a PDF takes the hybrid profiles factur-x and xrechnung only (D32, D40)');
    const anonymous = await generateInvoice(ctx.app, { ...german(), output: 'json', profile: 'peppol' });
    assert.equal(anonymous.statusCode, 200, anonymous.body);
    assert.equal(body(anonymous).invoice.profile, 'peppol');
    const refused = await generateInvoice(ctx.app, { ...german(), output: 'ubl', profile: 'peppol' });
    assert.equal(refused.statusCode, 403);
  });
});
