import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../../src/config/load-config.ts';
import type { DocumentKind } from '../../../src/domain/documents/document-kind.ts';
import { kindFor } from '../../../src/domain/documents/kind-for.ts';
import type { BurstAdmission, BurstLimiter } from '../../../src/domain/limits/burst-limiter.ts';
import type { InvoiceRequest } from '../../../src/domain/invoice/invoice-request-schema.ts';
import { AppError } from '../../../src/errors/app-error.ts';
import { createDatabase } from '../../../src/storage/create-database.ts';
import type { Database } from '../../../src/storage/database.ts';
import { insertAccount } from '../../../src/storage/repositories/accounts-repository.ts';
import { migrateToLatest } from '../../../src/storage/migrate-to-latest.ts';
import { transactionRunner } from '../../../src/storage/write-group.ts';
import type { AccountCaller } from '../../../src/use-cases/caller.ts';
import { DOCUMENT_CATALOG, makeEInvoiceXml, type DocumentCatalog } from '../../../src/use-cases/documents/document-makers.ts';
import type { IdempotencyStore } from '../../../src/use-cases/idempotency/idempotency-store.ts';
import { generateInvoiceDocument, type GenerationOutcome, type GenerationRequest } from '../../../src/use-cases/invoices/generate-invoice-document.ts';
import type { GenerationDeps } from '../../../src/use-cases/invoices/generation-deps.ts';
import { validateInvoiceRequest } from '../../../src/requests/validate-invoice-request.ts';
import { EACH_ITEM } from '../../../src/use-cases/invoices/batch-policy.ts';
import { ONE_INVOICE } from '../../../src/use-cases/invoices/one-invoice-policy.ts';
import { runGeneration } from '../../../src/use-cases/invoices/run-generation.ts';
import type { GenerationRun } from '../../../src/use-cases/invoices/generation-policy.ts';
import { german } from '../../helpers/einvoice-fixtures.ts';
import { UNLIMITED_PLAN_LIMITS } from '../../helpers/build-test-app.ts';

const NOW_MS = Date.UTC(2026, 10, 25, 12, 0, 0);

/** Windows that admit everything and remember what they were asked. */
function countingWindows(): BurstLimiter & { admitted: number } {
  const state = { used: 0, limit: 1_000_000, resetAt: 0 };
  const admission = (granted: number): BurstAdmission => ({ granted, hour: state, week: state } as unknown as BurstAdmission);
  return {
    admitted: 0,
    async admit(_subject, _limits, requested) { this.admitted += requested; return admission(requested); },
    async peek() { return admission(0); },
  };
}

/** No request here carries an Idempotency-Key: the store must never be asked. */
const NO_IDEMPOTENCY = new Proxy({}, { get: () => () => assert.fail('the idempotency store was used') }) as IdempotencyStore;

/**
 * The generation use-case on its own, without HTTP: a SQLite file for the numbers, the month and
 * the events (the part that must be a real database), and in-memory windows, logs and renderer.
 */
describe('generateInvoiceDocument with in-memory ports', () => {
  let dir: string;
  let database: Database;
  let deps: GenerationDeps;
  let windows: ReturnType<typeof countingWindows>;
  const errors: string[] = [];
  const caller: AccountCaller = { kind: 'account', accountId: randomUUID(), email: 'a@example.com', tier: 'free', verified: true, via: 'api_key' };

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'invoice-use-case-'));
    const config = loadConfig({ DATA_DIR: dir, PLAN_LIMITS: UNLIMITED_PLAN_LIMITS });
    database = await createDatabase({ kind: 'sqlite', file: path.join(dir, 'invoice.db') });
    await migrateToLatest(database.db);
    await insertAccount(database.db, { id: caller.accountId, email: caller.email, passwordHash: 'not used', createdAt: NOW_MS });
    windows = countingWindows();
    deps = {
      db: database.db,
      inTransaction: transactionRunner(database.db, 'sqlite'),
      clock: () => NOW_MS,
      onWebhookEvent: () => {},
      burstLimiter: windows,
      limits: config.limits,
      idempotency: NO_IDEMPOTENCY,
      pdfRenderer: () => assert.fail('no PDF is rendered here'),
      allowHosts: [],
      links: { secret: 'x'.repeat(64), publicUrl: 'https://invoices.example' },
      upgradeUrl: 'https://invoices.example/pricing',
    };
  });
  after(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const read = (body: Record<string, unknown>): InvoiceRequest => validateInvoiceRequest(JSON.parse(JSON.stringify({ ...body, features: { hosted_link: false } })), 'body');
  const generate = (body: Record<string, unknown> | InvoiceRequest, catalog?: DocumentCatalog, validated = false): Promise<GenerationOutcome> => {
    const request: GenerationRequest = {
      nowMs: NOW_MS,
      requestId: randomUUID(),
      idempotencyKey: undefined,
      log: { error: (_fields, message) => errors.push(message), warn: () => {} },
      onWindows: () => {},
      onKeyHeld: () => {},
      body: validated ? body as InvoiceRequest : read(body as Record<string, unknown>),
      caller,
    };
    return generateInvoiceDocument(catalog === undefined ? deps : { ...deps, catalog }, request);
  };

  it('a UBL invoice is computed, admitted once, numbered from the account\'s sequence and answered as its kind\'s file', async () => {
    const { invoice: _sent, ...body } = german();
    const outcome = await generate({ ...body, invoice: { ...(_sent as object), number: undefined }, output: 'ubl', profile: 'xrechnung' });
    assert.equal(outcome.kind, 'document');
    if (outcome.kind !== 'document') return;
    assert.deepEqual(outcome.file, kindFor('ubl', 'xrechnung').file);
    assert.match(String(outcome.document), /<cbc:ID>INV-2026-00001<\/cbc:ID>/);
    assert.match(String(outcome.document), /xrechnung_3\.0/);
    assert.equal(windows.admitted, 1);
  });

  it('a refused pre-flight draws no number and takes no window', async () => {
    const before = windows.admitted;
    const { to: _buyer, ...body } = german();
    await assert.rejects(generate({ ...body, to: { name: 'Nobody' }, output: 'cii', profile: 'xrechnung' }), (error: unknown) => error instanceof AppError && error.code === 'e_invoice_incomplete');
    assert.equal(windows.admitted, before);
    const next = await generate({ ...german(), invoice: { ...(german().invoice as object), number: undefined }, output: 'json' });
    assert.equal(next.kind === 'invoice' && next.invoice.number, 'INV-2026-00002');
  });

  it('a new CIUS is one row and its maker: a fake profile with its own customization id generates', async () => {
    const fake: DocumentKind = {
      ...kindFor('ubl', 'en16931'),
      key: 'ubl+fake',
      profile: 'fake',
      defaultOfOutput: false,
      specificationId: 'urn:cen.eu:en16931:2017#compliant#urn:example.com:fake_1.0',
    };
    const catalog: DocumentCatalog = { kinds: [...DOCUMENT_CATALOG.kinds, fake], makers: { ...DOCUMENT_CATALOG.makers, 'ubl+fake': makeEInvoiceXml } };
    // Read as the route reads it, then given the profile no schema of the service knows.
    const request = { ...read({ ...german(), output: 'ubl' }), profile: 'fake' as InvoiceRequest['profile'] };
    const outcome = await generate(request, catalog, true);
    assert.equal(outcome.kind, 'document');
    const xml = outcome.kind === 'document' ? String(outcome.document) : '';
    assert.match(xml, /<cbc:CustomizationID>urn:cen\.eu:en16931:2017#compliant#urn:example\.com:fake_1\.0<\/cbc:CustomizationID>/);
    // Without the row, the same request is a pairing that does not exist.
    await assert.rejects(generate(request, undefined, true), (error: unknown) => error instanceof AppError && error.code === 'invalid_profile');
  });

  it('one invoice and a batch run the same pipeline: a failing item fails alone in a batch and fails the whole of one invoice', async () => {
    const run: GenerationRun = {
      caller,
      nowMs: NOW_MS,
      log: { error: (_fields, message) => errors.push(message), warn: () => {} },
      onWindows: () => {},
      catalog: DOCUMENT_CATALOG,
      ports: { pdfRenderer: deps.pdfRenderer, onFailure: () => {} },
    };
    const unnumbered = () => read({ ...german(), invoice: { ...(german().invoice as object), number: undefined } });
    const { to: _buyer, ...withoutBuyer } = german();
    const incomplete = read({ ...withoutBuyer, to: { name: 'Nobody' }, profile: 'xrechnung' });
    const before = windows.admitted;

    const batch = await runGeneration(deps, run, [{ request: unnumbered() }, { request: incomplete }, { request: unnumbered() }], EACH_ITEM, undefined);
    assert.deepEqual(batch.delivered.map((item) => [item.index, item.issued.invoice.number]), [[0, 'INV-2026-00003'], [2, 'INV-2026-00004']]);
    assert.equal(batch.failures.get(1)?.code, 'e_invoice_incomplete');
    assert.equal(windows.admitted, before + 2, 'the batch counts the two valid invoices only');

    await assert.rejects(runGeneration(deps, run, [{ request: incomplete }], ONE_INVOICE, undefined), (error: unknown) => error instanceof AppError && error.code === 'e_invoice_incomplete');
    const one = await runGeneration(deps, run, [{ request: unnumbered() }], ONE_INVOICE, undefined);
    assert.equal(one.delivered[0]?.issued.invoice.number, 'INV-2026-00005', 'the refused invoice drew no number');
    assert.equal(windows.admitted, before + 3);
  });
});
