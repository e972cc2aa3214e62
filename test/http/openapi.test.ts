import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildTestApp, type TestApp } from '../helpers/build-test-app.ts';

type Json = Record<string, any>;

/** The schema a `$ref` names in the document, or the schema itself (shapes are named components). */
function deref(doc: Json, schema: Json): Json {
  const ref = schema.$ref as string | undefined;
  return ref === undefined ? schema : deref(doc, doc.components.schemas[ref.replace('#/components/schemas/', '')]);
}

describe('OpenAPI 3.1 description', () => {
  let t: TestApp;
  let doc: Json;
  before(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(res.statusCode, 200);
    doc = res.json() as Json;
  });
  after(async () => { await t.close(); });

  it('is a valid OpenAPI 3.1 document for an independent validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.equal(validator.version, '3.1');
    assert.match(doc.openapi, /^3\.1\./);
  });

  it('declares generateInvoice with the request and response schemas', () => {
    const op = doc.paths['/api/generate-invoice'].post;
    assert.equal(op.operationId, 'generateInvoice');
    assert.deepEqual(op.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/InvoiceRequest' });
    const body = deref(doc, op.requestBody.content['application/json'].schema);
    assert.deepEqual(body.required.sort(), ['from', 'items', 'to']);
    const invoiceMeta = deref(doc, body.properties.invoice);
    assert.deepEqual(invoiceMeta.properties.currency.enum.length, 21);
    assert.deepEqual(invoiceMeta.properties.language.enum.length, 11);
    assert.deepEqual(body.properties.template.enum, ['classic', 'modern', 'bold', 'minimal', 'navy']);
    assert.equal(body.properties.items.maxItems, 100);
    assert.deepEqual(op.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/InvoiceResult' });
    const ok = deref(doc, op.responses['200'].content['application/json'].schema);
    assert.deepEqual(ok.required.sort(), ['anonymous', 'invoice', 'meta', 'success']);
    assert.deepEqual(ok.properties.invoice, { $ref: '#/components/schemas/Invoice' });
    assert.deepEqual(ok.properties.meta, { $ref: '#/components/schemas/Meta' });
    assert.deepEqual(op.responses['402'].content['application/json'].schema, { $ref: '#/components/schemas/Error' }, 'documents the error shape');
    assert.ok(deref(doc, { $ref: '#/components/schemas/ErrorDetail' }).properties.upgrade_url, 'declares upgrade_url');
  });

  it('declares the PDF and UBL answers beside the JSON one, with their attachment header', () => {
    const ok = doc.paths['/api/generate-invoice'].post.responses['200'];
    assert.deepEqual(Object.keys(ok.content).sort(), ['application/json', 'application/pdf', 'application/xml']);
    assert.equal(ok.content['application/xml'].schema.contentMediaType, 'application/xml');
    assert.equal(ok.content['application/pdf'].schema.contentMediaType, 'application/pdf');
    assert.ok(ok.headers['content-disposition'], 'Content-Disposition is documented');
  });

  it('declares only operations that exist (stable ids per the spec)', () => {
    const ids = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId)).filter(Boolean).sort();
    assert.deepEqual(ids, [
      'createWebhook', 'deleteWebhook', 'enableWebhook',
      'forgotPassword', 'generateApiKey', 'generateInvoice', 'generateInvoiceBatch', 'getAccount', 'getHealth', 'getHostedInvoice',
      'getUsage', 'getWebhook', 'inspectInvoice', 'listWebhookDeliveries', 'listWebhooks', 'login', 'logout', 'redeliverWebhookDelivery', 'register', 'resendVerification', 'resetPassword',
      'rotateWebhookSecret', 'testWebhook', 'verifyEmail',
    ]);
  });

  it('declares no totals endpoint beside generateInvoice: the web app computes its live totals itself (D44)', () => {
    assert.equal(doc.paths['/api/preview-invoice'], undefined);
    assert.deepEqual(Object.keys(doc.paths).filter((p) => /preview/.test(p)), []);
  });

  it('declares getUsage with the monthly figures and the hourly and weekly windows', () => {
    const op = doc.paths['/api/auth/usage'].get;
    assert.equal(op.operationId, 'getUsage');
    const usage = op.responses['200'].content['application/json'].schema.properties.usage;
    assert.deepEqual(usage.required.sort(), ['monthly', 'rate_limits', 'tier']);
    assert.deepEqual(deref(doc, usage.properties.monthly).required.sort(), ['documents_limit', 'documents_used', 'pdfs_limit', 'pdfs_used', 'reset_at']);
    assert.deepEqual(usage.properties.rate_limits.required.sort(), ['hourly', 'monthly_equivalent', 'weekly']);
    assert.deepEqual(usage.properties.tier.enum, ['free', 'starter', 'pro', 'enterprise']);
  });

  it('declares generateInvoiceBatch with 1 to 50 InvoiceRequest items and the batch answer', () => {
    const op = doc.paths['/api/batch'].post;
    assert.equal(op.operationId, 'generateInvoiceBatch');
    assert.deepEqual(op.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/BatchRequest' });
    const invoices = deref(doc, op.requestBody.content['application/json'].schema).properties.invoices;
    assert.equal(invoices.minItems, 1);
    assert.equal(invoices.maxItems, 50);
    assert.deepEqual(invoices.items, { $ref: '#/components/schemas/InvoiceRequest' }, 'each item is an InvoiceRequest');
    assert.deepEqual(op.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/BatchResult' });
    const ok = deref(doc, op.responses['200'].content['application/json'].schema);
    assert.deepEqual(ok.required.sort(), ['count', 'meta', 'results', 'success']);
    assert.deepEqual(Object.keys(ok.properties.meta.properties).sort(), ['generated', 'rate_limited', 'requested']);
  });

  it('declares getHostedInvoice: public, t and format in the query, PDF or JSON answers', () => {
    const op = doc.paths['/api/i/{id}'].get;
    assert.equal(op.operationId, 'getHostedInvoice');
    const params = Object.fromEntries((op.parameters as Json[]).map((p) => [p.name, p]));
    assert.equal(params.id.in, 'path');
    assert.equal(params.t.in, 'query');
    assert.deepEqual(params.format.schema.enum, ['pdf', 'json']);
    assert.deepEqual(Object.keys(op.responses['200'].content).sort(), ['application/json', 'application/pdf']);
    assert.ok(op.responses['200'].headers['referrer-policy']);
  });

  it('declares the API key and the session cookie, and each operation\'s security as the code checks it', () => {
    assert.deepEqual(doc.components.securitySchemes.bearerAuth.type, 'http');
    assert.deepEqual(doc.components.securitySchemes.bearerAuth.scheme, 'bearer');
    assert.deepEqual(
      { type: doc.components.securitySchemes.cookieAuth.type, in: doc.components.securitySchemes.cookieAuth.in, name: doc.components.securitySchemes.cookieAuth.name },
      { type: 'apiKey', in: 'cookie', name: 'inv_session' },
    );
    const security = Object.fromEntries(Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => [op.operationId, op.security])));
    const keyOnly = [{ bearerAuth: [] }];
    const account = [{ bearerAuth: [] }, { cookieAuth: [] }];
    const optional = [...account, {}];
    assert.deepEqual(security, {
      generateInvoice: optional, generateInvoiceBatch: keyOnly, getHostedInvoice: [],
      createWebhook: keyOnly, listWebhooks: keyOnly, getWebhook: keyOnly, deleteWebhook: keyOnly,
      listWebhookDeliveries: keyOnly, redeliverWebhookDelivery: keyOnly, testWebhook: keyOnly, rotateWebhookSecret: keyOnly, enableWebhook: keyOnly,
      register: [], login: [], logout: optional, getAccount: account, generateApiKey: account, getUsage: account, inspectInvoice: account,
      resendVerification: optional, verifyEmail: [], forgotPassword: [], resetPassword: [], getHealth: [],
    });
  });

  it('names each shape once in components and refers to it: no def-N, no inline copies', () => {
    for (const name of ['InvoiceRequest', 'Invoice', 'Meta', 'Error', 'BatchRequest', 'BatchResult', 'Webhook', 'InvoiceResult', 'HostedInvoiceResult']) {
      assert.ok(doc.components.schemas[name], name);
    }
    assert.deepEqual(Object.keys(doc.components.schemas).filter((n) => /^def-/.test(n)), []);
    const text = JSON.stringify(doc.paths, (key, value) => (key === 'example' || key === 'examples' ? undefined : value));
    assert.equal(text.includes('"unit_price"'), false, 'no inline copy of a line item in the operations');
  });

  it('declares each error status one by one, with the Error schema, X-Request-Id and an example per code', () => {
    for (const [path, item] of Object.entries(doc.paths) as [string, Json][]) {
      for (const op of Object.values(item) as Json[]) {
        const statuses = Object.keys(op.responses);
        assert.deepEqual(statuses.filter((s) => !/^\d{3}$/.test(s)), [], `${op.operationId}: no ranges`);
        for (const status of statuses.filter((s) => Number(s) >= 400)) {
          const media = op.responses[status].content['application/json'] ?? op.responses[status].content['text/html'];
          assert.ok(media, `${path} ${status}`);
          if (media.schema.$ref === undefined) continue;
          assert.deepEqual(media.schema, { $ref: '#/components/schemas/Error' }, `${op.operationId} ${status}`);
          assert.ok(op.responses[status].headers['x-request-id'], `${op.operationId} ${status}: X-Request-Id`);
          for (const [code, example] of Object.entries(media.examples) as [string, Json][]) assert.equal(example.value.error.code, code);
        }
      }
    }
    const generate = doc.paths['/api/generate-invoice'].post.responses;
    assert.ok(generate['429'].headers['retry-after']);
    assert.deepEqual(Object.keys(generate['403'].content['application/json'].examples).sort(), ['auth_required', 'forbidden']);
  });

  it('declares each webhook event\'s delivery in the webhooks object, with its signature header, webhook.test included', () => {
    assert.deepEqual(Object.keys(doc.webhooks).sort(), ['batch.generated', 'invoice.generated', 'webhook.test']);
    for (const [type, component] of [['invoice.generated', 'InvoiceGeneratedEvent'], ['batch.generated', 'BatchGeneratedEvent'], ['webhook.test', 'WebhookTestEvent']] as const) {
      const delivery = doc.webhooks[type].post;
      assert.deepEqual(delivery.requestBody.content['application/json'].schema, { $ref: `#/components/schemas/${component}` });
      assert.ok((delivery.parameters as Json[]).some((p) => p.name === 'X-Service-Signature' && p.in === 'header' && p.required));
      assert.deepEqual(deref(doc, { $ref: `#/components/schemas/${component}` }).properties.type.enum, [type]);
    }
  });

  it('serves interactive docs at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /swagger-ui/i);
  });
});
