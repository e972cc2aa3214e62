import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { inspect } from 'node:util';
import type { OutgoingMail } from '../../src/mail/mailer.ts';
import { createSmtpMailer, DEFAULT_SMTP_TIMEOUTS, MailDeliveryError, type SmtpTimeouts } from '../../src/mail/smtp-mailer.ts';
import { startSmtpTestServer } from '../helpers/smtp-test-server.ts';

const FROM = 'Invoice service <invoices@example.com>';
const SHORT_TIMEOUTS: SmtpTimeouts = { connectionMs: 300, greetingMs: 300, socketIdleMs: 300, totalMs: 5_000 };

const cleanups: (() => Promise<void>)[] = [];
after(async () => { for (const cleanup of cleanups.reverse()) await cleanup(); });

const message = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: 'alice@example.com',
  subject: 'Grüße — Rechnung №42 ✓ 日本語',
  text: 'Hallo Ågot,\n\nyour invoice of 1 234,56 € is ready: https://invoices.example.com/i/abc?x=1&y=2\n\nÇa va? 🎉\n',
  html: '<!doctype html><html><body><p>Hallo Ågot,</p><p>1&nbsp;234,56 € <a href="https://invoices.example.com/i/abc?x=1&amp;y=2">open</a></p><p>Ça va? 🎉</p></body></html>',
  ...overrides,
});

/** A TCP server that accepts connections and then does what `onSocket` says (or nothing). */
async function startRawServer(onSocket: (socket: Socket) => void = () => {}): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port that was free a moment ago: bound, read and released, so nothing listens on it. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function timeRejection(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await promise;
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  assert.fail('expected the send to reject');
}

describe('createSmtpMailer', () => {
  it('uses the bounded default timeouts: connection 10 s, greeting 10 s, idle socket 20 s', () => {
    assert.equal(DEFAULT_SMTP_TIMEOUTS.connectionMs, 10_000);
    assert.equal(DEFAULT_SMTP_TIMEOUTS.greetingMs, 10_000);
    assert.equal(DEFAULT_SMTP_TIMEOUTS.socketIdleMs, 20_000);
    assert.ok(DEFAULT_SMTP_TIMEOUTS.totalMs <= 30_000);
  });

  it('delivers subject, recipient, text and HTML intact, non-ASCII included', async () => {
    const smtp = await startSmtpTestServer();
    cleanups.push(smtp.close);
    const mailer = createSmtpMailer(smtp.url, FROM);
    cleanups.push(mailer.close);
    const sent = message();

    await mailer.send(sent);
    const received = await smtp.waitForMessage((m) => m.to === 'alice@example.com');

    assert.equal(received.subject, sent.subject);
    assert.equal(received.to, sent.to);
    assert.deepEqual(received.envelopeTo, ['alice@example.com']);
    assert.equal(received.from, 'invoices@example.com');
    assert.equal(received.text, sent.text);
    assert.equal(received.html, sent.html);
    assert.equal(received.authUser, undefined);
    // On the wire the subject is MIME-encoded, not raw UTF-8 in a header.
    assert.match(received.raw.toString('latin1'), /^Subject: =\?UTF-8\?/m);
  });

  it('sends several messages one after another', async () => {
    const smtp = await startSmtpTestServer();
    cleanups.push(smtp.close);
    const mailer = createSmtpMailer(smtp.url, FROM);
    cleanups.push(mailer.close);

    await mailer.send(message({ to: 'one@example.com', subject: 'first' }));
    await mailer.send(message({ to: 'two@example.com', subject: 'second' }));

    assert.deepEqual(smtp.messages.map((m) => [m.to, m.subject]), [['one@example.com', 'first'], ['two@example.com', 'second']]);
  });

  it('logs in with the user and password of the URL, percent-encoded characters included', async () => {
    const auth = { user: 'mailer@example.com', pass: 'p@ss:w/rd% ü' };
    const smtp = await startSmtpTestServer({ auth });
    cleanups.push(smtp.close);
    const mailer = createSmtpMailer(smtp.url, FROM);
    cleanups.push(mailer.close);

    await mailer.send(message());
    const received = await smtp.waitForMessage(() => true);
    assert.equal(received.authUser, 'mailer@example.com');
  });

  it('rejects with EAUTH on a wrong password, and the error never contains the password', async () => {
    const password = 'wrong-secret-Xy7';
    const smtp = await startSmtpTestServer({ auth: { user: 'mailer', pass: 'right-secret' } });
    cleanups.push(smtp.close);
    const mailer = createSmtpMailer(`smtp://mailer:${password}@127.0.0.1:${smtp.port}`, FROM, SHORT_TIMEOUTS);
    cleanups.push(mailer.close);

    const { error } = await timeRejection(mailer.send(message()));

    assert.ok(error instanceof MailDeliveryError);
    assert.equal(error.code, 'EAUTH');
    assert.equal(error.responseCode, 535);
    const shown = inspect(error, { depth: 10 }) + JSON.stringify(error);
    assert.ok(!shown.includes(password), shown);
    assert.ok(!shown.includes(Buffer.from(`\u0000mailer\u0000${password}`).toString('base64')), shown);
    assert.equal(smtp.messages.length, 0);
  });

  it('rejects when authentication is required but the URL has no credentials', async () => {
    const smtp = await startSmtpTestServer({ auth: { user: 'mailer', pass: 'secret' } });
    cleanups.push(smtp.close);
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM, SHORT_TIMEOUTS);
    cleanups.push(mailer.close);

    await assert.rejects(mailer.send(message()), MailDeliveryError);
    assert.equal(smtp.messages.length, 0);
  });

  it('rejects at once when nothing listens on the port', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${await unusedPort()}`, FROM);
    cleanups.push(mailer.close);

    const { error, ms } = await timeRejection(mailer.send(message()));

    assert.ok(error instanceof MailDeliveryError);
    assert.equal(error.code, 'ESOCKET');
    assert.match(error.message, /ECONNREFUSED/);
    assert.ok(ms < 5_000, `took ${ms} ms`);
  });

  it('gives up on a server that accepts the connection but never greets', async () => {
    const silent = await startRawServer();
    cleanups.push(silent.close);
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${silent.port}`, FROM, SHORT_TIMEOUTS);
    cleanups.push(mailer.close);

    const { error, ms } = await timeRejection(mailer.send(message()));

    assert.ok(error instanceof MailDeliveryError);
    assert.equal(error.code, 'ETIMEDOUT');
    assert.ok(ms < 3_000, `took ${ms} ms`);
  });

  it('gives up on a server that greets and then falls silent', async () => {
    const mute = await startRawServer((socket) => socket.write('220 mute.example ESMTP\r\n'));
    cleanups.push(mute.close);
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${mute.port}`, FROM, SHORT_TIMEOUTS);
    cleanups.push(mailer.close);

    const { error, ms } = await timeRejection(mailer.send(message()));

    assert.ok(error instanceof MailDeliveryError);
    assert.ok(ms < 3_000, `took ${ms} ms`);
  });

  it('cuts off a server that keeps every stage just under its own timeout, through the total bound', async () => {
    // A greeting that never ends: a continuation line every 100 ms, each within the idle bound.
    const drip = await startRawServer((socket) => {
      const timer = setInterval(() => socket.write('220-still there\r\n'), 100);
      socket.on('close', () => clearInterval(timer));
    });
    cleanups.push(drip.close);
    const timeouts: SmtpTimeouts = { connectionMs: 5_000, greetingMs: 5_000, socketIdleMs: 5_000, totalMs: 700 };
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${drip.port}`, FROM, timeouts);
    cleanups.push(mailer.close);

    const { error, ms } = await timeRejection(mailer.send(message()));

    assert.ok(error instanceof MailDeliveryError);
    assert.ok(ms < 3_000, `took ${ms} ms`);
  });

  it('never turns one recipient string into several recipients: such a value is refused whole', async () => {
    const smtp = await startSmtpTestServer();
    cleanups.push(smtp.close);
    const mailer = createSmtpMailer(smtp.url, FROM, SHORT_TIMEOUTS);
    cleanups.push(mailer.close);

    for (const to of ['victim@example.com, attacker@example.net', 'victim@example.com\r\nBcc: attacker@example.net']) {
      await assert.rejects(mailer.send(message({ to })), (error) => error instanceof MailDeliveryError && error.code === 'EENVELOPE');
    }
    assert.equal(smtp.messages.length, 0);
  });
});
