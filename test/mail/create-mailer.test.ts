import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createMailer, defaultFromAddress } from '../../src/mail/create-mailer.ts';
import type { OutboxWrite } from '../../src/mail/file-outbox-mailer.ts';
import { renderAccountMail } from '../../src/mail/render-account-mail.ts';
import { startSmtpTestServer } from '../helpers/smtp-test-server.ts';
import { tempDirsRemovedAfter } from '../helpers/temp-dirs.ts';

const tempDir = tempDirsRemovedAfter('invoice-mailer-');

const LINK = 'https://invoices.example.com/verify?token=abc';
const verifyMail = () => renderAccountMail({ kind: 'verify-address', to: 'bob@example.com', link: LINK, validForS: 86_400 });

describe('createMailer', () => {
  it('without SMTP_URL writes to <dataDir>/outbox and reports the file and its link', async () => {
    const dataDir = tempDir();
    const written: OutboxWrite[] = [];
    const mailer = createMailer({ smtpUrl: undefined, dataDir, publicUrl: 'https://invoices.example.com' }, (info) => written.push(info));

    await mailer.send(verifyMail());
    await mailer.close();

    assert.deepEqual(readdirSync(path.join(dataDir, 'outbox')).map((name) => path.extname(name)).sort(), ['.eml', '.txt']);
    assert.equal(written.length, 1);
    assert.equal(path.dirname(written[0]?.file ?? ''), path.join(dataDir, 'outbox'));
    assert.deepEqual(written[0]?.links, [LINK]);
  });

  it('with SMTP_URL delivers over SMTP, from invoices@<public host>, and writes no outbox', async () => {
    const smtp = await startSmtpTestServer();
    const dataDir = tempDir();
    const written: OutboxWrite[] = [];
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir, publicUrl: 'https://invoices.example.com' }, (info) => written.push(info));
    try {
      await mailer.send(verifyMail());
      const received = await smtp.waitForMessage((m) => m.to === 'bob@example.com');
      assert.equal(received.from, 'invoices@invoices.example.com');
      assert.ok(received.text.includes(LINK));
      assert.ok(received.html.includes(`href="${LINK}"`));
      assert.equal(written.length, 0);
      assert.equal(existsSync(path.join(dataDir, 'outbox')), false);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('takes an explicit From address', async () => {
    const smtp = await startSmtpTestServer();
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir: tempDir(), publicUrl: 'https://x.example' }, () => {}, 'Billing <billing@corp.example>');
    try {
      await mailer.send(verifyMail());
      assert.equal((await smtp.waitForMessage(() => true)).from, 'billing@corp.example');
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });
});

describe('defaultFromAddress', () => {
  const cases: [publicUrl: string, from: string][] = [
    ['https://invoices.example.com', 'Invoice service <invoices@invoices.example.com>'],
    ['https://invoices.example.com:8443/base', 'Invoice service <invoices@invoices.example.com>'],
    ['http://127.0.0.1:3000', 'Invoice service <invoices@localhost>'],
    ['http://[::1]:3000', 'Invoice service <invoices@localhost>'],
    ['http://localhost:3000', 'Invoice service <invoices@localhost>'],
  ];
  for (const [publicUrl, from] of cases) {
    it(`${publicUrl} → ${from}`, () => assert.equal(defaultFromAddress(publicUrl), from));
  }
});
