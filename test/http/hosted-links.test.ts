import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestPostgres } from '../helpers/test-databases.ts';
import { decodeQr, readPdf } from '../helpers/read-pdf.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { JPEG_7X5, PNG_3X2 } from '../helpers/image-bytes.ts';
import { useLogoServerApp } from './logo-server-app.ts';
import { sweepExpiredRows } from '../../src/use-cases/sweep-expired-rows.ts';
import type { PdfRenderer } from '../../src/render/pdf-renderer.ts';
import { bearer, body, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';
import { credits, manualClock } from '../helpers/limits-helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** The path and query of a hosted_url, to inject. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

function open(app: FastifyInstance, url: string, format?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: format === undefined ? pathOf(url) : `${pathOf(url)}&format=${format}` });
}

/** D24: every answer of a link, the 404 and 400 included. */
function assertLinkHeaders(res: LightMyRequestResponse): void {
  assert.equal(res.headers['cache-control'], 'private');
  assert.equal(res.headers['x-robots-tag'], 'noindex');
  assert.equal(res.headers['referrer-policy'], 'no-referrer');
}

const NOT_FOUND_BODY = {
  success: false,
  error: {
    code: 'not_found',
    message: 'This invoice link is not valid: it may have expired (links last 7 days) or been copied incompletely. Ask the sender for a new link.',
  },
};

function assertNotFound(res: LightMyRequestResponse, what: string): void {
  assert.equal(res.statusCode, 404, `${what}: ${res.body.slice(0, 200)}`);
  assert.deepEqual(res.json(), NOT_FOUND_BODY, what);
  assertLinkHeaders(res);
}

/** Replaces the character at i with another one of the same alphabet. */
function changeAt(text: string, i: number): string {
  const swap = text[i] === 'A' ? 'B' : 'A';
  return `${text.slice(0, i)}${swap}${text.slice(i + 1)}`;
}

describe('hosted links (D24)', () => {
  let ctx: AccountsApp;
  let auth: Record<string, string>;
  let apiKey: string;
  before(async () => {
    ctx = await startAccountsApp();
    ({ apiKey } = await signUpWithKey(ctx, 'hosted'));
    auth = bearer(apiKey);
  });
  after(async () => ctx.close());

  it('a JSON generation returns hosted_url and hosted_expires_at; the link opens as PDF and as JSON with the same invoice, and is not metered', async () => {
    const res = await generateInvoice(ctx.app, validInvoice(), auth);
    assert.equal(res.statusCode, 200, res.body);
    const invoice = body(res).invoice as Json;
    assert.match(invoice.hosted_url as string, /^http:\/\/127\.0\.0\.1:3000\/api\/i\/[0-9A-Za-z]{22}\?t=[A-Za-z0-9_-]{43}$/);
    assert.equal(typeof invoice.hosted_expires_at, 'number');
    // D25: with features.qr on (the default) and no payment.qr, the QR encodes the link.
    assert.deepEqual(invoice.qr, { source: 'hosted_link', type: 'url' });
    const usedBefore = (await credits(ctx.app, apiKey)).used;

    const pdf = await open(ctx.app, invoice.hosted_url);
    assert.equal(pdf.statusCode, 200, pdf.body.slice(0, 300));
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.headers['content-disposition'], `inline; filename="invoice-${invoice.number}.pdf"`);
    assertLinkHeaders(pdf);
    const read = readPdf(pdf.rawPayload);
    assert.ok(read.text.includes(invoice.number as string), 'the PDF shows the invoice number');
    assert.ok(read.text.includes('444.00'), 'the PDF shows the grand total of the generation');
    assert.equal(decodeQr(pdf.rawPayload), invoice.hosted_url, 'the printed QR opens this very link');
    // A public link carries no rate-limit headers: it is not counted.
    assert.equal(pdf.headers['x-ratelimit-limit-hourly'], undefined);

    const json = await open(ctx.app, invoice.hosted_url, 'json');
    assert.equal(json.statusCode, 200, json.body);
    assertLinkHeaders(json);
    const opened = body(json);
    assert.equal(opened.success, true);
    assert.equal(opened.anonymous, false);
    assert.deepEqual(opened.invoice, invoice, 'the same invoice as the generation answered, totals and link included');
    assert.equal(typeof opened.meta.request_id, 'string');

    const again = await open(ctx.app, invoice.hosted_url);
    assert.ok(again.rawPayload.equals(pdf.rawPayload), 'a link serves the same bytes every time');
    assert.equal((await credits(ctx.app, apiKey)).used, usedBefore, 'opening a link is not metered');
  });

  it('output pdf: the X-Hosted-Url header, and the link serves the very bytes the generation returned', async () => {
    const res = await generateInvoice(ctx.app, { ...validInvoice(), output: 'pdf' }, auth);
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const url = res.headers['x-hosted-url'] as string;
    assert.match(url, /\/api\/i\/[0-9A-Za-z]{22}\?t=/);
    assert.equal(decodeQr(res.rawPayload), url);
    const opened = await open(ctx.app, url);
    assert.equal(opened.statusCode, 200);
    assert.ok(opened.rawPayload.equals(res.rawPayload), 'identical PDF bytes');
  });

  it('output ubl: the X-Hosted-Url header; the link opens as a PDF of the same invoice', async () => {
    const res = await generateInvoice(ctx.app, { ...validInvoice(), output: 'ubl' }, auth);
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    const url = res.headers['x-hosted-url'] as string;
    const number = /<cbc:ID>([^<]+)<\/cbc:ID>/.exec(res.body)![1]!;
    const opened = await open(ctx.app, url);
    assert.equal(opened.statusCode, 200);
    assert.ok(readPdf(opened.rawPayload).text.includes(number));
    const json = await open(ctx.app, url, 'json');
    assert.equal(body(json).invoice.number, number);
    assert.equal(body(json).invoice.grand_total, 444);
  });

  it('features.hosted_link false: no link, no header, no QR; features.qr false keeps the link but prints no QR', async () => {
    const off = await generateInvoice(ctx.app, { ...validInvoice(), features: { hosted_link: false } }, auth);
    assert.equal(off.statusCode, 200);
    assert.equal(body(off).invoice.hosted_url, undefined);
    assert.equal(body(off).invoice.hosted_expires_at, undefined);
    assert.equal(body(off).invoice.qr, undefined);
    const offPdf = await generateInvoice(ctx.app, { ...validInvoice(), output: 'pdf', features: { hosted_link: false } }, auth);
    assert.equal(offPdf.headers['x-hosted-url'], undefined);
    assert.equal(decodeQr(offPdf.rawPayload), undefined);

    const noQr = await generateInvoice(ctx.app, { ...validInvoice(), features: { qr: false } }, auth);
    const invoice = body(noQr).invoice as Json;
    assert.equal(invoice.qr, undefined);
    const pdf = await open(ctx.app, invoice.hosted_url);
    assert.equal(pdf.statusCode, 200);
    assert.equal(decodeQr(pdf.rawPayload), undefined);
  });

  it('payment.qr wins over the link (D25): the PDF behind the link prints the payment QR', async () => {
    const request = { ...validInvoice(), payment: { qr: { type: 'url', value: 'https://pay.acme.example/i/42' } } };
    const res = await generateInvoice(ctx.app, request, auth);
    const invoice = body(res).invoice as Json;
    assert.deepEqual(invoice.qr, { source: 'payment', type: 'url' });
    assert.ok(invoice.hosted_url);
    const pdf = await open(ctx.app, invoice.hosted_url);
    assert.equal(decodeQr(pdf.rawPayload), 'https://pay.acme.example/i/42');
  });

  it('tampering with any character of t or of the id, truncating t, a t of another link, no t or an unknown id: the same 404', async () => {
    const first = body(await generateInvoice(ctx.app, validInvoice(), auth)).invoice.hosted_url as string;
    const second = body(await generateInvoice(ctx.app, validInvoice(), auth)).invoice.hosted_url as string;
    const { id, t } = /\/api\/i\/(?<id>[^?]+)\?t=(?<t>.+)$/.exec(first)!.groups as { id: string; t: string };
    const other = /\?t=(.+)$/.exec(second)![1]!;
    assert.equal((await open(ctx.app, first)).statusCode, 200);

    const bad: Array<[string, string]> = [];
    for (let i = 0; i < t.length; i += 1) bad.push([`t[${i}] changed`, `/api/i/${id}?t=${changeAt(t, i)}`]);
    for (let i = 0; i < id.length; i += 1) bad.push([`id[${i}] changed`, `/api/i/${changeAt(id, i)}?t=${t}`]);
    for (let n = 0; n < t.length; n += 1) bad.push([`t cut to ${n}`, `/api/i/${id}?t=${t.slice(0, n)}`]);
    bad.push(['t with one more character', `/api/i/${id}?t=${t}A`]);
    bad.push(['t of another link', `/api/i/${id}?t=${other}`]);
    bad.push(['no t', `/api/i/${id}`]);
    bad.push(['unknown id', `/api/i/${'Z'.repeat(22)}?t=${t}`]);
    bad.push(['id too short', `/api/i/${id.slice(1)}?t=${t}`]);
    bad.push(['id not base62', `/api/i/${id.slice(1)}-?t=${t}`]);
    for (const [what, url] of bad) {
      for (const format of ['', '&format=json']) assertNotFound(await ctx.app.inject({ method: 'GET', url: `${url}${format}` }), `${what}${format}`);
    }
  });

  it('an unknown format is a 400 naming format and the choices', async () => {
    const url = body(await generateInvoice(ctx.app, validInvoice(), auth)).invoice.hosted_url as string;
    const res = await open(ctx.app, url, 'xml');
    assert.equal(res.statusCode, 400);
    assert.equal(body(res).error.code, 'validation_error');
    assert.equal(body(res).error.message, 'format the string "xml" is not supported: use one of pdf, json.');
    assertLinkHeaders(res);
  });

  it('a PDF that fails to render after numbering leaves no snapshot behind', async () => {
    const failing: PdfRenderer = { render: async () => { throw Object.assign(new Error('boom')); }, close: async () => {} };
    const broken = await startAccountsApp({ pdfRenderer: failing });
    try {
      const key = bearer((await signUpWithKey(broken, 'hosted-fail')).apiKey);
      const res = await generateInvoice(broken.app, { ...validInvoice(), output: 'pdf' }, key);
      assert.equal(res.statusCode, 500);
      assert.equal(res.headers['x-hosted-url'], undefined);
      const side = await broken.sideDatabase();
      const rows = await side.db.selectFrom('hosted_invoices').select('id').execute();
      assert.deepEqual(rows, [], 'the withdrawn invoice has no snapshot');
      // A JSON generation of the same account still gets its link (the render is not needed).
      const json = await generateInvoice(broken.app, validInvoice(), key);
      assert.equal(json.statusCode, 200);
      assert.equal((await side.db.selectFrom('hosted_invoices').select('id').execute()).length, 1);
    } finally {
      await broken.close();
    }
  });
});

describe('hosted links: images are kept as bytes, so opening a link never fetches (D24)', () => {
  const suite = useLogoServerApp();

  it('a JSON generation with a logo URL fetches it once; the link prints it after the image server is gone', async () => {
    const auth = bearer((await signUpWithKey(suite.ctx(), 'hosted-img')).apiKey);
    const request = validInvoice() as Json;
    request.from.logo = suite.images().url('/logo.png');
    const res = await generateInvoice(suite.ctx().app, request, auth);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(suite.images().paths, ['/logo.png']);
    await suite.images().close();
    const pdf = await open(suite.ctx().app, body(res).invoice.hosted_url as string);
    assert.equal(pdf.statusCode, 200);
    assert.deepEqual(readPdf(pdf.rawPayload).images.map((i) => `${i.width}x${i.height}`), ['3x2']);
    assert.deepEqual(suite.images().paths, ['/logo.png'], 'nothing fetched when the link was opened');
  });
});

describe('hosted links expire exactly 7 days after creation (injected clock)', () => {
  const clock = manualClock('2026-11-22T10:00:00.000Z');
  let ctx: AccountsApp;
  let auth: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp({ clock: clock.now });
    auth = bearer((await signUpWithKey(ctx, 'hosted-expiry')).apiKey);
  });
  after(async () => ctx.close());

  it('works at 7 days − 1 s, is a 404 at 7 days and at 7 days + 1 s; hosted_expires_at is that second', async () => {
    clock.set('2026-11-22T10:00:00.000Z');
    const invoice = body(await generateInvoice(ctx.app, validInvoice(), auth)).invoice as Json;
    const created = Date.parse('2026-11-22T10:00:00.000Z');
    assert.equal(invoice.hosted_expires_at, created / 1000 + 7 * 24 * 3600);
    clock.set(new Date(created + WEEK_MS - 1000).toISOString());
    assert.equal((await open(ctx.app, invoice.hosted_url)).statusCode, 200, '7 days − 1 s');
    assert.equal((await open(ctx.app, invoice.hosted_url, 'json')).statusCode, 200, '7 days − 1 s, json');
    clock.set(new Date(created + WEEK_MS - 1).toISOString());
    assert.equal((await open(ctx.app, invoice.hosted_url)).statusCode, 200, '7 days − 1 ms');
    clock.set(new Date(created + WEEK_MS).toISOString());
    assertNotFound(await open(ctx.app, invoice.hosted_url), '7 days');
    clock.set(new Date(created + WEEK_MS + 1000).toISOString());
    assertNotFound(await open(ctx.app, invoice.hosted_url), '7 days + 1 s');
    assertNotFound(await open(ctx.app, invoice.hosted_url, 'json'), '7 days + 1 s, json');
  });

  it('the sweep deletes expired snapshots and the images only they print, and nothing else', async () => {
    const request = (logo: Buffer) => {
      const r = validInvoice() as Json;
      r.from.logo = `data:image/${logo === JPEG_7X5 ? 'jpeg' : 'png'};base64,${logo.toString('base64')}`;
      return r;
    };
    // The same logo on an old and a young invoice; another logo on the old one only.
    const shared = PNG_3X2;
    const oldOnly = JPEG_7X5;
    clock.set('2026-12-01T00:00:00.000Z');
    const old = body(await generateInvoice(ctx.app, request(shared), auth)).invoice as Json;
    const oldOther = body(await generateInvoice(ctx.app, request(oldOnly), auth)).invoice as Json;
    clock.set('2026-12-03T00:00:00.000Z');
    const young = body(await generateInvoice(ctx.app, request(shared), auth)).invoice as Json;

    const side = await ctx.sideDatabase();
    const count = async (table: 'hosted_invoices' | 'hosted_images') =>
      Number((await side.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const snapshotsBefore = await count('hosted_invoices');
    const imagesBefore = await count('hosted_images');

    // One second after the old ones died; the young one has two days left.
    const sweptAt = Date.parse('2026-12-08T00:00:01.000Z');
    clock.set(new Date(sweptAt).toISOString());
    const counts = await sweepExpiredRows(side.db, sweptAt);
    // The expiry test above left a snapshot made on 22 Nov: also dead by now.
    assert.ok(counts.hostedInvoices >= 2);
    assert.equal(await count('hosted_invoices'), snapshotsBefore - counts.hostedInvoices);
    const left = await side.db.selectFrom('hosted_invoices').select('id').execute();
    const idOf = (url: string) => /\/api\/i\/([^?]+)/.exec(url)![1]!;
    assert.ok(left.some((row) => row.id === idOf(young.hosted_url)), 'the living snapshot stays');
    assert.ok(!left.some((row) => row.id === idOf(old.hosted_url) || row.id === idOf(oldOther.hosted_url)), 'the dead ones are gone');
    assert.equal(counts.hostedImages, 1, 'only the image no living snapshot prints');
    assert.equal(await count('hosted_images'), imagesBefore - 1);

    const pdf = await open(ctx.app, young.hosted_url);
    assert.equal(pdf.statusCode, 200, 'the living link still renders, its shared logo included');
    assert.deepEqual(readPdf(pdf.rawPayload).images.map((i) => `${i.width}x${i.height}`), ['3x2']);
  });
});

describe('hosted links survive a restart', () => {
  it('SQLite (the embedded default): the link made before the restart opens after it, with the same bytes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-hosted-restart-'));
    try {
      let url: string;
      let bytes: Buffer;
      const first = await startAccountsApp({ dataDir });
      try {
        const auth = bearer((await signUpWithKey(first, 'hosted-restart')).apiKey);
        url = body(await generateInvoice(first.app, validInvoice(), auth)).invoice.hosted_url as string;
        bytes = (await open(first.app, url)).rawPayload;
      } finally {
        await first.close();
      }
      const second = await startAccountsApp({ dataDir });
      try {
        const res = await open(second.app, url);
        assert.equal(res.statusCode, 200);
        assert.ok(res.rawPayload.equals(bytes));
        assert.equal(body(await open(second.app, url, 'json')).invoice.hosted_url, url);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL with LINK_SIGNING_SECRET: a link made by one instance opens on another and after a restart', async () => {
    const pg = await createTestPostgres();
    const env = { LINK_SIGNING_SECRET: randomBytes(32).toString('hex'), DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    try {
      const first = await startAccountsApp({ postgresSchema: pg, env });
      let url: string;
      try {
        const auth = bearer((await signUpWithKey(first, 'hosted-pg')).apiKey);
        const res = await generateInvoice(first.app, { ...validInvoice(), output: 'pdf' }, auth);
        assert.equal(res.statusCode, 200);
        url = res.headers['x-hosted-url'] as string;
        const second = await startAccountsApp({ postgresSchema: pg, env });
        try {
          const opened = await open(second.app, url);
          assert.equal(opened.statusCode, 200);
          assert.ok(opened.rawPayload.equals(res.rawPayload), 'the other instance serves the kept bytes');
        } finally {
          await second.close();
        }
      } finally {
        await first.close();
      }
      const third = await startAccountsApp({ postgresSchema: pg, env });
      try {
        assert.equal((await open(third.app, url)).statusCode, 200);
        // Another secret (a misconfigured instance) cannot open it.
      } finally {
        await third.close();
      }
      const stranger = await startAccountsApp({ postgresSchema: pg, env: { ...env, LINK_SIGNING_SECRET: randomBytes(32).toString('hex') } });
      try {
        assertNotFound(await open(stranger.app, url), 'another signing secret');
      } finally {
        await stranger.close();
      }
    } finally {
      await pg.drop();
    }
  });
});
