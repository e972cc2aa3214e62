import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validInvoice } from '../helpers/build-test-app.ts';
import { bearer, body, generateInvoice, signUpWithKey, type Json } from '../helpers/accounts-helpers.ts';
import { readPdf } from '../helpers/read-pdf.ts';
import { useWebhookApp } from '../helpers/use-webhook-app.ts';
import { parsed, webhookFor } from '../helpers/webhook-helpers.ts';

/**
 * D46: the caller's own data has two fields of its own, so nothing needs an unknown field:
 * `metadata` (never printed, echoed as sent) and `custom_fields` (printed with the invoice
 * details, echoed). Both travel with the invoice wherever its JSON goes, and neither is part of
 * an e-invoice.
 */

const METADATA = { order_id: 'ORD-4711', ' padded key ': '  kept as sent  ', crm: 'https://crm.example/deals/9', empty: '' };
const CUSTOM_FIELDS = [{ label: 'Cost centre', value: 'CC-1234' }, { label: 'Project code', value: 'PRJ-77' }, { label: 'Signed off' }];

const withCallerData = (extra: Json = {}): Json => ({ ...validInvoice(), metadata: METADATA, custom_fields: CUSTOM_FIELDS, ...extra });

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

for (const postgres of [false, true]) {
  describe(`metadata and custom_fields on ${postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    const suite = useWebhookApp({ postgres });

    const refused = async (request: Json, field: string, says: RegExp) => {
      const res = await generateInvoice(suite.ctx.app, request);
      assert.equal(res.statusCode, 400, res.body);
      const error = body(res).error;
      assert.equal(error.code, 'validation_error');
      assert.ok(error.message.startsWith(`${field} `), `${error.message} names ${field}`);
      assert.match(error.message, says);
    };

    it('metadata: 50 keys of 40 characters with values of 500 are taken; one key more, a longer key or value, or a value that is not a string, is refused naming it', async () => {
      const largest = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${String(i).padStart(2, '0')}${'k'.repeat(38)}`, 'v'.repeat(500)]));
      const ok = await generateInvoice(suite.ctx.app, { ...validInvoice(), metadata: largest });
      assert.equal(ok.statusCode, 200, ok.body.slice(0, 300));
      assert.deepEqual(body(ok).invoice.metadata, largest);

      await refused({ ...validInvoice(), metadata: { ...largest, one_more: 'x' } }, 'metadata', /has too many keys: at most 50 are allowed/);
      await refused({ ...validInvoice(), metadata: { ['k'.repeat(41)]: 'x' } }, 'metadata', /has a key "k{40}…" of 41 characters: each key has at most 40/);
      await refused({ ...validInvoice(), metadata: { '': 'x' } }, 'metadata', /has an empty key: each key needs at least 1 character/);
      await refused({ ...validInvoice(), metadata: { note: 'v'.repeat(501) } }, 'metadata.note', /is too long: at most 500 characters/);
      await refused({ ...validInvoice(), metadata: { count: 3 } }, 'metadata.count', /must be a string, not the number 3/);
      await refused({ ...validInvoice(), metadata: { nested: { a: 'b' } } }, 'metadata.nested', /must be a string, not an object/);
      await refused({ ...validInvoice(), metadata: ['a'] }, 'metadata', /must be a JSON object, not an array/);
    });

    it('custom_fields: 10 of label 40 and value 200 are taken; an 11th, a longer label or value, a missing or blank label or an unknown key is refused naming it', async () => {
      const largest = Array.from({ length: 10 }, (_, i) => ({ label: `${i}${'L'.repeat(39)}`, value: 'v'.repeat(200) }));
      const ok = await generateInvoice(suite.ctx.app, { ...validInvoice(), custom_fields: largest });
      assert.equal(ok.statusCode, 200, ok.body.slice(0, 300));
      assert.deepEqual(body(ok).invoice.custom_fields, largest);

      await refused({ ...validInvoice(), custom_fields: [...largest, { label: 'x' }] }, 'custom_fields', /has too many elements: at most 10/);
      await refused({ ...validInvoice(), custom_fields: [{ label: 'L'.repeat(41) }] }, 'custom_fields[0].label', /too long: at most 40/);
      await refused({ ...validInvoice(), custom_fields: [{ label: 'ok' }, { label: 'x', value: 'v'.repeat(201) }] }, 'custom_fields[1].value', /too long: at most 200/);
      await refused({ ...validInvoice(), custom_fields: [{ value: 'no label' }] }, 'custom_fields[0].label', /is required/);
      await refused({ ...validInvoice(), custom_fields: [{ label: ' \t ', value: 'v' }] }, 'custom_fields[0].label', /must not be empty or only white space/);
      await refused({ ...validInvoice(), custom_fields: [{ label: 'L', vlaue: 'v' }] }, 'custom_fields[0].vlaue', /is not a field; did you mean custom_fields\[0\]\.value\?/);
    });

    it('echoed as sent in the JSON answer (metadata untrimmed; a custom field without a value keeps its label alone), in the hosted link\'s JSON, and in invoice.generated\'s data.invoice', async () => {
      const { ctx, receiver } = suite;
      const { apiKey } = await signUpWithKey(ctx, 'caller-data');
      await webhookFor(ctx.app, apiKey, receiver.url);
      const start = receiver.received.length;
      const res = await generateInvoice(ctx.app, withCallerData({ custom_fields: [...CUSTOM_FIELDS, { label: 'Blank', value: '   ' }] }), bearer(apiKey));
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      const invoice = body(res).invoice;
      assert.deepEqual(invoice.metadata, METADATA);
      assert.deepEqual(invoice.custom_fields, [...CUSTOM_FIELDS, { label: 'Blank' }], 'in the order sent; a blank value is no value');

      const hosted = await ctx.app.inject({ method: 'GET', url: `${pathOf(invoice.hosted_url)}&format=json` });
      assert.equal(hosted.statusCode, 200, hosted.body.slice(0, 300));
      assert.deepEqual(body(hosted).invoice.metadata, METADATA);
      assert.deepEqual(body(hosted).invoice.custom_fields, invoice.custom_fields);

      await ctx.app.webhookWorker.runDue();
      const events = receiver.received.slice(start).map(parsed);
      assert.equal(events.length, 1);
      assert.deepEqual(events[0]!.data.invoice.metadata, METADATA);
      assert.deepEqual(events[0]!.data.invoice.custom_fields, invoice.custom_fields);
    });

    it('echoed in each batch result, and in batch.generated\'s data.results', async () => {
      const { ctx, receiver } = suite;
      const { apiKey } = await signUpWithKey(ctx, 'caller-data-batch');
      await webhookFor(ctx.app, apiKey, receiver.url, ['batch.generated']);
      const start = receiver.received.length;
      const second = { ...withCallerData(), metadata: { order_id: 'ORD-4712' }, custom_fields: [{ label: 'Cost centre', value: 'CC-9' }] };
      const res = await ctx.app.inject({ method: 'POST', url: '/api/batch', payload: { invoices: [withCallerData(), second] }, headers: bearer(apiKey) });
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      const results = body(res).results as Json[];
      assert.deepEqual(results.map((r) => r.invoice.metadata), [METADATA, { order_id: 'ORD-4712' }]);
      assert.deepEqual(results.map((r) => r.invoice.custom_fields), [CUSTOM_FIELDS, [{ label: 'Cost centre', value: 'CC-9' }]]);
      await ctx.app.webhookWorker.runDue();
      const events = receiver.received.slice(start).map(parsed);
      assert.deepEqual(events[0]!.data.results.map((r: Json) => r.invoice.metadata), [METADATA, { order_id: 'ORD-4712' }]);
    });

    it('never part of a UBL or CII e-invoice, and the metadata is never printed on the PDF', async () => {
      const { apiKey } = await signUpWithKey(suite.ctx, 'caller-data-docs');
      const marked = withCallerData({ metadata: { secret_ref: 'META-MARK-31337' }, custom_fields: [{ label: 'CFLABEL-MARK', value: 'CFVALUE-MARK' }], features: { hosted_link: false } });
      for (const output of ['ubl', 'cii'] as const) {
        const res = await generateInvoice(suite.ctx.app, { ...marked, output, profile: 'en16931' }, bearer(apiKey));
        assert.equal(res.statusCode, 200, res.body.slice(0, 300));
        for (const mark of ['META-MARK', 'secret_ref', 'CFLABEL-MARK', 'CFVALUE-MARK']) assert.ok(!res.body.includes(mark), `${output} holds ${mark}`);
      }
      const pdf = await generateInvoice(suite.ctx.app, { ...marked, output: 'pdf' }, bearer(apiKey));
      assert.equal(pdf.statusCode, 200, pdf.body.slice(0, 300));
      const text = readPdf(pdf.rawPayload).text;
      assert.ok(!text.includes('META-MARK') && !text.includes('secret_ref'), 'metadata is not printed');
    });
  });
}
