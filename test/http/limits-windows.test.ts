import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, validInvoice } from '../helpers/build-test-app.ts';
import { signUpWithKey, startAccountsApp } from '../helpers/accounts-helpers.ts';
import { at, generate, jsonWithoutLink, manualClock, sec, type Json } from '../helpers/limits-helpers.ts';

/** The rate-limit headers of a response, as numbers; absent ones stay out. */
function limitHeaders(res: LightMyRequestResponse): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (name.startsWith('x-ratelimit-') || name === 'retry-after') out[name] = Number(value);
  }
  return out;
}

const meta = (res: LightMyRequestResponse) => (res.json() as Json).meta;

describe('burst windows over HTTP, with an injected clock (D20, D21, D22)', () => {
  it('anonymous: per IP, hourly then weekly, 429 rate_limit_exceeded with Retry-After, reset values in headers and meta', async () => {
    // Wednesday 13 January 2027, two seconds before 11:00 UTC; the ISO week ends Monday the 18th.
    const clock = manualClock('2027-01-13T10:59:58Z');
    const t = await buildTestApp({ PLAN_LIMITS: '{"anonymous":{"hourly":2,"weekly":3}}' }, { clock: clock.now });
    try {
      const first = await generate(t.app, validInvoice(), { ip: '192.0.2.10' });
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(limitHeaders(first), {
        'x-ratelimit-limit-hourly': 2, 'x-ratelimit-remaining-hourly': 1, 'x-ratelimit-reset-hourly': sec('2027-01-13T11:00:00Z'),
        'x-ratelimit-limit-weekly': 3, 'x-ratelimit-remaining-weekly': 2, 'x-ratelimit-reset-weekly': sec('2027-01-18T00:00:00Z'),
        'x-ratelimit-limit-monthly': 13, // 3 × 52 / 12 = 13.0 (D22)
      });
      assert.match(String(first.headers['x-request-id']), /^req_/);
      assert.deepEqual(meta(first).rate_limits, {
        hourly: { limit: 2, used: 1, reset_at: sec('2027-01-13T11:00:00Z') },
        weekly: { limit: 3, used: 1, reset_at: sec('2027-01-18T00:00:00Z') },
        monthly_equivalent: 13,
      });
      assert.deepEqual(meta(first).credits_remaining, { hourly: 1, weekly: 2 });

      assert.equal((await generate(t.app, validInvoice(), { ip: '192.0.2.10' })).statusCode, 200);
      const refused = await generate(t.app, validInvoice(), { ip: '192.0.2.10' });
      assert.equal(refused.statusCode, 429);
      assert.equal((refused.json() as Json).error.code, 'rate_limit_exceeded');
      assert.match((refused.json() as Json).error.message, /20|2 generation requests per hour/);
      assert.equal(refused.headers['retry-after'], '2');
      assert.equal(refused.headers['x-ratelimit-remaining-hourly'], '0');

      // Another address has its own windows; an IPv4-mapped IPv6 form of the first does not.
      assert.equal((await generate(t.app, validInvoice(), { ip: '192.0.2.11' })).statusCode, 200);
      assert.equal((await generate(t.app, validInvoice(), { ip: '::ffff:192.0.2.10' })).statusCode, 429);

      clock.set('2027-01-13T11:00:00Z');
      const nextHour = await generate(t.app, validInvoice(), { ip: '192.0.2.10' });
      assert.equal(nextHour.statusCode, 200);
      // The refused requests were not counted: the week holds the 2 + 1 admitted ones.
      assert.deepEqual(meta(nextHour).rate_limits.weekly, { limit: 3, used: 3, reset_at: sec('2027-01-18T00:00:00Z') });
      assert.equal(nextHour.headers['x-ratelimit-reset-hourly'], String(sec('2027-01-13T12:00:00Z')));

      const weekFull = await generate(t.app, validInvoice(), { ip: '192.0.2.10' });
      assert.equal(weekFull.statusCode, 429);
      assert.equal((weekFull.json() as Json).error.code, 'rate_limit_exceeded');
      assert.equal(weekFull.headers['retry-after'], String(sec('2027-01-18T00:00:00Z') - sec('2027-01-13T11:00:00Z')));

      clock.set('2027-01-17T23:59:59.999Z'); // Sunday, last millisecond of the ISO week
      const sunday = await generate(t.app, validInvoice(), { ip: '192.0.2.10' });
      assert.equal(sunday.statusCode, 429);
      assert.equal(sunday.headers['retry-after'], '1');
      clock.set('2027-01-18T00:00:00Z'); // Monday
      const monday = await generate(t.app, validInvoice(), { ip: '192.0.2.10' });
      assert.equal(monday.statusCode, 200);
      assert.deepEqual(meta(monday).rate_limits.weekly, { limit: 3, used: 1, reset_at: sec('2027-01-25T00:00:00Z') });
    } finally {
      await t.close();
    }
  });

  it('accounts: rate_limit_hourly, then rate_limit_weekly; a 400 before admission is not counted', async () => {
    const clock = manualClock('2027-01-13T10:30:00Z');
    const t = await startAccountsApp({ env: { PLAN_LIMITS: '{"free":{"hourly":2,"weekly":3}}' }, clock: clock.now });
    try {
      const { apiKey } = await signUpWithKey(t);
      const bad = await generate(t.app, { ...validInvoice(), items: [] }, { apiKey });
      assert.equal(bad.statusCode, 400);
      assert.equal((await generate(t.app, validInvoice(), { apiKey })).statusCode, 200);
      const second = await generate(t.app, validInvoice(), { apiKey });
      assert.equal(second.statusCode, 200);
      assert.deepEqual(meta(second).credits_remaining, { hourly: 0, weekly: 1 });
      const hourly = await generate(t.app, validInvoice(), { apiKey });
      assert.equal(hourly.statusCode, 429);
      assert.equal((hourly.json() as Json).error.code, 'rate_limit_hourly');
      assert.equal(hourly.headers['retry-after'], String(30 * 60));
      assert.match((hourly.json() as Json).error.message, /free plan is limited to 2 generation requests per hour/);

      clock.set('2027-01-13T11:00:00Z');
      assert.equal((await generate(t.app, validInvoice(), { apiKey })).statusCode, 200);
      const weekly = await generate(t.app, validInvoice(), { apiKey });
      assert.equal(weekly.statusCode, 429);
      assert.equal((weekly.json() as Json).error.code, 'rate_limit_weekly');
      assert.equal(weekly.headers['x-ratelimit-remaining-weekly'], '0');
      assert.equal(weekly.headers['x-ratelimit-remaining-hourly'], '1');
      assert.equal(weekly.headers['retry-after'], String(sec('2027-01-18T00:00:00Z') - sec('2027-01-13T11:00:00Z')));
    } finally {
      await t.close();
    }
  });

  it('31 Dec → 1 Jan: the month and its quota start again, the ISO week runs on across the year', async () => {
    // Thursday 31 December 2026; its ISO week (2026-W53) ends on Monday 4 January 2027.
    const clock = manualClock('2026-12-31T23:59:59Z');
    const t = await startAccountsApp({ env: { PLAN_LIMITS: '{"free":{"hourly":100,"weekly":100,"monthly_documents":1}}' }, clock: clock.now });
    try {
      const { apiKey } = await signUpWithKey(t);
      let last: LightMyRequestResponse | undefined;
      for (let i = 0; i < 10; i++) {
        last = await generate(t.app, jsonWithoutLink(), { apiKey });
        assert.equal(last.statusCode, 200, last.body);
      }
      assert.deepEqual(meta(last!).monthly, { documents_used: 1, documents_limit: 1, pdfs_used: 0, pdfs_limit: 50, reset_at: sec('2027-01-01T00:00:00Z') });
      const eleventh = await generate(t.app, jsonWithoutLink(), { apiKey });
      assert.equal(eleventh.statusCode, 402);
      assert.equal((eleventh.json() as Json).error.reset_at, sec('2027-01-01T00:00:00Z'));

      clock.set('2027-01-01T00:00:00Z');
      const newYear = await generate(t.app, jsonWithoutLink(), { apiKey });
      assert.equal(newYear.statusCode, 200, newYear.body);
      assert.deepEqual(meta(newYear).monthly, { documents_used: 0.1, documents_limit: 1, pdfs_used: 0, pdfs_limit: 50, reset_at: sec('2027-02-01T00:00:00Z') });
      // Ten admitted, the 402 admitted too (it reached the quota check), and this one: 12.
      assert.deepEqual(meta(newYear).rate_limits.weekly, { limit: 100, used: 12, reset_at: sec('2027-01-04T00:00:00Z') });
      assert.equal(meta(newYear).rate_limits.hourly.used, 1);
    } finally {
      await t.close();
    }
  });

  it('leap day: 29 February 2028 belongs to February, and March starts the quota again', async () => {
    const clock = manualClock('2028-02-29T23:59:59.500Z');
    const t = await startAccountsApp({ env: { PLAN_LIMITS: '{"free":{"monthly_documents":1}}' }, clock: clock.now });
    try {
      const { apiKey } = await signUpWithKey(t);
      for (let i = 0; i < 10; i++) assert.equal((await generate(t.app, jsonWithoutLink(), { apiKey })).statusCode, 200);
      const full = await generate(t.app, jsonWithoutLink(), { apiKey });
      assert.equal(full.statusCode, 402);
      assert.match((full.json() as Json).error.message, /2028-03-01T00:00:00Z/);
      clock.set('2028-03-01T00:00:00Z');
      const march = await generate(t.app, jsonWithoutLink(), { apiKey });
      assert.equal(march.statusCode, 200);
      assert.equal(meta(march).monthly.reset_at, sec('2028-04-01T00:00:00Z'));
      assert.equal(meta(march).rate_limits.hourly.reset_at, sec('2028-03-01T01:00:00Z'));
      // Wednesday 1 March 2028 is in the ISO week that began on Monday 28 February.
      assert.equal(meta(march).rate_limits.weekly.reset_at, sec('2028-03-06T00:00:00Z'));
    } finally {
      await t.close();
    }
  });

  it('an unlimited window is left out of the headers and null in JSON, and still counted (D22)', async () => {
    const t = await startAccountsApp({ env: { PLAN_LIMITS: '{"free":{"hourly":null,"weekly":null,"monthly_documents":null}}' }, clock: () => at('2027-01-13T10:00:00Z') });
    try {
      const { apiKey } = await signUpWithKey(t);
      await generate(t.app, jsonWithoutLink(), { apiKey });
      const res = await generate(t.app, jsonWithoutLink(), { apiKey });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(limitHeaders(res), {});
      assert.deepEqual(meta(res).credits_remaining, { hourly: null, weekly: null });
      assert.deepEqual(meta(res).rate_limits.hourly, { limit: null, used: 2, reset_at: sec('2027-01-13T11:00:00Z') });
      assert.equal(meta(res).rate_limits.monthly_equivalent, null);
      assert.equal(meta(res).monthly.documents_limit, null);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${apiKey}` } });
      assert.deepEqual((me.json() as Json).user.credits, { total: null, used: 1 });
    } finally {
      await t.close();
    }
  });

  it('the real plan table: free 40/400, monthly 100 documents, meta.monthly and credits', async () => {
    const t = await startAccountsApp({ env: { PLAN_LIMITS: '{}' }, clock: () => at('2027-01-13T10:00:00Z') });
    try {
      const { apiKey } = await signUpWithKey(t);
      const res = await generate(t.app, jsonWithoutLink(), { apiKey });
      assert.deepEqual(limitHeaders(res), {
        'x-ratelimit-limit-hourly': 40, 'x-ratelimit-remaining-hourly': 39, 'x-ratelimit-reset-hourly': sec('2027-01-13T11:00:00Z'),
        'x-ratelimit-limit-weekly': 400, 'x-ratelimit-remaining-weekly': 399, 'x-ratelimit-reset-weekly': sec('2027-01-18T00:00:00Z'),
        'x-ratelimit-limit-monthly': 1733,
      });
      assert.deepEqual(meta(res).monthly, { documents_used: 0.1, documents_limit: 100, pdfs_used: 0, pdfs_limit: 50, reset_at: sec('2027-02-01T00:00:00Z') });
      assert.equal((res.json() as Json).anonymous, false);
    } finally {
      await t.close();
    }
  });
});

/**
 * One rule for both paths (docs/limits.md). A request, or a batch item, refused
 * for its own content (400, 422), whether the schema or the engine finds it, uses no window slot;
 * every answer that consulted the windows carries the rate-limit headers.
 */
describe('what counts in the windows is the same for one invoice and for a batch item', () => {
  /** Found by the engine, not the schema: a 400 and a 422 of the computation. */
  const engine400 = () => ({ ...validInvoice(), global_tax: 10, global_taxes: [{ rate: 5 }] });
  const engine422 = () => ({ ...validInvoice(), deposit: 100000 });
  const batch = (t: Awaited<ReturnType<typeof startAccountsApp>>, invoices: unknown[], apiKey: string) =>
    t.app.inject({ method: 'POST', url: '/api/batch', payload: { invoices } as Json, headers: { authorization: `Bearer ${apiKey}` } });

  it('an invoice the engine refuses uses no slot, alone or in a batch; an all-failing batch answers with the rate-limit headers', async () => {
    const t = await startAccountsApp({ env: { PLAN_LIMITS: '{"free":{"hourly":10,"weekly":20}}' }, clock: () => at('2027-01-13T10:30:00Z') });
    try {
      const { apiKey } = await signUpWithKey(t);
      const single400 = await generate(t.app, engine400(), { apiKey });
      assert.equal(single400.statusCode, 400, single400.body);
      assert.equal((single400.json() as Json).error.code, 'validation_error');
      const single422 = await generate(t.app, engine422(), { apiKey });
      assert.equal(single422.statusCode, 422, single422.body);
      const first = await generate(t.app, jsonWithoutLink(), { apiKey });
      assert.equal(meta(first).rate_limits.hourly.used, 1, 'the 400 and the 422 used no slot');

      const mixed = await batch(t, [engine400(), jsonWithoutLink(), engine422()], apiKey);
      assert.equal(mixed.statusCode, 200, mixed.body);
      assert.deepEqual((mixed.json() as Json).results.map((r: Json) => r.error?.code ?? 'ok'), ['validation_error', 'ok', 'calculation_error']);
      assert.equal(mixed.headers['x-ratelimit-remaining-hourly'], '8', 'only the valid item used a slot');

      const allFail = await batch(t, [engine400(), engine422(), 'not an invoice'], apiKey);
      assert.equal(allFail.statusCode, 200, allFail.body);
      assert.equal((allFail.json() as Json).meta.generated, 0);
      assert.deepEqual(limitHeaders(allFail), {
        'x-ratelimit-limit-hourly': 10, 'x-ratelimit-remaining-hourly': 8, 'x-ratelimit-reset-hourly': sec('2027-01-13T11:00:00Z'),
        'x-ratelimit-limit-weekly': 20, 'x-ratelimit-remaining-weekly': 18, 'x-ratelimit-reset-weekly': sec('2027-01-18T00:00:00Z'),
        'x-ratelimit-limit-monthly': 86,
      }, 'the windows as they stand, nothing counted');
      const last = await generate(t.app, jsonWithoutLink(), { apiKey });
      assert.equal(meta(last).rate_limits.hourly.used, 3);
    } finally {
      await t.close();
    }
  });

  it('anonymous: an invoice the engine refuses uses no slot, and a refused request (429) never carries the computed invoice', async () => {
    const t = await buildTestApp({ PLAN_LIMITS: '{"anonymous":{"hourly":1,"weekly":10}}' }, { clock: () => at('2027-01-13T10:30:00Z') });
    try {
      assert.equal((await generate(t.app, engine400(), { ip: '192.0.2.40' })).statusCode, 400);
      assert.equal((await generate(t.app, engine422(), { ip: '192.0.2.40' })).statusCode, 422);
      const first = await generate(t.app, validInvoice(), { ip: '192.0.2.40' });
      assert.equal(first.statusCode, 200, 'the one slot of the hour is still free');
      assert.equal(meta(first).rate_limits.hourly.used, 1);
      const refused = await generate(t.app, validInvoice(), { ip: '192.0.2.40' });
      assert.equal(refused.statusCode, 429);
      assert.equal((refused.json() as Json).invoice, undefined);
      assert.doesNotMatch(refused.body, /grand_total/);
      // The request's own error still comes first: refused for its content, not for the window.
      assert.equal((await generate(t.app, engine422(), { ip: '192.0.2.40' })).statusCode, 422);
    } finally {
      await t.close();
    }
  });
});
