import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSmtpMailer } from '../../src/mail/smtp-mailer.ts';
import { startSmtpTestServer } from '../helpers/smtp-test-server.ts';

const mail = (to: string, subject: string) => ({ to, subject, text: `text of ${subject}\n`, html: `<p>${subject}</p>` });

describe('startSmtpTestServer.waitForMessage', () => {
  it('finds a message that arrived before the wait, and waits for one still to come', async () => {
    const smtp = await startSmtpTestServer();
    const mailer = createSmtpMailer(smtp.url, 'x@example.com');
    try {
      await mailer.send(mail('early@example.com', 'early'));
      assert.equal((await smtp.waitForMessage((m) => m.to === 'early@example.com')).subject, 'early');

      const later = smtp.waitForMessage((m) => m.subject === 'later', 5_000);
      await mailer.send(mail('other@example.com', 'unrelated'));
      await mailer.send(mail('late@example.com', 'later'));
      assert.equal((await later).to, 'late@example.com');
      assert.deepEqual(smtp.messages.map((m) => m.subject), ['early', 'unrelated', 'later']);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('rejects after the timeout, listing what did arrive', async () => {
    const smtp = await startSmtpTestServer();
    const mailer = createSmtpMailer(smtp.url, 'x@example.com');
    try {
      await mailer.send(mail('someone@example.com', 'hello'));
      await assert.rejects(smtp.waitForMessage((m) => m.to === 'nobody@example.com', 100), /within 100 ms; received: someone@example\.com: hello/);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('rejects a pending wait when the server closes', async () => {
    const smtp = await startSmtpTestServer();
    const waiting = smtp.waitForMessage(() => true, 10_000);
    await smtp.close();
    await assert.rejects(waiting, /closed while waiting/);
  });
});
