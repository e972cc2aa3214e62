import { after, before } from 'node:test';
import { startWebhookReceiver, type WebhookReceiver } from './start-webhook-receiver.ts';

/**
 * A real https receiver for the calling describe's tests: started before them, closed after them.
 * Read `.receiver` inside the tests (it does not exist yet while the describe is being declared).
 */
export function useWebhookReceiver(): { readonly receiver: WebhookReceiver } {
  const suite = {} as { receiver: WebhookReceiver };
  before(async () => {
    suite.receiver = await startWebhookReceiver();
  });
  after(async () => {
    await suite.receiver?.close();
  });
  return suite;
}
