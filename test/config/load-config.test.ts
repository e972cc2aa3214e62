import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/load-config.ts';
import { DEFAULT_LIMITS } from '../../src/domain/limits/plans.ts';
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

describe('loadConfig: PLAN_LIMITS (D21)', () => {
  const limitsOf = (raw: string) => loadConfig({ DATA_DIR: tempDir(), PLAN_LIMITS: raw }).limits;

  it('is the default table when absent', () => {
    const limits = loadConfig({ DATA_DIR: tempDir() }).limits;
    assert.equal(limits, DEFAULT_LIMITS);
    assert.deepEqual(limits, {
      anonymous: { hourly: 20, weekly: 100 },
      plans: {
        free: { hourly: 40, weekly: 400, monthlyDocuments: 100, monthlyPdfs: 50 },
        starter: { hourly: 200, weekly: 4000, monthlyDocuments: 1000, monthlyPdfs: null },
        pro: { hourly: 1000, weekly: 40000, monthlyDocuments: 5000, monthlyPdfs: null },
        enterprise: { hourly: null, weekly: null, monthlyDocuments: 1_000_000, monthlyPdfs: null },
      },
    });
  });

  it('treats an empty or blank value as absent', () => {
    assert.equal(limitsOf('  '), DEFAULT_LIMITS);
  });

  it('keeps every figure an override does not name', () => {
    const limits = limitsOf('{"free":{"hourly":60,"monthly_pdfs":80},"enterprise":{"monthly_documents":2000000},"anonymous":{"weekly":50}}');
    assert.deepEqual(limits.plans.free, { hourly: 60, weekly: 400, monthlyDocuments: 100, monthlyPdfs: 80 });
    assert.deepEqual(limits.plans.enterprise, { hourly: null, weekly: null, monthlyDocuments: 2_000_000, monthlyPdfs: null });
    assert.deepEqual(limits.anonymous, { hourly: 20, weekly: 50 });
    assert.deepEqual(limits.plans.starter, DEFAULT_LIMITS.plans.starter);
    assert.deepEqual(limits.plans.pro, DEFAULT_LIMITS.plans.pro);
    assert.ok(Object.isFrozen(limits) && Object.isFrozen(limits.plans) && Object.isFrozen(limits.plans.free));
  });

  it('the empty object gives the default figures', () => {
    assert.deepEqual(limitsOf('{}'), DEFAULT_LIMITS);
  });

  it('reads null as unlimited, 0 and 1e9 as figures', () => {
    const limits = limitsOf('{"free":{"hourly":null,"monthly_documents":null,"monthly_pdfs":0},"anonymous":{"hourly":null,"weekly":1000000000}}');
    assert.deepEqual(limits.plans.free, { hourly: null, weekly: 400, monthlyDocuments: null, monthlyPdfs: 0 });
    assert.deepEqual(limits.anonymous, { hourly: null, weekly: 1_000_000_000 });
  });

  const bad: Array<[string, string, RegExp]> = [
    ['not JSON', '{free:', /^PLAN_LIMITS is not valid JSON/],
    ['an array', '[{"free":{"hourly":1}}]', /^PLAN_LIMITS must be a JSON object/],
    ['a number', '42', /^PLAN_LIMITS must be a JSON object/],
    ['null', 'null', /^PLAN_LIMITS must be a JSON object/],
    ['an unknown plan', '{"gold":{"hourly":1}}', /^PLAN_LIMITS names "gold", which is not a plan/],
    ['a plan that is not an object', '{"free":5}', /^PLAN_LIMITS\.free must be an object/],
    ['a plan that is an array', '{"pro":[1]}', /^PLAN_LIMITS\.pro must be an object/],
    ['an unknown field', '{"starter":{"daily":5}}', /^PLAN_LIMITS\.starter\.daily is not a limit/],
    ['anonymous.monthly_documents', '{"anonymous":{"monthly_documents":10}}', /^PLAN_LIMITS\.anonymous\.monthly_documents is not a limit/],
    ['anonymous.monthly_pdfs', '{"anonymous":{"monthly_pdfs":10}}', /^PLAN_LIMITS\.anonymous\.monthly_pdfs is not a limit/],
    ['a negative figure', '{"free":{"hourly":-1}}', /^PLAN_LIMITS\.free\.hourly must be a whole number/],
    ['a fractional figure', '{"pro":{"monthly_documents":1.5}}', /^PLAN_LIMITS\.pro\.monthly_documents must be a whole number/],
    ['a string figure', '{"enterprise":{"weekly":"100"}}', /^PLAN_LIMITS\.enterprise\.weekly must be a whole number/],
    ['a boolean figure', '{"anonymous":{"hourly":true}}', /^PLAN_LIMITS\.anonymous\.hourly must be a whole number/],
    ['a figure above 1e9', '{"free":{"monthly_pdfs":1000000001}}', /^PLAN_LIMITS\.free\.monthly_pdfs must be a whole number/],
    ['a figure of 1e12', '{"starter":{"weekly":1e12}}', /^PLAN_LIMITS\.starter\.weekly must be a whole number/],
    // Names inherited from Object.prototype are fields like any other unknown one.
    ['a field named toString', '{"free":{"toString":5}}', /^PLAN_LIMITS\.free\.toString is not a limit/],
    ['a field named __proto__', '{"free":{"__proto__":5}}', /^PLAN_LIMITS\.free\.__proto__ is not a limit/],
    ['a plan named __proto__', '{"__proto__":{"hourly":5}}', /^PLAN_LIMITS names "__proto__", which is not a plan/],
  ];
  for (const [name, raw, expected] of bad) {
    it(`refuses ${name} with a ConfigError naming PLAN_LIMITS and the path`, () => {
      const problems = problemsOf({ PLAN_LIMITS: raw });
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.match(problems[0]!, expected);
    });
  }

  it('reports several problems at once, with the other settings', () => {
    const problems = problemsOf({
      PLAN_LIMITS: '{"gold":{},"free":{"hourly":-1,"daily":2},"anonymous":{"monthly_documents":1},"pro":{"weekly":0.5}}',
      LOG_LEVEL: 'loud',
    });
    for (const expected of [
      /^PLAN_LIMITS names "gold"/,
      /^PLAN_LIMITS\.free\.hourly /,
      /^PLAN_LIMITS\.free\.daily /,
      /^PLAN_LIMITS\.anonymous\.monthly_documents /,
      /^PLAN_LIMITS\.pro\.weekly /,
      /^LOG_LEVEL/,
    ]) {
      assert.ok(problems.some((p) => expected.test(p)), `${expected} in:\n${problems.join('\n')}`);
    }
    assert.equal(problems.length, 6, problems.join('\n'));
  });
});

describe('loadConfig: UPGRADE_URL', () => {
  it('defaults to PUBLIC_URL + /pricing', () => {
    assert.equal(loadConfig({ DATA_DIR: tempDir() }).upgradeUrl, 'http://127.0.0.1:3000/pricing');
    assert.equal(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://inv.example.com/' }).upgradeUrl, 'https://inv.example.com/pricing');
    assert.equal(loadConfig({ DATA_DIR: tempDir(), PORT: '8080' }).upgradeUrl, 'http://127.0.0.1:8080/pricing');
  });

  it('accepts a custom https URL', () => {
    const url = 'https://billing.example.com/upgrade?from=invoice';
    assert.equal(loadConfig({ DATA_DIR: tempDir(), UPGRADE_URL: url }).upgradeUrl, url);
  });

  const bad: Array<[string, string]> = [
    ['an ftp URL', 'ftp://billing.example.com/upgrade'],
    ['not a URL', 'not a url'],
    ['a URL with credentials', 'https://user:secret@billing.example.com/upgrade'],
    ['a URL with only a user name', 'https://user@billing.example.com/upgrade'],
    ['a javascript: URL', 'javascript:alert(1)'],
  ];
  for (const [name, raw] of bad) {
    it(`refuses ${name}`, () => {
      const problems = problemsOf({ UPGRADE_URL: raw });
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.match(problems[0]!, /^UPGRADE_URL=".*" must be an http\(s\) URL without credentials/);
    });
  }
});

describe('loadConfig: REDIS_KEY_PREFIX', () => {
  it('defaults to invoice:', () => {
    assert.equal(loadConfig({ DATA_DIR: tempDir() }).redisKeyPrefix, 'invoice:');
  });

  const good = ['staging:invoice:', 'a', 'App_1.eu-west:', 'p'.repeat(64)];
  for (const prefix of good) {
    it(`accepts ${JSON.stringify(prefix)}`, () => {
      assert.equal(loadConfig({ DATA_DIR: tempDir(), REDIS_KEY_PREFIX: prefix }).redisKeyPrefix, prefix);
    });
  }

  const bad: Array<[string, string]> = [
    ['a space', 'in voice:'],
    ['65 characters', 'p'.repeat(65)],
    ['a brace (Redis Cluster hash tag)', '{invoice}:'],
    ['a non-ASCII letter', 'rechnungé:'],
  ];
  for (const [name, prefix] of bad) {
    it(`refuses ${name}`, () => {
      const problems = problemsOf({ REDIS_KEY_PREFIX: prefix });
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.match(problems[0]!, /^REDIS_KEY_PREFIX=".*" must be 1 to 64/);
    });
  }
});

describe('TRUST_PROXY', () => {
  it('is off when unset or "false"', () => {
    assert.equal(loadConfig({ DATA_DIR: tempDir() }).trustProxy, false);
    assert.equal(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'false' }).trustProxy, false);
  });

  it('accepts addresses, CIDRs and the named ranges', () => {
    assert.equal(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.5, 172.28.0.0/24,loopback,::1' }).trustProxy, '10.0.0.5,172.28.0.0/24,loopback,::1');
  });

  // Fastify 5 trusts nobody for a hop count, so "1" would silently make every client behind the
  // proxy look like the proxy, sharing one anonymous window.
  it('refuses a hop count, saying why and what to write instead', () => {
    const problems = problemsOf({ TRUST_PROXY: '1' });
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /^TRUST_PROXY="1" must list the proxies' addresses or CIDRs.*a hop count is not accepted/);
  });

  for (const [name, value] of [['a CIDR with too many bits', '10.0.0.0/33'], ['a host name', 'proxy.internal'], ['two slashes', '10.0.0.0/8/8']] as const) {
    it(`refuses ${name}`, () => assert.match(problemsOf({ TRUST_PROXY: value })[0]!, /^TRUST_PROXY=".*" must list/));
  }
});

describe('PDF_WORKERS', () => {
  it('defaults to one per core and takes 1 to 64', () => {
    assert.ok(loadConfig({ DATA_DIR: tempDir() }).pdfWorkers >= 1);
    assert.equal(loadConfig({ DATA_DIR: tempDir(), PDF_WORKERS: '1' }).pdfWorkers, 1);
    assert.equal(loadConfig({ DATA_DIR: tempDir(), PDF_WORKERS: '64' }).pdfWorkers, 64);
  });

  for (const value of ['0', '65', '-1', '2.5', 'four', '1e1']) {
    it(`refuses ${JSON.stringify(value)}`, () => {
      const problems = problemsOf({ PDF_WORKERS: value });
      assert.equal(problems.length, 1);
      assert.match(problems[0]!, /^PDF_WORKERS=".*" is not a worker count; use a whole number from 1 to 64/);
    });
  }
});
