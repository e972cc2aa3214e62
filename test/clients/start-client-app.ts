import { after, before } from 'node:test';
import { startAccountsApp, signUpWithKey, type AccountsApp } from '../helpers/accounts-helpers.ts';

export interface ClientApp {
  readonly ctx: AccountsApp;
  /** http://127.0.0.1:<port>: the app on a real listener, as the client meets it. */
  readonly baseUrl: string;
  /** A verified account's key. */
  readonly apiKey: string;
}

/**
 * The real app (SQLite, real SMTP test server) listening on 127.0.0.1, and a verified account with
 * an API key, for the calling describe's tests: started before them, closed after them. Read the
 * fields inside the tests.
 */
export function useClientApp(options: Parameters<typeof startAccountsApp>[0] = {}): ClientApp {
  const suite = {} as { ctx: AccountsApp; baseUrl: string; apiKey: string };
  before(async () => {
    suite.ctx = await startAccountsApp(options);
    suite.baseUrl = await suite.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    suite.apiKey = (await signUpWithKey(suite.ctx)).apiKey;
  });
  after(async () => { await suite.ctx?.close(); });
  return suite;
}
