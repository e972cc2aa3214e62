import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { sql } from 'kysely';
import type { DbOrTransaction } from '../../src/storage/db-or-transaction.ts';
import {
  claimIdempotencyKey, completeIdempotencyRecord, forgetIdempotentGeneration, holdIdempotencyClaim, keepIdempotentGeneration, releaseIdempotencyClaim,
  type ClaimRef,
} from '../../src/storage/repositories/idempotency-records-repository.ts';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from '../../src/use-cases/idempotency/idempotency-store.ts';
import { forEachDialect } from '../helpers/test-databases.ts';

const T0 = 1_800_000_000_000;
const GENERATION = JSON.stringify({ v: 1, kind: 'invoice', requestId: 'req_1', item: { invoice: { number: 'INV-2027-00001', note: 'Ärzte 請求書 😀' } } });

/** Claims a fresh key at `nowMs` for `fingerprint`; returns the claim and the claim result. */
async function claim(db: DbOrTransaction, scope: string, key: string, fingerprint: string, nowMs: number) {
  const ref: ClaimRef = { scope, key, claim: randomUUID() };
  const result = await claimIdempotencyKey(db, { ...ref, fingerprint, nowMs, leaseUntil: nowMs + IDEMPOTENCY_LEASE_MS, expiresAt: nowMs + IDEMPOTENCY_TTL_MS });
  return { ref, ...result };
}

const row = (db: DbOrTransaction, scope: string, key: string) =>
  db.selectFrom('idempotency_records').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();

/**
 * The record of an Idempotency-Key carries the generation its request committed, written in the
 * generation's transaction, so that a retry after the instance died between the commit and the
 * answer resumes that generation instead of making a second one.
 */
forEachDialect((target) => {
  test('a generation kept under a claim survives the claim: the retry that takes over after the lease gets it back', async () => {
    const { db } = await target.open();
    const scope = `a:${randomUUID()}`;
    const first = await claim(db, scope, 'k', 'fp', T0);
    assert.deepEqual({ claimed: first.claimed, generation: first.generation }, { claimed: true, generation: undefined });
    assert.equal(await db.transaction().execute(async (tx) => {
      assert.equal(await holdIdempotencyClaim(tx, first.ref), true);
      return keepIdempotentGeneration(tx, first.ref, GENERATION);
    }), true);
    assert.equal((await row(db, scope, 'k'))?.generation, GENERATION, 'stored as written (UTF-8 intact)');

    // The first request's instance dies: its claim holds until its lease ends.
    const early = await claim(db, scope, 'k', 'fp', T0 + IDEMPOTENCY_LEASE_MS - 1);
    assert.equal(early.claimed, false, 'a repeat within the lease waits');
    const retry = await claim(db, scope, 'k', 'fp', T0 + IDEMPOTENCY_LEASE_MS);
    assert.deepEqual({ claimed: retry.claimed, generation: retry.generation }, { claimed: true, generation: GENERATION }, 'the take-over resumes the kept generation');

    // The dead request's claim is gone: it can neither write nor hold any more.
    assert.equal(await holdIdempotencyClaim(db, first.ref), false);
    assert.equal(await keepIdempotentGeneration(db, first.ref, '{}'), false);
    assert.equal((await row(db, scope, 'k'))?.generation, GENERATION);

    // Once the resumed answer is kept, the bytes answer every repeat and the generation goes.
    assert.equal(await completeIdempotencyRecord(db, scope, 'k', retry.ref.claim, { status: 200, headers: '{}', body: Buffer.from('{"ok":true}') }), true);
    const done = await row(db, scope, 'k');
    assert.equal(done?.state, 'done');
    assert.equal(done?.generation, null);
  });

  test('a different request under a key whose generation committed is not a take-over, even after the lease', async () => {
    const { db } = await target.open();
    const scope = `a:${randomUUID()}`;
    const first = await claim(db, scope, 'k', 'fp-first', T0);
    await keepIdempotentGeneration(db, first.ref, GENERATION);
    const other = await claim(db, scope, 'k', 'fp-other', T0 + IDEMPOTENCY_LEASE_MS);
    assert.equal(other.claimed, false, 'the store answers it 422 instead (idempotency-store.ts)');
    const kept = await row(db, scope, 'k');
    assert.deepEqual({ fingerprint: kept?.fingerprint, claim: kept?.claim, generation: kept?.generation }, { fingerprint: 'fp-first', claim: first.ref.claim, generation: GENERATION });

    // Without a generation an abandoned claim is free for anything, as before.
    const bare = await claim(db, scope, 'bare', 'fp-first', T0);
    assert.equal(bare.claimed, true);
    const taken = await claim(db, scope, 'bare', 'fp-other', T0 + IDEMPOTENCY_LEASE_MS);
    assert.deepEqual({ claimed: taken.claimed, generation: taken.generation }, { claimed: true, generation: undefined });
  });

  test('after its 24 hours a key is new again: the generation goes with the record', async () => {
    const { db } = await target.open();
    const scope = `a:${randomUUID()}`;
    const first = await claim(db, scope, 'k', 'fp', T0);
    await keepIdempotentGeneration(db, first.ref, GENERATION);
    const later = await claim(db, scope, 'k', 'fp-new', T0 + IDEMPOTENCY_TTL_MS);
    assert.deepEqual({ claimed: later.claimed, generation: later.generation }, { claimed: true, generation: undefined });
    assert.equal((await row(db, scope, 'k'))?.generation, null);
  });

  test('release frees a key without a generation, and leaves one with a generation for the next repeat to resume at once', async () => {
    const { db } = await target.open();
    const scope = `a:${randomUUID()}`;
    const bare = await claim(db, scope, 'bare', 'fp', T0);
    await releaseIdempotencyClaim(db, scope, 'bare', bare.ref.claim);
    assert.equal(await row(db, scope, 'bare'), undefined, 'deleted: the next request runs afresh');

    const tied = await claim(db, scope, 'tied', 'fp', T0);
    await keepIdempotentGeneration(db, tied.ref, GENERATION);
    await releaseIdempotencyClaim(db, scope, 'tied', tied.ref.claim);
    const left = await row(db, scope, 'tied');
    assert.deepEqual({ state: left?.state, lease_until: Number(left?.lease_until), generation: left?.generation }, { state: 'pending', lease_until: 0, generation: GENERATION });
    const next = await claim(db, scope, 'tied', 'fp', T0 + 1);
    assert.deepEqual({ claimed: next.claimed, generation: next.generation }, { claimed: true, generation: GENERATION }, 'no lease to wait out');
  });

  test('a withdrawn generation is forgotten whoever holds the claim, so no retry answers it', async () => {
    const { db } = await target.open();
    const scope = `a:${randomUUID()}`;
    const first = await claim(db, scope, 'k', 'fp', T0);
    await keepIdempotentGeneration(db, first.ref, GENERATION);
    await forgetIdempotentGeneration(db, scope, 'k');
    assert.equal((await row(db, scope, 'k'))?.generation, null);
    const retry = await claim(db, scope, 'k', 'fp', T0 + IDEMPOTENCY_LEASE_MS);
    assert.deepEqual({ claimed: retry.claimed, generation: retry.generation }, { claimed: true, generation: undefined }, 'runs afresh');
  });

  test('a generation transaction holding its claim makes a concurrent take-over wait for its commit, which then resumes it', async () => {
    const first = await target.open();
    // On SQLite one process has one connection (node:sqlite is synchronous: a second connection
    // waiting for the lock would block the thread that must commit); Kysely queues the statement.
    const second = target.dialect === 'postgres' ? await target.open() : first;
    const scope = `a:${randomUUID()}`;
    const original = await claim(first.db, scope, 'k', 'fp', T0);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => { held = resolve; });
    const generation = first.db.transaction().execute(async (tx) => {
      assert.equal(await holdIdempotencyClaim(tx, original.ref), true);
      held();
      await gate;
      return keepIdempotentGeneration(tx, original.ref, GENERATION);
    });
    await holding;
    // A repeat arriving once the lease has run out (the generation was slow) tries to take over.
    const takeOver = claim(second.db, scope, 'k', 'fp', T0 + IDEMPOTENCY_LEASE_MS);
    let settled = false;
    void takeOver.then(() => { settled = true; });
    if (target.dialect === 'postgres') {
      // Until PostgreSQL shows the take-over waiting for the row lock.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%idempotency_records%'`.execute(first.db);
        if (waiting.rows[0]!.n > 0) break;
        assert.ok(Date.now() < deadline, 'the take-over never reached the row lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } else {
      // Give the take-over every chance to slip in before the commit.
      for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    }
    assert.equal(settled, false, 'the take-over waits for the generation\'s transaction');
    release();
    assert.equal(await generation, true, 'the generation kept its claim to the end');
    const taken = await takeOver;
    assert.deepEqual({ claimed: taken.claimed, generation: taken.generation }, { claimed: true, generation: GENERATION }, 'the take-over resumes the committed generation');
  });
});
