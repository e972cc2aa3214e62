import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { validInvoice } from '../helpers/build-test-app.ts';
import { readPdf } from '../helpers/read-pdf.ts';
import { bearer, body, generateInvoice, signUpWithKey, type Json } from '../helpers/accounts-helpers.ts';
import { useWebhookApp } from '../helpers/use-webhook-app.ts';
import { parsed, webhookFor } from '../helpers/webhook-helpers.ts';

// D33: credit notes draw from their own gap-free sequence and carry document_type and
// billing_reference everywhere an invoice travels.

const REFERENCE = { number: 'INV-2026-00001', date: '2026-10-01' };

/** validInvoice() as a credit note of REFERENCE (JSON and PDF need no more than this). */
function creditNote(edit: (b: Json) => void = () => {}): Json {
  const b = { ...validInvoice(), document_type: 'credit_note', billing_reference: { ...REFERENCE } } as Json;
  edit(b);
  return b;
}

function invoice(edit: (b: Json) => void = () => {}): Json {
  const b = validInvoice() as Json;
  edit(b);
  return b;
}

const numberOf = (res: LightMyRequestResponse): string => {
  assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  return body(res).invoice.number as string;
};

/** The path and query of a hosted_url, to inject. */
function openLink(app: FastifyInstance, url: string, format: 'pdf' | 'json'): Promise<LightMyRequestResponse> {
  const parsedUrl = new URL(url);
  return app.inject({ method: 'GET', url: `${parsedUrl.pathname}${parsedUrl.search}&format=${format}` });
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`credit notes on ${dialect} (D33)`, () => {
    // The app has a real https webhook receiver next to it; deliveries go out on runDue() only.
    const suite = useWebhookApp({ postgres: dialect === 'postgres' });

    it('numbers credit notes CN-<year>-<seq> apart from the INV- sequence, per account and year', async () => {
      const { ctx } = suite;
      const { apiKey } = await signUpWithKey(ctx, 'cn-numbers');
      const auth = bearer(apiKey);
      const send = (payload: Json) => generateInvoice(ctx.app, payload, auth);
      assert.equal(numberOf(await send(invoice())), 'INV-2026-00001');
      assert.equal(numberOf(await send(creditNote())), 'CN-2026-00001', 'the first credit note starts its own sequence');
      assert.equal(numberOf(await send(invoice())), 'INV-2026-00002', 'invoices continue where they were');
      assert.equal(numberOf(await send(creditNote())), 'CN-2026-00002');
      assert.equal(numberOf(await send(creditNote((b) => { b.invoice.date = '2025-12-31'; delete b.invoice.due_date; }))), 'CN-2025-00001', 'the year of the issue date');
      // An explicit number draws nothing.
      assert.equal(numberOf(await send(creditNote((b) => { b.invoice.number = 'GS-7'; }))), 'GS-7');
      // camelCase aliases (D13) make a credit note too.
      assert.equal(numberOf(await send({ ...validInvoice(), documentType: 'credit_note', billingReference: { number: 'INV-2026-00002' } })), 'CN-2026-00003');

      const other = await signUpWithKey(ctx, 'cn-numbers-other');
      assert.equal(numberOf(await generateInvoice(ctx.app, creditNote(), bearer(other.apiKey))), 'CN-2026-00001', 'another account has its own credit-note sequence');
      assert.equal(numberOf(await send(invoice())), 'INV-2026-00003');
    });

    it('a credit note without billing_reference is 400 validation_error naming it, and uses up no number', async () => {
      const { ctx } = suite;
      const { apiKey } = await signUpWithKey(ctx, 'cn-missing-ref');
      const auth = bearer(apiKey);
      assert.equal(numberOf(await generateInvoice(ctx.app, invoice(), auth)), 'INV-2026-00001');
      assert.equal(numberOf(await generateInvoice(ctx.app, creditNote(), auth)), 'CN-2026-00001');
      for (const output of ['json', 'pdf']) {
        const res = await generateInvoice(ctx.app, { ...validInvoice(), document_type: 'credit_note', output }, auth);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(body(res).error.code, 'validation_error');
        assert.match(body(res).error.message as string, /billing_reference/);
      }
      // A billing_reference without its number fails the schema, also before any number is drawn.
      const noNumber = await generateInvoice(ctx.app, creditNote((b) => { b.billing_reference = { date: '2026-10-01' }; }), auth);
      assert.equal(noNumber.statusCode, 400, noNumber.body);
      assert.match(body(noNumber).error.message as string, /billing_reference/);
      assert.equal(numberOf(await generateInvoice(ctx.app, invoice(), auth)), 'INV-2026-00002', 'the next invoice number is unchanged');
      assert.equal(numberOf(await generateInvoice(ctx.app, creditNote(), auth)), 'CN-2026-00002', 'the next credit-note number is unchanged');
    });

    it('concurrent invoices and credit notes of one account get two gap-free sequences', async () => {
      const { ctx } = suite;
      const { apiKey } = await signUpWithKey(ctx, 'cn-concurrent');
      const on = (b: Json) => { b.invoice.date = '2027-05-05'; delete b.invoice.due_date; };
      const payloads = Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? invoice(on) : creditNote(on)));
      const answers = await Promise.all(payloads.map((payload) => generateInvoice(ctx.app, payload, bearer(apiKey))));
      const numbers = answers.map(numberOf);
      const expected = (prefix: string) => Array.from({ length: 12 }, (_, i) => `${prefix}-2027-${String(i + 1).padStart(5, '0')}`);
      assert.deepEqual(numbers.filter((n) => n.startsWith('INV-')).sort(), expected('INV'));
      assert.deepEqual(numbers.filter((n) => n.startsWith('CN-')).sort(), expected('CN'));
      answers.forEach((res, i) => assert.equal(body(res).invoice.document_type, i % 2 === 0 ? 'invoice' : 'credit_note'));
    });

    it('the JSON answer, the hosted link\'s JSON and PDF, and the invoice.generated event carry document_type and billing_reference', async () => {
      const { ctx, receiver } = suite;
      const { apiKey } = await signUpWithKey(ctx, 'cn-carry');
      await webhookFor(ctx.app, apiKey, receiver.url);
      const start = receiver.received.length;

      const res = await generateInvoice(ctx.app, creditNote(), bearer(apiKey));
      assert.equal(res.statusCode, 200, res.body);
      const answered = body(res).invoice as Json;
      assert.equal(answered.number, 'CN-2026-00001');
      assert.equal(answered.document_type, 'credit_note');
      assert.deepEqual(answered.billing_reference, REFERENCE);
      assert.equal(answered.title, 'CREDIT NOTE');

      // The link re-renders from the stored snapshot: the PDF must be the credit note.
      const json = await openLink(ctx.app, answered.hosted_url as string, 'json');
      assert.equal(json.statusCode, 200, json.body);
      assert.deepEqual(body(json).invoice, answered, 'the snapshot holds the credit note as answered');
      const pdf = await openLink(ctx.app, answered.hosted_url as string, 'pdf');
      assert.equal(pdf.statusCode, 200, pdf.body.slice(0, 300));
      const text = readPdf(pdf.rawPayload).text;
      assert.ok(text.includes('CREDIT NOTE'), 'the linked PDF carries the credit-note heading');
      assert.ok(text.includes('CN-2026-00001'), 'and the credit note\'s own number');

      // An invoice says what it is too, and has no reference unless it sent one.
      const plain = await generateInvoice(ctx.app, invoice(), bearer(apiKey));
      assert.equal(body(plain).invoice.document_type, 'invoice');
      assert.equal(body(plain).invoice.billing_reference, undefined);
      const corrected = await generateInvoice(ctx.app, invoice((b) => { b.billing_reference = { number: 'INV-2026-00001' }; }), bearer(apiKey));
      assert.equal(body(corrected).invoice.document_type, 'invoice');
      assert.deepEqual(body(corrected).invoice.billing_reference, { number: 'INV-2026-00001' }, 'an invoice may refer to an earlier one');

      await ctx.app.webhookWorker.runDue();
      const events = receiver.received.slice(start).map(parsed);
      assert.equal(events.length, 3);
      const event = events.find((e) => e.data.invoice.number === 'CN-2026-00001');
      assert.ok(event, 'an invoice.generated event for the credit note');
      assert.equal(event.type, 'invoice.generated');
      assert.equal(event.data.invoice.document_type, 'credit_note');
      assert.deepEqual(event.data.invoice.billing_reference, REFERENCE);
      assert.deepEqual(event.data.invoice, answered, 'the event carries the invoice as answered');
      assert.equal(events.find((e) => e.data.invoice.number === body(plain).invoice.number)?.data.invoice.document_type, 'invoice');
    });

    it('output pdf: the generated PDF and its hosted link are the credit note', async () => {
      const { ctx } = suite;
      const { apiKey } = await signUpWithKey(ctx, 'cn-pdf');
      const res = await generateInvoice(ctx.app, creditNote((b) => { b.output = 'pdf'; }), bearer(apiKey));
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      const text = readPdf(res.rawPayload).text;
      assert.ok(text.includes('CREDIT NOTE') && text.includes('CN-2026-00001'));
      const url = res.headers['x-hosted-url'] as string;
      const json = await openLink(ctx.app, url, 'json');
      assert.equal(body(json).invoice.document_type, 'credit_note');
      assert.deepEqual(body(json).invoice.billing_reference, REFERENCE);
      const linked = await openLink(ctx.app, url, 'pdf');
      assert.ok(linked.rawPayload.equals(res.rawPayload), 'the link serves the credit note the generation returned');
    });

    it('batch items and the batch.generated event carry document_type and billing_reference; credit notes and invoices are numbered apart', async () => {
      const { ctx, receiver } = suite;
      const { apiKey } = await signUpWithKey(ctx, 'cn-batch');
      await webhookFor(ctx.app, apiKey, receiver.url, ['batch.generated']);
      const start = receiver.received.length;
      const invoices = [invoice(), creditNote(), { ...validInvoice(), document_type: 'credit_note' }, creditNote((b) => { b.features = { hosted_link: false }; }), invoice()];
      const res = await ctx.app.inject({ method: 'POST', url: '/api/batch', payload: { invoices }, headers: bearer(apiKey) });
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      const results = body(res).results as Json[];
      assert.deepEqual(results.map((r) => r.success), [true, true, false, true, true]);
      assert.deepEqual(results.map((r) => r.invoice?.number), ['INV-2026-00001', 'CN-2026-00001', undefined, 'CN-2026-00002', 'INV-2026-00002']);
      assert.deepEqual(results.map((r) => r.invoice?.document_type), ['invoice', 'credit_note', undefined, 'credit_note', 'invoice']);
      assert.deepEqual(results[1]!.invoice.billing_reference, REFERENCE);
      assert.deepEqual(results[3]!.invoice.billing_reference, REFERENCE);
      assert.equal(results[2]!.error.code, 'validation_error');
      assert.match(results[2]!.error.message as string, /billing_reference/);

      // The batch item's link serves the credit note too.
      const pdf = await openLink(ctx.app, results[1]!.invoice.hosted_url as string, 'pdf');
      assert.equal(pdf.statusCode, 200);
      assert.ok(readPdf(pdf.rawPayload).text.includes('CREDIT NOTE'));

      await ctx.app.webhookWorker.runDue();
      const events = receiver.received.slice(start).map(parsed);
      assert.equal(events.length, 1);
      assert.deepEqual(events[0]!.data.results, results, 'the event\'s results are the batch\'s, credit notes included');
    });

    it('an Idempotency-Key repeated with document_type changed is a different request (422)', async () => {
      const { ctx } = suite;
      const { apiKey } = await signUpWithKey(ctx, 'cn-idempotency');
      const headers = { ...bearer(apiKey), 'idempotency-key': 'refund-17' };
      const first = await generateInvoice(ctx.app, creditNote((b) => { b.features = { hosted_link: false }; }), headers);
      assert.equal(numberOf(first), 'CN-2026-00001');
      const replay = await generateInvoice(ctx.app, creditNote((b) => { b.features = { hosted_link: false }; }), headers);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.equal(body(replay).invoice.document_type, 'credit_note');
      const asInvoice = await generateInvoice(ctx.app, invoice((b) => { b.features = { hosted_link: false }; b.billing_reference = { ...REFERENCE }; }), headers);
      assert.equal(asInvoice.statusCode, 422, asInvoice.body);
      assert.equal(body(asInvoice).error.code, 'idempotency_key_conflict');
      const otherReference = await generateInvoice(ctx.app, creditNote((b) => { b.features = { hosted_link: false }; b.billing_reference.number = 'INV-2026-00009'; }), headers);
      assert.equal(otherReference.statusCode, 422, otherReference.body);
    });
  });
}

describe('anonymous credit notes (D15, D33)', () => {
  const suite = useWebhookApp();

  it('get CN-<yyyymmdd>-<6 random base32>, JSON only, with document_type and billing_reference', async () => {
    const { ctx } = suite;
    const res = await generateInvoice(ctx.app, creditNote());
    assert.equal(res.statusCode, 200, res.body);
    const answered = body(res);
    assert.equal(answered.anonymous, true);
    assert.match(answered.invoice.number as string, /^CN-20261102-[A-Z2-7]{6}$/);
    assert.equal(answered.invoice.document_type, 'credit_note');
    assert.deepEqual(answered.invoice.billing_reference, REFERENCE);
    assert.match(body(await generateInvoice(ctx.app, invoice())).invoice.number as string, /^INV-20261102-[A-Z2-7]{6}$/);
    const missing = await generateInvoice(ctx.app, { ...validInvoice(), document_type: 'credit_note' });
    assert.equal(missing.statusCode, 400);
    assert.equal(body(missing).error.code, 'validation_error');
  });
});
