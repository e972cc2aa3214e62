import type { Kysely } from 'kysely';
import type { Tables } from '../../storage/tables.ts';
import type { TransactionRunner } from '../../storage/write-group.ts';

/** What both sides of webhooks need: the account's operations and the delivery worker. */
export interface WebhookDeps {
  readonly db: Kysely<Tables>;
  readonly dialect: 'sqlite' | 'postgres';
  readonly inTransaction: TransactionRunner;
  /** DATA_ENCRYPTION_KEY: seals the secrets, which signing needs in clear (D19's scheme). */
  readonly dataEncryptionKey: Buffer;
  /** OUTBOUND_ALLOW_HOSTS: hosts exempt from the public-address check (development and tests). */
  readonly allowHosts: readonly string[];
  /** The User-Agent of every delivery and test event. */
  readonly userAgent: string;
  /** Unix ms. */
  readonly clock: () => number;
}
