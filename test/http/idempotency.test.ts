import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AppError } from '../../src/errors/app-error.ts';
import type { PdfRenderer } from '../../src/render/pdf-renderer.ts';
import { createPdfWorkerPool } from '../../src/render/pdf-worker-pool.ts';
import { setTier } from '../../src/storage/repositories/accounts-repository.ts';
import { IDEMPOTENCY_TTL_MS } from '../../src/use-cases/idempotency/idempotency-store.ts';
import { sweepExpiredRows } from '../../src/use-cases/sweep-expired-rows.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { readPdf } from '../helpers/read-pdf.ts';
import { createTestPostgres } from '../helpers/test-databases.ts';
import { PNG_3X2 } from '../helpers/image-bytes.ts';
import { startHttpsImageServer, type HttpsImageServer } from '../helpers/start-https-image-server.ts';
import { bearer, me, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';
import { jsonWithoutLink } from '../helpers/limits-helpers.ts';

/** A Wednesday, mid-hour: no window (hour, ISO week, month) ends during a test unless it moves the clock. */
const T0 = Date.UTC(2026, 10, 4, 10, 30, 0);
const HOUR_MS = 60 * 60 * 1000;
/** Burst windows and quota with room to spare, but finite, so meta shows what was counted. */
const ROOMY_FREE_PLAN = JSON.stringify({ free: { hourly: 1000, weekly: 10000, monthly_documents: 1000, monthly_pdfs: 1000 } });
const NUMBER_PATTERN = /INV-2026-\d{5}/;

/** A clock the test moves by hand. */
function handClock(start = T0): { (): number; set(ms: number): void } {
  let now = start;
  const clock = () => now;
  clock.set = (ms: number) => { now = ms; };
  return clock;
}

function post(app: FastifyInstance, payload: unknown, headers: Record<string, string>, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/generate-invoice', payload: payload as Json, headers, ...(remoteAddress === undefined ? {} : { remoteAddress }) });
}

const json = (res: LightMyRequestResponse): Json => res.json() as Json;
const withKey = (headers: Record<string, string>, key: string) => ({ ...headers, 'idempotency-key': key });
const pdfInvoice = () => ({ ...validInvoice(), output: 'pdf' });
const ublInvoice = () => ({ ...validInvoice(), output: 'ubl' });

async function creditsUsed(app: FastifyInstance, auth: Record<string, string>): Promise<number> {
  const res = await me(app, auth);
  assert.equal(res.statusCode, 200, res.body);
  return json(res).user.credits.used as number;
}

function numberIn(text: string): string {
  const match = NUMBER_PATTERN.exec(text);
  assert.ok(match, `an invoice number in ${text.slice(0, 200)}`);
  return match[0];
}

/** The invoice number after `number` in the same account's sequence. */
function nextNumber(number: string): string {
  const seq = Number(number.slice(-5)) + 1;
  return `${number.slice(0, -5)}${String(seq).padStart(5, '0')}`;
}

/** The answer is a first one, produced now: no replay header. */
function assertFresh(res: LightMyRequestResponse, status = 200): void {
  assert.equal(res.statusCode, status, res.body.slice(0, 300));
  assert.equal(res.headers['idempotent-replayed'], undefined, 'not a replay');
}

/** `again` is `first` replayed: same status, content headers and bytes, its own request id. */
function assertReplayOf(again: LightMyRequestResponse, first: LightMyRequestResponse): void {
  assert.equal(again.statusCode, first.statusCode, again.body.slice(0, 300));
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.ok(again.rawPayload.equals(first.rawPayload), 'identical body bytes');
  assert.equal(again.headers['content-type'], first.headers['content-type']);
  assert.equal(again.headers['content-disposition'], first.headers['content-disposition']);
  assert.match(String(again.headers['x-request-id']), /^req_/);
  assert.notEqual(again.headers['x-request-id'], first.headers['x-request-id'], 'the repeat has its own request id');
}

async function countRecords(ctx: AccountsApp): Promise<number> {
  const side = await ctx.sideDatabase();
  const row = await side.db.selectFrom('idempotency_records').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------
// The core replay cases, on both storage back-ends.
for (const postgres of [false, true]) {
  describe(`Idempotency-Key replays the first answer (D23) on ${postgres ? 'PostgreSQL' : 'SQLite'}`, () => {
    let ctx: AccountsApp;
    const clock = handClock();
    before(async () => { ctx = await startAccountsApp({ postgres, clock, env: { PLAN_LIMITS: ROOMY_FREE_PLAN } }); });
    after(async () => { await ctx.close(); });

    it('JSON: identical bytes and headers, replay header, own x-request-id; not counted, not metered, one number drawn', async () => {
      const auth = bearer((await signUpWithKey(ctx, 'idem')).apiKey);
      const key = randomUUID();
      // Without a hosted link, so the JSON answer is 0.1 document (with one it is a PDF, D42).
      const first = await post(ctx.app, jsonWithoutLink(), withKey(auth, key));
      assertFresh(first);
      const firstJson = json(first);
      assert.equal(firstJson.invoice.number, 'INV-2026-00001');
      assert.equal(firstJson.meta.request_id, first.headers['x-request-id']);
      assert.equal(firstJson.meta.rate_limits.hourly.used, 1);
      assert.equal(firstJson.meta.monthly.documents_used, 0.1);
      assert.equal(await creditsUsed(ctx.app, auth), 1);

      const again = await post(ctx.app, jsonWithoutLink(), withKey(auth, key));
      assertReplayOf(again, first);
      assert.equal(again.headers['content-type'], 'application/json; charset=utf-8');
      // The body is the first one: its meta.request_id is the first request's, not this one's.
      assert.equal(json(again).meta.request_id, first.headers['x-request-id']);
      assert.equal(json(again).invoice.number, 'INV-2026-00001');
      // The replay's rate-limit headers show the window as it is: the replay was not counted.
      assert.equal(again.headers['x-ratelimit-remaining-hourly'], first.headers['x-ratelimit-remaining-hourly']);
      assert.equal(await creditsUsed(ctx.app, auth), 1);

      const third = await post(ctx.app, jsonWithoutLink(), auth);
      assertFresh(third);
      assert.equal(json(third).invoice.number, 'INV-2026-00002', 'only one number was drawn before');
      assert.equal(json(third).meta.rate_limits.hourly.used, 2, 'the replay was not counted in the hour');
      assert.equal(json(third).meta.rate_limits.weekly.used, 2, 'nor in the week');
      assert.equal(json(third).meta.monthly.documents_used, 0.2, 'the replay was not metered');
    });

    it('PDF: identical bytes, application/pdf with its content-disposition; not metered, one number drawn', async () => {
      const auth = bearer((await signUpWithKey(ctx, 'idem-pdf')).apiKey);
      const key = randomUUID();
      const first = await post(ctx.app, pdfInvoice(), withKey(auth, key));
      assertFresh(first);
      assert.equal(first.headers['content-type'], 'application/pdf');
      assert.equal(first.headers['content-disposition'], 'attachment; filename="invoice.pdf"');
      assert.equal(numberIn(readPdf(first.rawPayload).text), 'INV-2026-00001');
      assert.equal(await creditsUsed(ctx.app, auth), 1);

      const again = await post(ctx.app, pdfInvoice(), withKey(auth, key));
      assertReplayOf(again, first);
      assert.equal(await creditsUsed(ctx.app, auth), 1, 'the replay was not metered');

      const third = await post(ctx.app, pdfInvoice(), auth);
      assertFresh(third);
      assert.equal(numberIn(readPdf(third.rawPayload).text), 'INV-2026-00002');
      assert.equal(await creditsUsed(ctx.app, auth), 2);
    });

    it('UBL: identical bytes, application/xml with its content-disposition; not metered, one number drawn', async () => {
      const auth = bearer((await signUpWithKey(ctx, 'idem-ubl')).apiKey);
      const key = randomUUID();
      const first = await post(ctx.app, ublInvoice(), withKey(auth, key));
      assertFresh(first);
      assert.equal(first.headers['content-type'], 'application/xml; charset=utf-8');
      assert.equal(first.headers['content-disposition'], 'attachment; filename="invoice.xml"');
      assert.match(first.body, /<cbc:ID>INV-2026-00001<\/cbc:ID>/);
      assert.equal(await creditsUsed(ctx.app, auth), 1);

      const again = await post(ctx.app, ublInvoice(), withKey(auth, key));
      assertReplayOf(again, first);
      assert.equal(await creditsUsed(ctx.app, auth), 1);

      const third = await post(ctx.app, ublInvoice(), auth);
      assertFresh(third);
      assert.match(third.body, /<cbc:ID>INV-2026-00002<\/cbc:ID>/);
      assert.equal(await creditsUsed(ctx.app, auth), 2);
    });
  });
}

// ---------------------------------------------------------------------------------------------
describe('Idempotency-Key: what counts as the same request, and whose key it is (D23)', () => {
  let ctx: AccountsApp;
  before(async () => { ctx = await startAccountsApp({ clock: handClock(), env: { PLAN_LIMITS: ROOMY_FREE_PLAN } }); });
  after(async () => { await ctx.close(); });

  it('the same key with a different body (one unit_price changed) is 422 idempotency_key_conflict naming the fix', async () => {
    const auth = bearer((await signUpWithKey(ctx, 'idem-conflict')).apiKey);
    const key = randomUUID();
    const first = await post(ctx.app, validInvoice(), withKey(auth, key));
    assertFresh(first);
    const changed = validInvoice() as Json;
    changed.items[1].unit_price = 101;
    const res = await post(ctx.app, changed, withKey(auth, key));
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.headers['idempotent-replayed'], undefined);
    assert.equal(json(res).success, false);
    assert.equal(json(res).error.code, 'idempotency_key_conflict');
    assert.match(json(res).error.message, /Idempotency-Key/);
    assert.match(json(res).error.message, /different request/);
    assert.match(json(res).error.message, /send a new key/, 'the message names the fix');
    // The conflict neither drew a number nor replaced the kept answer.
    assertReplayOf(await post(ctx.app, validInvoice(), withKey(auth, key)), first);
    assert.equal(json(await post(ctx.app, validInvoice(), auth)).invoice.number, 'INV-2026-00002');
  });

  it('the same invoice with its keys in another order and in camelCase (flat currency) is a repeat, not a conflict', async () => {
    const auth = bearer((await signUpWithKey(ctx, 'idem-alias')).apiKey);
    const key = randomUUID();
    const first = await post(ctx.app, validInvoice(), withKey(auth, key));
    assertFresh(first);
    const reordered = {
      items: [
        { taxRate: 20, discount: 10, unitPrice: 25, unit: 'hrs', quantity: 12, description: 'Consulting' },
        { taxRate: 20, unitPrice: 100, quantity: 1, description: 'Licence' },
      ],
      currency: 'EUR',
      invoice: { dueDate: '2026-12-02', date: '2026-11-02' },
      to: { country: 'GB', address: '1 High St\nLondon', name: 'Globex Ltd' },
      from: { taxId: 'DE123456789', email: 'billing@acme.example', country: 'DE', address: 'Hauptstr. 1\n10115 Berlin', name: 'Acme GmbH' },
    };
    const again = await post(ctx.app, reordered, withKey(auth, key));
    assertReplayOf(again, first);
  });

  it('two accounts using the same key are independent: both generate', async () => {
    const a = bearer((await signUpWithKey(ctx, 'idem-a')).apiKey);
    const b = bearer((await signUpWithKey(ctx, 'idem-b')).apiKey);
    const key = `shared-${randomUUID()}`;
    const fromA = await post(ctx.app, pdfInvoice(), withKey(a, key));
    const fromB = await post(ctx.app, pdfInvoice(), withKey(b, key));
    assertFresh(fromA);
    assertFresh(fromB);
    assert.equal(await creditsUsed(ctx.app, a), 1);
    assert.equal(await creditsUsed(ctx.app, b), 1, 'B was metered for its own document');
    // A's own repeat still gets A's answer.
    assertReplayOf(await post(ctx.app, pdfInvoice(), withKey(a, key)), fromA);
  });

  it('anonymous: the same key from two addresses is independent; from the same address it is a replay', async () => {
    const key = `anon-${randomUUID()}`;
    const one = await post(ctx.app, validInvoice(), { 'idempotency-key': key }, '10.250.0.1');
    const other = await post(ctx.app, validInvoice(), { 'idempotency-key': key }, '10.250.0.2');
    assertFresh(one);
    assertFresh(other);
    assert.match(json(one).invoice.number, /^INV-20261102-[A-Z2-7]{6}$/);
    assert.notEqual(json(one).invoice.number, json(other).invoice.number, 'two random numbers: two generations');
    assert.equal(json(one).anonymous, true);

    const again = await post(ctx.app, validInvoice(), { 'idempotency-key': key }, '10.250.0.1');
    assertReplayOf(again, one);
    assert.equal(json(again).invoice.number, json(one).invoice.number);
  });

  it('an account and an anonymous caller with the same key are independent', async () => {
    const auth = bearer((await signUpWithKey(ctx, 'idem-mixed')).apiKey);
    const key = `mixed-${randomUUID()}`;
    assertFresh(await post(ctx.app, validInvoice(), withKey(auth, key), '10.250.1.1'));
    const anonymous = await post(ctx.app, validInvoice(), { 'idempotency-key': key }, '10.250.1.1');
    assertFresh(anonymous);
    assert.equal(json(anonymous).anonymous, true);
  });
});

// ---------------------------------------------------------------------------------------------
describe('Idempotency-Key header values (D23: 1 to 255 printable ASCII)', () => {
  let ctx: AccountsApp;
  let auth: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp({ clock: handClock(), env: { PLAN_LIMITS: ROOMY_FREE_PLAN } });
    auth = bearer((await signUpWithKey(ctx, 'idem-keys')).apiKey);
  });
  after(async () => { await ctx.close(); });

  const bad: ReadonlyArray<{ name: string; key: string; says: RegExp }> = [
    { name: 'empty', key: '', says: /is empty/ },
    { name: '256 characters', key: 'k'.repeat(256), says: /256 characters long/ },
    { name: 'a non-ASCII character (latin1 é)', key: 'caf\u00e9-1', says: /not printable ASCII/ },
    { name: 'a control character (\\x01)', key: 'ab\u0001cd', says: /not printable ASCII/ },
    { name: 'a tab', key: 'ab\tcd', says: /not printable ASCII/ },
    { name: 'DEL (\\x7f)', key: 'ab\u007fcd', says: /not printable ASCII/ },
  ];
  for (const { name, key, says } of bad) {
    for (const who of ['account', 'anonymous'] as const) {
      it(`${name} (${who}) is 400 validation_error naming Idempotency-Key`, async () => {
        const headers = who === 'account' ? withKey(auth, key) : { 'idempotency-key': key };
        const res = await post(ctx.app, validInvoice(), headers);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(json(res).error.code, 'validation_error');
        assert.match(json(res).error.message, /Idempotency-Key/);
        assert.match(json(res).error.message, says);
        assert.match(json(res).error.message, /1 to 255 printable ASCII characters/);
      });
    }
  }

  it('255 printable characters (space and tilde included) are a key, replayed on repeat', async () => {
    const key = ` ~${'x'.repeat(251)}~ `.slice(0, 255);
    assert.equal(key.length, 255);
    const first = await post(ctx.app, validInvoice(), withKey(auth, key));
    assertFresh(first);
    assertReplayOf(await post(ctx.app, validInvoice(), withKey(auth, key)), first);
  });

  it('keys are case-sensitive: a key in other letter case is another key', async () => {
    const key = `Case-${randomUUID()}`;
    assertFresh(await post(ctx.app, validInvoice(), withKey(auth, key)));
    assertFresh(await post(ctx.app, validInvoice(), withKey(auth, key.toLowerCase())));
  });
});

// ---------------------------------------------------------------------------------------------
/** One request written byte for byte on a socket, so header bytes inject would not carry arrive as sent. */
function rawPost(port: number, headerLines: string, payload: unknown): Promise<{ status: number; head: string; body: string }> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(Buffer.from(
        `POST /api/generate-invoice HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n${headerLines}\r\n${body}`,
        'latin1',
      ));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), head: text.slice(0, split), body: text.slice(split + 4) });
    });
  });
}

describe('Idempotency-Key header bytes over a real socket', () => {
  let ctx: AccountsApp;
  let port: number;
  before(async () => {
    ctx = await startAccountsApp({ clock: handClock(), env: { PLAN_LIMITS: ROOMY_FREE_PLAN } });
    port = Number(new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  after(async () => { await ctx.close(); });

  it('a latin1 byte (0xE9) in the key is 400 validation_error naming Idempotency-Key', async () => {
    const res = await rawPost(port, 'Idempotency-Key: caf\u00e9\r\n', validInvoice());
    assert.equal(res.status, 400, res.body);
    const error = (JSON.parse(res.body) as Json).error;
    assert.equal(error.code, 'validation_error');
    assert.match(error.message, /Idempotency-Key header is not printable ASCII/);
  });

  it('a key of spaces only arrives empty (the parser trims it) and is 400 validation_error', async () => {
    const res = await rawPost(port, 'Idempotency-Key:    \r\n', validInvoice());
    assert.equal(res.status, 400, res.body);
    assert.match((JSON.parse(res.body) as Json).error.message, /Idempotency-Key header is empty/);
  });

  it('a control character in the key is refused with 400 by the HTTP parser before the app sees it', async () => {
    // Node's parser rejects the header line; the body is Fastify's default client-error answer,
    // not the D16 shape (see the report), so only the status is asserted here.
    const res = await rawPost(port, 'Idempotency-Key: ab\u0001cd\r\n', validInvoice());
    assert.equal(res.status, 400, res.body);
  });

  it('two Idempotency-Key header lines are refused with 400 "sent more than once", although Node joins them into one value', async () => {
    // Node hands a repeated header that is not set-cookie to the app as one string joined with
    // ", "; the route counts the raw header lines.
    const key = randomUUID();
    const res = await rawPost(port, `Idempotency-Key: ${key}-1\r\nIdempotency-Key: ${key}-2\r\n`, validInvoice());
    assert.equal(res.status, 400, `expected 400 validation_error, got ${res.status}: ${res.body.slice(0, 120)}`);
    assert.match((JSON.parse(res.body) as Json).error.message, /Idempotency-Key header is sent more than once/);
  });
});

// ---------------------------------------------------------------------------------------------
describe('Idempotency-Key with a logo fetched over https: in flight, across instances, failing hosts', () => {
  const LOGO_DELAY_MS = 1500;
  let images: HttpsImageServer;
  let arrived: (() => void) | undefined;
  /** Paths under /flaky- answer 503 the first time they are asked for, then the PNG at once. */
  const flakySeen = new Set<string>();
  const sendPng = (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG_3X2.length });
    response.end(PNG_3X2);
  };
  before(async () => {
    images = await startHttpsImageServer((request, response: ServerResponse) => {
      const url = request.url ?? '';
      if (url.startsWith('/flaky-')) {
        if (flakySeen.has(url)) return sendPng(response);
        flakySeen.add(url);
        return void response.writeHead(503).end();
      }
      arrived?.();
      setTimeout(() => sendPng(response), LOGO_DELAY_MS);
    });
  });
  after(async () => { await images.close(); });

  /** A PDF whose logo takes LOGO_DELAY_MS to arrive. */
  const slowPdf = () => {
    const request = pdfInvoice() as Json;
    request.from.logo = images.url(`/slow-${randomUUID()}.png`);
    return request;
  };
  const logoRequested = () => new Promise<void>((resolve) => { arrived = resolve; });

  it('with a 100 ms wait, a repeat sent meanwhile is 409 idempotency_key_conflict; after the first finishes it is replayed', async () => {
    const ctx = await startAccountsApp({ clock: handClock(), idempotencyWaitMs: 100, env: { OUTBOUND_ALLOW_HOSTS: 'localhost', PLAN_LIMITS: ROOMY_FREE_PLAN } });
    try {
      const auth = bearer((await signUpWithKey(ctx, 'idem-409')).apiKey);
      const key = randomUUID();
      const request = slowPdf();
      const requested = logoRequested();
      let firstDone = false;
      const pending = post(ctx.app, request, withKey(auth, key)).finally(() => { firstDone = true; });
      await requested;

      const started = performance.now();
      const conflict = await post(ctx.app, request, withKey(auth, key));
      const waitedMs = performance.now() - started;
      assert.equal(firstDone, false, 'the first request is still running');
      assert.equal(conflict.statusCode, 409, conflict.body);
      assert.equal(json(conflict).error.code, 'idempotency_key_conflict');
      assert.match(json(conflict).error.message, /still being processed/);
      assert.match(json(conflict).error.message, /repeat it with the same key/);
      assert.equal(conflict.headers['idempotent-replayed'], undefined);
      assert.ok(waitedMs >= 90 && waitedMs < LOGO_DELAY_MS, `waited ${waitedMs} ms`);

      const first = await pending;
      assertFresh(first);
      assert.equal(first.headers['content-type'], 'application/pdf');
      assert.equal(readPdf(first.rawPayload).images.length, 1, 'the logo is in the PDF');

      assertReplayOf(await post(ctx.app, request, withKey(auth, key)), first);
      assert.equal(await creditsUsed(ctx.app, auth), 1, 'one document for the three requests');
    } finally {
      await ctx.close();
    }
  });

  it('with the default wait, a repeat sent meanwhile waits and receives the identical bytes', async () => {
    const ctx = await startAccountsApp({ clock: handClock(), env: { OUTBOUND_ALLOW_HOSTS: 'localhost', PLAN_LIMITS: ROOMY_FREE_PLAN } });
    try {
      const auth = bearer((await signUpWithKey(ctx, 'idem-wait')).apiKey);
      const key = randomUUID();
      const request = slowPdf();
      const requested = logoRequested();
      const fetchesBefore = images.paths.length;
      const pending = post(ctx.app, request, withKey(auth, key));
      await requested;

      const sentAt = performance.now();
      const waiter = await post(ctx.app, request, withKey(auth, key));
      const waitedMs = performance.now() - sentAt;
      const first = await pending;
      assertFresh(first);
      assertReplayOf(waiter, first);
      assert.ok(waitedMs >= LOGO_DELAY_MS - 300, `the repeat waited for the first (${Math.round(waitedMs)} ms)`);
      assert.equal(images.paths.length - fetchesBefore, 1, 'the logo was fetched once');
      assert.equal(await creditsUsed(ctx.app, auth), 1);
    } finally {
      await ctx.close();
    }
  });

  it('on PostgreSQL, a repeat sent to a second instance while the first runs waits for it and replays it', async () => {
    const schema = await createTestPostgres();
    const secrets = { LINK_SIGNING_SECRET: randomBytes(32).toString('hex'), DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    const env = { ...secrets, OUTBOUND_ALLOW_HOSTS: 'localhost', PLAN_LIMITS: ROOMY_FREE_PLAN };
    const one = await startAccountsApp({ postgresSchema: schema, clock: handClock(), env });
    const two = await startAccountsApp({ postgresSchema: schema, clock: handClock(), env });
    try {
      const auth = bearer((await signUpWithKey(one, 'idem-pg-two')).apiKey);
      const key = randomUUID();
      const request = slowPdf();
      const requested = logoRequested();
      const pending = post(one.app, request, withKey(auth, key));
      await requested;
      const waiter = await post(two.app, request, withKey(auth, key));
      const first = await pending;
      assertFresh(first);
      assertReplayOf(waiter, first);
      assert.equal(await creditsUsed(two.app, auth), 1);
    } finally {
      await two.close();
      await one.close();
      await schema.drop();
    }
  });

  it('a 400 from an image host that failed for a moment (HTTP 503) is not kept: the repeat after it recovered gets the PDF', async () => {
    // is-kept-status.ts: no 400 is kept, so a client that retries with the same key after the
    // image host recovers gets its PDF.
    const ctx = await startAccountsApp({ clock: handClock(), env: { OUTBOUND_ALLOW_HOSTS: 'localhost', PLAN_LIMITS: ROOMY_FREE_PLAN } });
    try {
      const auth = bearer((await signUpWithKey(ctx, 'idem-flaky')).apiKey);
      const key = randomUUID();
      const request = pdfInvoice() as Json;
      request.from.logo = images.url(`/flaky-${randomUUID()}.png`);
      const failed = await post(ctx.app, request, withKey(auth, key));
      assertFresh(failed, 400);
      assert.match(json(failed).error.message, /^from\.logo could not be downloaded: its server answered HTTP 503/);

      const repeat = await post(ctx.app, request, withKey(auth, key));
      assertFresh(repeat);
      assert.equal(repeat.headers['content-type'], 'application/pdf');
      assertReplayOf(await post(ctx.app, request, withKey(auth, key)), repeat);
    } finally {
      await ctx.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
describe('Idempotency-Key: which answers are kept (D23)', () => {
  it('a 422 calculation_error is kept and replayed', async () => {
    const ctx = await startAccountsApp({ clock: handClock(), env: { PLAN_LIMITS: ROOMY_FREE_PLAN } });
    try {
      const auth = bearer((await signUpWithKey(ctx, 'idem-422')).apiKey);
      const key = randomUUID();
      const request = validInvoice() as Json;
      request.items[1].discount = 150;
      request.items[1].discount_type = 'amount';
      const first = await post(ctx.app, request, withKey(auth, key));
      assertFresh(first, 422);
      assert.equal(json(first).error.code, 'calculation_error');
      assert.match(json(first).error.message, /items\[1\]\.discount/);

      const again = await post(ctx.app, request, withKey(auth, key));
      assertReplayOf(again, first);
      assert.equal(json(again).error.code, 'calculation_error');
      assert.equal(await creditsUsed(ctx.app, auth), 0);
    } finally {
      await ctx.close();
    }
  });

  it('no 400 is kept, whichever layer found it: invalid_currency (request schema) and items[0].discount over 100 (domain)', async () => {
    // is-kept-status.ts: a 400 is never kept, so the corrected request under the same key runs.
    const ctx = await startAccountsApp({ clock: handClock(), env: { PLAN_LIMITS: ROOMY_FREE_PLAN } });
    try {
      const auth = bearer((await signUpWithKey(ctx, 'idem-400')).apiKey);
      const outcome = async (edit: (body: Json) => void, code: string) => {
        const key = randomUUID();
        const bad = validInvoice() as Json;
        edit(bad);
        const first = await post(ctx.app, bad, withKey(auth, key));
        assertFresh(first, 400);
        assert.equal(json(first).error.code, code);
        const repeat = await post(ctx.app, bad, withKey(auth, key));
        const corrected = await post(ctx.app, validInvoice(), withKey(auth, key));
        return { repeatReplayed: repeat.headers['idempotent-replayed'] ?? 'absent', correctedStatus: corrected.statusCode };
      };
      const bySchema = await outcome((b) => { b.invoice.currency = 'XYZ'; }, 'invalid_currency');
      const byDomain = await outcome((b) => { b.items[0].discount = 101; }, 'validation_error');
      assert.deepEqual(byDomain, { repeatReplayed: 'absent', correctedStatus: 200 }, 'the domain 400 is not kept');
      assert.deepEqual(bySchema, { repeatReplayed: 'absent', correctedStatus: 200 }, 'the schema 400 is not kept');
    } finally {
      await ctx.close();
    }
  });

  it('a 429 is not kept: the same key is refused afresh in the hour and generates in the next one', async () => {
    const clock = handClock();
    const ctx = await startAccountsApp({ clock, env: { PLAN_LIMITS: JSON.stringify({ free: { hourly: 1 } }) } });
    try {
      const auth = bearer((await signUpWithKey(ctx, 'idem-429')).apiKey);
      const firstKey = randomUUID();
      const first = await post(ctx.app, validInvoice(), withKey(auth, firstKey));
      assertFresh(first);
      const key = randomUUID();
      const refused = await post(ctx.app, validInvoice(), withKey(auth, key));
      assertFresh(refused, 429);
      assert.equal(json(refused).error.code, 'rate_limit_hourly');
      assert.ok(Number(refused.headers['retry-after']) > 0);
      // A replay is not counted (D21), so it is answered even while the hour is used up.
      const replayed = await post(ctx.app, validInvoice(), withKey(auth, firstKey));
      assertReplayOf(replayed, first);
      assert.equal(replayed.headers['x-ratelimit-remaining-hourly'], '0');

      const refusedAgain = await post(ctx.app, validInvoice(), withKey(auth, key));
      assertFresh(refusedAgain, 429);
      assert.equal(json(refusedAgain).error.code, 'rate_limit_hourly');

      clock.set(T0 + HOUR_MS);
      const next = await post(ctx.app, validInvoice(), withKey(auth, key));
      assertFresh(next);
      assert.equal(json(next).invoice.number, 'INV-2026-00002');
      assert.equal(json(next).meta.rate_limits.hourly.used, 1);
      assertReplayOf(await post(ctx.app, validInvoice(), withKey(auth, key)), next);
    } finally {
      await ctx.close();
    }
  });

  it('a 402 is not kept: refused afresh, and after an upgrade the same key generates', async () => {
    const ctx = await startAccountsApp({ clock: handClock(), env: { PLAN_LIMITS: JSON.stringify({ free: { monthly_pdfs: 0 } }) } });
    try {
      const account = await signUpWithKey(ctx, 'idem-402');
      const auth = bearer(account.apiKey);
      const key = randomUUID();
      const refused = await post(ctx.app, pdfInvoice(), withKey(auth, key));
      assertFresh(refused, 402);
      assert.equal(json(refused).error.code, 'monthly_limit_reached');
      assert.equal(typeof json(refused).error.upgrade_url, 'string');

      const refusedAgain = await post(ctx.app, pdfInvoice(), withKey(auth, key));
      assertFresh(refusedAgain, 402);

      const side = await ctx.sideDatabase();
      assert.equal(await setTier(side.db, account.email, 'starter'), true);
      const upgraded = await post(ctx.app, pdfInvoice(), withKey(auth, key));
      assertFresh(upgraded);
      assert.equal(upgraded.headers['content-type'], 'application/pdf');
      assert.equal(numberIn(readPdf(upgraded.rawPayload).text), 'INV-2026-00001', 'the refusals drew no number');
      assertReplayOf(await post(ctx.app, pdfInvoice(), withKey(auth, key)), upgraded);
    } finally {
      await ctx.close();
    }
  });

  it('a 500 pdf_error is not kept and not metered: the repeat runs again and succeeds', async () => {
    const pool = createPdfWorkerPool({ size: 1 });
    let calls = 0;
    const failingOnce: PdfRenderer = {
      render(view, assets) {
        calls += 1;
        if (calls === 1) return Promise.reject(new AppError('pdf_error', 'The PDF could not be rendered. Retry; if it fails again, send output "json" and report the request id.'));
        return pool.render(view, assets);
      },
      close: () => pool.close(),
    };
    const ctx = await startAccountsApp({ clock: handClock(), pdfRenderer: failingOnce, env: { PLAN_LIMITS: ROOMY_FREE_PLAN } });
    try {
      const auth = bearer((await signUpWithKey(ctx, 'idem-500')).apiKey);
      const key = randomUUID();
      const failed = await post(ctx.app, pdfInvoice(), withKey(auth, key));
      assertFresh(failed, 500);
      assert.equal(json(failed).error.code, 'pdf_error');
      assert.equal(await creditsUsed(ctx.app, auth), 0, 'the failed document was refunded');
      assert.ok(ctx.t.logs.some((line) => line.invoice_number === 'INV-2026-00001' && /number is void/.test(String(line.msg))), 'the void number is logged');

      const retried = await post(ctx.app, pdfInvoice(), withKey(auth, key));
      assertFresh(retried);
      assert.equal(retried.headers['content-type'], 'application/pdf');
      // The first number is void (it cannot be taken back); the retry draws the next.
      assert.equal(numberIn(readPdf(retried.rawPayload).text), 'INV-2026-00002');
      assert.equal(calls, 2);
      assert.equal(await creditsUsed(ctx.app, auth), 1);

      assertReplayOf(await post(ctx.app, pdfInvoice(), withKey(auth, key)), retried);
      assert.equal(calls, 2, 'the replay rendered nothing');
    } finally {
      await ctx.close();
      await failingOnce.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
describe('Idempotency-Key records live 24 hours (D23)', () => {
  it('a repeat 24 h − 1 ms later is replayed; 24 h + 1 ms later it generates a new invoice', async () => {
    const clock = handClock();
    const ctx = await startAccountsApp({ clock, env: { PLAN_LIMITS: ROOMY_FREE_PLAN } });
    try {
      const auth = bearer((await signUpWithKey(ctx, 'idem-ttl')).apiKey);
      const key = randomUUID();
      const first = await post(ctx.app, validInvoice(), withKey(auth, key));
      assertFresh(first);
      assert.equal(IDEMPOTENCY_TTL_MS, 24 * HOUR_MS);

      clock.set(T0 + IDEMPOTENCY_TTL_MS - 1);
      assertReplayOf(await post(ctx.app, validInvoice(), withKey(auth, key)), first);

      clock.set(T0 + IDEMPOTENCY_TTL_MS + 1);
      const later = await post(ctx.app, validInvoice(), withKey(auth, key));
      assertFresh(later);
      assert.equal(json(later).invoice.number, nextNumber(json(first).invoice.number as string));
      // The new answer is the one kept from now on.
      assertReplayOf(await post(ctx.app, validInvoice(), withKey(auth, key)), later);
    } finally {
      await ctx.close();
    }
  });

  it('the sweep deletes the expired record and nothing else', async () => {
    const clock = handClock();
    const ctx = await startAccountsApp({ clock, env: { PLAN_LIMITS: ROOMY_FREE_PLAN } });
    try {
      const auth = bearer((await signUpWithKey(ctx, 'idem-sweep')).apiKey);
      const oldKey = `old-${randomUUID()}`;
      const youngKey = `young-${randomUUID()}`;
      assertFresh(await post(ctx.app, validInvoice(), withKey(auth, oldKey)));
      clock.set(T0 + 12 * HOUR_MS);
      const young = await post(ctx.app, pdfInvoice(), withKey(auth, youngKey));
      assertFresh(young);
      assert.equal(await countRecords(ctx), 2);
      assert.equal(await creditsUsed(ctx.app, auth), 2);

      const sweptAt = T0 + IDEMPOTENCY_TTL_MS + 1;
      const side = await ctx.sideDatabase();
      const counts = await sweepExpiredRows(side.db, sweptAt);
      // Besides it, only the sign-up's verification token (24 h, made at T0) was past its life.
      assert.deepEqual(counts, { releasedEvents: 0, sessions: 0, tokens: 1, idempotencyRecords: 1, burstCounters: 0, hostedInvoices: 0, hostedImages: 0, webhookDeliveries: 0, webhookEvents: 0 });
      const keys = await side.db.selectFrom('idempotency_records').select('key').execute();
      assert.deepEqual(keys.map((row) => row.key), [youngKey]);

      clock.set(sweptAt);
      // The account, its key, its usage and the young record are all still there.
      assertReplayOf(await post(ctx.app, pdfInvoice(), withKey(auth, youngKey)), young);
      assert.equal(await creditsUsed(ctx.app, auth), 2);
    } finally {
      await ctx.close();
    }
  });

  it('the app sweeps expired records when it starts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-idem-sweep-'));
    try {
      const clock = handClock();
      let ctx = await startAccountsApp({ clock, dataDir, env: { PLAN_LIMITS: ROOMY_FREE_PLAN } });
      const auth = bearer((await signUpWithKey(ctx, 'idem-restart')).apiKey);
      const oldKey = `old-${randomUUID()}`;
      const youngKey = `young-${randomUUID()}`;
      try {
        assertFresh(await post(ctx.app, jsonWithoutLink(), withKey(auth, oldKey)));
        clock.set(T0 + 12 * HOUR_MS);
        assertFresh(await post(ctx.app, jsonWithoutLink(), withKey(auth, youngKey)));
        assert.equal(await countRecords(ctx), 2);
      } finally {
        await ctx.close();
      }

      ctx = await startAccountsApp({ clock: handClock(T0 + IDEMPOTENCY_TTL_MS + 1), dataDir, env: { PLAN_LIMITS: ROOMY_FREE_PLAN } });
      try {
        // The start-up sweep runs in the background of onReady: look until it has.
        const deadline = performance.now() + 5000;
        while (await countRecords(ctx) !== 1 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        const side = await ctx.sideDatabase();
        const keys = await side.db.selectFrom('idempotency_records').select('key').execute();
        assert.deepEqual(keys.map((row) => row.key), [youngKey]);
        assert.equal(await creditsUsed(ctx.app, auth), 1, 'usage survives the sweep');
      } finally {
        await ctx.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
