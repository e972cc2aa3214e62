import { normalizeEmail } from '../domain/accounts/normalize-email.ts';
import { TIERS, type Tier } from '../domain/accounts/tiers.ts';
import { printableArgument } from '../lib/printable-argument.ts';

/** One run of the operator's admin command, read from its arguments. */
export type AdminCommand =
  | { readonly name: 'set-tier'; readonly email: string; readonly tier: Tier }
  | { readonly name: 'list' }
  | { readonly name: 'revoke-key'; readonly email: string }
  | { readonly name: 'help' };

export type ParsedAdminCommand = { readonly ok: true; readonly command: AdminCommand } | { readonly ok: false; readonly message: string };

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

Commands:
  set-tier <email> <tier>  Put the account on a tier: ${TIERS.join(', ')}.
  list                     One line per account: email, tier, verified, API key, created (UTC).
  revoke-key <email>       Delete the account's API key; it is refused from that moment.
  help                     Show this text.

Reads the same settings as the service (DATA_DIR, DATABASE_URL, ...) and is safe to run while
the service runs. Exit status: 0 done, 1 failed (for example no account has the address),
2 bad usage.
`;

/** Reads the arguments after the script name; says what is wrong instead of throwing. */
export function parseAdminCommand(args: readonly string[]): ParsedAdminCommand {
  const [name, ...rest] = args;
  switch (name) {
    case 'set-tier': {
      if (rest.length !== 2) return fail('set-tier takes an address and a tier, for example: set-tier ann@example.com pro');
      const email = readEmail(rest[0]!);
      if (!email.ok) return email;
      const tier = rest[1]!;
      if (!isTier(tier)) return fail(`"${printableArgument(tier)}" is not a tier; use one of ${TIERS.join(', ')}`);
      return { ok: true, command: { name, email: email.email, tier } };
    }
    case 'revoke-key': {
      if (rest.length !== 1) return fail('revoke-key takes one address, for example: revoke-key ann@example.com');
      const email = readEmail(rest[0]!);
      return email.ok ? { ok: true, command: { name, email: email.email } } : email;
    }
    case 'list':
    case 'help':
      if (rest.length !== 0) return fail(`${name} takes no arguments`);
      return { ok: true, command: { name } };
    case undefined:
      return fail('no command given');
    default:
      return fail(`"${printableArgument(name)}" is not a command`);
  }
}

function readEmail(raw: string): { ok: true; email: string } | { ok: false; message: string } {
  const normalized = normalizeEmail(raw);
  // The account was stored normalised, so it is looked up the same way.
  return normalized.ok ? normalized : fail(normalized.message);
}

function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message };
}
