import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { german } from '../helpers/einvoice-fixtures.ts';
import { tempDirsRemovedAfter } from '../helpers/temp-dirs.ts';
import { runInvoiceCli, writeRequest } from './run-invoice-cli.ts';

const tempDir = tempDirsRemovedAfter('invoice-cli-many-');

describe('invoice render --out-dir: many files', () => {
  it('writes the good ones named after their inputs, goes on past a bad one, exits 1 and names it in the summary', async () => {
    const dir = tempDir();
    const outDir = path.join(dir, 'out');
    const inputs = [
      writeRequest(dir, 'first.json', german()),
      writeRequest(dir, 'broken.json', '{"from": {"name": "Acme"},'),
      writeRequest(dir, 'second.json', german({ invoice: { ...german().invoice, number: 'RE-2026-0002' } })),
    ];
    const run = await runInvoiceCli(['render', ...inputs, '--output', 'pdf', '--profile', 'factur-x', '--out-dir', outDir]);
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(readdirSync(outDir).sort(), ['first.pdf', 'second.pdf']);
    for (const file of ['first.pdf', 'second.pdf']) assert.equal(readFileSync(path.join(outDir, file)).subarray(0, 5).toString(), '%PDF-');
    // Standard error is not a terminal here: one plain line per file, no bar.
    assert.doesNotMatch(run.stderr, /\r|\[#/);
    assert.match(run.stderr, new RegExp(`^${escape(inputs[1]!)}: failed: invalid_json: The request body is not valid JSON`, 'm'));
    assert.match(run.stderr, new RegExp(`^${escape(inputs[0]!)} -> ${escape(path.join(outDir, 'first.pdf'))}$`, 'm'));
    assert.match(run.stderr, new RegExp(`2 of 3 written, 1 failed: ${escape(inputs[1]!)}\\n$`));
  });

  it('all good: exit 0, one document per input in the output\'s extension', async () => {
    const dir = tempDir();
    const outDir = path.join(dir, 'xml');
    const inputs = [writeRequest(dir, 'a.json', german()), writeRequest(dir, 'b.json', german())];
    const run = await runInvoiceCli(['render', ...inputs, '--output', 'ubl', '--out-dir', outDir]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(readdirSync(outDir).sort(), ['a.xml', 'b.xml']);
    assert.match(run.stderr, /2 of 2 written\n$/);
  });

  it('two inputs with one name would overwrite each other: exit 2 before anything is rendered', async () => {
    const dir = tempDir();
    const inputs = [writeRequest(dir, 'same.json', german()), writeRequest(tempDir(), 'same.json', german())];
    const run = await runInvoiceCli(['render', ...inputs, '--out-dir', path.join(dir, 'out')]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /would both be written as same\.\*/);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
