import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { validInvoice } from '../helpers/build-test-app.ts';
import { dropRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '../helpers/test-redis.ts';
import { HOSTED_LINK_FAILURE_RULE } from '../../src/domain/hosted/hosted-link-failure-throttle.ts';
import { bearer, body, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { manualClock } from '../helpers/limits-helpers.ts';

// Failed opens of hosted links are counted per client IP; past the limit every
// open from that IP answers 429 with Retry-After before any lookup (hosted-link-failure-throttle.ts).

const DAY_MS = 24 * 60 * 60 * 1000;
const { limit: FAILURE_LIMIT, windowS: WINDOW_S } = HOSTED_LINK_FAILURE_RULE;

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

function open(app: FastifyInstance, url: string, ip: string, format = 'json'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `${url.startsWith('http') ? pathOf(url) : url}&format=${format}`, remoteAddress: ip });
}

/** Replaces the character at i with another one of the same alphabet. */
function changeAt(text: string, i: number): string {
  return `${text.slice(0, i)}${text[i] === 'A' ? 'B' : 'A'}${text.slice(i + 1)}`;
}

const backends = [
  { name: 'SQLite (counts in the database)', options: {} },
  { name: 'PostgreSQL (counts in the database)', options: { postgres: true } },
  { name: 'Redis (REDIS_URL)', options: {}, redis: true },
] as const;

for (const backend of backends) {
  describe(`hosted links: failed opens are throttled per IP, ${backend.name}`, () => {
    const clock = manualClock('2026-11-02T10:00:00Z');
    const redisPrefix = testRedisPrefix('hosted-throttle');
    let ctx: AccountsApp;
    let expiredUrl: string;
    let validUrl: string;

    before(async () => {
      ctx = await startAccountsApp({
        ...backend.options,
        clock: clock.now,
        env: 'redis' in backend ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: redisPrefix } : {},
      });
      const { apiKey } = await signUpWithKey(ctx, 'hosted-throttle');
      const link = async () => {
        const res = await generateInvoice(ctx.app, validInvoice(), bearer(apiKey));
        assert.equal(res.statusCode, 200, res.body);
        return body(res).invoice.hosted_url as string;
      };
      expiredUrl = await link();
      clock.advance(8 * DAY_MS);
      validUrl = await link();
    });
    after(async () => {
      await ctx.close();
      if ('redis' in backend) await dropRedisPrefix(redisPrefix);
    });

    it('unknown, tampered and expired links answer one identical 404; opens of a valid link are never counted; the failure past the limit gets 429 with Retry-After, even for a valid link, while another IP still opens it', async () => {
      const viewer = '198.51.100.7';
      // A link shared with many viewers behind one NAT: far more opens than the failure limit.
      for (let i = 0; i < FAILURE_LIMIT + 10; i++) {
        assert.equal((await open(ctx.app, validUrl, viewer)).statusCode, 200, `valid open ${i + 1}`);
      }

      const valid = new URL(validUrl);
      const id = valid.pathname.split('/').pop()!;
      const t = valid.searchParams.get('t')!;
      const bad = [
        pathOf(expiredUrl),
        `/api/i/${changeAt(id, 5)}?t=${t}`,
        `/api/i/${id}?t=${changeAt(t, 10)}`,
        `/api/i/${id}?t=${t.slice(0, 20)}`,
        `/api/i/${'x'.repeat(22)}?t=${t}`,
      ];
      const bodies = new Set<string>();
      for (let i = 0; i < FAILURE_LIMIT; i++) {
        const res = await open(ctx.app, bad[i % bad.length]!, viewer);
        assert.equal(res.statusCode, 404, `failure ${i + 1}: ${res.body}`);
        assert.equal(res.headers['retry-after'], undefined);
        bodies.add(res.body);
      }
      assert.equal(bodies.size, 1, `one 404 body for every kind of bad link: ${[...bodies].join('\n')}`);
      assert.equal(JSON.parse([...bodies][0]!).error.code, 'not_found');

      for (const url of [bad[1]!, pathOf(validUrl)]) {
        const refused = await open(ctx.app, url, viewer);
        assert.equal(refused.statusCode, 429, refused.body);
        assert.equal(refused.json().error.code, 'rate_limit_exceeded');
        const retryAfter = Number(refused.headers['retry-after']);
        assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= WINDOW_S, `Retry-After ${refused.headers['retry-after']}`);
        // D24: the link's headers are on every answer of the link.
        assert.equal(refused.headers['cache-control'], 'private');
      }

      const other = await open(ctx.app, validUrl, '203.0.113.9', 'pdf');
      assert.equal(other.statusCode, 200, 'another IP opens the valid link');
      assert.equal(other.headers['content-type'], 'application/pdf');
      // IPv6: the /64 is one subject, as for every per-IP throttle.
      assert.equal((await open(ctx.app, validUrl, '2001:db8:0:1::5')).statusCode, 200);

      clock.advance(WINDOW_S * 1000);
      assert.equal((await open(ctx.app, validUrl, viewer)).statusCode, 200, 'the next window opens again');
    });
  });
}
