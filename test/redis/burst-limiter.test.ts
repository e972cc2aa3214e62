import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BurstAdmission, BurstLimiter } from '../../src/domain/limits/burst-limiter.ts';
import type { BurstLimits } from '../../src/domain/limits/plans.ts';
import { isAppError } from '../../src/errors/app-error.ts';
import { closeRedisClient, createRedisClient, type RedisClient } from '../../src/redis/create-redis-client.ts';
import { createRedisBurstLimiter } from '../../src/redis/redis-burst-limiter.ts';
import { createDatabaseBurstLimiter } from '../../src/storage/database-burst-limiter.ts';
import { forEachDialect } from '../helpers/test-databases.ts';
import { deleteRedisKeys, testRedisPrefix } from '../helpers/test-redis.ts';
import type { Kysely } from 'kysely';
import type { Tables } from '../../src/storage/tables.ts';
import { createWriteGroup } from '../../src/storage/write-group.ts';

const REDIS_PORT = 6379;
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;

/** One back-end under test. Every case uses subjects of its own, so cases share the store. */
interface LimiterUnderTest {
  readonly limiter: BurstLimiter;
  /** Two limiters on the same counts that really run at once, like two instances of the service. */
  readonly instances: readonly [BurstLimiter, BurstLimiter];
}

const at = (iso: string): number => Date.parse(iso);
const sec = (iso: string): number => Date.parse(iso) / 1000;
const subject = (): string => `account:${randomUUID()}`;
/** What the headers show as X-RateLimit-Remaining. */
const remaining = (a: BurstAdmission) => ({ hourly: a.hourly.limit! - a.hourly.used, weekly: a.weekly.limit! - a.weekly.used });
const used = (a: BurstAdmission) => [a.hourly.used, a.weekly.used];
const refusal = (a: BurstAdmission) => ({ granted: a.granted, refusedBy: a.refusedBy, retryAfterS: a.retryAfterS });

// A Wednesday, mid-hour: its hour ends at 11:00, its ISO week on Monday 2027-01-18.
const WEDNESDAY = at('2027-01-13T10:20:00.000Z');

function burstLimiterCases(get: () => LimiterUnderTest): void {
  test('counts exactly what it grants, in both windows, with the window ends as resetAt', async () => {
    const { limiter } = get();
    const s = subject();
    const limits = { hourly: 5, weekly: 8 };
    assert.deepEqual(await limiter.admit(s, limits, 1, WEDNESDAY), {
      granted: 1,
      refusedBy: undefined,
      retryAfterS: 0,
      hourly: { limit: 5, used: 1, resetAt: sec('2027-01-13T11:00:00Z') },
      weekly: { limit: 8, used: 1, resetAt: sec('2027-01-18T00:00:00Z') },
    });
    assert.deepEqual(remaining(await limiter.admit(s, limits, 3, WEDNESDAY + 1_000)), { hourly: 1, weekly: 4 });
    assert.deepEqual(remaining(await limiter.admit(s, limits, 1, WEDNESDAY + 2_000)), { hourly: 0, weekly: 3 });
    const refused = await limiter.admit(s, limits, 1, WEDNESDAY + 3_000);
    assert.deepEqual(refusal(refused), { granted: 0, refusedBy: 'hourly', retryAfterS: 40 * 60 - 3 });
    assert.deepEqual(used(refused), [5, 5]);
  });

  test('a refusal counts nothing in either window', async () => {
    const { limiter } = get();
    const hourFull = subject();
    await limiter.admit(hourFull, { hourly: 2, weekly: 10 }, 2, WEDNESDAY);
    for (let i = 0; i < 3; i++) assert.equal((await limiter.admit(hourFull, { hourly: 2, weekly: 10 }, 1, WEDNESDAY)).granted, 0);
    assert.deepEqual(used(await limiter.peek(hourFull, { hourly: 2, weekly: 10 }, WEDNESDAY)), [2, 2]);
    // The next hour shows the week never counted the refusals.
    assert.deepEqual(used(await limiter.admit(hourFull, { hourly: 2, weekly: 10 }, 1, at('2027-01-13T11:00:00Z'))), [1, 3]);

    const weekFull = subject();
    await limiter.admit(weekFull, { hourly: 10, weekly: 3 }, 3, WEDNESDAY);
    const refused = await limiter.admit(weekFull, { hourly: 10, weekly: 3 }, 2, WEDNESDAY);
    assert.equal(refused.refusedBy, 'weekly');
    assert.deepEqual(used(refused), [3, 3]);
  });

  test('refusedBy names the full window; Retry-After runs to its end, rounded up, at least 1', async () => {
    const { limiter } = get();
    const toWeekEnd = sec('2027-01-18T00:00:00Z') - WEDNESDAY / 1000;
    const cases: Array<[BurstLimits, number, ReturnType<typeof refusal>]> = [
      [{ hourly: 1, weekly: 10 }, WEDNESDAY + 250, { granted: 0, refusedBy: 'hourly', retryAfterS: 40 * 60 }],
      [{ hourly: 10, weekly: 1 }, WEDNESDAY, { granted: 0, refusedBy: 'weekly', retryAfterS: toWeekEnd }],
      // Both full: only the week's end helps.
      [{ hourly: 1, weekly: 1 }, WEDNESDAY, { granted: 0, refusedBy: 'weekly', retryAfterS: toWeekEnd }],
      [{ hourly: 1, weekly: null }, at('2027-01-13T10:59:59.999Z'), { granted: 0, refusedBy: 'hourly', retryAfterS: 1 }],
      [{ hourly: null, weekly: 1 }, at('2027-01-17T23:59:59.001Z'), { granted: 0, refusedBy: 'weekly', retryAfterS: 1 }],
    ];
    for (const [limits, nowMs, expected] of cases) {
      const s = subject();
      assert.equal((await limiter.admit(s, limits, 1, nowMs)).granted, 1);
      assert.deepEqual(refusal(await limiter.admit(s, limits, 1, nowMs)), expected, JSON.stringify(limits));
    }
  });

  test('the hour rolls at :00:00.000 UTC; the week carries on', async () => {
    const { limiter } = get();
    const s = subject();
    const limits = { hourly: 2, weekly: 100 };
    await limiter.admit(s, limits, 2, at('2027-01-13T10:59:59.999Z'));
    assert.equal((await limiter.admit(s, limits, 1, at('2027-01-13T10:59:59.999Z'))).granted, 0);
    const next = await limiter.admit(s, limits, 1, at('2027-01-13T11:00:00.000Z'));
    assert.equal(next.granted, 1);
    assert.deepEqual(next.hourly, { limit: 2, used: 1, resetAt: sec('2027-01-13T12:00:00Z') });
    assert.equal(next.weekly.used, 3);
  });

  test('a late request for the previous hour never resets the current one', async () => {
    const { limiter } = get();
    const s = subject();
    const limits = { hourly: 3, weekly: 100 };
    const newHour = at('2027-01-13T11:00:00.000Z');
    for (let i = 0; i < 3; i++) await limiter.admit(s, limits, 1, newHour + i);
    // Read its clock at 10:59:59.999, reached the limiter after the three above. Redis counts it in
    // the old hour's key; the database, with one row per subject, in the newer hour (refused
    // here). Either way the current hour keeps its count and admits nothing more.
    const late = await limiter.admit(s, limits, 1, newHour - 1);
    assert.ok(late.granted === 1 ? late.hourly.used === 1 : late.refusedBy === 'hourly', JSON.stringify(late));
    assert.deepEqual(refusal(await limiter.admit(s, limits, 1, newHour + 10)), { granted: 0, refusedBy: 'hourly', retryAfterS: 3600 });
  });

  test('the ISO week runs Monday 00:00 to Sunday 23:59:59.999 UTC', async () => {
    const { limiter } = get();
    const s = subject();
    const limits = { hourly: 100, weekly: 3 };
    for (const iso of ['2027-01-11T00:00:00.000Z', '2027-01-17T00:00:00.000Z', '2027-01-17T23:59:59.999Z']) {
      assert.equal((await limiter.admit(s, limits, 1, at(iso))).granted, 1, iso);
    }
    assert.deepEqual(refusal(await limiter.admit(s, limits, 1, at('2027-01-17T23:59:59.999Z'))), { granted: 0, refusedBy: 'weekly', retryAfterS: 1 });
    const monday = await limiter.admit(s, limits, 1, at('2027-01-18T00:00:00.000Z'));
    assert.equal(monday.granted, 1);
    assert.deepEqual(monday.weekly, { limit: 3, used: 1, resetAt: sec('2027-01-25T00:00:00Z') });
  });

  test('31 Dec to 1 Jan rolls the hour but not the ISO week that spans the new year', async () => {
    const { limiter } = get();
    const s = subject();
    const limits = { hourly: 1, weekly: 5 };
    assert.equal((await limiter.admit(s, limits, 1, at('2026-12-31T23:59:59.999Z'))).granted, 1);
    assert.deepEqual(refusal(await limiter.admit(s, limits, 1, at('2026-12-31T23:59:59.999Z'))), { granted: 0, refusedBy: 'hourly', retryAfterS: 1 });
    const newYear = await limiter.admit(s, limits, 1, at('2027-01-01T00:00:00.000Z'));
    assert.deepEqual([newYear.granted, ...used(newYear)], [1, 1, 2]);
    assert.equal(newYear.weekly.resetAt, sec('2027-01-04T00:00:00Z'));
  });

  test('a leap day is one more day of the same week (2028-02-28 is a Monday)', async () => {
    const { limiter } = get();
    const s = subject();
    const limits = { hourly: 1, weekly: 10 };
    const times = ['2028-02-28T23:59:59.999Z', '2028-02-29T00:00:00.000Z', '2028-02-29T23:59:59.999Z', '2028-03-01T00:00:00.000Z'];
    for (const iso of times) assert.equal((await limiter.admit(s, limits, 1, at(iso))).granted, 1, iso);
    const lastHour = await limiter.peek(s, limits, at('2028-02-29T23:59:59.999Z'));
    assert.equal(lastHour.hourly.resetAt, sec('2028-03-01T00:00:00Z'));
    assert.deepEqual(lastHour.weekly, { limit: 10, used: 4, resetAt: sec('2028-03-06T00:00:00Z') });

    const full = subject();
    await limiter.admit(full, { hourly: null, weekly: 1 }, 1, at('2028-02-29T12:00:00Z'));
    const refused = await limiter.admit(full, { hourly: null, weekly: 1 }, 1, at('2028-02-29T12:00:00Z'));
    assert.equal(refused.retryAfterS, 5 * 86_400 + 12 * 3_600);
  });

  test('null limits admit everything and still count it', async () => {
    const { limiter } = get();
    const s = subject();
    const unlimited = { hourly: null, weekly: null };
    const first = await limiter.admit(s, unlimited, 1_000, WEDNESDAY);
    assert.deepEqual(first, {
      granted: 1_000,
      refusedBy: undefined,
      retryAfterS: 0,
      hourly: { limit: null, used: 1_000, resetAt: sec('2027-01-13T11:00:00Z') },
      weekly: { limit: null, used: 1_000, resetAt: sec('2027-01-18T00:00:00Z') },
    });
    assert.deepEqual(used(await limiter.admit(s, unlimited, 5_000, WEDNESDAY)), [6_000, 6_000]);
    // A limit set later sees what was counted while there was none.
    assert.deepEqual(refusal(await limiter.admit(s, { hourly: null, weekly: 6_001 }, 5, WEDNESDAY)), { granted: 1, refusedBy: 'weekly', retryAfterS: sec('2027-01-18T00:00:00Z') - WEDNESDAY / 1000 });
  });

  test('a limit of 0 refuses everything and counts nothing', async () => {
    const { limiter } = get();
    const s = subject();
    assert.deepEqual(refusal(await limiter.admit(s, { hourly: 0, weekly: 10 }, 1, WEDNESDAY)), { granted: 0, refusedBy: 'hourly', retryAfterS: 40 * 60 });
    assert.equal((await limiter.admit(s, { hourly: 10, weekly: 0 }, 3, WEDNESDAY)).refusedBy, 'weekly');
    assert.equal((await limiter.admit(s, { hourly: 0, weekly: 0 }, 1, WEDNESDAY)).refusedBy, 'weekly');
    assert.deepEqual(used(await limiter.peek(s, { hourly: 10, weekly: 10 }, WEDNESDAY)), [0, 0]);
  });

  test('a batch larger than what is left gets what is left', async () => {
    const { limiter } = get();
    const byHour = subject();
    await limiter.admit(byHour, { hourly: 10, weekly: 100 }, 7, WEDNESDAY);
    const partial = await limiter.admit(byHour, { hourly: 10, weekly: 100 }, 10, WEDNESDAY);
    assert.deepEqual(refusal(partial), { granted: 3, refusedBy: 'hourly', retryAfterS: 40 * 60 });
    assert.deepEqual(used(partial), [10, 10]);

    const byWeek = subject();
    await limiter.admit(byWeek, { hourly: 100, weekly: 12 }, 10, WEDNESDAY);
    const weekly = await limiter.admit(byWeek, { hourly: 100, weekly: 12 }, 5, WEDNESDAY);
    assert.deepEqual([weekly.granted, weekly.refusedBy, ...used(weekly)], [2, 'weekly', 12, 12]);
  });

  test('peek and a request for 0 count nothing, and peek never reports a refusal', async () => {
    const { limiter } = get();
    const s = subject();
    const limits = { hourly: 2, weekly: 10 };
    for (let i = 0; i < 3; i++) assert.deepEqual(refusal(await limiter.peek(s, limits, WEDNESDAY)), { granted: 0, refusedBy: undefined, retryAfterS: 0 });
    assert.deepEqual(refusal(await limiter.admit(s, limits, 0, WEDNESDAY)), { granted: 0, refusedBy: undefined, retryAfterS: 0 });
    await limiter.admit(s, limits, 2, WEDNESDAY);
    const full = await limiter.peek(s, limits, WEDNESDAY);
    assert.deepEqual([full.refusedBy, full.retryAfterS, ...used(full)], [undefined, 0, 2, 2]);
  });

  test('subjects are counted apart, even ones that share a prefix or contain braces', async () => {
    const { limiter } = get();
    const limits = { hourly: 1, weekly: 1 };
    const base = subject();
    for (const s of [base, `${base}0`, `{${base}}`, `${base}}:h:1`]) {
      assert.equal((await limiter.admit(s, limits, 1, WEDNESDAY)).granted, 1, s);
      assert.equal((await limiter.admit(s, limits, 1, WEDNESDAY)).granted, 0, s);
    }
  });

  test('200 simultaneous admissions against an hourly limit of 40 admit exactly 40', async () => {
    const { instances } = get();
    const s = subject();
    const limits = { hourly: 40, weekly: 1_000 };
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => instances[i % 2]!.admit(s, limits, 1, WEDNESDAY)));
    assert.equal(results.filter((r) => r.granted === 1).length, 40);
    assert.ok(results.every((r) => r.granted === 1 || r.refusedBy === 'hourly'));
    assert.deepEqual(used(await instances[0].peek(s, limits, WEDNESDAY)), [40, 40]);
  });

  test('simultaneous batches fill the weekly limit exactly, partial grants included', async () => {
    const { instances } = get();
    const s = subject();
    const limits = { hourly: null, weekly: 100 };
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => instances[i % 2]!.admit(s, limits, 3, WEDNESDAY)));
    assert.equal(results.reduce((sum, r) => sum + r.granted, 0), 100);
    assert.deepEqual(used(await instances[1].peek(s, limits, WEDNESDAY)), [100, 100]);
  });

  test('input no caller could mean is a programming error, not a refusal', async () => {
    const { limiter } = get();
    await assert.rejects(limiter.admit('', { hourly: 1, weekly: 1 }, 1, WEDNESDAY), RangeError);
    await assert.rejects(limiter.admit(subject(), { hourly: -1, weekly: 1 }, 1, WEDNESDAY), RangeError);
    await assert.rejects(limiter.admit(subject(), { hourly: 1, weekly: 1 }, 1.5, WEDNESDAY), RangeError);
    await assert.rejects(limiter.peek('x'.repeat(201), { hourly: 1, weekly: 1 }, WEDNESDAY), RangeError);
  });
}

forEachDialect((target) => {
  let underTest: LimiterUnderTest;
  let openedOne: Kysely<Tables> | undefined;
  before(async () => {
    // One by one: SQLite's busy wait blocks the event loop, so two migrations at once deadlock.
    const one = await target.open();
    // A pool of 20 on PostgreSQL, so the simultaneous calls really overlap in the server.
    const a = await target.open({ poolSize: 20 });
    const b = await target.open({ poolSize: 20 });
    openedOne = one.db;
    underTest = {
      limiter: createDatabaseBurstLimiter(one.db),
      instances: [createDatabaseBurstLimiter(a.db), createDatabaseBurstLimiter(b.db)],
    };
  });
  burstLimiterCases(() => underTest);

  if (target.dialect === 'sqlite') {
    // As the service runs it on SQLite: admissions share commits (write-group.ts).
    describe('with a write group', () => {
      let grouped: LimiterUnderTest;
      before(() => {
        const group = (db: Kysely<Tables>) => createDatabaseBurstLimiter(db, { group: createWriteGroup(db) });
        // All on one connection, as in the service: SQLite serves one process, and a second
        // connection in the same process would busy-wait (blocking the event loop) on a write
        // transaction that needs the event loop to finish.
        grouped = { limiter: group(openedOne!), instances: [group(openedOne!), group(openedOne!)] };
      });
      burstLimiterCases(() => grouped);
    });
  }
});

describe('redis', () => {
  const keyPrefix = testRedisPrefix();
  const clients: RedisClient[] = [];
  let underTest: LimiterUnderTest;
  before(async () => {
    clients.push(await createRedisClient(REDIS_URL), await createRedisClient(REDIS_URL));
    const [first, second] = clients.map((client) => createRedisBurstLimiter(client, { keyPrefix }));
    underTest = { limiter: first!, instances: [first!, second!] };
  });
  after(async () => {
    await deleteRedisKeys(clients[0]!, keyPrefix);
    await Promise.all(clients.map((client) => closeRedisClient(client)));
  });

  burstLimiterCases(() => underTest);

  test('keys share a hash tag and expire a minute after their window, by the caller clock', async () => {
    const redis = clients[0]!;
    const s = subject();
    await underTest.limiter.admit(s, { hourly: 5, weekly: 5 }, 1, WEDNESDAY);
    const hourKey = `${keyPrefix}burst:{${s}}:h:${sec('2027-01-13T10:00:00Z')}`;
    const weekKey = `${keyPrefix}burst:{${s}}:w:${sec('2027-01-11T00:00:00Z')}`;
    assert.deepEqual(await redis.mget(hourKey, weekKey), ['1', '1']);
    for (const [key, lifeMs] of [[hourKey, 40 * 60_000 + 60_000], [weekKey, (sec('2027-01-18T00:00:00Z') * 1000 - WEDNESDAY) + 60_000]] as const) {
      const ttl = await redis.pttl(key);
      assert.ok(ttl <= lifeMs && ttl > lifeMs - 5_000, `${key}: pttl ${ttl}, expected about ${lifeMs}`);
    }
  });

  test('a refusal writes no key at all', async () => {
    const s = subject();
    await underTest.limiter.admit(s, { hourly: 0, weekly: 5 }, 1, WEDNESDAY);
    await underTest.limiter.peek(s, { hourly: 5, weekly: 5 }, WEDNESDAY);
    assert.deepEqual(await clients[0]!.keys(`${keyPrefix}burst:{${s}}:*`), []);
  });

  test('an unreachable Redis stops start-up with host and port, never the password', async () => {
    const errors: Error[] = [];
    const started = Date.now();
    const connecting = createRedisClient('redis://user:s3cret-pw@127.0.0.1:1', { firstConnectTimeoutMs: 1_000, onError: (error) => errors.push(error) });
    await assert.rejects(connecting, (error: Error) => {
      assert.match(error.message, /^Cannot connect to Redis at 127\.0\.0\.1:1: .*ECONNREFUSED/);
      assert.doesNotMatch(error.message, /s3cret/);
      return true;
    });
    assert.ok(Date.now() - started < 3_000);
    // It kept retrying in the meantime, each failure told to onError rather than thrown.
    assert.ok(errors.length > 1, `${errors.length} errors reported`);
  });

  test('a closed client answers not_provisioned at once', async () => {
    const client = await createRedisClient(REDIS_URL);
    const limiter = createRedisBurstLimiter(client, { keyPrefix });
    client.disconnect();
    const started = Date.now();
    await assert.rejects(limiter.admit(subject(), { hourly: 5, weekly: 5 }, 1, WEDNESDAY), isNotProvisioned);
    await assert.rejects(limiter.peek(subject(), { hourly: 5, weekly: 5 }, WEDNESDAY), isNotProvisioned);
    assert.ok(Date.now() - started < 500);
  });

  test('a Redis that stops answering is given up on after the command timeout', async () => {
    const proxy = await startProxy(REDIS_PORT);
    const client = await createRedisClient(`redis://127.0.0.1:${proxy.port}`, { commandTimeoutMs: 300 });
    try {
      const limiter = createRedisBurstLimiter(client, { keyPrefix });
      assert.equal((await limiter.admit(subject(), { hourly: 5, weekly: 5 }, 1, WEDNESDAY)).granted, 1);
      proxy.stall();
      const started = Date.now();
      await assert.rejects(limiter.admit(subject(), { hourly: 5, weekly: 5 }, 1, WEDNESDAY), isNotProvisioned);
      assert.ok(Date.now() - started < 1_500);
    } finally {
      client.disconnect();
      await proxy.stop();
    }
  });

  test('while Redis is down admit fails fast, and the client reconnects when it is back', async () => {
    const proxy = await startProxy(REDIS_PORT);
    const client = await createRedisClient(`redis://127.0.0.1:${proxy.port}`);
    try {
      const limiter = createRedisBurstLimiter(client, { keyPrefix });
      const s = subject();
      await limiter.admit(s, { hourly: 5, weekly: 5 }, 1, WEDNESDAY);
      await proxy.stop();
      const started = Date.now();
      await assert.rejects(limiter.admit(s, { hourly: 5, weekly: 5 }, 1, WEDNESDAY), isNotProvisioned);
      assert.ok(Date.now() - started < 500);
      await proxy.start();
      const deadline = Date.now() + 5_000;
      while (client.status !== 'ready' && Date.now() < deadline) await sleep(50);
      assert.deepEqual(used(await limiter.admit(s, { hourly: 5, weekly: 5 }, 1, WEDNESDAY)), [2, 2]);
    } finally {
      client.disconnect();
      await proxy.stop();
    }
  });
});

function isNotProvisioned(error: unknown): boolean {
  assert.ok(isAppError(error), String(error));
  assert.equal(error.code, 'not_provisioned');
  return true;
}

/**
 * A TCP relay to Redis that a test can stall (stop relaying, connections stay open) or stop and
 * start again on the same port: a Redis that hangs or restarts, without touching the real one.
 */
async function startProxy(targetPort: number) {
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      sockets.add(from);
      from.on('data', (chunk) => stalled || to.write(chunk));
      from.on('close', () => sockets.delete(from));
      from.on('close', close);
      from.on('error', close);
    }
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    stall: () => (stalled = true),
    start: () => listen(port),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
