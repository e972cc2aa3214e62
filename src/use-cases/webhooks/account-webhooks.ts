import { encryptSecret } from '../../domain/accounts/encrypt-secret.ts';
import { checkWebhookUrl, urlError } from '../../domain/webhooks/check-webhook-url.ts';
import { newWebhookSecret } from '../../domain/webhooks/new-webhook-secret.ts';
import { DEFAULT_WEBHOOK_EVENTS, type WebhookEventType } from '../../domain/webhooks/webhook-event-types.ts';
import { AppError } from '../../errors/app-error.ts';
import { randomBase62 } from '../../lib/random-base62.ts';
import { NonPublicAddressError } from '../../outbound/non-public-address-error.ts';
import { networkFailureKind } from '../../outbound/network-failure-kind.ts';
import { outboundHost } from '../../outbound/outbound-host.ts';
import { resolveCheckedAddresses } from '../../outbound/resolve-checked-addresses.ts';
import { WEBHOOK_SECRET_OVERLAP_MS } from '../../domain/webhooks/webhook-signature-header.ts';
import { countWebhooks, deleteWebhook, enableWebhook, findWebhook, insertWebhook, listWebhooks, lockAccountRow, rotateWebhookSecret } from '../../storage/repositories/webhooks-repository.ts';
import type { DeliveryView } from './delivery-view.ts';
import { listWebhookDeliveries, type DeliveryLogPage, type DeliveryQuery } from './list-webhook-deliveries.ts';
import { redeliverWebhookDelivery } from './redeliver-webhook-delivery.ts';
import { sendTestEvent } from './send-test-event.ts';
import type { WebhookOperationDeps } from './webhook-operation-deps.ts';
import { webhookNotFound } from './webhook-not-found.ts';
import { webhookView, type WebhookView } from './webhook-view.ts';

/** At most 10 webhooks per account. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 10;

/** How long registration waits for DNS before refusing the URL. */
export const WEBHOOK_DNS_TIMEOUT_MS = 5_000;

/** wh_ + 22 base62 characters (about 131 random bits). */
export const WEBHOOK_ID_PATTERN = /^wh_[0-9A-Za-z]{22}$/;

export interface NewWebhook {
  readonly url: string;
  readonly events?: readonly WebhookEventType[];
}

/** The webhook endpoints' work, for one account at a time (an account never sees another's). */
export function accountWebhooks(deps: WebhookOperationDeps) {
  /** Runs work only for a well-formed id; anything else is as unknown as an id never issued. */
  const known = async <T>(id: string, work: () => Promise<T>): Promise<T> => {
    if (!WEBHOOK_ID_PATTERN.test(id)) throw webhookNotFound(id);
    return work();
  };
  return {
    /**
     * Registers a webhook: https only, every address the host resolves to public unless
     * allow-listed, at most 10 per account (counted under the account's row lock). The secret is
     * returned here and never again.
     */
    async register(accountId: string, input: NewWebhook): Promise<WebhookView> {
      const url = checkWebhookUrl(input.url);
      await checkTargetAddresses(url, deps.allowHosts);
      const id = `wh_${randomBase62(22)}`;
      const { secret, hint } = newWebhookSecret();
      const now = deps.clock();
      const row = {
        id,
        account_id: accountId,
        url: url.href,
        events: JSON.stringify(input.events ?? DEFAULT_WEBHOOK_EVENTS),
        secret_ciphertext: encryptSecret(secret, deps.dataEncryptionKey, id),
        secret_hint: hint,
        is_active: 1,
        created_at: now,
        last_delivery_at: null,
        last_status: null,
      };
      // A full account is a value, not a throw: on SQLite the transaction may be shared (write-group.ts).
      const outcome = await deps.inTransaction(async (tx) => {
        await lockAccountRow(tx, deps.dialect, accountId);
        if (await countWebhooks(tx, accountId) >= MAX_WEBHOOKS_PER_ACCOUNT) return 'full' as const;
        await insertWebhook(tx, row);
        return 'created' as const;
      });
      if (outcome === 'full') {
        throw new AppError('validation_error', `This account already has ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks, the most one account may have: delete one with DELETE /api/webhooks/{id} before adding another.`);
      }
      return { ...webhookView({ ...row, previous_secret_expires_at: null }, now), secret };
    },

    async list(accountId: string): Promise<WebhookView[]> {
      const nowMs = deps.clock();
      return (await listWebhooks(deps.db, accountId)).map((row) => webhookView(row, nowMs));
    },

    async get(accountId: string, id: string): Promise<WebhookView> {
      const row = WEBHOOK_ID_PATTERN.test(id) ? await findWebhook(deps.db, accountId, id) : undefined;
      if (row === undefined) throw webhookNotFound(id);
      return webhookView(row, deps.clock());
    },

    /** Deletes it and its pending deliveries; an attempt already in flight still completes. */
    async remove(accountId: string, id: string): Promise<void> {
      if (!WEBHOOK_ID_PATTERN.test(id) || !(await deleteWebhook(deps.db, accountId, id))) throw webhookNotFound(id);
    },

    /** The delivery log, newest first. */
    deliveries: (accountId: string, id: string, query: DeliveryQuery): Promise<DeliveryLogPage> =>
      known(id, () => listWebhookDeliveries(deps, accountId, id, query)),

    /** One logged event sent again, as a new delivery. */
    redeliver: (accountId: string, id: string, deliveryId: string): Promise<DeliveryView> =>
      known(id, () => redeliverWebhookDelivery(deps, accountId, id, deliveryId)),

    /** A signed webhook.test event sent now; answers the attempt. */
    sendTest: (accountId: string, id: string): Promise<DeliveryView> =>
      known(id, () => sendTestEvent(deps, accountId, id)),

    /**
     * A new secret, shown in this answer only. The one it replaces keeps signing deliveries beside
     * it for 24 hours (X-Service-Signature: sha256=<new>,sha256=<old>), so receivers can switch
     * without losing an event; a secret replaced before that stops at once.
     */
    rotateSecret: (accountId: string, id: string): Promise<WebhookView> => known(id, async () => {
      const { secret, hint } = newWebhookSecret();
      const nowMs = deps.clock();
      const rotated = await rotateWebhookSecret(deps.db, accountId, id, {
        ciphertext: encryptSecret(secret, deps.dataEncryptionKey, id),
        hint,
        previousExpiresAt: nowMs + WEBHOOK_SECRET_OVERLAP_MS,
      });
      const row = rotated ? await findWebhook(deps.db, accountId, id) : undefined;
      if (row === undefined) throw webhookNotFound(id);
      return { ...webhookView(row, nowMs), secret };
    }),

    /**
     * Active again after D28 deactivated it, its count of failed events in a row back to 0. Events
     * made while it was inactive were not queued for it; the log's cancelled ones can be
     * redelivered. Enabling an active webhook changes nothing.
     */
    enable: (accountId: string, id: string): Promise<WebhookView> => known(id, async () => {
      const row = (await enableWebhook(deps.db, accountId, id)) ? await findWebhook(deps.db, accountId, id) : undefined;
      if (row === undefined) throw webhookNotFound(id);
      return webhookView(row, deps.clock());
    }),
  };
}

export type AccountWebhooks = ReturnType<typeof accountWebhooks>;

/**
 * At registration, the host must resolve, and to public addresses only. The same check runs again
 * at every delivery (postWebhook), since DNS answers change.
 */
async function checkTargetAddresses(url: URL, allowHosts: readonly string[]): Promise<void> {
  const { host, allowed } = outboundHost(url, allowHosts);
  const signal = AbortSignal.timeout(WEBHOOK_DNS_TIMEOUT_MS);
  try {
    await resolveCheckedAddresses(host, allowed, signal);
  } catch (error) {
    if (error instanceof NonPublicAddressError) {
      throw urlError('points to a host that is not on the public internet (a loopback, private, link-local, carrier-grade NAT, multicast or other reserved address); deliveries are never sent there: use your endpoint\'s public https address');
    }
    if (signal.aborted) throw urlError(`has a host name that could not be resolved within ${WEBHOOK_DNS_TIMEOUT_MS / 1000} s: check it and try again`);
    if (networkFailureKind(error) === 'dns') throw urlError('has a host name that does not resolve: check the spelling, or register the webhook once its DNS record exists');
    throw error;
  }
}
