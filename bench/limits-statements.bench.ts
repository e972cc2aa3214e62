/**
 * The counting work of one request, in process, on the service's SQLite adapter: a burst
 * admission (createDatabaseBurstLimiter through a write group, as the service runs it), and the
 * metering transaction of an account's generation (the conditional usage upsert plus the invoice
 * number). Groups of N jobs are started together, as N requests arriving in one event-loop turn
 * would be. Reports CPU µs per job (user + system, so the WAL writes count).
 *
 *   node bench/limits-statements.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { documentCost } from '../src/domain/limits/document-cost.ts';
import { createDatabase } from '../src/storage/create-database.ts';
import { createDatabaseBurstLimiter } from '../src/storage/database-burst-limiter.ts';
import { migrateToLatest } from '../src/storage/migrate-to-latest.ts';
import { insertAccount } from '../src/storage/repositories/accounts-repository.ts';
import { addMonthlyUsage } from '../src/storage/repositories/monthly-usage-repository.ts';
import { nextInvoiceSequence } from '../src/storage/repositories/next-invoice-sequence.ts';
import { createWriteGroup, transactionRunner } from '../src/storage/write-group.ts';

const JOBS = 40_000;
const folder = mkdtempSync(path.join(tmpdir(), 'invoice-limits-bench-'));
const database = await createDatabase({ kind: 'sqlite', file: path.join(folder, 'invoice.db') });
await migrateToLatest(database.db);
const group = createWriteGroup(database.db);
const limiter = createDatabaseBurstLimiter(database.db, { group });
const inTransaction = transactionRunner(database.db, 'sqlite', group);
const accountId = randomUUID();
await insertAccount(database.db, { id: accountId, email: `${accountId}@example.com`, passwordHash: 'x', createdAt: Date.now() });
const limits = { hourly: 1_000_000_000, weekly: 1_000_000_000 };
const cost = documentCost('json', false);

const jobs = {
  'burst admission (per-IP windows)': (i: number) => limiter.admit(`ip:198.51.100.${i % 200}`, limits, 1, Date.now()),
  'metering + invoice number (account)': () => inTransaction(async (tx) => {
    await addMonthlyUsage(tx, accountId, 1_790_000_000, cost, { documentTenths: null, pdfs: null });
    return nextInvoiceSequence(tx, accountId, 2026);
  }),
};

console.log(`Node ${process.version}; SQLite (node:sqlite) in WAL mode, synchronous=NORMAL, on ${tmpdir()}`);
console.log('| job | 1 per turn | 8 per turn | 16 per turn |');
console.log('|---|---|---|---|');
for (const [name, job] of Object.entries(jobs)) {
  const cells: string[] = [];
  for (const perTurn of [1, 8, 16]) {
    for (let i = 0; i < 2000; i += perTurn) await Promise.all(Array.from({ length: perTurn }, (_, k) => job(i + k)));
    const before = process.cpuUsage();
    for (let i = 0; i < JOBS; i += perTurn) await Promise.all(Array.from({ length: perTurn }, (_, k) => job(i + k)));
    const used = process.cpuUsage(before);
    cells.push(`${((used.user + used.system) / JOBS).toFixed(1)} µs`);
  }
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
await database.close();
rmSync(folder, { recursive: true, force: true });
