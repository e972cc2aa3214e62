import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { hitThrottles } from '../../src/domain/limits/hit-throttles.ts';
import { createDatabaseThrottle, DEFAULT_MAX_THROTTLE_WINDOW_S } from '../../src/storage/database-throttle.ts';
import { deleteCountersBefore, incrementCounter } from '../../src/storage/repositories/throttle-counters-repository.ts';
import type { Tables } from '../../src/storage/tables.ts';
import { HOUR, runThrottleSuite, T0_MS, WINDOW_EDGE_S } from '../helpers/run-throttle-suite.ts';
import { forEachDialect } from '../helpers/test-databases.ts';

async function countersOf(db: Kysely<Tables>, key: string): Promise<Array<[number, number]>> {
  const rows = await db.selectFrom('throttle_counters').select(['window_start', 'count']).where('key', '=', key).orderBy('window_start').execute();
  return rows.map((row) => [row.window_start, row.count]);
}

test('the test clock starts 15-minute and hour windows', () => {
  assert.equal(WINDOW_EDGE_S % 3600, 0);
  assert.equal(new Date(T0_MS).toISOString(), '2027-01-15T08:00:00.000Z');
});

forEachDialect((target) => {
  // Two throttles on one database: two instances of the service sharing it.
  runThrottleSuite(async (options) => {
    const { db } = await target.open(options);
    return { throttle: createDatabaseThrottle(db), otherInstance: createDatabaseThrottle(db), counts: (key) => countersOf(db, key) };
  });

  test('counts 1, 2, 3 per (key, window), each pair on its own', async () => {
    const { db } = await target.open();
    const a = `t:${randomUUID()}`;
    const b = `t:${randomUUID()}`;
    const got = [
      await incrementCounter(db, a, WINDOW_EDGE_S),
      await incrementCounter(db, a, WINDOW_EDGE_S),
      await incrementCounter(db, b, WINDOW_EDGE_S),
      await incrementCounter(db, a, WINDOW_EDGE_S + 3600),
      await incrementCounter(db, a, WINDOW_EDGE_S),
      await incrementCounter(db, b, WINDOW_EDGE_S),
      await incrementCounter(db, a, WINDOW_EDGE_S + 3600),
    ];
    assert.deepEqual(got, [1, 2, 1, 1, 3, 2, 2]);
    assert.deepEqual(await countersOf(db, a), [[WINDOW_EDGE_S, 3], [WINDOW_EDGE_S + 3600, 2]]);
  });

  test('keys are independent: one key refused does not touch another', async () => {
    const { db } = await target.open();
    const throttle = createDatabaseThrottle(db);
    const refused = `t:${randomUUID()}`;
    const other = `t:${randomUUID()}`;
    for (let i = 0; i < 4; i++) await throttle.hit(refused, HOUR, T0_MS);
    assert.equal((await throttle.hit(refused, HOUR, T0_MS)).allowed, false);
    assert.deepEqual(await throttle.hit(other, HOUR, T0_MS), { allowed: true, remaining: 2, resetAt: WINDOW_EDGE_S + 3600, retryAfterS: 0 });
  });

  test('counts survive closing and reopening the database', async () => {
    const key = `t:${randomUUID()}`;
    const first = await target.open();
    for (let i = 0; i < 3; i++) await createDatabaseThrottle(first.db).hit(key, HOUR, T0_MS);
    await first.close();
    const second = await target.open();
    assert.deepEqual(await createDatabaseThrottle(second.db).hit(key, HOUR, T0_MS + 1000), {
      allowed: false, remaining: 0, resetAt: WINDOW_EDGE_S + 3600, retryAfterS: 3599,
    });
  });

  test('deleteCountersBefore deletes only windows that started before the cutoff', async () => {
    const { db } = await target.open();
    const key = `t:${randomUUID()}`;
    for (const start of [WINDOW_EDGE_S - 7200, WINDOW_EDGE_S - 3600, WINDOW_EDGE_S, WINDOW_EDGE_S + 3600]) {
      await incrementCounter(db, key, start);
    }
    assert.equal(await deleteCountersBefore(db, WINDOW_EDGE_S - 7200), 0);
    assert.ok((await deleteCountersBefore(db, WINDOW_EDGE_S)) >= 2);
    assert.deepEqual(await countersOf(db, key), [[WINDOW_EDGE_S, 1], [WINDOW_EDGE_S + 3600, 1]]);
  });

  test('the throttle sweeps ended windows on a hit, at most once a minute, and keeps live ones', async () => {
    const { db } = await target.open();
    // Far from the other tests' windows, so their rows are not what is swept here.
    const laterMs = T0_MS + 30 * 86_400_000;
    const old = `t:${randomUUID()}`;
    const live = `t:${randomUUID()}`;
    const late = `t:${randomUUID()}`;
    const maxWindowS = DEFAULT_MAX_THROTTLE_WINDOW_S;
    await incrementCounter(db, old, laterMs / 1000 - maxWindowS - 3600);
    await incrementCounter(db, live, laterMs / 1000 - maxWindowS);
    const throttle = createDatabaseThrottle(db, { onSweepError: (error) => assert.fail(String(error)) });
    await throttle.hit(`t:${randomUUID()}`, HOUR, laterMs);
    assert.deepEqual(await countersOf(db, old), [], 'a window that ended is swept');
    assert.equal((await countersOf(db, live)).length, 1, 'a window that may still run is kept');

    // A row that turns old 30 s later is not swept by a hit within the minute, but is after it.
    await incrementCounter(db, late, laterMs / 1000 - maxWindowS);
    await throttle.hit(`t:${randomUUID()}`, HOUR, laterMs + 30_000);
    assert.equal((await countersOf(db, late)).length, 1, 'no second sweep within a minute');
    await throttle.hit(`t:${randomUUID()}`, HOUR, laterMs + 60_000);
    assert.deepEqual(await countersOf(db, late), [], 'swept once the minute has passed');
  });

  test('hitThrottles stops at the first refusal, so a refused IP stops using up the address budget', async () => {
    const { db } = await target.open();
    const throttle = createDatabaseThrottle(db);
    const ip = { key: `t:ip:${randomUUID()}`, rule: { limit: 2, windowS: 900 } };
    const email = { key: `t:email:${randomUUID()}`, rule: { limit: 5, windowS: 900 } };
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await hitThrottles(throttle, [ip, email], T0_MS));
    assert.deepEqual(outcomes.map((outcome) => [outcome.allowed, outcome.remaining]), [[true, 1], [true, 0], [false, 0], [false, 0]]);
    assert.deepEqual(await countersOf(db, email.key), [[WINDOW_EDGE_S, 2]]);
  });

  test('refuses keys and rules no caller could mean', async () => {
    const { db } = await target.open();
    const throttle = createDatabaseThrottle(db);
    await assert.rejects(throttle.hit('', HOUR, T0_MS), RangeError);
    await assert.rejects(throttle.hit('x'.repeat(201), HOUR, T0_MS), RangeError);
    await assert.rejects(throttle.hit('t:x', { limit: 3, windowS: 0 }, T0_MS), RangeError);
    await assert.rejects(throttle.hit('t:x', { limit: 1.5, windowS: 60 }, T0_MS), RangeError);
    await assert.rejects(throttle.hit('t:x', { limit: 3, windowS: DEFAULT_MAX_THROTTLE_WINDOW_S + 1 }, T0_MS), RangeError);
    await assert.rejects(incrementCounter(db, 't:x', 1.5), RangeError);
  });
});
