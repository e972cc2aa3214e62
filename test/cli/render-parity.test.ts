import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { bearer, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';
import { german } from '../helpers/einvoice-fixtures.ts';
import { PNG_3X2 } from '../helpers/image-bytes.ts';
import { tempDirsRemovedAfter } from '../helpers/temp-dirs.ts';
import { runInvoiceCli, writeRequest } from './run-invoice-cli.ts';

const tempDir = tempDirsRemovedAfter('invoice-cli-parity-');

/**
 * german() has a fixed number and date; without a hosted link nothing in the document is random
 * (the link's id and its QR), so the service and the offline render must agree byte for byte.
 */
const request = (overrides: Json = {}): Json => {
  const base = german(overrides);
  return { ...base, features: { ...base.features, hosted_link: false } };
};

describe('invoice render: offline, the same bytes as the service', () => {
  let ctx: AccountsApp;
  let auth: Record<string, string>;
  let dir: string;
  before(async () => {
    ctx = await startAccountsApp();
    auth = bearer((await signUpWithKey(ctx, 'cli')).apiKey);
    dir = tempDir();
  });
  after(async () => ctx.close());

  const serverBytes = async (body: Json): Promise<Buffer> => {
    const res = await generateInvoice(ctx.app, body, auth);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    return res.rawPayload;
  };

  const cases: { name: string; body: Json; args: string[] }[] = [
    { name: 'pdf', body: request(), args: ['--output', 'pdf'] },
    { name: 'ubl', body: request(), args: ['--output', 'ubl', '--profile', 'xrechnung'] },
    { name: 'cii', body: request(), args: ['--output', 'cii'] },
    { name: 'hybrid pdf, factur-x', body: request(), args: ['--output', 'pdf', '--profile', 'factur-x'] },
    { name: 'hybrid pdf, xrechnung, a credit note (D33)', body: request({ document_type: 'credit_note', billing_reference: { number: 'RE-2026-0001', date: '2026-11-02' } }), args: ['--output', 'pdf', '--profile', 'xrechnung'] },
    { name: 'pdf with a signature image (data: URI) and the SEPA payment QR (D25, D26)', body: request({ template: 'modern', signature: `data:image/png;base64,${PNG_3X2.toString('base64')}` }), args: ['--output', 'pdf'] },
  ];
  for (const { name, body, args } of cases) {
    it(`${name}: the file equals the API's answer`, async () => {
      const input = writeRequest(dir, `${name.replace(/\W+/g, '-')}.json`, body);
      const out = path.join(dir, `${name.replace(/\W+/g, '-')}.out`);
      const run = await runInvoiceCli(['render', input, ...args, '-o', out]);
      assert.equal(run.code, 0, run.stderr);
      const asked: Json = { ...body };
      for (let i = 0; i < args.length; i += 2) asked[args[i]!.slice(2)] = args[i + 1];
      assert.ok(readFileSync(out).equals(await serverBytes(asked)), `${name}: offline and served bytes differ`);
    });
  }

  it('json: standard output is the API answer\'s `invoice` (the same members and values)', async () => {
    const body = request();
    const run = await runInvoiceCli(['render', writeRequest(dir, 'json.json', body)]);
    assert.equal(run.code, 0, run.stderr);
    const served = JSON.parse((await serverBytes(body)).toString()) as Json;
    // The API's serializer writes members in its schema's order; JSON.stringify in the engine's.
    assert.deepEqual(JSON.parse(run.stdout.toString()), served.invoice);
  });

  it('--number fills in a request without invoice.number; the date defaults to today (UTC)', async () => {
    const body = request();
    delete body.invoice.number;
    delete body.invoice.date;
    delete body.invoice.due_date;
    const run = await runInvoiceCli(['render', writeRequest(dir, 'number.json', body), '--number', 'CLI-7']);
    assert.equal(run.code, 0, run.stderr);
    const invoice = JSON.parse(run.stdout.toString()) as Json;
    assert.equal(invoice.number, 'CLI-7');
    assert.equal(invoice.date, new Date().toISOString().slice(0, 10));
  });
});
