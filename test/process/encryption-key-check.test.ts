import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { signUpThroughOutbox } from '../../bench/sign-up-through-outbox.ts';
import { freePort } from '../helpers/cluster.ts';
import { startServerProcess } from '../helpers/start-server-process.ts';
import { createTestPostgres, type TestPostgres } from '../helpers/test-databases.ts';

// A DATA_ENCRYPTION_KEY that does not open the stored secrets stops the built service at start-up
// (status 1, a message naming the variable and the fix) instead of answering
// /api/auth/me with a 500 later.


function start(env: Record<string, string>) {
  return startServerProcess({ LOG_LEVEL: 'warn', ...env });
}

/** Resolves once /api/health answers, or rejects with the process's output if it exits first. */
async function started(proc: ReturnType<typeof start>, port: number): Promise<void> {
  let exited: number | null | undefined;
  void proc.exited.then((code) => { exited = code; });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`the service exited with ${exited}: ${proc.output().stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the service did not start: ${proc.output().stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function me(port: number, apiKey: string): Promise<{ status: number; json: { user?: { api_key: string | null } } }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/me`, { headers: { authorization: `Bearer ${apiKey}` } });
  return { status: res.status, json: (await res.json()) as { user?: { api_key: string | null } } };
}

async function stop(proc: ReturnType<typeof start>): Promise<void> {
  proc.child.kill('SIGTERM');
  assert.equal(await proc.exited, 0, proc.output().stderr);
}

const tempDirs: string[] = [];
const schemas: TestPostgres[] = [];
after(async () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  for (const schema of schemas) await schema.drop();
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`a wrong DATA_ENCRYPTION_KEY stops the built service, ${dialect}`, () => {
    it('start with key A, make an account and an API key, stop; key B exits 1 naming DATA_ENCRYPTION_KEY; key A starts again and shows the key', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-key-check-'));
      tempDirs.push(dataDir);
      const keyA = randomBytes(32).toString('hex');
      const keyB = randomBytes(32).toString('hex');
      let base: Record<string, string> = { DATA_DIR: dataDir };
      if (dialect === 'postgres') {
        const pg = await createTestPostgres();
        schemas.push(pg);
        base = { ...base, DATABASE_URL: `${pg.url}?schema=${pg.schema}`, LINK_SIGNING_SECRET: randomBytes(32).toString('hex') };
      }

      const port = await freePort();
      const first = start({ ...base, PORT: String(port), DATA_ENCRYPTION_KEY: keyA });
      await started(first, port);
      const apiKey = await signUpThroughOutbox(`http://127.0.0.1:${port}`, dataDir, `key-check-${dialect}@example.com`, 'key check');
      assert.equal((await me(port, apiKey)).json.user?.api_key, apiKey);
      await stop(first);

      const wrong = start({ ...base, PORT: String(await freePort()), DATA_ENCRYPTION_KEY: keyB });
      assert.equal(await wrong.exited, 1, `exit status; stderr: ${wrong.output().stderr}`);
      const { stderr } = wrong.output();
      assert.match(stderr, /DATA_ENCRYPTION_KEY is not the key this database's API keys and webhook secrets were sealed with/);
      assert.match(stderr, /Start with the DATA_ENCRYPTION_KEY the database was first used with/);
      assert.ok(!stderr.includes(keyA) && !stderr.includes(keyB), 'no key in the message');

      const again = start({ ...base, PORT: String(port), DATA_ENCRYPTION_KEY: keyA });
      await started(again, port);
      const shown = await me(port, apiKey);
      assert.equal(shown.status, 200);
      assert.equal(shown.json.user?.api_key, apiKey);
      await stop(again);
    });
  });
}
