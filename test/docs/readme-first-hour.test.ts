import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../helpers/cluster.ts';
import { startServerProcess } from '../helpers/start-server-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/start-webhook-receiver.ts';
import { waitUntil } from '../helpers/wait-until.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const PACKAGE_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The two lines the README tells its reader to change: the service's address and their webhook endpoint. */
const BASE_LINE = 'BASE=http://127.0.0.1:3000';
const HOOK_LINE = 'HOOK=https://example.com/hooks/invoices';

/** The shell blocks of the README's "The first hour" section, in order. */
function firstHourBlocks(): string[] {
  const start = README.indexOf('## The first hour');
  assert.ok(start >= 0, 'README.md has a section "The first hour"');
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

/** A free port that is not the default one, so nothing in the README may rely on 3000. */
async function portOtherThan3000(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port !== 3000) return port;
  }
}

type Json = Record<string, any>;
const jsonOf = (text: string): Json => JSON.parse(text) as Json;

/**
 * What each block must answer, found by a command only it has. Every block of the section must
 * match one, so a step added to the README without a check here fails the test.
 */
const CHECKS: ReadonlyArray<{ readonly name: string; readonly has: (block: string) => boolean; readonly check: (output: string, dir: string) => void }> = [
  { name: 'the address', has: (b) => b.startsWith('BASE='), check: (out) => assert.equal(out, '') },
  {
    name: 'health', has: (b) => b.includes('/api/health'),
    check: (out) => {
      const health = jsonOf(out);
      assert.equal(health.status, 'ok');
      assert.equal(health.version, PACKAGE_VERSION);
    },
  },
  {
    name: 'anonymous JSON', has: (b) => b.includes('/api/generate-invoice') && !b.includes('$KEY'),
    check: (out) => {
      const answer = jsonOf(out);
      assert.equal(answer.anonymous, true);
      assert.deepEqual([answer.invoice.subtotal, answer.invoice.total_tax, answer.invoice.grand_total], [270, 54, 324]);
    },
  },
  { name: 'register', has: (b) => b.includes('/api/auth/register'), check: (out) => assert.equal(jsonOf(out).success, true) },
  { name: 'the link from the outbox', has: (b) => b.startsWith('LINK='), check: (out) => assert.equal(out.trim(), '200', 'the verification link, copied from the .txt, confirms the address') },
  {
    name: 'sign in and key', has: (b) => b.includes('generate-api-key'),
    check: (out) => {
      const [login, key] = out.split('\n');
      assert.equal(login, '200', 'signed in');
      assert.match(key ?? '', /^inv_[A-Za-z0-9]{40}$/, 'KEY holds the key');
    },
  },
  {
    name: 'PDF and batch', has: (b) => b.includes('"output":"pdf"') && b.includes('/api/batch'),
    check: (out, dir) => {
      const headersEnd = out.indexOf('\r\n\r\n');
      const headers = out.slice(0, headersEnd);
      assert.match(headers, /^HTTP\/1\.1 200/);
      assert.match(headers, /^x-hosted-url: http:\/\/127\.0\.0\.1:\d+\/api\/i\//im);
      assert.equal(readFileSync(path.join(dir, 'invoice.pdf')).subarray(0, 5).toString('latin1'), '%PDF-');
      const batch = jsonOf(out.slice(headersEnd + 4));
      assert.equal(batch.success, true);
      assert.equal(batch.meta.generated, 2);
    },
  },
  {
    name: 'webhook', has: (b) => b.includes('/api/webhooks'),
    check: (out) => {
      const hook = jsonOf(out);
      assert.equal(hook.success, true, out);
      assert.match(hook.webhook.secret, /^whsec_/);
    },
  },
];

describe('README.md\'s first hour, run as written against the built service on a port other than 3000', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'readme-first-hour-'));
  let receiver: WebhookReceiver;
  let server: ReturnType<typeof startServerProcess>;
  let base: string;

  before(async () => {
    receiver = await startWebhookReceiver();
    const port = await portOtherThan3000();
    base = `http://127.0.0.1:${port}`;
    // The embedded default, as `npm start` runs it from this folder: ./data, no SMTP_URL. Only the
    // webhook receiver's host is allowed to be a loopback address.
    server = startServerProcess({
      PORT: String(port), DATA_DIR: path.join(dir, 'data'), OUTBOUND_ALLOW_HOSTS: 'localhost',
      NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS ?? '',
    });
    await waitUntil(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.status === 200, () => `the service to answer /api/health; it printed ${JSON.stringify(server.output()).slice(0, 2000)}`, 20_000);
  });
  after(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('each step answers what the README says, and the webhook it registers receives the next invoice, signed', async () => {
    const blocks = firstHourBlocks();
    assert.ok(blocks.some((block) => block.split('\n').includes(BASE_LINE)), `the README sets ${BASE_LINE}`);
    assert.ok(blocks.some((block) => block.split('\n').includes(HOOK_LINE)), `the README sets ${HOOK_LINE}`);
    const checks = blocks.map((block) => {
      const found = CHECKS.filter((c) => c.has(block));
      assert.equal(found.length, 1, `one check for the README block:\n${block}`);
      return found[0]!;
    });

    // One shell runs every block in order, so BASE, LINK and KEY carry over as they do for a
    // reader; the only changes are the two lines the README says to change. The mail is written
    // just after registration answers, while a reader is still switching to the outbox: the
    // script waits for its file before the block that reads it.
    const marker = (i: number) => `@@block ${i}@@`;
    const mailWritten = 'until ls data/outbox/*.txt >/dev/null 2>&1; do sleep 0.05; done\n';
    const script = blocks.map((block, i) => `printf '\\n${marker(i)}\\n'\n${block.startsWith('LINK=') ? mailWritten : ''}${block
      .replace(BASE_LINE, `BASE=${base}`)
      .replace(HOOK_LINE, `HOOK=${receiver.url}`)}`).join('\n');
    const { stdout } = await run('sh', ['-eu', '-c', script], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, timeout: 60_000 });

    const outputs = blocks.map((_, i) => {
      const from = stdout.indexOf(`${marker(i)}\n`) + marker(i).length + 1;
      const to = i + 1 < blocks.length ? stdout.indexOf(`\n${marker(i + 1)}`) : stdout.length;
      return stdout.slice(from, to);
    });
    for (const [i, check] of checks.entries()) {
      try {
        check.check(outputs[i]!, dir);
      } catch (error) {
        throw new Error(`README step "${check.name}" answered:\n${outputs[i]!.slice(0, 1500)}`, { cause: error });
      }
    }

    // The webhook the README registered gets the reader's next invoice, signed with its secret.
    const key = /^(inv_[A-Za-z0-9]{40})$/m.exec(outputs[checks.findIndex((c) => c.name === 'sign in and key')]!)![1]!;
    const secret = (jsonOf(outputs[checks.findIndex((c) => c.name === 'webhook')]!).webhook as Json).secret as string;
    const next = await fetch(`${base}/api/generate-invoice`, {
      method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: { name: 'Acme GmbH' }, to: { name: 'Globex Ltd' }, items: [{ description: 'Consulting', unit_price: 300 }] }),
    });
    assert.equal(next.status, 200);
    await receiver.waitFor(1, 20_000);
    const [delivery] = receiver.received;
    assert.equal(delivery!.headers['x-service-event'], 'invoice.generated');
    assert.equal(delivery!.headers['x-service-signature'], `sha256=${createHmac('sha256', secret).update(delivery!.raw).digest('hex')}`);
  });
});
