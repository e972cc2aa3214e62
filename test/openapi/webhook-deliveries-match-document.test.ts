import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { bearer, signUpWithKey } from '../helpers/accounts-helpers.ts';
import { useWebhookApp } from '../helpers/use-webhook-app.ts';
import { webhookFor } from '../helpers/webhook-helpers.ts';
import { GERMAN_INVOICE_REQUEST } from '../../src/http/openapi/openapi-examples.ts';
import { loadOpenApiDocument } from './load-openapi-document.ts';

/** Real deliveries of each event, checked against the document's `webhooks` object. */
describe('webhook deliveries answer to the document\'s webhooks object', () => {
  const suite = useWebhookApp();

  it('invoice.generated, batch.generated and webhook.test: the body validates, every declared header is sent', async () => {
    const { ctx, receiver } = suite;
    const doc = await loadOpenApiDocument(ctx.t);
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    ajvFormats.default(ajv);
    ajv.addSchema({ ...doc, $id: 'openapi.json' });

    const { apiKey } = await signUpWithKey(ctx, 'oa-hook');
    const webhook = await webhookFor(ctx.app, apiKey, receiver.url, ['invoice.generated', 'batch.generated']);
    const start = receiver.received.length;
    const key = bearer(apiKey);
    assert.equal((await ctx.app.inject({ method: 'POST', url: '/api/generate-invoice', payload: GERMAN_INVOICE_REQUEST, headers: key })).statusCode, 200);
    assert.equal((await ctx.app.inject({ method: 'POST', url: '/api/batch', payload: { invoices: [GERMAN_INVOICE_REQUEST, { ...GERMAN_INVOICE_REQUEST, items: [] }] }, headers: key })).statusCode, 200);
    await ctx.app.webhookWorker.runDue();
    assert.equal((await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${webhook.id}/test`, headers: key })).statusCode, 200);

    const deliveries = receiver.received.slice(start);
    assert.deepEqual(deliveries.map((d) => d.headers['x-service-event']).sort(), ['batch.generated', 'invoice.generated', 'webhook.test']);
    for (const delivery of deliveries) {
      const type = String(delivery.headers['x-service-event']);
      const declared = doc.webhooks[type].post;
      for (const parameter of declared.parameters as { name: string; required: boolean }[]) {
        assert.ok(delivery.headers[parameter.name.toLowerCase()], `${type}: ${parameter.name}`);
      }
      const validate = ajv.getSchema(`openapi.json#/webhooks/${type}/post/requestBody/content/application~1json/schema`)!;
      assert.equal(validate({ id: 'evt_x', type }), false, 'the schema does check');
      assert.ok(validate(JSON.parse(delivery.raw.toString('utf8'))), `${type}: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
    }
  });
});
