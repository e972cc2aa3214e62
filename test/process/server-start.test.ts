import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { freePort } from '../helpers/cluster.ts';
import { startServerProcess } from '../helpers/start-server-process.ts';

// The built service, exactly what `npm start` runs (the test script builds it first).


async function waitForHealth(port: number, timeoutMs = 15_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'invoice-proc-'));
  tempDirs.push(dir);
  return dir;
}

describe('the built service as a process', () => {
  after(() => { for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true }); });

  it('starts on the embedded default, answers health, keeps its secrets out of the log, and stops on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const proc = startServerProcess({ DATA_DIR: dataDir, PORT: String(port) });
    const res = await waitForHealth(port);
    assert.equal(res.status, 200);
    const health = (await res.json()) as { storage: { dialect: string } };
    assert.equal(health.storage.dialect, 'sqlite');
    const invoice = await fetch(`http://127.0.0.1:${port}/api/generate-invoice`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: { name: 'A' }, to: { name: 'B' }, items: [{ description: 'x', quantity: 2, unit_price: 100, tax_rate: 20 }] }),
    });
    assert.equal(invoice.status, 200);
    assert.equal(((await invoice.json()) as { invoice: { grand_total: number } }).invoice.grand_total, 240);
    proc.child.kill('SIGTERM');
    assert.equal(await proc.exited, 0);
    const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    const { stdout, stderr } = proc.output();
    assert.match(stdout, /invoice service started/);
    for (const value of Object.values(secrets)) {
      assert.ok(!stdout.includes(value) && !stderr.includes(value), 'a secret reached the log');
    }
    assert.ok(readFileSync(path.join(dataDir, 'invoice.db')).length > 0, 'the SQLite file is under DATA_DIR');
  });

  it('exits at once with status 1 and a message naming a bad setting', async () => {
    const proc = startServerProcess({ DATA_DIR: tempDir(), PORT: 'eighty' });
    assert.equal(await proc.exited, 1);
    assert.match(proc.output().stderr, /PORT="eighty" is not a port number/);
  });

  it('stops with status 1 when REDIS_URL names a Redis that does not answer, without printing its password', async () => {
    const port = await freePort();
    const proc = startServerProcess({ DATA_DIR: tempDir(), PORT: String(await freePort()), REDIS_URL: `redis://:hunter2-secret@127.0.0.1:${port}` });
    assert.equal(await proc.exited, 1);
    assert.match(proc.output().stderr, new RegExp(`Cannot connect to Redis at 127\\.0\\.0\\.1:${port}`));
    assert.doesNotMatch(proc.output().stderr + proc.output().stdout, /hunter2/);
  });

  it('refuses PostgreSQL without shared secrets, naming both', async () => {
    const proc = startServerProcess({ DATABASE_URL: 'postgres://127.0.0.1:5432/test' });
    assert.equal(await proc.exited, 1);
    assert.match(proc.output().stderr, /LINK_SIGNING_SECRET is required/);
    assert.match(proc.output().stderr, /DATA_ENCRYPTION_KEY is required/);
  });
});
