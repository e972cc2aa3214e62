import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runInvoiceCli } from './run-invoice-cli.ts';

const VALID = 'test/fixtures/xrechnung-testsuite/01.01a-INVOICE_ubl.xml';
const INVALID = 'test/fixtures/ubl-2.1/examples/UBL-Invoice-2.1-Example.xml';

describe('invoice inspect: received e-invoices checked offline', () => {
  it('prints a table of verdicts, each problem after it, and exits 1 when a file is invalid or refused', async () => {
    const run = await runInvoiceCli(['inspect', VALID, INVALID, 'package.json']);
    assert.equal(run.code, 1, run.stderr);
    const out = run.stdout.toString();
    assert.match(out, /01\.01a-INVOICE_ubl\.xml\s+UBL\s+xrechnung\s+valid\s+0\s+1\s+agree/);
    assert.match(out, /UBL-Invoice-2\.1-Example\.xml\s+UBL\s+-\s+INVALID\s+36\s/);
    assert.match(out, /UBL-Invoice-2\.1-Example\.xml: fatal BR-01 \(BT-24\) at \/Invoice\[1\]/);
    assert.match(out, /package\.json: The body is not XML: found "\{/);
  });

  it('exits 0 when every file is valid, and answers as the API with --json', async () => {
    const run = await runInvoiceCli(['inspect', '--json', VALID]);
    assert.equal(run.code, 0, run.stderr);
    const [answer] = JSON.parse(run.stdout.toString()) as Array<Record<string, any>>;
    assert.equal(answer!.file, VALID);
    assert.equal(answer!.document.profile, 'xrechnung');
    assert.equal(answer!.verdict.valid, true);
    assert.equal(answer!.totals.agree, true);
    assert.equal(answer!.invoice.invoice.currency, 'EUR');
  });

  it('says what is wrong with its arguments (exit 2)', async () => {
    const run = await runInvoiceCli(['inspect']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /inspect needs a file/);
  });
});
