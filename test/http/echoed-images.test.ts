import assert from 'node:assert/strict';
import { randomFillSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { deflateSync } from 'node:zlib';
import { validInvoice } from '../helpers/build-test-app.ts';
import { readPdf } from '../helpers/read-pdf.ts';
import { dataUri, PNG_3X2, pngFile } from '../helpers/image-bytes.ts';
import { startLogoServer } from './start-logo-server.ts';
import type { HttpsImageServer } from '../helpers/start-https-image-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/start-webhook-receiver.ts';
import { ALLOW_LOCALHOST, webhookFor } from '../helpers/webhook-helpers.ts';
import { signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';
import { generate } from '../helpers/limits-helpers.ts';

/**
 * A real PNG of random RGB pixels, so deflate cannot shrink it: width × height × 3 bytes and a
 * little more. 800 × 600 is about 1.44 MB, 1.92 MB as a data: URI.
 */
function noisePng(width: number, height: number): Buffer {
  const rowBytes = width * 3 + 1;
  const raw = randomFillSync(Buffer.alloc(rowBytes * height));
  for (let row = 0; row < height; row += 1) raw[row * rowBytes] = 0; // filter type None
  return pngFile(width, height, 2, [deflateSync(raw)]);
}

const LOGO_PNG = noisePng(800, 600);
const LOGO_URI = dataUri('image/png', LOGO_PNG);
const SIGNATURE_URI = dataUri('image/png', PNG_3X2);

/** An invoice whose logo (from and to) and signature are data: URIs. */
function withDataImages(): Json {
  const request = validInvoice() as Json;
  return { ...request, from: { ...request.from, logo: LOGO_URI }, to: { ...request.to, logo: LOGO_URI }, signature: SIGNATURE_URI };
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Far below one echo of the logo (1.92 MB): what an invoice's JSON weighs without it. */
const NO_ECHO_MAX_BYTES = 20_000;

/** D45: a data: URI image is never echoed; an https URL is echoed as sent. */
describe('echoed images (D45)', () => {
  let ctx: AccountsApp;
  let receiver: WebhookReceiver;
  let images: HttpsImageServer;
  let apiKey: string;
  before(async () => {
    assert.ok(LOGO_PNG.length > 1_000_000 && LOGO_PNG.length < 2_000_000, `a 1–2 MB logo, got ${LOGO_PNG.length}`);
    receiver = await startWebhookReceiver();
    images = await startLogoServer();
    ctx = await startAccountsApp({ env: { ...ALLOW_LOCALHOST, PLAN_LIMITS: '{"free":{"hourly":null,"weekly":null,"monthly_documents":null,"monthly_pdfs":null}}' }, webhookPollIntervalMs: 3_600_000 });
    ({ apiKey } = await signUpWithKey(ctx, 'echo'));
    await webhookFor(ctx.app, apiKey, receiver.url, ['invoice.generated', 'batch.generated']);
  });
  after(async () => {
    await ctx.close();
    await receiver.close();
    await images.close();
  });

  it('the JSON answer, the hosted link\'s JSON and the invoice.generated body leave the data: URIs out; the hosted PDF still shows the logo', async () => {
    const start = receiver.received.length;
    const res = await generate(ctx.app, withDataImages(), { apiKey });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.doesNotMatch(res.body, /data:image/);
    assert.ok(res.body.length < NO_ECHO_MAX_BYTES, `JSON answer of ${res.body.length} bytes for a request of ${JSON.stringify(withDataImages()).length}`);
    const invoice = (res.json() as Json).invoice as Json;
    assert.equal(invoice.from.logo, undefined, 'left out, not emptied');
    assert.equal(invoice.to.logo, undefined);
    assert.equal(invoice.from.name, 'Acme GmbH', 'the rest of the party is echoed');

    const json = await ctx.app.inject({ method: 'GET', url: `${pathOf(invoice.hosted_url)}&format=json` });
    assert.equal(json.statusCode, 200, json.body.slice(0, 300));
    assert.doesNotMatch(json.body, /data:image/);
    assert.ok(json.body.length < NO_ECHO_MAX_BYTES, `hosted JSON of ${json.body.length} bytes`);
    assert.deepEqual((json.json() as Json).invoice, invoice);

    const pdf = await ctx.app.inject({ method: 'GET', url: pathOf(invoice.hosted_url) });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.ok(readPdf(pdf.rawPayload).images.some((image) => image.width === 800 && image.height === 600), 'the snapshot kept the logo for rendering');

    await ctx.app.webhookWorker.runDue();
    await receiver.waitFor(start + 1);
    const delivery = receiver.received.slice(start).find((d) => JSON.parse(d.raw.toString('utf8')).data.invoice?.number === invoice.number);
    assert.ok(delivery !== undefined, 'invoice.generated arrived');
    assert.doesNotMatch(delivery.raw.toString('utf8'), /data:image/);
    assert.ok(delivery.raw.length < NO_ECHO_MAX_BYTES, `webhook body of ${delivery.raw.length} bytes`);
    assert.deepEqual(JSON.parse(delivery.raw.toString('utf8')).data.invoice, invoice);
  });

  it('a batch answer and its batch.generated body leave them out too, however many items carry them', async () => {
    const start = receiver.received.length;
    const items = [withDataImages(), withDataImages(), { ...withDataImages(), features: { hosted_link: false } }];
    const payload = { invoices: items };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/batch', payload, headers: { authorization: `Bearer ${apiKey}` } });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.deepEqual((res.json() as Json).meta, { requested: 3, generated: 3, rate_limited: false });
    assert.doesNotMatch(res.body, /data:image/);
    assert.ok(res.body.length < 3 * NO_ECHO_MAX_BYTES, `batch answer of ${res.body.length} bytes for a request of ${JSON.stringify(payload).length}`);

    await ctx.app.webhookWorker.runDue();
    await receiver.waitFor(start + 1);
    const delivery = receiver.received.slice(start).find((d) => JSON.parse(d.raw.toString('utf8')).type === 'batch.generated');
    assert.ok(delivery !== undefined, 'batch.generated arrived');
    assert.doesNotMatch(delivery.raw.toString('utf8'), /data:image/);
    assert.ok(delivery.raw.length < 3 * NO_ECHO_MAX_BYTES, `webhook body of ${delivery.raw.length} bytes`);

    const first = ((res.json() as Json).results as Json[])[0]!.invoice as Json;
    const pdf = await ctx.app.inject({ method: 'GET', url: pathOf(first.hosted_url) });
    assert.ok(readPdf(pdf.rawPayload).images.some((image) => image.width === 800 && image.height === 600), 'the batch item\'s PDF shows the logo');
  });

  it('an https logo URL is echoed as sent, in the answer and the hosted JSON', async () => {
    const logo = images.url('/logo.png');
    const request = validInvoice() as Json;
    const res = await generate(ctx.app, { ...request, from: { ...request.from, logo } }, { apiKey });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const invoice = (res.json() as Json).invoice as Json;
    assert.equal(invoice.from.logo, logo);
    const json = await ctx.app.inject({ method: 'GET', url: `${pathOf(invoice.hosted_url)}&format=json` });
    assert.equal((json.json() as Json).invoice.from.logo, logo);
  });
});
