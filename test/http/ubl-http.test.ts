import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../src/errors/app-error.ts';
import { statusOf } from '../../src/errors/error-codes.ts';
import { computeInvoice } from '../../src/domain/invoice/compute-invoice.ts';
import type { Invoice } from '../../src/domain/invoice/invoice-schema.ts';
import type { InvoiceRequest } from '../../src/domain/invoice/invoice-request-schema.ts';
import { kindFor } from '../../src/domain/documents/kind-for.ts';
import { exactInvoiceOfStored } from '../../src/domain/invoice/exact-invoice-of-stored.ts';
import { computeVatBreakdown } from '../../src/domain/invoice/vat-breakdown.ts';
import { makeEInvoiceXml } from '../../src/use-cases/documents/document-makers.ts';
import { bearer, body, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';
import { validateSchema } from '../helpers/check-einvoice.ts';
import { readUbl } from '../helpers/read-ubl.ts';
import { UBL_FIXTURES } from '../helpers/ubl-fixtures.ts';

/** The fixtures with every datum EN 16931 needs; the others are refused by the pre-flight (D39). */
const COMPLETE = UBL_FIXTURES.filter((f) => f.breaks.length === 0);

describe('output ubl over HTTP', () => {
  let ctx: AccountsApp;
  let key: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    key = bearer((await signUpWithKey(ctx, 'ubl')).apiKey);
  });
  after(async () => ctx.close());

  it('answers UBL 2.1 Invoice XML whose totals are the JSON totals of the same request', async () => {
    for (const fixture of COMPLETE.filter((_, i) => i % 4 === 0)) {
      const json = await generateInvoice(ctx.app, { ...fixture.request, output: 'json' }, key);
      assert.equal(json.statusCode, 200, json.body);
      const invoice = body(json).invoice;
      const res = await generateInvoice(ctx.app, { ...fixture.request, output: 'ubl' }, key);
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8');
      assert.equal(res.headers['content-disposition'], 'attachment; filename="invoice.xml"');
      const ubl = await readUbl(res.body);
      const where = fixture.name;
      assert.equal(ubl.value('/inv:Invoice/cbc:ID'), invoice.number, where);
      assert.equal(Number(ubl.value('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount')), invoice.balance_due, where);
      assert.equal(Number(ubl.value('/inv:Invoice/cac:TaxTotal/cbc:TaxAmount')), invoice.total_tax, where);
      assert.equal(Number(ubl.value('/inv:Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')), Math.round((invoice.grand_total - invoice.rounding_adjustment) * 100) / 100, where);
      assert.deepEqual(await validateSchema([res.body]), [{ valid: true, errors: [] }], where);
    }
  });

  it('an account\'s generated number is the document\'s ID', async () => {
    const request = structuredClone(COMPLETE.at(-1)!.request);
    delete request.invoice.number;
    const res = await generateInvoice(ctx.app, { ...request, output: 'ubl' }, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.match((await readUbl(res.body)).value('/inv:Invoice/cbc:ID')!, /^INV-2026-\d{5}$/);
  });

  it('anonymous callers get 403 auth_required', async () => {
    const res = await generateInvoice(ctx.app, { ...UBL_FIXTURES[0]!.request, output: 'ubl' });
    assert.equal(res.statusCode, 403);
    assert.equal(body(res).error.code, 'auth_required');
    assert.match(body(res).error.message as string, /output "ubl" needs an API key/);
  });

  it('a country code that is not ISO 3166-1 is a 400 naming the field', async () => {
    for (const [edit, field] of [
      [(r: any) => { r.from.country = 'XX'; }, 'from.country'],
      [(r: any) => { r.to.country = 'de'; }, 'to.country'],
      [(r: any) => { r.ship_to = { name: 'Depot', country: 'ZZ' }; }, 'ship_to.country'],
    ] as const) {
      const request = structuredClone(UBL_FIXTURES[0]!.request);
      edit(request);
      const res = await generateInvoice(ctx.app, { ...request, output: 'ubl' }, key);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(body(res).error.code, 'validation_error');
      assert.match(body(res).error.message as string, new RegExp(field.replace('.', '\\.')));
    }
  });
});

describe('output "ubl" without a profile keeps the interface\'s promise: UBL 2.1 for any request', () => {
  let ctx: AccountsApp;
  let key: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    key = bearer((await signUpWithKey(ctx, 'plain-ubl')).apiKey);
  });
  after(async () => ctx.close());

  /** A request as the original interface allowed it: free-text addresses, no countries, no tax number. */
  const interfaceRequest = () => ({
    from: { name: 'Acme Ltd', address: '1 Main Street\nSpringfield', email: 'billing@acme.example' },
    to: { name: 'Client Inc', address: '9 Side Road\nShelbyville' },
    invoice: { number: 'A-1', date: '2026-11-02', currency: 'USD' },
    notes: 'Thank you',
    items: [{ description: 'Consulting', quantity: 2, unit_price: 150, tax_rate: 10 }],
  });

  it('lacking what EN 16931 needs: 200, a UBL 2.1 document the schema accepts, no EN 16931 CustomizationID, X-Warnings: not_en16931', async () => {
    const res = await generateInvoice(ctx.app, { ...interfaceRequest(), output: 'ubl' }, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    assert.equal(res.headers['x-warnings'], 'not_en16931');
    assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8');
    const ubl = await readUbl(res.body);
    assert.equal(ubl.value('/inv:Invoice/cbc:UBLVersionID'), '2.1');
    assert.equal(ubl.value('/inv:Invoice/cbc:CustomizationID'), undefined, 'claims no conformance it lacks');
    assert.equal(ubl.value('/inv:Invoice/cbc:ProfileID'), undefined);
    assert.equal(ubl.value('/inv:Invoice/cbc:ID'), 'A-1');
    assert.equal(Number(ubl.value('/inv:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount')), 330);
    assert.deepEqual(await validateSchema([res.body]), [{ valid: true, errors: [] }]);
  });

  it('with a profile sent, en16931 included, the same request is 400 e_invoice_incomplete naming the fields', async () => {
    for (const profile of ['en16931', 'peppol', 'xrechnung']) {
      const res = await generateInvoice(ctx.app, { ...interfaceRequest(), output: 'ubl', profile }, key);
      assert.equal(res.statusCode, 400, `${profile}: ${res.body}`);
      assert.equal(body(res).error.code, 'e_invoice_incomplete');
      assert.ok((body(res).error.problems as Array<{ field: string }>).some((p) => p.field === 'from.country'), profile);
    }
  });

  it('CII and the hybrid PDF have no such fallback: without a profile they are 400 e_invoice_incomplete', async () => {
    for (const pairing of [{ output: 'cii' }, { output: 'pdf', profile: 'factur-x' }]) {
      const res = await generateInvoice(ctx.app, { ...interfaceRequest(), ...pairing }, key);
      assert.equal(res.statusCode, 400, `${JSON.stringify(pairing)}: ${res.body}`);
      assert.equal(body(res).error.code, 'e_invoice_incomplete');
    }
  });

  it('with what EN 16931 needs and no profile, the document is EN 16931 and nothing is said', async () => {
    const request = COMPLETE[0]!.request;
    const res = await generateInvoice(ctx.app, { ...request, output: 'ubl' }, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.equal(res.headers['x-warnings'], undefined);
    assert.equal((await readUbl(res.body)).value('/inv:Invoice/cbc:CustomizationID'), 'urn:cen.eu:en16931:2017');
  });

  it('a batch item is answered as a single generation is: its JSON result carries the warning with what EN 16931 lacks', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/batch', payload: { invoices: [{ ...interfaceRequest(), output: 'ubl' }, { ...interfaceRequest(), output: 'ubl', profile: 'en16931' }] }, headers: key });
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const [plain, profiled] = body(res).results as Json[];
    assert.equal(plain!.success, true, JSON.stringify(plain));
    assert.deepEqual(plain!.warnings.map((w: Json) => w.code), ['not_en16931']);
    assert.match(plain!.warnings[0].message, /from\.country \(BT-40\)/);
    assert.equal(profiled!.success, false);
    assert.equal(profiled!.error.code, 'e_invoice_incomplete');
  });

  it('a name with nothing an XML document can carry is refused even so, naming it', async () => {
    const request = interfaceRequest();
    request.to.name = '\u0001\u0002';
    const res = await generateInvoice(ctx.app, { ...request, output: 'ubl' }, key);
    assert.equal(res.statusCode, 400, res.body);
    assert.match(body(res).error.message as string, /to\.name/);
  });
});

describe('a UBL build that fails is ubl_error without internals', () => {
  // The UBL maker's two steps around numbering (D15), as the generation calls them, on the
  // breakdown of the invoice as given (a broken one does not add up).
  const prepareInvoiceUbl = (invoice: Invoice, onFailure: (reason: string) => void) => {
    const { write } = makeEInvoiceXml(kindFor('ubl', undefined), { invoice, breakdown: () => computeVatBreakdown(exactInvoiceOfStored(invoice)) }, { pdfRenderer: () => assert.fail('UBL never renders a PDF'), onFailure })!;
    return (numbered: Invoice) => write({ invoice: numbered, images: {}, qr: undefined });
  };
  const invoice = computeInvoice(UBL_FIXTURES[0]!.request as InvoiceRequest, { today: '2026-11-21', number: 'X-1' });

  it('fails before numbering when the amounts do not add up, and tells the log why', () => {
    const reasons: string[] = [];
    const broken = { ...invoice, total_tax: invoice.total_tax + 1 };
    assert.throws(() => prepareInvoiceUbl(broken, (reason) => reasons.push(reason)), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.code, 'ubl_error');
      assert.equal(statusOf(error.code, error.variant), 500);
      assert.doesNotMatch(error.message, /total|tax-inclusive|grand/i, 'no internals in the message');
      return true;
    });
    assert.equal(reasons.length, 1);
    // The amounts are checked against the JSON's: its tax lines and totals.
    assert.match(reasons[0]!, /do not add up|do not fall into the VAT categories/);
  });

  it('writes the document with the number drawn afterwards', async () => {
    const write = prepareInvoiceUbl(invoice, () => assert.fail('no failure expected'));
    const xml = await write({ ...invoice, number: 'INV-2026-00077' }) as string;
    assert.equal((await readUbl(xml)).value('/inv:Invoice/cbc:ID'), 'INV-2026-00077');
  });
});
