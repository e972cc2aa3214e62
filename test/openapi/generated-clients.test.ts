/**
 * Clients generated from the service's own /openapi.json by the generators API
 * users reach for first — openapi-typescript (default options) with openapi-fetch, and
 * @hey-api/openapi-ts (default plugins, fetch client) — type-check, under strict options, a program
 * per generator that calls every operation of the document and reads its typed answer, with no
 * cast. The programs are fixtures in generated-clients/ (*.ts.txt, so the repository's type-check
 * skips them); the generated code is written to a temp folder inside the repository (so tsc finds
 * openapi-fetch in node_modules) and removed after.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClient } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { loadOpenApiDocument, type OpenApiDocument } from './load-openapi-document.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./generated-clients/', import.meta.url));
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The programs, and the generated code each imports (named as the programs import it). */
const OPENAPI_FETCH_PROGRAM = 'uses-openapi-fetch.ts';
const HEY_API_PROGRAM = 'uses-hey-api.ts';
const MINIMAL_ITEMS_PROGRAM = 'minimal-items-openapi-typescript.ts';

/** Strict, as an API user's project would be; skipLibCheck covers only the libraries' .d.ts, the generated .ts is checked. */
const COMPILER_OPTIONS = {
  target: 'es2024',
  lib: ['es2024', 'dom', 'dom.iterable'],
  module: 'nodenext',
  moduleResolution: 'nodenext',
  types: [],
  strict: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  verbatimModuleSyntax: true,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
  noEmit: true,
};

interface Operation { readonly operationId: string; readonly method: string; readonly path: string }

function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [route, item] of Object.entries<Record<string, { operationId?: string }>>(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      assert.ok(operation.operationId, `${method.toUpperCase()} ${route} has an operationId (generators name the SDK function after it)`);
      operations.push({ operationId: operation.operationId, method, path: route });
    }
  }
  return operations;
}

/** tsc's diagnostics for these files under COMPILER_OPTIONS ('' when there are none). */
async function typeCheck(dir: string, name: string, files: readonly string[]): Promise<string> {
  const project = path.join(dir, `tsconfig.${name}.json`);
  writeFileSync(project, JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files }, null, 2));
  return run(process.execPath, [TSC, '-p', project, '--pretty', 'false'], { cwd: dir, timeout: 60_000 })
    .then(({ stdout }) => stdout, (error: { stdout?: string; message: string }) => error.stdout || error.message);
}

describe('clients generated from /openapi.json type-check a program using every operation, with no cast', () => {
  let doc: OpenApiDocument;
  let dir: string;

  before(async () => {
    const t = await buildTestApp();
    try {
      doc = await loadOpenApiDocument(t);
    } finally {
      await t.close();
    }
    // A dot folder: the repository's tsconfig include globs skip it, should a type-check run meanwhile.
    dir = mkdtempSync(path.join(FIXTURES, '.out-'));
    // Default options for the batch-items check; defaultNonNullable off (clients/typescript's
    // setting) for the program, so every operation is checked while the defaults still fail.
    const defaults = await openapiTS(structuredClone(doc) as never, { silent: true });
    writeFileSync(path.join(dir, 'openapi-typescript-defaults.ts'), astToString(defaults));
    const requestDefaultsOptional = await openapiTS(structuredClone(doc) as never, { silent: true, defaultNonNullable: false });
    writeFileSync(path.join(dir, 'openapi-typescript.ts'), astToString(requestDefaultsOptional));
    await createClient({
      input: structuredClone(doc),
      output: path.join(dir, 'hey-api'),
      plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
      logs: { level: 'silent' },
    });
    for (const program of [OPENAPI_FETCH_PROGRAM, HEY_API_PROGRAM, MINIMAL_ITEMS_PROGRAM]) {
      copyFileSync(path.join(FIXTURES, `${program}.txt`), path.join(dir, program));
    }
  });
  after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

  it('the programs call every operation of the document', () => {
    const operations = listOperations(doc);
    assert.ok(operations.length >= 18, `${operations.length} operations`);
    const openapiFetch = readFileSync(path.join(FIXTURES, `${OPENAPI_FETCH_PROGRAM}.txt`), 'utf8');
    const heyApi = readFileSync(path.join(FIXTURES, `${HEY_API_PROGRAM}.txt`), 'utf8');
    const missing: string[] = [];
    for (const { operationId, method, path: route } of operations) {
      if (!openapiFetch.includes(`api.${method.toUpperCase()}('${route}'`)) missing.push(`${OPENAPI_FETCH_PROGRAM}: api.${method.toUpperCase()}('${route}', …)`);
      if (!new RegExp(`\\bawait ${operationId}\\(`).test(heyApi)) missing.push(`${HEY_API_PROGRAM}: await ${operationId}(…)`);
    }
    assert.deepEqual(missing, [], 'a call per operation');
  });

  it('openapi-typescript (default options) + openapi-fetch: the program type-checks', async () => {
    const output = await typeCheck(dir, 'openapi-fetch', [OPENAPI_FETCH_PROGRAM]);
    assert.equal(output, '', `tsc:\n${output}`);
  });

  it('@hey-api/openapi-ts (SDK, fetch client): the program type-checks', async () => {
    const output = await typeCheck(dir, 'hey-api', [HEY_API_PROGRAM]);
    assert.equal(output, '', `tsc:\n${output}`);
  });

  // With its default options openapi-typescript would demand every defaulted field of batch items:
  // a property with a `default` is required unless the schema sits under a requestBody, and
  // InvoiceRequest, InvoiceMeta and LineItem are components. The document states defaults in the
  // descriptions instead (the domain applies them, D14), which this keeps so.
  it('openapi-typescript (default options): batch items with only a description type-check', async () => {
    const output = await typeCheck(dir, 'minimal-items', [MINIMAL_ITEMS_PROGRAM]);
    assert.equal(output, '', `tsc:\n${output}`);
  });
});
