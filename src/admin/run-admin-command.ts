import type { Kysely } from 'kysely';
import { findAccountByEmail, setTier } from '../storage/repositories/accounts-repository.ts';
import { deleteApiKey } from '../storage/repositories/api-keys-repository.ts';
import { type AccountSummary, listAccountSummaries } from '../storage/repositories/list-account-summaries.ts';
import type { Tables } from '../storage/tables.ts';
import type { AdminCommand } from './parse-admin-command.ts';

/** Where the command's lines go: results to out, failures to err. */
export interface AdminOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Exit status: 0 done, 1 failed (for example no account has the address). */
export type AdminExitCode = 0 | 1;

/**
 * Runs one database command of the admin tool and returns its exit status. Prints addresses,
 * tiers and dates only: never a password hash, an API key or anything derived from one.
 */
export async function runAdminCommand(
  db: Kysely<Tables>,
  command: Exclude<AdminCommand, { name: 'help' }>,
  output: AdminOutput,
): Promise<AdminExitCode> {
  switch (command.name) {
    case 'set-tier': {
      // One transaction, so the tier reported as the previous one is the one replaced.
      const previous = await db.transaction().execute(async (trx) => {
        const account = await findAccountByEmail(trx, command.email);
        if (account === undefined || !(await setTier(trx, command.email, command.tier))) return undefined;
        return account.tier;
      });
      if (previous === undefined) return noAccount(command.email, output);
      output.out(
        previous === command.tier
          ? `${command.email} was already on ${command.tier}; nothing changed.`
          : `${command.email} is now on ${command.tier} (was ${previous}).`,
      );
      return 0;
    }
    case 'revoke-key': {
      const account = await findAccountByEmail(db, command.email);
      if (account === undefined) return noAccount(command.email, output);
      output.out(
        (await deleteApiKey(db, account.id))
          ? `Revoked the API key of ${command.email}; requests with it are refused from now on.`
          : `${command.email} has no API key; nothing to revoke.`,
      );
      return 0;
    }
    case 'list': {
      const accounts = await listAccountSummaries(db);
      if (accounts.length === 0) {
        output.out('No accounts yet.');
        return 0;
      }
      for (const line of formatAccountTable(accounts)) output.out(line);
      return 0;
    }
  }
}

function noAccount(email: string, output: AdminOutput): 1 {
  output.err(`No account has the address ${email}. Addresses are matched exactly as registered (the part before @ is case-sensitive); run list to see them.`);
  return 1;
}

/** Columns separated by at least two spaces; addresses hold no spaces, so awk '{print $1}' works. */
function formatAccountTable(accounts: readonly AccountSummary[]): string[] {
  const rows = [
    ['EMAIL', 'TIER', 'VERIFIED', 'API KEY', 'CREATED (UTC)'],
    ...accounts.map((account) => [
      account.email,
      account.tier,
      account.verified ? 'yes' : 'no',
      account.hasKey ? 'yes' : 'no',
      new Date(account.createdAt).toISOString().slice(0, 10),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '));
}
