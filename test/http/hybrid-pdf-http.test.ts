import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { LANGUAGES, TEMPLATES } from '../../src/domain/invoice/catalog.ts';
import { bearer, body, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';
import { assertHybridPdf } from '../helpers/assert-hybrid-pdf.ts';
import { german } from '../helpers/einvoice-fixtures.ts';
import { JPEG_7X5, JPEG_8X6_CMYK, PNG_3X2 } from '../helpers/image-bytes.ts';
import { pdfAttachments, qpdfCheck } from '../helpers/pdf-tools.ts';
import { readPdf } from '../helpers/read-pdf.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/start-webhook-receiver.ts';
import { ALLOW_LOCALHOST, parsed, webhookFor } from '../helpers/webhook-helpers.ts';

type Hybrid = 'factur-x' | 'xrechnung';
/** D40: the CII profile whose answer a hybrid carries. */
const CII_PROFILE: Readonly<Record<Hybrid, string>> = { 'factur-x': 'en16931', xrechnung: 'xrechnung' };
const FILE_NAME = { 'factur-x': 'factur-x.xml', xrechnung: 'xrechnung.xml' } as const;

/** A credit note of the German fixture (D33). */
const creditNote = (): Json => german({ document_type: 'credit_note', billing_reference: { number: 'RE-2026-0001', date: '2026-11-02' } });
/** german() with some invoice fields replaced. */
const germanWith = (invoice: Json): Json => {
  const request = german();
  return { ...request, invoice: { ...request.invoice, ...invoice } };
};
/** Without a hosted link the PDF has nothing random in it (the link's id and its QR). */
const noLink = (request: Json): Json => ({ ...request, features: { ...request.features, hosted_link: false } });

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
const openLink = (app: FastifyInstance, url: string): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url: pathOf(url) });

describe('hybrid PDFs: Factur-X / ZUGFeRD (D40)', () => {
  let ctx: AccountsApp;
  let auth: Record<string, string>;
  let receiver: WebhookReceiver;
  const generate = (request: Json, headers: Record<string, string> = {}) => generateInvoice(ctx.app, request, { ...auth, ...headers });
  const ciiOf = async (request: Json, hybrid: Hybrid): Promise<string> => {
    const res = await generate({ ...request, output: 'cii', profile: CII_PROFILE[hybrid] });
    assert.equal(res.statusCode, 200, res.body);
    return res.body;
  };
  const hybridOf = async (request: Json, hybrid: Hybrid, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> => {
    const res = await generate({ ...request, output: 'pdf', profile: hybrid }, headers);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    return res;
  };
  const usage = async (): Promise<Json> => body(await ctx.app.inject({ method: 'GET', url: '/api/auth/usage', headers: auth })).usage as Json;

  before(async () => {
    receiver = await startWebhookReceiver();
    ctx = await startAccountsApp({ env: ALLOW_LOCALHOST });
    const { apiKey } = await signUpWithKey(ctx, 'hybrid');
    auth = bearer(apiKey);
    await webhookFor(ctx.app, apiKey, receiver.url, ['invoice.generated']);
  });
  after(async () => {
    await ctx.close();
    await receiver.close();
  });

  it('factur-x and xrechnung, invoice and credit note: PDF/A-3b carrying the CII answer byte for byte, which passes its profile\'s schema and rules', async () => {
    for (const hybrid of ['factur-x', 'xrechnung'] as const) {
      for (const [kind, request] of [['invoice', noLink(german())], ['credit note', noLink(creditNote())]] as const) {
        const res = await hybridOf(request, hybrid);
        assert.equal(res.headers['content-type'], 'application/pdf');
        assert.match(String(res.headers['content-disposition']), /filename="invoice\.pdf"/);
        await assertHybridPdf(res.rawPayload, { fileName: FILE_NAME[hybrid], cii: await ciiOf(request, hybrid), date: request.invoice.date, rules: true }, `${hybrid} ${kind}`);
      }
    }
  });

  it('every template and language makes a valid hybrid, both profiles, invoices and credit notes', async () => {
    let index = 0;
    for (const template of TEMPLATES) {
      for (const language of LANGUAGES) {
        const hybrid: Hybrid = index % 2 === 0 ? 'factur-x' : 'xrechnung';
        const base = index % 3 === 0 ? creditNote() : german();
        const request = noLink({ ...base, template, language });
        const res = await hybridOf(request, hybrid);
        await assertHybridPdf(res.rawPayload, { fileName: FILE_NAME[hybrid], cii: await ciiOf(request, hybrid), date: request.invoice.date }, `${template}/${language}/${hybrid}`);
        index += 1;
      }
    }
  });

  it('a logo with transparency, a JPEG signature and the payment QR keep it PDF/A-3b', async () => {
    const request = noLink(german({ signature: `data:image/jpeg;base64,${JPEG_7X5.toString('base64')}` }));
    request.from = { ...request.from, logo: `data:image/png;base64,${PNG_3X2.toString('base64')}` };
    request.payment = { ...request.payment, qr: { type: 'sepa' } };
    const res = await hybridOf(request, 'factur-x');
    await assertHybridPdf(res.rawPayload, { fileName: 'factur-x.xml', cii: await ciiOf(request, 'factur-x') }, 'logo, signature, QR');
  });

  it('a CMYK JPEG logo or signature, which PDF/A in sRGB cannot show, is a 400 naming the field before a number is drawn; a plain PDF takes it', async () => {
    const before = await usage();
    const cmyk = `data:image/jpeg;base64,${JPEG_8X6_CMYK.toString('base64')}`;
    for (const [field, request] of [['from.logo', { ...german(), from: { ...german().from, logo: cmyk } }], ['signature', { ...german(), signature: cmyk }]] as const) {
      const res = await generate({ ...noLink(request), output: 'pdf', profile: 'xrechnung' });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(body(res).error.code, 'validation_error');
      assert.match(body(res).error.message as string, new RegExp(`^${field.replace('.', '\\.')} is a CMYK JPEG.*RGB JPEG or a PNG`));
    }
    // Images load after the burst windows admitted the request (docs/limits.md), so only the month is unchanged.
    assert.deepEqual((await usage()).monthly, before.monthly, 'nothing metered');
    const plain = await generate({ ...noLink({ ...german(), signature: cmyk }), output: 'pdf' });
    assert.equal(plain.statusCode, 200, 'a plain PDF prints a CMYK JPEG, as before');
  });

  it('a character the fonts lack (an emoji) prints as U+FFFD in the hybrid, which PDF/A cannot show otherwise; the CII keeps it as sent', async () => {
    const request = noLink(german());
    request.items[0].description = 'Beratung 😀 𝄞 \u{F8FF}';
    request.to = { ...request.to, name: 'Schön & Söhne KG 🚀' };
    const res = await hybridOf(request, 'factur-x');
    const xml = await assertHybridPdf(res.rawPayload, { fileName: 'factur-x.xml', cii: await ciiOf(request, 'factur-x'), rules: true }, 'emoji');
    assert.ok(xml.includes('Beratung 😀 𝄞 \u{F8FF}') && xml.includes('Söhne KG 🚀'), 'the e-invoice keeps the text as sent');
    const text = readPdf(res.rawPayload).text;
    assert.ok(text.includes('Beratung \ufffd \ufffd \ufffd'), `the printed copy shows U+FFFD: ${text.slice(0, 300)}`);
    const plain = await generate({ ...request, output: 'pdf' });
    assert.equal(plain.statusCode, 200, 'a plain PDF prints Typst\'s empty box, as before');
  });

  it('any text in a hybrid is answered 200 with a PDF qpdf accepts, never a 500 (random Unicode in the printed fields)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 20 }), async (description, note, name) => {
        const request = noLink(german({ notes: note }));
        request.items[0].description = description;
        request.to = { ...request.to, name };
        request.terms = `${note} ${name}`;
        const res = await generate({ ...request, output: 'pdf', profile: 'xrechnung' });
        assert.ok(res.statusCode === 200 || res.statusCode === 400, `${res.statusCode}: ${res.body.slice(0, 300)}`);
        if (res.statusCode === 200) assert.ok((await qpdfCheck(res.rawPayload)).ok);
      }),
      { numRuns: Number(process.env.HYBRID_FUZZ_RUNS ?? 60), seed: 22 },
    );
  });

  it('the same request gives the same bytes, dated by the invoice\'s issue date', async () => {
    for (const hybrid of ['factur-x', 'xrechnung'] as const) {
      const request = noLink(germanWith({ number: 'RE-REPRO-1', date: '2026-03-31', due_date: '2026-04-30' }));
      const first = await hybridOf(request, hybrid);
      const second = await hybridOf(request, hybrid);
      assert.ok(first.rawPayload.equals(second.rawPayload), `${hybrid}: two generations, one byte sequence`);
      assert.match(first.rawPayload.toString('latin1'), /\/CreationDate \(D:20260331000000Z\)/, 'the Info dictionary\'s date');
    }
    const plain = noLink(germanWith({ number: 'RE-REPRO-2', date: '2026-03-31', due_date: '2026-04-30' }));
    const [a, b] = [await generate({ ...plain, output: 'pdf' }), await generate({ ...plain, output: 'pdf' })];
    assert.ok(a.rawPayload.equals(b.rawPayload), 'a plain PDF is reproducible too');
  });

  it('the hosted link serves the generation\'s hybrid, and renders the same bytes again from its snapshot', async () => {
    const request = germanWith({ number: 'RE-LINK-1' });
    request.from = { ...request.from, logo: `data:image/png;base64,${PNG_3X2.toString('base64')}` };
    const res = await hybridOf(request, 'xrechnung');
    const url = String(res.headers['x-hosted-url'] ?? '');
    assert.match(url, /\/api\/i\//, 'the answer names its hosted link');
    const served = await openLink(ctx.app, url);
    assert.equal(served.statusCode, 200);
    assert.ok(served.rawPayload.equals(res.rawPayload), 'the kept bytes');
    const side = await ctx.sideDatabase();
    const id = new URL(url).pathname.split('/').pop()!;
    await side.db.updateTable('hosted_invoices').set({ pdf: null }).where('id', '=', id).execute();
    const rendered = await openLink(ctx.app, url);
    assert.ok(rendered.rawPayload.equals(res.rawPayload), 'rendered again from the snapshot: the same hybrid, byte for byte');
    // A snapshot stored before snapshots kept their request reads its amounts from its invoice.
    const kept = await side.db.selectFrom('hosted_invoices').select('request').where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(typeof kept.request, 'string', 'the snapshot keeps its request');
    assert.doesNotMatch(kept.request!, /data:image/, 'without its images');
    await side.db.updateTable('hosted_invoices').set({ pdf: null, request: null }).where('id', '=', id).execute();
    const legacy = await openLink(ctx.app, url);
    assert.ok(legacy.rawPayload.equals(res.rawPayload), 'a snapshot without its request: the same hybrid, byte for byte');
  });

  it('an invoice\'s profile decides its PDF: a factur-x JSON answer\'s and an xrechnung UBL answer\'s links are hybrids, an en16931 CII answer\'s is plain', async () => {
    const cases = [
      { output: 'json', profile: 'factur-x', fileName: 'factur-x.xml' },
      { output: 'ubl', profile: 'xrechnung', fileName: 'xrechnung.xml' },
      { output: 'cii', profile: 'en16931', fileName: undefined },
    ] as const;
    for (const { output, profile, fileName } of cases) {
      const request = german();
      delete request.invoice.number;
      const res = await generate({ ...request, output, profile });
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      const url = output === 'json' ? body(res).invoice.hosted_url as string : String(res.headers['x-hosted-url']);
      const pdf = (await openLink(ctx.app, url)).rawPayload;
      if (fileName === undefined) assert.deepEqual(await pdfAttachments(pdf), [], `${output}/${profile}: a plain PDF`);
      else await assertHybridPdf(pdf, { fileName }, `${output}/${profile} hosted link`);
    }
  });

  it('batch items: an item with a hybrid profile has a hybrid behind its link', async () => {
    const items: Json[] = [{ ...german(), output: 'pdf', profile: 'factur-x' }, { ...creditNote(), profile: 'xrechnung' }, { ...german() }];
    for (const item of items) delete item.invoice.number;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/batch', payload: { invoices: items }, headers: auth });
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const results = body(res).results as Json[];
    assert.deepEqual(results.map((r) => r.success), [true, true, true]);
    const pdfs = await Promise.all(results.map(async (r) => (await openLink(ctx.app, r.invoice.hosted_url)).rawPayload));
    await assertHybridPdf(pdfs[0]!, { fileName: 'factur-x.xml' }, 'batch item 0');
    await assertHybridPdf(pdfs[1]!, { fileName: 'xrechnung.xml' }, 'batch item 1 (credit note)');
    assert.deepEqual(await pdfAttachments(pdfs[2]!), [], 'batch item 2: no profile, a plain PDF');
  });

  it('an idempotent replay answers the first hybrid byte for byte (D23)', async () => {
    const request = german();
    delete request.invoice.number;
    const key = { 'idempotency-key': 'hybrid-replay-1' };
    const first = await hybridOf(request, 'factur-x', key);
    const replay = await hybridOf(request, 'factur-x', key);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.ok(replay.rawPayload.equals(first.rawPayload));
  });

  it('the invoice.generated event carries the profile; a hybrid is metered as one document and one PDF (D41)', async () => {
    const before = await usage();
    const request = german();
    delete request.invoice.number;
    await hybridOf(request, 'xrechnung');
    const after = await usage();
    assert.equal(after.monthly.documents_used - before.monthly.documents_used, 1);
    assert.equal(after.monthly.pdfs_used - before.monthly.pdfs_used, 1);
    await hybridOf(request, 'factur-x');
    const side = await ctx.sideDatabase();
    const events = await side.db.selectFrom('webhook_events').select(['type', 'body']).where('type', '=', 'invoice.generated').execute();
    const profiles = events.map((event) => (JSON.parse(event.body ?? '{}') as Json).data?.invoice?.profile);
    assert.ok(profiles.includes('xrechnung') && profiles.includes('factur-x'), `profiles in the events: ${profiles.join(', ')}`);
    // And as delivered: the receiver gets the event with the profile (D28).
    await receiver.waitFor(1);
    assert.ok(receiver.received.map(parsed).some((event) => event.data.invoice.profile === 'xrechnung' || event.data.invoice.profile === 'factur-x'));
  });

  it('what a hybrid needs is checked before a number is drawn: 400 e_invoice_incomplete, nothing metered; anonymous callers get 403', async () => {
    const before = await usage();
    const request = german();
    delete request.invoice.number;
    delete request.from.contact;
    delete request.from.phone;
    const res = await generate({ ...request, output: 'pdf', profile: 'xrechnung' });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(body(res).error.code, 'e_invoice_incomplete');
    assert.ok((body(res).error.problems as Json[]).some((p) => p.field.startsWith('from.contact')), res.body);
    assert.deepEqual(await usage(), before, 'nothing metered');
    const anonymous = await generateInvoice(ctx.app, { ...german(), output: 'pdf', profile: 'factur-x' });
    assert.equal(anonymous.statusCode, 403);
    assert.equal(body(anonymous).error.code, 'auth_required');
  });
});
