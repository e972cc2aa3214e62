import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { validInvoice } from '../../helpers/build-test-app.ts';
import { useWebhookApp } from '../../helpers/use-webhook-app.ts';
import { signUpWithKey } from '../../helpers/accounts-helpers.ts';
import { generate } from '../../helpers/limits-helpers.ts';
import type { ReceivedDelivery } from '../../helpers/start-webhook-receiver.ts';
import { webhookFor } from '../../helpers/webhook-helpers.ts';

const DOC = readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'docs', 'webhooks.md'), 'utf8');

/** The one fenced block of `language` in docs/webhooks.md, exactly as a reader would copy it. */
function snippet(language: string): string {
  const blocks = [...DOC.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) => match[1]!);
  assert.equal(blocks.length, 1, `one ${language} block in docs/webhooks.md`);
  return blocks[0]!;
}

describe('docs/webhooks.md: the signature checks verify real deliveries', () => {
  const suite = useWebhookApp();
  let delivery: ReceivedDelivery;
  let secret: string;
  const dir = mkdtempSync(path.join(tmpdir(), 'invoice-webhook-docs-'));
  before(async () => {
    const { ctx, receiver } = suite;
    const { apiKey } = await signUpWithKey(ctx, 'wh-docs');
    secret = (await webhookFor(ctx.app, apiKey, receiver.url)).secret as string;
    // A body with text that is not ASCII, so the snippets must sign bytes, not characters.
    const invoice = { ...validInvoice(), notes: 'Ärzte — 請求書 😀 "quoted"' };
    assert.equal((await generate(ctx.app, invoice, { apiKey })).statusCode, 200);
    await ctx.app.webhookWorker.runDue();
    delivery = receiver.received.at(-1)!;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const cases = () => {
    const signature = String(delivery.headers['x-service-signature']);
    const tamperedBody = Buffer.from(delivery.raw.toString('utf8').replace('INV-', 'INX-'));
    const otherSecret = `whsec_${'A'.repeat(43)}`;
    const sign = (key: string) => `sha256=${createHmac('sha256', key).update(delivery.raw).digest('hex')}`;
    return [
      { body: delivery.raw, signature, secret, valid: true },
      { body: tamperedBody, signature, secret, valid: false },
      { body: delivery.raw, signature: signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')), secret, valid: false },
      { body: delivery.raw, signature: '', secret, valid: false },
      { body: delivery.raw, signature, secret: otherSecret, valid: false },
      // For 24 hours after a rotation, `sha256=<new>,sha256=<old>`; either secret verifies.
      { body: delivery.raw, signature: `${signature},${sign(otherSecret)}`, secret, valid: true },
      { body: delivery.raw, signature: `${sign(otherSecret)},${signature}`, secret, valid: true },
      { body: delivery.raw, signature: `${sign(otherSecret)}, ${signature}`, secret, valid: true },
      { body: delivery.raw, signature: `${signature},${sign(otherSecret)}`, secret: otherSecret, valid: true },
      { body: delivery.raw, signature: `${sign(otherSecret)},${sign(`${otherSecret}x`)}`, secret, valid: false },
      { body: tamperedBody, signature: `${signature},${sign(otherSecret)}`, secret, valid: false },
      { body: delivery.raw, signature: `${sign(otherSecret)},,`, secret, valid: false },
    ];
  };

  it('the Node.js snippet', async () => {
    const file = path.join(dir, 'verify.mjs');
    writeFileSync(file, snippet('js'));
    const { verifyWebhook } = await import(pathToFileURL(file).href) as { verifyWebhook: (body: Buffer, signature: string, secret: string) => boolean };
    for (const c of cases()) assert.equal(verifyWebhook(c.body, c.signature, c.secret), c.valid);
  });

  it('the Python snippet', () => {
    const harness = `${snippet('python')}
import base64, json, sys
for case in json.load(sys.stdin):
    print(verify_webhook(base64.b64decode(case["body"]), case["signature"], case["secret"]))
`;
    const input = JSON.stringify(cases().map((c) => ({ ...c, body: c.body.toString('base64') })));
    const out = execFileSync('python3', ['-c', harness], { input }).toString().trim().split('\n');
    assert.deepEqual(out, cases().map((c) => (c.valid ? 'True' : 'False')));
  });
});
