import type { Kysely } from 'kysely';
import type { Tables } from '../storage/tables.ts';

/**
 * The database as the use-cases take it. The routes' dependencies name this rather than storage's
 * Kysely<Tables>, so http/ depends on use-cases and never on storage; app.ts passes the same object
 * it opened, nothing wraps it.
 */
export type UseCaseDb = Kysely<Tables>;
