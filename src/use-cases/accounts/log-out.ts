import { deleteSession } from '../../storage/repositories/sessions-repository.ts';
import type { Caller } from '../caller.ts';
import type { AccountDeps } from './account-deps.ts';

/**
 * Ends the caller's session, if it came with one. An API key caller or an anonymous one has none
 * to end, and that is not an error: logout always succeeds, so a stale page can still sign out.
 */
export async function logOut(deps: Pick<AccountDeps, 'db'>, caller: Caller): Promise<void> {
  if (caller.kind === 'account' && caller.sessionIdHash !== undefined) await deleteSession(deps.db, caller.sessionIdHash);
}
