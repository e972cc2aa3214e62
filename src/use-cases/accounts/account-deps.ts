import type { Kysely } from 'kysely';
import type { Mailer } from '../../mail/mailer.ts';
import type { Tables } from '../../storage/tables.ts';

/** What the account use cases need, passed in once by app.ts. */
export interface AccountDeps {
  readonly db: Kysely<Tables>;
  readonly mailer: Mailer;
  /** AES-256-GCM key for API keys at rest (D19). */
  readonly dataEncryptionKey: Buffer;
  /** Base of the links in e-mails, without trailing slash. */
  readonly publicUrl: string;
  /** Reports a mail that could not be sent; the request still answers as if it had been. */
  readonly onMailError: (error: unknown, purpose: string) => void;
}

/** Verification links live 24 hours; reset links 1 hour. */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
