import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { validInvoice } from '../helpers/build-test-app.ts';
import { readPdf } from '../helpers/read-pdf.ts';
import { createTestPostgres, type TestPostgres } from '../helpers/test-databases.ts';
import { bearer, me, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';

/** Fixed for the whole test: a Wednesday at 10:30 UTC, so no hour, week or month ends mid-test. */
const NOW = Date.UTC(2026, 10, 4, 10, 30, 0);
const clock = () => NOW;
/** The free plan with an hourly limit of 3; everything else as in the real plan table. */
const PLAN_LIMITS = JSON.stringify({ free: { hourly: 3 } });

function post(app: FastifyInstance, payload: unknown, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/generate-invoice', payload: payload as Json, headers });
}

const json = (res: LightMyRequestResponse): Json => res.json() as Json;

async function credits(app: FastifyInstance, auth: Record<string, string>): Promise<Json> {
  const res = await me(app, auth);
  assert.equal(res.statusCode, 200, res.body);
  return json(res).user.credits as Json;
}

/** Where one service keeps its data, so a second one can start on it after the first stopped. */
interface SharedData {
  start(): Promise<AccountsApp>;
  remove(): Promise<void>;
}

function sqliteData(): SharedData {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-restart-'));
  return {
    start: () => startAccountsApp({ dataDir, clock, env: { PLAN_LIMITS } }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresData(): Promise<SharedData> {
  const schema: TestPostgres = await createTestPostgres();
  // On PostgreSQL the secrets come from the environment: both runs get the same ones, as two
  // runs of one deployment would.
  const env = { PLAN_LIMITS, LINK_SIGNING_SECRET: randomBytes(32).toString('hex'), DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
  return {
    start: () => startAccountsApp({ postgresSchema: schema, clock, env }),
    remove: () => schema.drop(),
  };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`limits survive a restart of the service on ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, () => {
    it('the hour and week keep counting, the month keeps its usage, the sequence continues, a used Idempotency-Key replays', async () => {
      const data = dialect === 'sqlite' ? sqliteData() : await postgresData();
      try {
        // ---- first run
        let ctx = await data.start();
        const account = await signUpWithKey(ctx, 'restart');
        const auth = bearer(account.apiKey);
        const key = `restart-${randomUUID()}`;
        let first: LightMyRequestResponse;
        try {
          first = await post(ctx.app, { ...validInvoice(), output: 'pdf' }, { ...auth, 'idempotency-key': key });
          assert.equal(first.statusCode, 200, first.body.slice(0, 300));
          assert.equal(first.headers['content-type'], 'application/pdf');
          assert.equal(first.headers['x-ratelimit-remaining-hourly'], '2');
          assert.match(readPdf(first.rawPayload).text, /INV-2026-00001/);

          // Without a hosted link: JSON totals at 0.1 (with the link it is a PDF, D42).
          const second = await post(ctx.app, { ...validInvoice(), features: { hosted_link: false } }, auth);
          assert.equal(second.statusCode, 200, second.body);
          assert.equal(json(second).invoice.number, 'INV-2026-00002');
          assert.equal(json(second).meta.rate_limits.hourly.used, 2);
          assert.equal(json(second).meta.rate_limits.weekly.used, 2);
          assert.equal(json(second).meta.monthly.documents_used, 1.1);
          assert.equal(json(second).meta.monthly.pdfs_used, 1);
          assert.deepEqual(await credits(ctx.app, auth), { total: 100, used: 2 });
        } finally {
          await ctx.close();
        }

        // ---- second run on the same data
        ctx = await data.start();
        try {
          const replayed = await post(ctx.app, { ...validInvoice(), output: 'pdf' }, { ...auth, 'idempotency-key': key });
          assert.equal(replayed.statusCode, 200, replayed.body.slice(0, 300));
          assert.equal(replayed.headers['idempotent-replayed'], 'true');
          assert.ok(replayed.rawPayload.equals(first.rawPayload), 'identical bytes after the restart');
          assert.equal(replayed.headers['content-type'], 'application/pdf');
          assert.equal(replayed.headers['content-disposition'], first.headers['content-disposition']);
          assert.equal(replayed.headers['x-ratelimit-remaining-hourly'], '1', 'the hour still holds the two requests of the first run');

          assert.deepEqual(await credits(ctx.app, auth), { total: 100, used: 2 }, 'the month kept its usage');

          const third = await post(ctx.app, { ...validInvoice(), features: { hosted_link: false } }, auth);
          assert.equal(third.statusCode, 200, third.body);
          assert.equal(json(third).invoice.number, 'INV-2026-00003', 'the sequence continues');
          assert.equal(json(third).meta.rate_limits.hourly.used, 3);
          assert.equal(json(third).meta.rate_limits.weekly.used, 3);
          assert.equal(json(third).meta.monthly.documents_used, 1.2);
          assert.equal(json(third).meta.monthly.pdfs_used, 1);

          const refused = await post(ctx.app, validInvoice(), auth);
          assert.equal(refused.statusCode, 429, refused.body);
          assert.equal(json(refused).error.code, 'rate_limit_hourly');
          assert.equal(refused.headers['x-ratelimit-remaining-hourly'], '0');
          assert.equal(Number(refused.headers['retry-after']), 30 * 60, 'until the hour ends at 11:00');
          assert.deepEqual(await credits(ctx.app, auth), { total: 100, used: 2 });
        } finally {
          await ctx.close();
        }
      } finally {
        await data.remove();
      }
    });
  });
}
