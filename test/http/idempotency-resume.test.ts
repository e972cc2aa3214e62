import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AppError } from '../../src/errors/app-error.ts';
import type { PdfRenderer } from '../../src/render/pdf-renderer.ts';
import { createPdfWorkerPool } from '../../src/render/pdf-worker-pool.ts';
import { createDatabase } from '../../src/storage/create-database.ts';
import type { Database } from '../../src/storage/database.ts';
import { IDEMPOTENCY_LEASE_MS } from '../../src/use-cases/idempotency/idempotency-store.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { accountBooks } from '../helpers/cluster.ts';
import { readPdf } from '../helpers/read-pdf.ts';
import { createTestPostgres, type TestPostgres } from '../helpers/test-databases.ts';
import { PNG_3X2 } from '../helpers/image-bytes.ts';
import { startHttpsImageServer } from '../helpers/start-https-image-server.ts';
import { ALLOW_LOCALHOST, webhookFor } from '../helpers/webhook-helpers.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/start-webhook-receiver.ts';
import { bearer, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';

/** A Wednesday, mid-hour: moving the clock past a lease crosses no window boundary. */
const T0 = Date.UTC(2026, 10, 4, 10, 30, 0);
const NUMBER_PATTERN = /INV-2026-\d{5}/;

function handClock(): { (): number; set(ms: number): void } {
  let now = T0;
  const clock = () => now;
  clock.set = (ms: number) => { now = ms; };
  return clock;
}

const json = (res: LightMyRequestResponse): Json => res.json() as Json;

function numberIn(text: string): string {
  const match = NUMBER_PATTERN.exec(text);
  assert.ok(match, `an invoice number in ${text.slice(0, 200)}`);
  return match[0];
}

/**
 * The app plus a connection of the test's own to its database (SQLite file or PostgreSQL schema),
 * where the test stands in for an instance that dies between a generation's commit and its answer.
 */
interface Harness {
  readonly ctx: AccountsApp;
  readonly db: Database;
  readonly clock: ReturnType<typeof handClock>;
  close(): Promise<void>;
}

async function startHarness(storage: 'sqlite' | 'postgres', pdfRenderer?: PdfRenderer): Promise<Harness> {
  const clock = handClock();
  const postgres: TestPostgres | undefined = storage === 'postgres' ? await createTestPostgres() : undefined;
  const ctx = await startAccountsApp({
    clock,
    env: { ...ALLOW_LOCALHOST },
    ...(postgres === undefined ? {} : { postgresSchema: postgres }),
    ...(pdfRenderer === undefined ? {} : { pdfRenderer }),
  });
  const db = postgres === undefined ? await ctx.sideDatabase() : await createDatabase({ kind: 'postgres', url: postgres.url, schema: postgres.schema });
  return {
    ctx,
    db,
    clock,
    async close() {
      if (postgres !== undefined) await db.close();
      await ctx.close();
      await postgres?.drop();
    },
  };
}

/**
 * What the database holds after an instance died between a generation's commit and its answer:
 * the generation committed, the key's record still pending. A trigger refuses the statement that
 * keeps the answer (and, with `release`, the one that frees the key), so the request runs its
 * real code to the end and only the record's last write is lost, exactly as if the process had
 * been killed before it. The answer the test receives stands for the one the client never got.
 */
async function loseAnswers(db: Database, options: { release?: boolean } = {}): Promise<void> {
  if (db.dialect === 'sqlite') {
    await sql.raw(`CREATE TRIGGER lose_answers BEFORE UPDATE OF state ON idempotency_records WHEN NEW.state = 'done' BEGIN SELECT RAISE(ABORT, 'the instance died before the answer was kept'); END`).execute(db.db);
    if (options.release === true) await sql.raw(`CREATE TRIGGER lose_releases BEFORE DELETE ON idempotency_records BEGIN SELECT RAISE(ABORT, 'the instance died before the key was freed'); END`).execute(db.db);
    return;
  }
  await sql.raw(`CREATE FUNCTION lose_answers() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'the instance died before the answer was kept'; END $$ LANGUAGE plpgsql`).execute(db.db);
  await sql.raw(`CREATE TRIGGER lose_answers BEFORE UPDATE ON idempotency_records FOR EACH ROW WHEN (NEW.state = 'done') EXECUTE FUNCTION lose_answers()`).execute(db.db);
  if (options.release === true) await sql.raw(`CREATE TRIGGER lose_releases BEFORE DELETE ON idempotency_records FOR EACH ROW EXECUTE FUNCTION lose_answers()`).execute(db.db);
}

/** The instance is gone; its successor writes normally. */
async function restart(db: Database): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS lose_answers' + (db.dialect === 'postgres' ? ' ON idempotency_records' : '')).execute(db.db);
  await sql.raw('DROP TRIGGER IF EXISTS lose_releases' + (db.dialect === 'postgres' ? ' ON idempotency_records' : '')).execute(db.db);
  if (db.dialect === 'postgres') await sql.raw('DROP FUNCTION IF EXISTS lose_answers()').execute(db.db);
}

async function pendingRecord(db: Database, key: string): Promise<{ state: string; generation: string | null }> {
  const row = await db.db.selectFrom('idempotency_records').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  return { state: row.state, generation: (row as { generation?: string | null }).generation ?? null };
}

async function eventsOf(db: Database, accountId: string): Promise<{ type: string; held: number }[]> {
  const events = await db.db.selectFrom('webhook_events').select(['id', 'type']).where('account_id', '=', accountId).execute();
  return Promise.all(events.map(async (event) => ({
    type: event.type,
    held: (await db.db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', event.id).where('state', '=', 'held').execute()).length,
  })));
}

function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: payload as Json, headers });
}

/**
 * A retry with the Idempotency-Key of a request whose instance died between the
 * generation's commit and its answer answers that generation — same number, same document, one
 * document metered, one webhook event — where it used to make a second invoice once the key's
 * 2-minute lease had run out.
 */
for (const storage of ['sqlite', 'postgres'] as const) {
  describe(`a retry after the answer was lost resumes the committed generation (${storage})`, () => {
    let h: Harness;
    let receiver: WebhookReceiver;
    before(async () => {
      h = await startHarness(storage);
      receiver = await startWebhookReceiver();
    });
    after(async () => {
      await h.close();
      await receiver.close();
    });

    /** A fresh account with a webhook, the first request sent with its answer lost, and the lease run out. */
    async function lostFirst(url: string, payload: unknown, events: string[]) {
      h.clock.set(T0);
      const account = await signUpWithKey(h.ctx, `resume-${storage}`);
      await webhookFor(h.ctx.app, account.apiKey, receiver.url, events);
      const headers = { ...bearer(account.apiKey), 'idempotency-key': randomUUID() };
      await loseAnswers(h.db);
      let first: LightMyRequestResponse;
      try {
        first = await post(h.ctx.app, url, payload, headers);
      } finally {
        await restart(h.db);
      }
      assert.equal(first.statusCode, 200, first.body.slice(0, 300));
      const record = await pendingRecord(h.db, headers['idempotency-key']);
      assert.equal(record.state, 'pending', 'the answer was never kept');
      // Time passes: the dead request's claim runs out (IDEMPOTENCY_LEASE_MS).
      h.clock.set(T0 + IDEMPOTENCY_LEASE_MS + 1);
      return { account, headers, first };
    }

    it('JSON: the same invoice and number, metered once, announced once; meta keeps the first request id', async () => {
      const { account, headers, first } = await lostFirst('/api/generate-invoice', validInvoice(), ['invoice.generated']);
      const retry = await post(h.ctx.app, '/api/generate-invoice', validInvoice(), headers);
      assert.equal(retry.statusCode, 200, retry.body.slice(0, 300));
      assert.equal(retry.headers['idempotent-replayed'], 'true', 'the answer is the first request\'s');
      assert.equal(json(retry).invoice.number, 'INV-2026-00001');
      assert.deepEqual(json(retry).invoice, json(first).invoice, 'the same invoice, hosted link included');
      assert.equal(json(retry).meta.request_id, json(first).meta.request_id);
      assert.deepEqual(json(retry).meta.monthly, json(first).meta.monthly, 'the month as the generation left it');
      assert.equal(json(retry).meta.rate_limits.hourly.used, 1, 'the retry was not counted again');

      const books = await accountBooks(h.db, account.email);
      assert.deepEqual({ tenths: books.tenths, pdfs: books.pdfs, sequence: books.sequence }, { tenths: 10, pdfs: 1, sequence: 1 }, 'one generation (with its hosted link, D42)');
      assert.deepEqual(await eventsOf(h.db, books.accountId), [{ type: 'invoice.generated', held: 0 }]);

      // Now the answer is kept: later repeats replay these bytes.
      const again = await post(h.ctx.app, '/api/generate-invoice', validInvoice(), headers);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.ok(again.rawPayload.equals(retry.rawPayload), 'the resumed answer was kept');
    });

    it('PDF: the same bytes (rendered again from the kept invoice), metered once, announced once', async () => {
      const payload = { ...validInvoice(), output: 'pdf' };
      const { account, headers, first } = await lostFirst('/api/generate-invoice', payload, ['invoice.generated']);
      const retry = await post(h.ctx.app, '/api/generate-invoice', payload, headers);
      assert.equal(retry.statusCode, 200, retry.body.slice(0, 300));
      assert.equal(retry.headers['content-type'], 'application/pdf');
      assert.equal(retry.headers['x-hosted-url'], first.headers['x-hosted-url']);
      assert.equal(numberIn(readPdf(retry.rawPayload).text), 'INV-2026-00001');
      // Rendered again, possibly in another second: the same bytes, as a PDF is dated by its invoice.
      assert.ok(retry.rawPayload.equals(first.rawPayload), 'Typst renders the same input to the same bytes');
      const books = await accountBooks(h.db, account.email);
      assert.deepEqual({ tenths: books.tenths, pdfs: books.pdfs, sequence: books.sequence }, { tenths: 10, pdfs: 1, sequence: 1 });
      assert.deepEqual(await eventsOf(h.db, books.accountId), [{ type: 'invoice.generated', held: 0 }]);
    });

    it('UBL: the same bytes, metered once', async () => {
      const payload = { ...validInvoice(), output: 'ubl', features: { hosted_link: false } };
      const { account, headers, first } = await lostFirst('/api/generate-invoice', payload, ['invoice.generated']);
      const retry = await post(h.ctx.app, '/api/generate-invoice', payload, headers);
      assert.equal(retry.statusCode, 200, retry.body.slice(0, 300));
      assert.match(retry.body, /<cbc:ID>INV-2026-00001<\/cbc:ID>/);
      assert.ok(retry.rawPayload.equals(first.rawPayload));
      const books = await accountBooks(h.db, account.email);
      assert.deepEqual({ tenths: books.tenths, pdfs: books.pdfs, sequence: books.sequence }, { tenths: 10, pdfs: 0, sequence: 1 });
      assert.deepEqual(await eventsOf(h.db, books.accountId), [{ type: 'invoice.generated', held: 0 }]);
    });

    it('batch: the same results (a failed item included), each invoice metered once, one batch.generated', async () => {
      const item = (name: string, extra: Json = {}) => ({ ...validInvoice(), to: { name, address: '1 High St\nLondon' }, ...extra });
      const payload = { invoices: [item('with-link'), { items: [] }, item('no-link', { features: { hosted_link: false } })] };
      const { account, headers, first } = await lostFirst('/api/batch', payload, ['batch.generated']);
      const retry = await post(h.ctx.app, '/api/batch', payload, headers);
      assert.equal(retry.statusCode, 200, retry.body.slice(0, 300));
      assert.equal(retry.headers['idempotent-replayed'], 'true');
      assert.deepEqual(json(retry), json(first), 'the same answer');
      assert.deepEqual(json(retry).results.map((result: Json) => result.success ? result.invoice.number : result.error.code), ['INV-2026-00001', 'validation_error', 'INV-2026-00002']);
      const books = await accountBooks(h.db, account.email);
      assert.deepEqual({ tenths: books.tenths, pdfs: books.pdfs, sequence: books.sequence }, { tenths: 20, pdfs: 1, sequence: 2 });
      assert.deepEqual(await eventsOf(h.db, books.accountId), [{ type: 'batch.generated', held: 0 }]);
    });

    it('a different request under the key of a committed generation is 422, not a fresh start', async () => {
      const { headers } = await lostFirst('/api/generate-invoice', validInvoice(), ['invoice.generated']);
      const changed = validInvoice() as Json;
      changed.items[1].unit_price = 101;
      const res = await post(h.ctx.app, '/api/generate-invoice', changed, headers);
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(json(res).error.code, 'idempotency_key_conflict');
    });
  });

  it(`a generation withdrawn after its commit (its PDF failed) is never answered by a retry (${storage})`, async () => {
    const pool = createPdfWorkerPool({ size: 1 });
    let calls = 0;
    const failingOnce: PdfRenderer = {
      render(view, assets) {
        calls += 1;
        if (calls === 1) return Promise.reject(new AppError('pdf_error', 'The PDF could not be rendered.'));
        return pool.render(view, assets);
      },
      close: () => pool.close(),
    };
    const h = await startHarness(storage, failingOnce);
    try {
      const account = await signUpWithKey(h.ctx, `withdrawn-${storage}`);
      const headers = { ...bearer(account.apiKey), 'idempotency-key': randomUUID() };
      const payload = { ...validInvoice(), output: 'pdf' };
      // The instance dies after withdrawing the invoice and before freeing the key.
      await loseAnswers(h.db, { release: true });
      let failed: LightMyRequestResponse;
      try {
        failed = await post(h.ctx.app, '/api/generate-invoice', payload, headers);
      } finally {
        await restart(h.db);
      }
      assert.equal(failed.statusCode, 500, failed.body);
      const record = await pendingRecord(h.db, headers['idempotency-key']);
      assert.deepEqual(record, { state: 'pending', generation: null }, 'the withdrawal forgot the generation in its own transaction');

      h.clock.set(T0 + IDEMPOTENCY_LEASE_MS + 1);
      const retry = await post(h.ctx.app, '/api/generate-invoice', payload, headers);
      assert.equal(retry.statusCode, 200, retry.body.slice(0, 300));
      assert.equal(retry.headers['idempotent-replayed'], undefined, 'a fresh generation');
      assert.equal(numberIn(readPdf(retry.rawPayload).text), 'INV-2026-00002', 'number 1 is void; the retry draws the next');
      const books = await accountBooks(h.db, account.email);
      assert.deepEqual({ tenths: books.tenths, pdfs: books.pdfs }, { tenths: 10, pdfs: 1 }, 'only the delivered document is metered (D21)');
    } finally {
      await h.close();
      await failingOnce.close();
    }
  });

  it(`a request that outlives its key's lease loses the key to its repeat: it records nothing and answers 409 (${storage})`, async () => {
    // The first request's logo arrives only when the test lets it; later fetches answer at once.
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => { releaseFirst = resolve; });
    let firstArrived!: () => void;
    const arrived = new Promise<void>((resolve) => { firstArrived = resolve; });
    let fetches = 0;
    const images = await startHttpsImageServer((_request, response: ServerResponse) => {
      fetches += 1;
      const send = () => response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG_3X2.length }).end(PNG_3X2);
      if (fetches > 1) return send();
      firstArrived();
      void firstHeld.then(send);
    });
    const h = await startHarness(storage);
    try {
      const account = await signUpWithKey(h.ctx, `lease-${storage}`);
      const headers = { ...bearer(account.apiKey), 'idempotency-key': randomUUID() };
      const payload = { ...validInvoice(), output: 'pdf', from: { ...(validInvoice().from as Json), logo: images.url('/logo.png') } };
      h.clock.set(T0);
      const first = post(h.ctx.app, '/api/generate-invoice', payload, headers);
      await arrived;
      // The first is stuck past its lease; its repeat takes the key over and generates.
      h.clock.set(T0 + IDEMPOTENCY_LEASE_MS + 1);
      const repeat = await post(h.ctx.app, '/api/generate-invoice', payload, headers);
      assert.equal(repeat.statusCode, 200, repeat.body.slice(0, 300));
      assert.equal(numberIn(readPdf(repeat.rawPayload).text), 'INV-2026-00001');
      releaseFirst();
      const late = await first;
      assert.equal(late.statusCode, 409, late.body);
      assert.equal(json(late).error.code, 'idempotency_key_conflict');
      assert.match(json(late).error.message, /Repeat the request with the same key/);
      const books = await accountBooks(h.db, account.email);
      assert.deepEqual({ tenths: books.tenths, pdfs: books.pdfs, sequence: books.sequence }, { tenths: 10, pdfs: 1, sequence: 1 }, 'one invoice for the key');
      const again = await post(h.ctx.app, '/api/generate-invoice', payload, headers);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.ok(again.rawPayload.equals(repeat.rawPayload), 'the key answers the repeat\'s generation');
    } finally {
      releaseFirst();
      await h.close();
      await images.close();
    }
  });

  it(`an anonymous request under a key keeps no generation: it draws no number, and a retry computes it again (${storage})`, async () => {
    const h = await startHarness(storage);
    try {
      const key = randomUUID();
      const res = await post(h.ctx.app, '/api/generate-invoice', validInvoice(), { 'idempotency-key': key });
      assert.equal(res.statusCode, 200, res.body);
      const row = await h.db.db.selectFrom('idempotency_records').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
      assert.equal(row.state, 'done');
      assert.equal(row.generation, null);
    } finally {
      await h.close();
    }
  });
}
