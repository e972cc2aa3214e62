import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { german } from '../helpers/einvoice-fixtures.ts';
import { tempDirsRemovedAfter } from '../helpers/temp-dirs.ts';
import { CLI, runInvoiceCli, writeRequest } from './run-invoice-cli.ts';

const tempDir = tempDirsRemovedAfter('invoice-cli-bin-');
const BUILT = path.resolve('dist/cli.js');

describe('the bin: package.json "invoice" is src/cli.ts built', () => {
  it('names dist/cli.js, which tsconfig.build.json makes from src/cli.ts, a script node runs', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { bin?: Record<string, string> };
    assert.deepEqual(pkg.bin, { invoice: 'dist/cli.js' });
    assert.ok(readFileSync(CLI, 'utf8').startsWith('#!/usr/bin/env node\n'));
  });

  // npm test builds first (pretest); run alone, this needs npm run build, and says so rather than skipping.
  it('dist/cli.js renders what src/cli.ts renders', async () => {
    assert.ok(existsSync(BUILT), `${BUILT} is missing: run npm run build first (npm test does)`);
    const input = writeRequest(tempDir(), 'german.json', german());
    const built = spawnSync(process.execPath, [BUILT, 'render', input, '--output', 'cii'], { encoding: 'buffer' });
    assert.equal(built.status, 0, built.stderr.toString());
    const source = await runInvoiceCli(['render', input, '--output', 'cii']);
    assert.ok(built.stdout.equals(source.stdout));
  });
});
