import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { german } from '../helpers/einvoice-fixtures.ts';
import { tempDirsRemovedAfter } from '../helpers/temp-dirs.ts';
import { runInvoiceCli, writeRequest } from './run-invoice-cli.ts';

const tempDir = tempDirsRemovedAfter('invoice-cli-modules-');

const RECORDER = pathToFileURL(path.resolve('test/cli/record-loaded-modules.ts')).href;
const SRC = `${pathToFileURL(path.resolve('src')).href}/`;

/**
 * A module of storage, by its URL: our database and Redis adapters, the SQL and Redis clients,
 * and Node's SQLite. The CLI's render runs on the user's machine without a database; one of
 * these loaded means the render path imports the service's stateful half (as it did when the
 * CLI read the body limit from the generate route, which imports the generation use-case).
 */
function isStorageModule(url: string): boolean {
  return url.startsWith(`${SRC}storage/`)
    || url.startsWith(`${SRC}redis/`)
    || /\/node_modules\/(kysely|pg|pg-[^/]+|better-sqlite3|ioredis)\//.test(url)
    || url === 'node:sqlite';
}

describe('invoice render loads no storage module', () => {
  it('tells storage modules from the others by URL', () => {
    const root = pathToFileURL(path.resolve('.')).href;
    const storage = [`${SRC}storage/tables.ts`, `${SRC}redis/redis-counters.ts`, `${root}/node_modules/kysely/dist/index.js`,
      `${root}/node_modules/pg/lib/index.js`, `${root}/node_modules/pg-pool/index.js`, `${root}/node_modules/ioredis/built/index.js`, 'node:sqlite'];
    const others = [`${SRC}requests/parse-json-body.ts`, `${SRC}use-cases/documents/document-formats.ts`, `${root}/node_modules/typebox/build/index.mjs`, 'node:fs'];
    assert.deepEqual(storage.filter((url) => !isStorageModule(url)), []);
    assert.deepEqual(others.filter(isStorageModule), []);
  });

  it('renders a PDF offline with every loaded module recorded, none of them storage', async () => {
    const dir = tempDir();
    const input = writeRequest(dir, 'request.json', german());
    const list = path.join(dir, 'loaded-modules.txt');
    const run = await runInvoiceCli(['render', input, '--output', 'pdf', '-o', path.join(dir, 'invoice.pdf')], {
      env: { NODE_OPTIONS: `--import=${RECORDER}`, LOADED_MODULES_FILE: list },
    });
    assert.equal(run.code, 0, run.stderr);

    const loaded = readFileSync(list, 'utf8').split('\n').filter((line) => line !== '').map((line) => {
      const space = line.indexOf(' ');
      return { thread: Number(line.slice(0, space)), url: line.slice(space + 1) };
    });
    const urls = [...new Set(loaded.map((entry) => entry.url))];
    // The record covers the render: the CLI's reading in the main thread, the PDF in a worker.
    assert.ok(urls.includes(`${SRC}cli/render-offline.ts`) && urls.includes(`${SRC}requests/validate-invoice-request.ts`), 'the render path is recorded');
    assert.ok(loaded.some((entry) => entry.thread !== 0 && entry.url === `${SRC}render/pdf-worker.ts`), 'the PDF worker thread is recorded');
    assert.ok(urls.length > 100, `${urls.length} modules recorded`);

    const storage = urls.filter(isStorageModule);
    assert.equal(storage.length, 0, `${storage.length} of ${urls.length} loaded modules are storage:\n${storage.slice(0, 20).join('\n')}`);
  });
});
