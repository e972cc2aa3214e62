import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { AppError } from '../../../src/errors/app-error.ts';
import { checkWebhookUrl } from '../../../src/domain/webhooks/check-webhook-url.ts';
import { newWebhookSecret, WEBHOOK_SECRET_PATTERN } from '../../../src/domain/webhooks/new-webhook-secret.ts';
import { nextAttemptAt, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TIMEOUT_MS } from '../../../src/domain/webhooks/retry-schedule.ts';
import { signWebhookBody } from '../../../src/domain/webhooks/sign-webhook-body.ts';

describe('signWebhookBody (spec Authentication rule 6, D28)', () => {
  it('matches RFC 4231 test case 2 (HMAC-SHA256)', () => {
    assert.equal(signWebhookBody('Jefe', 'what do ya want for nothing?'), 'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('matches openssl over raw bytes that are not ASCII, keyed with the whole whsec_ string', () => {
    const { secret } = newWebhookSecret();
    const body = Buffer.from('{"id":"evt_1","data":{"name":"Ärzte 請求書 😀"}}', 'utf8');
    const openssl = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret, '-hex'], { input: body }).toString().trim().split(/\s+/).at(-1);
    assert.equal(signWebhookBody(secret, body), `sha256=${openssl}`);
    assert.equal(signWebhookBody(secret, body.toString('utf8')), signWebhookBody(secret, body), 'a string is signed as its UTF-8 bytes');
  });
});

describe('newWebhookSecret (D28)', () => {
  it('is whsec_ and 32 random bytes in base64url; the hint is its last 4 characters', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const { secret, hint } = newWebhookSecret();
      assert.match(secret, WEBHOOK_SECRET_PATTERN);
      assert.equal(Buffer.from(secret.slice(6), 'base64url').length, 32);
      assert.equal(hint, secret.slice(-4));
      seen.add(secret);
    }
    assert.equal(seen.size, 200);
  });
});

describe('the retry schedule (D28)', () => {
  it('retries 1 min, 5 min, 30 min, 2 h, 6 h and 12 h after each failed attempt, then stops', () => {
    const t = 1_000_000;
    const delays = [1, 2, 3, 4, 5, 6].map((made) => (nextAttemptAt(made, t)! - t) / 60_000);
    assert.deepEqual(delays, [1, 5, 30, 120, 360, 720]);
    assert.equal(nextAttemptAt(7, t), undefined);
    assert.equal(WEBHOOK_MAX_ATTEMPTS, 7);
    assert.equal(WEBHOOK_TIMEOUT_MS, 10_000);
  });
});

describe('checkWebhookUrl (D28: the form of the target)', () => {
  const refused = (text: string, pattern: RegExp) => assert.throws(() => checkWebhookUrl(text), (error: unknown) => {
    assert.ok(error instanceof AppError);
    assert.equal(error.code, 'validation_error');
    assert.match(error.message, /^url /);
    assert.match(error.message, pattern);
    return true;
  });

  it('accepts an absolute https URL with a port, path and query', () => {
    assert.equal(checkWebhookUrl('https://hooks.example.com:8443/in?source=invoices').href, 'https://hooks.example.com:8443/in?source=invoices');
  });

  it('refuses other schemes, credentials, fragments, relative and over-long URLs with the fix', () => {
    refused('http://hooks.example.com/in', /must use https:\/\/, not http:\/\//);
    refused('ftp://hooks.example.com/in', /must be an https:\/\/ URL/);
    refused('/relative/path', /not a valid absolute URL/);
    refused('https://user:secret@hooks.example.com/', /user name or password/);
    refused('https://hooks.example.com/in#frag', /fragment/);
    refused(`https://hooks.example.com/${'a'.repeat(2040)}`, /at most 2048/);
  });
});
