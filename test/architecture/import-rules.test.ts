import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { checkImportRules, type RuleName, type SourceText } from './check-import-rules.ts';

const ROOT = new URL('../../', import.meta.url);

function readSourceTree(): SourceText[] {
  return readdirSync(new URL('src/', ROOT), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => `src/${path.split('\\').join('/')}`)
    .sort()
    .map((path) => ({ path, text: readFileSync(new URL(path, ROOT), 'utf8') }));
}

describe('import rules of src/ (check-import-rules.ts)', () => {
  it('hold for every file under src/', () => {
    assert.deepEqual(checkImportRules(readSourceTree()).map((violation) => violation.message), []);
  });
});

describe('checkImportRules', () => {
  const check = (path: string, text: string) =>
    checkImportRules([{ path, text }]).map(({ file, line, import: imported, rule }) => ({ file, line, import: imported, rule }));

  it('reports an http file importing storage, naming the file, the import and the rule', () => {
    const [violation, ...others] = checkImportRules([{ path: 'src/http/x.ts', text: "import { y } from '../storage/y.ts';\n" }]);
    assert.deepEqual(others, []);
    assert.deepEqual({ ...violation, message: undefined }, {
      file: 'src/http/x.ts', line: 1, import: '../storage/y.ts', rule: 'http-no-adapters', message: undefined,
    });
    assert.match(violation!.message, /^src\/http\/x\.ts:1 breaks http-no-adapters: imports '\.\.\/storage\/y\.ts' \(src\/storage\/y\.ts\)/);
  });

  const violating: { name: string; path: string; text: string; import: string; rule: RuleName }[] = [
    { name: 'http → redis', path: 'src/http/routes/r.ts', text: "import type { Redis } from '../../redis/client.ts';", import: '../../redis/client.ts', rule: 'http-no-adapters' },
    { name: 'http → storage, re-exported', path: 'src/http/x.ts', text: "export { db } from '../storage/db.ts';", import: '../storage/db.ts', rule: 'http-no-adapters' },
    { name: 'http → storage, dynamic', path: 'src/http/x.ts', text: "const m = await import('../storage/db.ts');", import: '../storage/db.ts', rule: 'http-no-adapters' },
    { name: 'http → storage, in a type', path: 'src/http/x.ts', text: "let d: import('../storage/db.ts').Db;", import: '../storage/db.ts', rule: 'http-no-adapters' },
    { name: 'domain → schemas', path: 'src/domain/invoice/a.ts', text: "import type { Meta } from '../../schemas/meta.ts';", import: '../../schemas/meta.ts', rule: 'domain-pure' },
    { name: 'domain → use-cases', path: 'src/domain/a.ts', text: "import { f } from '../use-cases/f.ts';", import: '../use-cases/f.ts', rule: 'domain-pure' },
    { name: 'domain → node:fs', path: 'src/domain/a.ts', text: "import { readFile } from 'node:fs/promises';", import: 'node:fs/promises', rule: 'domain-pure' },
    { name: 'domain → fs without the prefix', path: 'src/domain/a.ts', text: "import fs from 'fs';", import: 'fs', rule: 'domain-pure' },
    { name: 'domain → node:net beyond isIP', path: 'src/domain/a.ts', text: "import { isIP, connect } from 'node:net';", import: 'node:net', rule: 'domain-pure' },
    { name: 'domain → an unlisted package', path: 'src/domain/a.ts', text: "import { Kysely } from 'kysely';", import: 'kysely', rule: 'domain-pure' },
    { name: 'schemas → http', path: 'src/schemas/a.ts', text: "import { x } from '../http/x.ts';", import: '../http/x.ts', rule: 'schemas-inward' },
    { name: 'schemas → a package', path: 'src/schemas/a.ts', text: "import Ajv from 'ajv';", import: 'ajv', rule: 'schemas-inward' },
    { name: 'use-cases → http', path: 'src/use-cases/a/b.ts', text: "import { x } from '../../http/x.ts';", import: '../../http/x.ts', rule: 'use-cases-no-http' },
    { name: 'use-cases → compose', path: 'src/use-cases/health/h.ts', text: "import type { Counters } from '../../compose/open-counters.ts';", import: '../../compose/open-counters.ts', rule: 'use-cases-no-http' },
    { name: 'http → compose', path: 'src/http/routes/r.ts', text: "import { composeServices } from '../../compose/compose-services.ts';", import: '../../compose/compose-services.ts', rule: 'http-no-adapters' },
    { name: 'use-cases → fastify', path: 'src/use-cases/a.ts', text: "import type { FastifyRequest } from 'fastify';", import: 'fastify', rule: 'use-cases-no-http' },
    { name: 'use-cases → a fastify plugin', path: 'src/use-cases/a.ts', text: "import cookie from '@fastify/cookie';", import: '@fastify/cookie', rule: 'use-cases-no-http' },
    { name: 'use-case reading a status', path: 'src/use-cases/a.ts', text: "import { statusOf } from '../errors/error-codes.ts';", import: 'statusOf', rule: 'status-in-http' },
    { name: 'schema reading the status map', path: 'src/schemas/a.ts', text: 'const codes = Object.keys(codes.ERROR_STATUS);', import: 'ERROR_STATUS', rule: 'status-in-http' },
    { name: 'AppError given a status', path: 'src/use-cases/a.ts', text: "throw new AppError('forbidden', 'No.', { status: 403 });", import: 'new AppError(…, { status })', rule: 'app-error-no-status' },
    { name: 'AppError given a status, in http too', path: 'src/http/a.ts', text: "throw new errors.AppError('forbidden', 'No.', { 'status': 403 });", import: 'new AppError(…, { status })', rule: 'app-error-no-status' },
    { name: 'a computed specifier', path: 'src/lib/a.ts', text: 'await import(name);', import: '<computed>', rule: 'checkable-imports' },
    { name: 'mcp → http', path: 'src/mcp/invoice-tool.ts', text: "import { validateInvoiceRequest } from '../http/validate-invoice-request.ts';", import: '../http/validate-invoice-request.ts', rule: 'mcp-no-http' },
    { name: 'mcp → http, from a tool and in a type', path: 'src/mcp/tools/t.ts', text: "let route: import('../../http/routes/mcp-route.ts').McpRouteDeps;", import: '../../http/routes/mcp-route.ts', rule: 'mcp-no-http' },
    { name: 'mcp → storage', path: 'src/mcp/tools/t.ts', text: "import { listWebhooks } from '../../storage/repositories/webhooks-repository.ts';", import: '../../storage/repositories/webhooks-repository.ts', rule: 'mcp-no-http' },
    { name: 'mcp → redis', path: 'src/mcp/a.ts', text: "import type { Redis } from '../redis/client.ts';", import: '../redis/client.ts', rule: 'mcp-no-http' },
    { name: 'cli → http', path: 'src/cli/read-request-file.ts', text: "import { INVOICE_BODY_LIMIT_BYTES } from '../http/routes/generate-invoice-route.ts';", import: '../http/routes/generate-invoice-route.ts', rule: 'cli-no-http' },
    { name: 'cli → http, dynamic', path: 'src/cli/run-cli.ts', text: "const { parseJsonBody } = await import('../http/parse-json-body.ts');", import: '../http/parse-json-body.ts', rule: 'cli-no-http' },
    { name: 'requests → http', path: 'src/requests/a.ts', text: "import { outputFromAccept } from '../http/output-from-accept.ts';", import: '../http/output-from-accept.ts', rule: 'requests-transport-free' },
    { name: 'requests → fastify', path: 'src/requests/a.ts', text: "import type { FastifyRequest } from 'fastify';", import: 'fastify', rule: 'requests-transport-free' },
    { name: 'requests → storage', path: 'src/requests/a.ts', text: "import { db } from '../storage/db.ts';", import: '../storage/db.ts', rule: 'requests-transport-free' },
    { name: 'requests → kysely', path: 'src/requests/a.ts', text: "import type { Kysely } from 'kysely';", import: 'kysely', rule: 'requests-transport-free' },
    { name: 'requests → use-cases', path: 'src/requests/a.ts', text: "import { MAX_BATCH_ITEMS } from '../use-cases/invoices/generate-batch.ts';", import: '../use-cases/invoices/generate-batch.ts', rule: 'requests-transport-free' },
    { name: 'requests → a built-in with I/O', path: 'src/requests/a.ts', text: "import { readFile } from 'node:fs/promises';", import: 'node:fs/promises', rule: 'requests-transport-free' },
  ];
  for (const { name, path, text, import: imported, rule } of violating) {
    it(`reports ${name}`, () => assert.deepEqual(check(path, text), [{ file: path, line: 1, import: imported, rule }]));
  }

  const allowed: { name: string; path: string; text: string }[] = [
    { name: 'http → use-cases, schemas, errors', path: 'src/http/x.ts', text: "import { a } from '../use-cases/a.ts';\nimport { S } from '../schemas/s.ts';\nimport { statusOf } from '../errors/error-codes.ts';" },
    { name: 'a storage path in a comment or a string', path: 'src/http/x.ts', text: "// import { y } from '../storage/y.ts';\nconst s = \"from '../storage/y.ts'\";" },
    { name: 'domain → domain, errors, lib', path: 'src/domain/pdf/a.ts', text: "import type { Invoice } from '../invoice/invoice-schema.ts';\nimport { AppError } from '../../errors/app-error.ts';\nimport { utc } from '../../lib/utc-date.ts';" },
    { name: 'domain → its built-ins and packages', path: 'src/domain/a.ts', text: "import { createHash } from 'node:crypto';\nimport { isIP } from 'node:net';\nimport { domainToASCII } from 'node:url';\nimport Type from 'typebox';\nimport xmlbuilder from 'xmlbuilder';\nimport QRCode from 'qrcode';" },
    { name: 'schemas → domain, lib, errors and typebox', path: 'src/schemas/a.ts', text: "import { CURRENCIES } from '../domain/invoice/catalog.ts';\nimport { StringEnum } from '../lib/string-enum.ts';\nimport { ERROR_CODES } from '../errors/error-codes.ts';\nimport Type from 'typebox';" },
    { name: 'use-cases → storage and domain', path: 'src/use-cases/a.ts', text: "import { find } from '../storage/repositories/r.ts';\nimport { compute } from '../domain/invoice/compute-invoice.ts';" },
    { name: 'AppError with a code and a variant', path: 'src/use-cases/a.ts', text: "throw new AppError('auth_required', 'Sign in.', { variant: 'anonymous_generation' });" },
    { name: 'mcp → requests, schemas, use-cases', path: 'src/mcp/tools/t.ts', text: "import { validateInvoiceRequest } from '../../requests/validate-invoice-request.ts';\nimport { buildMeta } from '../../schemas/build-meta.ts';\nimport type { GenerationDeps } from '../../use-cases/invoices/generation-deps.ts';" },
    { name: 'cli → requests, use-cases, render', path: 'src/cli/a.ts', text: "import { parseJsonBody } from '../requests/parse-json-body.ts';\nimport { documentFormatFor } from '../use-cases/documents/document-formats.ts';\nimport { createPdfWorkerPool } from '../render/pdf-worker-pool.ts';\nimport { readFile } from 'node:fs/promises';" },
    { name: 'requests → requests, domain, errors, lib, schemas and its packages', path: 'src/requests/a.ts', text: "import { checkJsonShape } from './check-json-shape.ts';\nimport { InvoiceRequestSchema } from '../domain/invoice/invoice-request-schema.ts';\nimport { AppError } from '../errors/app-error.ts';\nimport { utc } from '../lib/utc-date.ts';\nimport { AJV_OPTIONS } from '../schemas/ajv-options.ts';\nimport { Ajv } from 'ajv';\nimport ajvFormats from 'ajv-formats';\nimport Type from 'typebox';" },
    { name: 'http → requests', path: 'src/http/register-json-parser.ts', text: "import { parseJsonBody } from '../requests/parse-json-body.ts';" },
    { name: 'errors/ defining the status map', path: 'src/errors/error-codes.ts', text: 'export const ERROR_STATUS = {};\nexport function statusOf() {}' },
  ];
  for (const { name, path, text } of allowed) {
    it(`allows ${name}`, () => assert.deepEqual(check(path, text), []));
  }

  it('reports each import on its own line, across a multi-line import', () => {
    const text = "import {\n  a,\n  b,\n} from '../storage/a.ts';\nimport type { T } from '../redis/t.ts';\n";
    assert.deepEqual(check('src/http/x.ts', text).map(({ line, import: imported }) => ({ line, import: imported })), [
      { line: 1, import: '../storage/a.ts' },
      { line: 5, import: '../redis/t.ts' },
    ]);
  });
});
