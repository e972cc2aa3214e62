import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildTestApp, validInvoice } from '../helpers/build-test-app.ts';
import { signUpWithKey, startAccountsApp } from '../helpers/accounts-helpers.ts';
import { countRedisKeys, dropRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '../helpers/test-redis.ts';
import { at, credits, generate, jsonWithoutLink, type Json } from '../helpers/limits-helpers.ts';

const CLOCK = () => at('2027-01-13T10:00:00Z');

const backEnds = [
  { name: 'SQLite counters', postgres: false, redis: false },
  { name: 'PostgreSQL counters', postgres: true, redis: false },
  { name: 'Redis counters (SQLite data)', postgres: false, redis: true },
  { name: 'Redis counters (PostgreSQL data)', postgres: true, redis: true },
];

for (const backEnd of backEnds) {
  describe(`exact under concurrency: ${backEnd.name}`, () => {
    const prefix = testRedisPrefix('limits');
    const redisEnv: Record<string, string> = backEnd.redis ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } : {};
    after(async () => {
      if (backEnd.redis) await dropRedisPrefix(prefix);
    });

    it('200 simultaneous requests against an hourly limit of 40 admit exactly 40', async () => {
      const t = await startAccountsApp({ env: { ...redisEnv, PLAN_LIMITS: '{"free":{"hourly":40,"weekly":1000}}' }, postgres: backEnd.postgres, clock: CLOCK });
      try {
        const { apiKey } = await signUpWithKey(t);
        // JSON without a hosted link: 0.1 document each (D42: with its link a JSON answer is a PDF).
        const answers = await Promise.all(Array.from({ length: 200 }, () => generate(t.app, jsonWithoutLink(), { apiKey })));
        const statuses = answers.map((res) => res.statusCode);
        assert.equal(statuses.filter((status) => status === 200).length, 40);
        assert.equal(statuses.filter((status) => status === 429).length, 160);
        for (const res of answers.filter((r) => r.statusCode === 429)) assert.equal((res.json() as Json).error.code, 'rate_limit_hourly');
        // Every admitted request saw its own count: the remaining values are 39 … 0, each once.
        const remaining = answers.filter((r) => r.statusCode === 200).map((r) => Number(r.headers['x-ratelimit-remaining-hourly'])).sort((a, b) => a - b);
        assert.deepEqual(remaining, Array.from({ length: 40 }, (_, i) => i));
        // The 40 were numbered without a gap and metered once each.
        const numbers = answers.filter((r) => r.statusCode === 200).map((r) => (r.json() as Json).invoice.number as string).sort();
        assert.deepEqual(numbers, Array.from({ length: 40 }, (_, i) => `INV-2026-${String(i + 1).padStart(5, '0')}`));
        assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 4 });
        if (backEnd.redis) assert.ok(await countRedisKeys(prefix) >= 2, 'the windows live in Redis under this run\'s prefix');
      } finally {
        await t.close();
      }
    });

    it('50 simultaneous requests with one Idempotency-Key: one generation, one metered PDF, identical bodies', async () => {
      const t = await startAccountsApp({ env: { ...redisEnv, PLAN_LIMITS: '{"free":{"hourly":40}}' }, postgres: backEnd.postgres, clock: CLOCK });
      try {
        const { apiKey } = await signUpWithKey(t);
        const headers = { 'idempotency-key': 'order-2027-0042' };
        const answers = await Promise.all(Array.from({ length: 50 }, () => generate(t.app, { ...validInvoice(), output: 'pdf' }, { apiKey, headers })));
        for (const res of answers) {
          assert.equal(res.statusCode, 200, res.body.slice(0, 300));
          assert.equal(res.headers['content-type'], 'application/pdf');
        }
        const first = answers[0]!.rawPayload;
        assert.ok(answers.every((res) => res.rawPayload.equals(first)), 'all 50 bodies are the same bytes');
        assert.equal(answers.filter((res) => res.headers['idempotent-replayed'] === 'true').length, 49);
        assert.deepEqual(await credits(t.app, apiKey), { total: 100, used: 1 });
        // One number was drawn and one request counted: the next one is number 2, hour count 2.
        const next = await generate(t.app, validInvoice(), { apiKey });
        assert.equal((next.json() as Json).invoice.number, 'INV-2026-00002');
        assert.equal((next.json() as Json).meta.rate_limits.hourly.used, 2);
      } finally {
        await t.close();
      }
    });
  });
}
