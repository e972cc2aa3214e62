import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { bearer, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';
import { german } from '../helpers/einvoice-fixtures.ts';
import { tempDirsRemovedAfter } from '../helpers/temp-dirs.ts';
import { runInvoiceCli, writeRequest } from './run-invoice-cli.ts';

const tempDir = tempDirsRemovedAfter('invoice-cli-send-');
const noLink = (request: Json): Json => ({ ...request, features: { ...request.features, hosted_link: false } });

describe('invoice send: a real server on 127.0.0.1', () => {
  let ctx: AccountsApp;
  let apiKey: string;
  let env: Record<string, string>;
  let dir: string;
  before(async () => {
    ctx = await startAccountsApp();
    apiKey = (await signUpWithKey(ctx, 'cli-send')).apiKey;
    env = { INVOICE_API_URL: await ctx.app.listen({ port: 0, host: '127.0.0.1' }), INVOICE_API_KEY: apiKey };
    dir = tempDir();
  });
  after(async () => ctx.close());

  it('writes the bytes the API answers: a hybrid PDF and a CII', async () => {
    for (const [output, profile] of [['pdf', 'factur-x'], ['cii', 'en16931']] as const) {
      const out = path.join(dir, `sent.${output}`);
      const run = await runInvoiceCli(['send', writeRequest(dir, 'german.json', noLink(german())), '--output', output, '--profile', profile, '-o', out], { env });
      assert.equal(run.code, 0, run.stderr);
      const served = await generateInvoice(ctx.app, { ...noLink(german()), output, profile }, bearer(apiKey));
      assert.equal(served.statusCode, 200, served.body.slice(0, 300));
      assert.ok(readFileSync(out).equals(served.rawPayload), `${output}: sent and served bytes differ`);
    }
  });

  it('json: writes the API\'s answer, as it came, to standard output', async () => {
    const run = await runInvoiceCli(['send', writeRequest(dir, 'json.json', german())], { env });
    assert.equal(run.code, 0, run.stderr);
    const answer = JSON.parse(run.stdout.toString()) as Json;
    assert.equal(answer.success, true);
    assert.equal(answer.invoice.number, 'RE-2026-0001');
    assert.match(answer.invoice.hosted_url as string, /\/api\/i\//);
  });

  it('a document\'s hosted link (X-Hosted-Url) is printed on standard error, the XML on standard output', async () => {
    const run = await runInvoiceCli(['send', writeRequest(dir, 'linked.json', german()), '--output', 'ubl'], { env });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^hosted link: http:\/\/\S+\/api\/i\/\S+\n$/);
    assert.match(run.stdout.toString(), /^<\?xml /);
  });

  it('an API error exits 1 with the API\'s code, message and request id; render offline words it alike', async () => {
    const { to: _omitted, ...withoutBuyer } = german();
    const input = writeRequest(dir, 'no-buyer.json', withoutBuyer);
    const run = await runInvoiceCli(['send', input, '--output', 'pdf'], { env });
    assert.equal(run.code, 1);
    assert.equal(run.stdout.length, 0);
    assert.match(run.stderr, /^API error 400 validation_error: to is required: add it to the request body\. \(request id req_[\w-]+\)\n$/);
    const offline = await runInvoiceCli(['render', input, '--output', 'pdf']);
    assert.equal(offline.code, 1);
    assert.equal(offline.stderr, `${input}: validation_error: to is required: add it to the request body.\n`);
  });

  it('a misspelt field: send prints the API\'s refusal with its list, render offline refuses it alike (D46)', async () => {
    const input = writeRequest(dir, 'misspelt.json', { ...german(), global_tx: 19 });
    const run = await runInvoiceCli(['send', input], { env });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^API error 400 validation_error: global_tx is not a field; did you mean global_tax\? Correct or remove it; every field is described at \/docs\. \{"unknown_fields":\[\{"field":"global_tx","did_you_mean":"global_tax"\}\]\} \(request id req_[\w-]+\)\n$/);
    const offline = await runInvoiceCli(['render', input]);
    assert.equal(offline.code, 1);
    assert.equal(offline.stderr, `${input}: validation_error: global_tx is not a field; did you mean global_tax? Correct or remove it; every field is described at /docs.\n`);
  });

  it('without INVOICE_API_KEY the call is anonymous: a PDF is refused with the API\'s auth_required', async () => {
    const run = await runInvoiceCli(['send', writeRequest(dir, 'anon.json', german()), '--output', 'pdf'], { env: { INVOICE_API_URL: env.INVOICE_API_URL! } });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^API error 403 auth_required: /);
  });

  it('without INVOICE_API_URL, exit 2 naming the variable; an unreachable server, exit 1', async () => {
    const input = writeRequest(dir, 'any.json', german());
    const unset = await runInvoiceCli(['send', input]);
    assert.equal(unset.code, 2);
    assert.match(unset.stderr, /INVOICE_API_URL is not set/);
    const closed = await runInvoiceCli(['send', input], { env: { INVOICE_API_URL: 'http://127.0.0.1:1' } });
    assert.equal(closed.code, 1);
    assert.match(closed.stderr, /^cannot reach http:\/\/127\.0\.0\.1:1: /);
  });
});
