import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createTestPostgres } from '../helpers/test-databases.ts';
import { API_KEY_UNAVAILABLE } from '../../src/use-cases/accounts/describe-account.ts';
import { bearer, body, browser, generateKey, me, signUpWithKey, startAccountsApp } from '../helpers/accounts-helpers.ts';

// Start-up refuses a DATA_ENCRYPTION_KEY that does not open the stored check
// value (test/process/encryption-key-check.test.ts). A row sealed by an instance that ran with
// another key can still meet this one: /api/auth/me then answers 200 without the key and says
// why and what to do, never a 500.
for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`/api/auth/me with a key sealed under another DATA_ENCRYPTION_KEY, ${dialect}`, () => {
    it('answers 200 with api_key null and api_key_unavailable; the key still authenticates; a new key is shown again', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-key-unavailable-'));
      const pg = dialect === 'postgres' ? await createTestPostgres() : undefined;
      const shared = { dataDir, ...(pg === undefined ? {} : { postgresSchema: pg }) };
      const linkSecret = randomBytes(32).toString('hex');
      const withKey = (key: string) => ({ ...shared, env: { DATA_ENCRYPTION_KEY: key, LINK_SIGNING_SECRET: linkSecret } });
      try {
        const first = await startAccountsApp(withKey(randomBytes(32).toString('hex')));
        const account = await signUpWithKey(first, 'sealed-elsewhere');
        await first.close();

        const other = await startAccountsApp(withKey(randomBytes(32).toString('hex')));
        try {
          const res = await me(other.app, bearer(account.apiKey));
          assert.equal(res.statusCode, 200, res.body);
          const user = body(res).user;
          assert.equal(user.api_key, null);
          assert.equal(user.api_key_unavailable, API_KEY_UNAVAILABLE);
          assert.match(user.api_key_unavailable, /generate-api-key/);
          assert.equal(user.email, account.email);
          assert.ok(other.t.logs.some((line) => line.level === 50 && /DATA_ENCRYPTION_KEY/.test(String(line.msg))), 'the operator is told in the log');

          const rotated = await generateKey(other.app, browser(account.sessionId));
          assert.equal(rotated.statusCode, 200, rotated.body);
          const shown = body(await me(other.app, bearer(body(rotated).api_key as string))).user;
          assert.equal(shown.api_key, body(rotated).api_key);
          assert.equal(shown.api_key_unavailable, undefined);
        } finally {
          await other.close();
        }
      } finally {
        await pg?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
