import { createTransport } from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.ts';

/** How long each stage of an SMTP delivery may take before the send rejects. */
export interface SmtpTimeouts {
  /** Opening the TCP connection (and the DNS look-up before it). */
  readonly connectionMs: number;
  /** The server's 220 greeting after the connection opened. */
  readonly greetingMs: number;
  /** Silence on an open connection, at any later step. */
  readonly socketIdleMs: number;
  /** The whole send, however the time is spread: a server answering slowly but within socketIdleMs each time is still cut off. */
  readonly totalMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = Object.freeze({
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketIdleMs: 20_000,
  totalMs: 30_000,
});

/**
 * Delivers through the SMTP server named by an smtp:// or smtps:// URL; user and password in the
 * URL are used for AUTH. Opens one connection per message rather than a pool: account mails are
 * rare, and an idle pooled connection would only be dropped by the server between them.
 *
 * Nodemailer's logger stays off, so the credentials never reach a log; errors are rethrown as
 * MailDeliveryError, whose message carries the SMTP stage and reply but never the URL.
 */
export function createSmtpMailer(smtpUrl: string, from: string, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): Mailer {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionMs,
    // nodemailer's DNS default is 30 s, longer than the connection bound it precedes.
    dnsTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketIdleMs,
    logger: false,
    debug: false,
  });
  return {
    async send(message: OutgoingMail): Promise<void> {
      try {
        await transport.sendMail({
          from,
          // An address object, not a string: nodemailer would split "a@x, b@y" into two
          // recipients, so a value that slipped past validation could copy a stranger in.
          to: { name: '', address: message.to },
          subject: message.subject,
          text: message.text,
          html: message.html,
          signal: AbortSignal.timeout(timeouts.totalMs),
        });
      } catch (error) {
        throw MailDeliveryError.from(error);
      }
    },
    async close(): Promise<void> {
      transport.close();
    },
  };
}

/** A message the SMTP server did not accept, or could not be reached for. Safe to log. */
export class MailDeliveryError extends Error {
  /** nodemailer's error code such as ECONNECTION, ETIMEDOUT, EAUTH, EENVELOPE; undefined if it gave none. */
  readonly code: string | undefined;
  /** The SMTP reply code, when the server answered (535 for bad credentials, 550 for a refused recipient). */
  readonly responseCode: number | undefined;

  constructor(message: string, code: string | undefined, responseCode: number | undefined) {
    super(message);
    this.name = 'MailDeliveryError';
    this.code = code;
    this.responseCode = responseCode;
  }

  /**
   * Copies only code, command, reply code and message, not the original error as `cause`: that
   * one holds nodemailer's internals, which a logger serialising the whole chain would print.
   */
  static from(error: unknown): MailDeliveryError {
    const source = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
    const code = typeof source.code === 'string' ? source.code : undefined;
    const command = typeof source.command === 'string' ? source.command : undefined;
    const responseCode = typeof source.responseCode === 'number' ? source.responseCode : undefined;
    const reason = error instanceof Error ? error.message : String(error);
    const stage = [code, command].filter((part) => part !== undefined).join(' at ');
    return new MailDeliveryError(`Mail delivery failed${stage === '' ? '' : ` (${stage})`}: ${reason}`, code, responseCode);
  }
}
