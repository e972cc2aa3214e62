import type { Selectable } from 'kysely';
import type { DbOrTransaction } from '../db-or-transaction.ts';
import type { AccountsTable } from '../tables.ts';
import type { Tier } from '../../domain/accounts/tiers.ts';

export type AccountRow = Selectable<AccountsTable>;

/**
 * Creates the account unless the address is taken. Returns false for a taken address instead of
 * throwing, so registration can answer the same way either way (D17) without a read-then-write
 * race: the UNIQUE constraint decides.
 */
export async function insertAccount(
  db: DbOrTransaction,
  account: { id: string; email: string; passwordHash: string; createdAt: number },
): Promise<boolean> {
  const result = await db
    .insertInto('accounts')
    .values({ id: account.id, email: account.email, password_hash: account.passwordHash, created_at: account.createdAt })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function findAccountByEmail(db: DbOrTransaction, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findAccountById(db: DbOrTransaction, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the address verified once; a later call keeps the first time. */
export async function markEmailVerified(db: DbOrTransaction, id: string, at: number): Promise<void> {
  await db.updateTable('accounts').set({ email_verified_at: at }).where('id', '=', id).where('email_verified_at', 'is', null).execute();
}

export async function setPasswordHash(db: DbOrTransaction, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** Returns false when no account has that address. */
export async function setTier(db: DbOrTransaction, email: string, tier: Tier): Promise<boolean> {
  const result = await db.updateTable('accounts').set({ tier }).where('email', '=', email).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every account, oldest first, for the operator's admin command. */
export async function listAccounts(db: DbOrTransaction): Promise<AccountRow[]> {
  return db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').execute();
}
