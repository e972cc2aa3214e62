import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearer, body, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { GERMAN_INVOICE_REQUEST } from '../../src/http/openapi/openapi-examples.ts';
import { CII_MEDIA_TYPE } from '../../src/http/output-from-accept.ts';

const INVOICE = { ...GERMAN_INVOICE_REQUEST, features: { hosted_link: false } };
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** Without `output`, Accept chooses it; a body's `output` wins over the header. */
describe('POST /api/generate-invoice: the output from Accept', () => {
  let ctx: AccountsApp;
  let key: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    key = bearer((await signUpWithKey(ctx, 'accept')).apiKey);
  });
  after(async () => { await ctx.close(); });

  const generate = (accept: string | undefined, headers: Record<string, string>, payload: object = INVOICE) =>
    ctx.app.inject({ method: 'POST', url: '/api/generate-invoice', payload, headers: { ...headers, ...(accept === undefined ? {} : { accept }) } });

  it('application/pdf answers the PDF', async () => {
    const res = await generate('application/pdf', key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.rawPayload.subarray(0, 5).toString(), '%PDF-');
  });

  it('application/xml answers UBL, and the CII media type CII (both as application/xml, D40)', async () => {
    const ubl = await generate('application/xml', key);
    assert.equal(ubl.statusCode, 200, ubl.body.slice(0, 300));
    assert.match(String(ubl.headers['content-type']), /^application\/xml/);
    assert.match(ubl.body, /urn:oasis:names:specification:ubl:schema:xsd:Invoice-2/);
    const cii = await generate(CII_MEDIA_TYPE, key);
    assert.equal(cii.statusCode, 200, cii.body.slice(0, 300));
    assert.match(String(cii.headers['content-type']), /^application\/xml/);
    assert.match(cii.body, /CrossIndustryInvoice/);
  });

  it('a body\'s output wins over the header', async () => {
    const res = await generate('application/pdf', key, { ...INVOICE, output: 'json' });
    assert.equal(res.statusCode, 200);
    assert.equal(body(res).success, true);
    const ubl = await generate('application/pdf', key, { ...INVOICE, output: 'ubl' });
    assert.match(String(ubl.headers['content-type']), /^application\/xml/);
  });

  it('*/*, a browser\'s Accept, application/json and no header keep JSON', async () => {
    for (const accept of ['*/*', BROWSER_ACCEPT, 'application/json', undefined]) {
      const res = await generate(accept, key);
      assert.equal(res.statusCode, 200, String(accept));
      assert.match(String(res.headers['content-type']), /^application\/json/, String(accept));
    }
  });

  it('an Idempotency-Key replays for the same Accept and is a conflict for another (the output is part of the request, D23)', async () => {
    const headers = { ...key, 'idempotency-key': 'accept-1' };
    const first = await generate('application/xml', headers);
    assert.equal(first.statusCode, 200);
    const again = await generate('application/xml', headers);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body, first.body);
    const other = await generate('application/pdf', headers);
    assert.equal(other.statusCode, 422, other.body.slice(0, 200));
    assert.equal(body(other).error.code, 'idempotency_key_conflict');
  });

  it('an anonymous caller asking for a file by Accept is refused like one asking by output: 403 auth_required', async () => {
    for (const accept of ['application/pdf', 'application/xml', CII_MEDIA_TYPE]) {
      const res = await generate(accept, {});
      assert.equal(res.statusCode, 403, accept);
      assert.equal(body(res).error.code, 'auth_required');
    }
    const json = await generate(BROWSER_ACCEPT, {});
    assert.equal(json.statusCode, 200);
    assert.equal(body(json).anonymous, true);
  });
});
