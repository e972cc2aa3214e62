import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CODE_SAMPLES, type CodeSample } from '../../src/http/openapi/code-samples.ts';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { loadOpenApiDocument } from './load-openapi-document.ts';
import { useClientApp } from '../clients/start-client-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/start-webhook-receiver.ts';
import { ALLOW_LOCALHOST } from '../helpers/webhook-helpers.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT = path.join(ROOT, 'clients', 'typescript', 'src', 'index.ts');
/** Debian's Python with Debian's python3-requests (npm test installs it: scripts/ensure-test-tools.ts). */
const PYTHON = '/usr/bin/python3';
const SAMPLE_WEBHOOK_URL = 'https://hooks.example.com/invoices';

/** How a sample's source becomes a file that runs here, and the command that runs it. */
const RUNNERS: Readonly<Record<CodeSample['lang'], { file: string; command: (file: string) => [string, string[]] }>> = {
  Shell: { file: 'sample.sh', command: (file) => ['sh', ['-eu', file]] },
  // The published package's name resolves to the client's source in this repository.
  TypeScript: { file: 'sample.ts', command: (file) => [process.execPath, [file]] },
  Python: { file: 'sample.py', command: (file) => [PYTHON, [file]] },
};

describe('the code samples of the document and docs/samples.md run against the service', () => {
  let receiver: WebhookReceiver;
  before(async () => { receiver = await startWebhookReceiver(); });
  after(async () => { await receiver.close(); });
  const service = useClientApp({ env: ALLOW_LOCALHOST });
  const dirs: string[] = [];
  after(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

  for (const [operationId, samples] of Object.entries(CODE_SAMPLES)) {
    for (const sample of samples) {
      it(`${operationId}: ${sample.label}`, async () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'code-sample-'));
        dirs.push(dir);
        const runner = RUNNERS[sample.lang];
        // The webhook samples name an example host; here they register the local https receiver.
        const source = sample.source.replaceAll(SAMPLE_WEBHOOK_URL, receiver.url).replace("'@invoice-service/client'", JSON.stringify(CLIENT));
        const file = path.join(dir, runner.file);
        writeFileSync(file, source);
        const [command, args] = runner.command(file);
        const { stdout } = await run(command, args, {
          cwd: dir,
          env: { PATH: process.env.PATH ?? '', INVOICE_API_URL: service.baseUrl, INVOICE_API_KEY: service.apiKey, NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? '' },
          timeout: 60_000,
        });
        assert.ok(stdout.trim().length > 0, 'the sample prints what it got');
        assert.doesNotMatch(stdout, /"success":\s*false|error/i, stdout.slice(0, 500));
        if (operationId === 'generateInvoice' && sample.lang !== 'TypeScript') {
          assert.equal(readFileSync(path.join(dir, 'invoice.pdf')).subarray(0, 5).toString('latin1'), '%PDF-', 'the PDF it saved');
        }
      });
    }
  }

  it('the TypeScript samples type-check against the client, with no cast', async () => {
    const dir = mkdtempSync(path.join(ROOT, 'clients', 'typescript', '.samples-'));
    dirs.push(dir);
    const files: string[] = [];
    for (const [operationId, samples] of Object.entries(CODE_SAMPLES)) {
      const sample = samples.find((s) => s.lang === 'TypeScript')!;
      const file = path.join(dir, `${operationId}.ts`);
      writeFileSync(file, `${sample.source.replace("'@invoice-service/client'", "'../src/index.ts'")}export {};\n`);
      files.push(file);
    }
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../tsconfig.json', include: ['*.ts'] }));
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')]).then(() => '', (error: { stdout?: string }) => error.stdout ?? 'tsc failed');
    assert.equal(result, '', 'tsc on the TypeScript samples');
  });

  it('the document carries them as x-codeSamples of their operations', async () => {
    const t = await buildTestApp();
    try {
      const doc = await loadOpenApiDocument(t) as { paths: Record<string, Record<string, { operationId?: string; 'x-codeSamples'?: unknown }>> };
      const carried = Object.fromEntries(Object.values(doc.paths).flatMap((methods) => Object.values(methods))
        .filter((operation) => operation['x-codeSamples'] !== undefined).map((operation) => [operation.operationId, operation['x-codeSamples']]));
      assert.deepEqual(carried, JSON.parse(JSON.stringify(CODE_SAMPLES)));
    } finally {
      await t.close();
    }
  });

  it('docs/samples.md holds every sample as it is in the document', () => {
    const docs = readFileSync(path.join(ROOT, 'docs', 'samples.md'), 'utf8');
    for (const [operationId, samples] of Object.entries(CODE_SAMPLES)) {
      for (const sample of samples) assert.ok(docs.includes(sample.source), `${operationId}, ${sample.label}: docs/samples.md differs (regenerate: node scripts/write-samples-doc.ts)`);
    }
  });
});
