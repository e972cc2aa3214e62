import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/load-config.ts';
import { tempDirsRemovedAfter } from '../helpers/temp-dirs.ts';

const tempDir = tempDirsRemovedAfter('invoice-config-');

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    assert.ok(error instanceof ConfigError);
    return [...error.problems];
  }
  assert.fail('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives the embedded defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.publicUrl, 'http://127.0.0.1:3000');
    assert.deepEqual(config.database, { kind: 'sqlite', file: path.join(dir, 'invoice.db') });
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.smtpUrl, undefined);
    assert.equal(config.logLevel, 'info');
    assert.deepEqual(config.outboundAllowHosts, []);
    assert.ok(Object.isFrozen(config));
  });

  it('defaults DATA_DIR to ./data under the working directory', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    assert.equal(config.dataDir, path.join(cwd, 'data'));
  });

  it('generates missing secrets once into the data folder, mode 0600, and reuses them', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    assert.equal(first.secrets.linkSigningSecret, second.secrets.linkSigningSecret);
    assert.ok(first.secrets.dataEncryptionKey.equals(second.secrets.dataEncryptionKey));
    assert.equal(first.secrets.dataEncryptionKey.length, 32);
    const file = path.join(dir, 'secrets.json');
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.match(readFileSync(file, 'utf8'), new RegExp(first.secrets.linkSigningSecret));
  });

  it('prefers secrets from the environment', () => {
    const key = 'ab'.repeat(32);
    const config = loadConfig({ DATA_DIR: tempDir(), LINK_SIGNING_SECRET: 's'.repeat(40), DATA_ENCRYPTION_KEY: key });
    assert.equal(config.secrets.linkSigningSecret, 's'.repeat(40));
    assert.equal(config.secrets.dataEncryptionKey.toString('hex'), key);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(), PORT: '8080', HOST: '0.0.0.0', PUBLIC_URL: 'https://inv.example.com/',
      DATABASE_URL: 'postgres://u:p@db.example:5432/inv?schema=billing', REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://mail.example:25', LOG_LEVEL: 'warn',
      LINK_SIGNING_SECRET: 'x'.repeat(32), DATA_ENCRYPTION_KEY: '0'.repeat(64),
    });
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.publicUrl, 'https://inv.example.com');
    assert.deepEqual(config.database, { kind: 'postgres', url: 'postgres://u:p@db.example:5432/inv', schema: 'billing' });
    assert.equal(config.redisUrl, 'redis://127.0.0.1:6379');
    assert.equal(config.smtpUrl, 'smtp://mail.example:25');
    assert.equal(config.logLevel, 'warn');
  });

  it('reads OUTBOUND_ALLOW_HOSTS as exact, lower-cased host names (D26)', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), OUTBOUND_ALLOW_HOSTS: ' LocalHost, images.internal.example,127.0.0.1,::1,, localhost ' });
    assert.deepEqual(config.outboundAllowHosts, ['localhost', 'images.internal.example', '127.0.0.1', '::1']);
    assert.ok(Object.isFrozen(config.outboundAllowHosts));
  });

  const bad: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'abc' }, /^PORT="abc"/],
    [{ PORT: '70000' }, /^PORT/],
    [{ HOST: 'not a host!' }, /^HOST/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must start with postgres/],
    [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL is not a valid URL/],
    [{ REDIS_URL: 'http://x' }, /^REDIS_URL/],
    [{ SMTP_URL: 'mail.example.com' }, /^SMTP_URL/],
    [{ PUBLIC_URL: 'ftp://x' }, /^PUBLIC_URL/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL/],
    [{ LINK_SIGNING_SECRET: 'short' }, /^LINK_SIGNING_SECRET is too short/],
    [{ DATA_ENCRYPTION_KEY: 'zz' }, /^DATA_ENCRYPTION_KEY must be 32 bytes/],
    [{ DATABASE_URL: 'postgres://127.0.0.1/test' }, /^LINK_SIGNING_SECRET is required with PostgreSQL/],
    [{ OUTBOUND_ALLOW_HOSTS: '*.example.com' }, /^OUTBOUND_ALLOW_HOSTS has "\*\.example\.com"/],
    [{ OUTBOUND_ALLOW_HOSTS: 'localhost,https://cdn.example' }, /^OUTBOUND_ALLOW_HOSTS has "https:\/\/cdn\.example"/],
    [{ OUTBOUND_ALLOW_HOSTS: 'localhost:8443' }, /^OUTBOUND_ALLOW_HOSTS/],
    [{ OUTBOUND_ALLOW_HOSTS: 'bad_host' }, /^OUTBOUND_ALLOW_HOSTS/],
  ];
  for (const [env, expected] of bad) {
    it(`refuses ${JSON.stringify(env)} naming the setting`, () => {
      const problems = problemsOf(env);
      assert.ok(problems.some((p) => expected.test(p)), problems.join('\n'));
    });
  }

  it('lists every problem at once', () => {
    const problems = problemsOf({ PORT: 'x', LOG_LEVEL: 'y', REDIS_URL: 'z' });
    assert.equal(problems.length, 3);
  });
});
