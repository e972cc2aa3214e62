import { after, before } from 'node:test';
import type { HttpsImageServer } from '../helpers/start-https-image-server.ts';
import { startLogoServer } from './start-logo-server.ts';
import { startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';

/**
 * For the suite it is called in: an https logo server (/logo.png) and an app allowed to fetch from
 * it (OUTBOUND_ALLOW_HOSTS=localhost), both started before the tests and closed after them.
 */
export function useLogoServerApp(): { images: () => HttpsImageServer; ctx: () => AccountsApp } {
  let images: HttpsImageServer | undefined;
  let ctx: AccountsApp | undefined;
  before(async () => {
    images = await startLogoServer();
    ctx = await startAccountsApp({ env: { OUTBOUND_ALLOW_HOSTS: 'localhost' } });
  });
  after(async () => {
    await ctx?.close();
    await images?.close();
  });
  return { images: () => images!, ctx: () => ctx! };
}
