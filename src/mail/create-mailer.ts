import { isIP } from 'node:net';
import path from 'node:path';
import type { Config } from '../config/config.ts';
import { createFileOutboxMailer, type OutboxWrite } from './file-outbox-mailer.ts';
import type { Mailer } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/**
 * Picks the mailer once at start-up: SMTP when SMTP_URL is set, otherwise the file outbox at
 * `<dataDir>/outbox`, so the embedded default needs no mail server. `onOutboxWrite` is only
 * called by the outbox; the wiring logs it (with the links) at info level.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'dataDir' | 'publicUrl'>,
  onOutboxWrite: (info: OutboxWrite) => void,
  from: string = defaultFromAddress(config.publicUrl),
): Mailer {
  if (config.smtpUrl !== undefined) return createSmtpMailer(config.smtpUrl, from);
  return createFileOutboxMailer(path.join(config.dataDir, 'outbox'), from, onOutboxWrite);
}

/**
 * `Invoice service <invoices@host of PUBLIC_URL>`. A bare IP address or a single-label name
 * (the default http://127.0.0.1:3000) is no valid mail domain, so those fall back to
 * invoices@localhost, which is only right for the outbox; with a real mail server the
 * PUBLIC_URL host should be the service's domain.
 */
export function defaultFromAddress(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  const domain = isIP(host.replace(/^\[|\]$/g, '')) !== 0 || !host.includes('.') ? 'localhost' : host;
  return `Invoice service <invoices@${domain}>`;
}
