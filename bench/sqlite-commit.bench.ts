/**
 * Commits per second of one-row INSERT transactions on SQLite at synchronous=NORMAL and FULL,
 * through createDatabase (so node:sqlite, our adapter and Kysely, as the service runs them).
 *
 *   npx node bench/sqlite-commit.bench.ts [folder] [seconds-per-mode]
 *
 * The folder defaults to the OS temp folder; pass one on the disk that will hold DATA_DIR, since
 * the FULL figure is mostly that disk's fsync time (a tmpfs would show no difference at all).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../src/storage/create-database.ts';

const DEFAULT_SECONDS_PER_MODE = 3;
const WARM_UP_MS = 300;

const parent = path.resolve(process.argv[2] ?? os.tmpdir());
const secondsPerMode = Number(process.argv[3] ?? DEFAULT_SECONDS_PER_MODE);
if (!(secondsPerMode > 0 && secondsPerMode <= 60)) throw new Error('seconds-per-mode must be between 0 and 60');

async function measure(synchronous: 'NORMAL' | 'FULL'): Promise<{ commitsPerSecond: number; meanMs: number }> {
  const folder = await mkdtemp(path.join(parent, 'sqlite-commit-bench-'));
  const database = await createDatabase({ kind: 'sqlite', file: path.join(folder, 'bench.db') });
  try {
    const { db } = database;
    await sql`PRAGMA synchronous = ${sql.raw(synchronous)}`.execute(db);
    await sql`create table bench_rows (id integer primary key, body text not null)`.execute(db);
    const commitOne = (): Promise<unknown> =>
      db.transaction().execute((trx) => sql`insert into bench_rows (body) values (${'x'.repeat(200)})`.execute(trx));

    const warmUpEnd = performance.now() + WARM_UP_MS;
    while (performance.now() < warmUpEnd) await commitOne();

    let commits = 0;
    const start = performance.now();
    const end = start + secondsPerMode * 1000;
    while (performance.now() < end) {
      await commitOne();
      commits += 1;
    }
    const elapsedMs = performance.now() - start;
    return { commitsPerSecond: Math.round((commits / elapsedMs) * 1000), meanMs: elapsedMs / commits };
  } finally {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  }
}

console.log(`node ${process.version} on ${os.platform()} ${os.arch()}, ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores)`);
console.log(`folder ${parent}, ${secondsPerMode} s per mode, one 200-byte row per transaction, WAL`);
for (const mode of ['NORMAL', 'FULL'] as const) {
  const { commitsPerSecond, meanMs } = await measure(mode);
  console.log(`synchronous=${mode.padEnd(6)} ${String(commitsPerSecond).padStart(7)} commits/s  (${meanMs.toFixed(3)} ms each)`);
}
