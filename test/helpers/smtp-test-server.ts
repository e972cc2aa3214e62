import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the test SMTP server received and parsed it. */
export interface ReceivedMail {
  /** Addresses of the To header, joined with ", " (one recipient: just the address). */
  readonly to: string;
  /** Address of the From header. */
  readonly from: string;
  readonly subject: string;
  /** The text/plain body, '' if there was none. */
  readonly text: string;
  /** The text/html body, '' if there was none. */
  readonly html: string;
  /** RCPT TO addresses: who the message was actually delivered to, whatever the headers say. */
  readonly envelopeTo: readonly string[];
  /** The user name the client authenticated with, undefined without AUTH. */
  readonly authUser: string | undefined;
  /** The message as received, for assertions on encoding. */
  readonly raw: Buffer;
}

export interface SmtpTestServer {
  readonly port: number;
  /** smtp://[user:password@]127.0.0.1:port, usable as SMTP_URL. */
  readonly url: string;
  /** Every parsed message so far, oldest first. */
  readonly messages: ReceivedMail[];
  /**
   * The first message, already received or still to come, for which the predicate holds.
   * Rejects after timeoutMs with the list of what did arrive, so a failing test says why.
   */
  waitForMessage(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  /** Require AUTH (PLAIN or LOGIN) with exactly these credentials; without it AUTH is optional and any login passes. */
  readonly auth?: { readonly user: string; readonly pass: string };
}

const DEFAULT_WAIT_MS = 5_000;
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 and a random port. No TLS: STARTTLS is not
 * offered, so nodemailer speaks plain SMTP and may send AUTH in the clear, which is fine on
 * loopback.
 */
export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{ offer(mail: ReceivedMail): void; abort(): void }>();
  const required = options.auth;

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: required === undefined,
    authMethods: ['PLAIN', 'LOGIN'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    // Connections a test forgot to finish must not keep close() waiting for the 30 s default.
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      if (required === undefined || (auth.username === required.user && auth.password === required.pass)) {
        callback(null, { user: auth.username ?? '' });
        return;
      }
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const mail: ReceivedMail = {
              to: addressesOf(parsed.to).join(', '),
              from: addressesOf(parsed.from).join(', '),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              authUser: typeof session.user === 'string' ? session.user : undefined,
              raw,
            };
            messages.push(mail);
            for (const waiter of [...waiters]) waiter.offer(mail);
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After start-up an error (a client misbehaving) must not crash the test process.
  server.on('error', () => {});
  const port = (server.server.address() as AddressInfo).port;
  const credentials = required === undefined ? '' : `${encodeURIComponent(required.user)}:${encodeURIComponent(required.pass)}@`;

  return {
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    waitForMessage(predicate, timeoutMs = DEFAULT_WAIT_MS) {
      const already = messages.find(predicate);
      if (already !== undefined) return Promise.resolve(already);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = {
          offer(mail: ReceivedMail) {
            let matches: boolean;
            try {
              matches = predicate(mail);
            } catch (error) {
              finish();
              reject(error);
              return;
            }
            if (!matches) return;
            finish();
            resolve(mail);
          },
          abort() {
            finish();
            reject(new Error('smtp test server: closed while waiting for a message'));
          },
        };
        const timer = setTimeout(() => {
          finish();
          const seen = messages.map((m) => `${m.to}: ${m.subject}`).join('; ') || 'none';
          reject(new Error(`smtp test server: no matching message within ${timeoutMs} ms; received: ${seen}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        waiters.add(waiter);
      });
    },
    close() {
      for (const waiter of [...waiters]) waiter.abort();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  if (field === undefined) return [];
  const objects = Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.flatMap((entry) => [entry.address, ...(entry.group ?? []).map((member) => member.address)]))
    .filter((address): address is string => address !== undefined && address !== '');
}
