import type { Kysely, Transaction } from 'kysely';
import type { Tables } from './tables.ts';

/**
 * What every repository function takes first: the database, or a transaction of it, so a
 * use case can run several repository calls in one transaction (CONVENTIONS 8).
 */
export type DbOrTransaction = Kysely<Tables> | Transaction<Tables>;
