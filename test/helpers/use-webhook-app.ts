import { after, before } from 'node:test';
import { startAccountsApp, type AccountsApp } from './accounts-helpers.ts';
import { startWebhookReceiver, type WebhookReceiver } from './start-webhook-receiver.ts';
import { ALLOW_LOCALHOST } from './webhook-helpers.ts';

export type WebhookAppOptions = NonNullable<Parameters<typeof startAccountsApp>[0]>;

/**
 * A real https receiver and the app, for the calling describe's tests: started before them, closed
 * after them (the app first, so no attempt is left half sent). The app may deliver to localhost
 * (ALLOW_LOCALHOST, under any env given) and polls its outbox only hourly unless told otherwise,
 * so deliveries go out when a test calls webhookWorker.runDue() and at no other moment. Read
 * `.ctx` and `.receiver` inside the tests.
 */
export function useWebhookApp(options: WebhookAppOptions = {}): { readonly ctx: AccountsApp; readonly receiver: WebhookReceiver } {
  const suite = {} as { ctx: AccountsApp; receiver: WebhookReceiver };
  before(async () => {
    suite.receiver = await startWebhookReceiver();
    suite.ctx = await startAccountsApp({ webhookPollIntervalMs: 3_600_000, ...options, env: { ...ALLOW_LOCALHOST, ...options.env } });
  });
  after(async () => {
    await suite.ctx?.close();
    await suite.receiver?.close();
  });
  return suite;
}
