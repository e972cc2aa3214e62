import https from 'node:https';
import { nextAttemptAt, WEBHOOK_MAX_FAILED_EVENTS_IN_ROW, WEBHOOK_TIMEOUT_MS } from '../../domain/webhooks/retry-schedule.ts';
import { WEBHOOK_IN_FLIGHT_PER_ACCOUNT, WEBHOOK_IN_FLIGHT_PER_ANSWERING_WEBHOOK, WEBHOOK_IN_FLIGHT_PER_WEBHOOK } from '../../domain/webhooks/pick-fair-deliveries.ts';
import { randomBase62 } from '../../lib/random-base62.ts';
import { postWebhook, type PostOutcome } from '../../outbound/post-webhook.ts';
import { insertWebhookAttempt } from '../../storage/repositories/webhook-log-repository.ts';
import { claimDueDeliveries, findDeliveryWork, finishDeliveryAttempt, nextDueAt, type ClaimedDelivery, type DeliveryWork } from '../../storage/repositories/webhook-outbox-repository.ts';
import { recordWebhookAttempt } from '../../storage/repositories/webhooks-repository.ts';
import type { WebhookDeps } from './webhook-deps.ts';
import { attemptRecord, deliveryHeaders, openSigningSecrets } from './webhook-delivery-request.ts';

export interface WebhookWorkerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface WebhookWorkerDeps extends WebhookDeps {
  readonly log: WebhookWorkerLog;
  /** One attempt's deadline (10 s by default). */
  readonly timeoutMs?: number;
  /** How often the outbox is looked at for due deliveries made by other instances or retries (1 s). */
  readonly pollIntervalMs?: number;
  /** Attempts in flight at once in this instance (32). */
  readonly concurrency?: number;
}

export interface WebhookWorker {
  /** Starts polling the outbox. */
  start(): void;
  /** Looks at the outbox now: an event was just committed or released in this instance. */
  wake(): void;
  /** Sends every delivery due now and waits for them (retries that come due meanwhile included). */
  runDue(): Promise<void>;
  /** Stops claiming and waits for the attempts in flight to finish (each within its deadline). */
  close(): Promise<void>;
}

/**
 * A claim outlives one attempt's deadline with a wide margin, so a live instance never loses its
 * claim to another; an instance that died mid-attempt has its deliveries taken over when the claim
 * runs out: delivery is at least once.
 */
export const WEBHOOK_CLAIM_LEASE_MS = 60_000;

const DEFAULT_POLL_INTERVAL_MS = 1_000;
/**
 * An attempt in flight is a socket and a body in memory, not CPU, so slots are many: with at most
 * 2 per webhook until it answers and 16 per account (pick-fair-deliveries.ts), 10 receivers that
 * never answer hold 20 of them (16 when they are one account's) and the rest keep everyone
 * else's deliveries going at once.
 */
const DEFAULT_CONCURRENCY = 32;

/**
 * The delivery side of the outbox (D28). Every instance runs one; each delivery is claimed by
 * exactly one of them (claimDueDeliveries) and attempted, and the attempt's outcome, the next due
 * time on the retry schedule and the webhook's last_delivery_at / last_status are written in one
 * transaction, only while the claim still holds. Pending deliveries are rows, so a restart or
 * another instance carries on where this one stopped.
 */
export function createWebhookWorker(deps: WebhookWorkerDeps): WebhookWorker {
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const concurrency = deps.concurrency ?? DEFAULT_CONCURRENCY;
  const inFlight = new Set<Promise<void>>();
  // Webhooks whose last attempt got no answer may hold at most half of the slots, so any number
  // of hanging receivers, across any number of accounts, leaves the other half to the rest once
  // each has timed out once. (A new webhook has no last attempt: its first ones are not limited.)
  const silentSlots = Math.floor(concurrency / 2);
  let silentInFlight = 0;
  // Connections to receivers are kept between attempts: a TLS handshake per delivery cost more CPU
  // than the generation it announces (docs/performance.md). Idle ones close after 5 s.
  const agent = new https.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency, timeout: 5_000 });
  let filling: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  /** Claims due deliveries while there are free slots; one filler at a time, re-run when asked meanwhile. */
  function fill(): Promise<void> {
    if (filling !== undefined) {
      again = true;
      return filling;
    }
    filling = (async () => {
      do {
        again = false;
        while (!closed && inFlight.size < concurrency) {
          const now = deps.clock();
          // A read first: an idle outbox costs one indexed MIN, not a write, per poll.
          const due = await nextDueAt(deps.db);
          if (due === undefined || due > now) break;
          const claim = randomBase62(22);
          // Its own transaction, not the SQLite write group's: queued among the generations'
          // writes, every claim waited for their group commit, and the webhooks bench's
          // deliveries fell seconds behind its generations (docs/performance.md).
          const claimed = await deps.db.transaction().execute((tx) => claimDueDeliveries(tx, deps.dialect, {
            nowMs: now,
            limit: concurrency - inFlight.size,
            claim,
            leaseMs: WEBHOOK_CLAIM_LEASE_MS,
            perWebhook: WEBHOOK_IN_FLIGHT_PER_WEBHOOK,
            perAnsweringWebhook: WEBHOOK_IN_FLIGHT_PER_ANSWERING_WEBHOOK,
            perAccount: WEBHOOK_IN_FLIGHT_PER_ACCOUNT,
            silentLimit: Math.max(0, silentSlots - silentInFlight),
          }));
          if (claimed.length === 0) break;
          for (const delivery of claimed) {
            if (delivery.silent) silentInFlight += 1;
            track(attempt(delivery, claim).finally(() => {
              if (delivery.silent) silentInFlight -= 1;
            }));
          }
        }
      } while (again && !closed);
    })()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'webhook outbox could not be read; retrying at the next poll'))
      .finally(() => {
        filling = undefined;
      });
    return filling;
  }

  function track(work: Promise<void>): void {
    const tracked: Promise<void> = work.finally(() => {
      inFlight.delete(tracked);
      if (!closed) void fill();
    });
    inFlight.add(tracked);
  }

  async function attempt(delivery: ClaimedDelivery, claim: string): Promise<void> {
    try {
      const work = await findDeliveryWork(deps.db, delivery.event_id, delivery.webhook_id);
      if (work === undefined || work.is_active !== 1 || work.body === null) {
        // Deleted or deactivated since the event: nothing is sent, and it is not an attempt.
        await finishDeliveryAttempt(deps.db, delivery.id, claim, { nowMs: deps.clock(), status: 0, state: 'cancelled', attempted: false });
        return;
      }
      const attemptedAt = deps.clock();
      const outcome = await send(work, delivery, work.body);
      await record(delivery, claim, attemptedAt, outcome);
    } catch (error) {
      // The claim runs out and the delivery is tried again: at-least-once, never lost.
      deps.log.error({ err: error, webhook_id: delivery.webhook_id, event_id: delivery.event_id }, 'webhook delivery could not be recorded');
    }
  }

  async function send(work: DeliveryWork, delivery: ClaimedDelivery, text: string): Promise<PostOutcome> {
    const now = deps.clock();
    const secrets = openSigningSecrets(work, delivery.webhook_id, deps.dataEncryptionKey, now);
    if (secrets === undefined) {
      deps.log.error({ webhook_id: delivery.webhook_id }, 'webhook secret cannot be opened: DATA_ENCRYPTION_KEY is not the key it was sealed with');
      return { status: 0, failure: 'connection', durationMs: 0 };
    }
    const headers = deliveryHeaders({ type: work.type, eventId: delivery.event_id, secrets, body: text, userAgent: deps.userAgent, nowMs: now });
    return postWebhook(work.url, Buffer.from(text, 'utf8'), headers, { allowHosts: deps.allowHosts, timeoutMs, agent });
  }

  async function record(delivery: ClaimedDelivery, claim: string, attemptedAt: number, outcome: PostOutcome): Promise<void> {
    const now = deps.clock();
    const attempts = delivery.attempts + 1;
    const delivered = outcome.status >= 200 && outcome.status <= 299;
    const next = delivered ? undefined : nextAttemptAt(attempts, now);
    const end = delivered ? 'delivered' : next === undefined ? 'failed' : 'retry';
    const state = end === 'retry' ? 'pending' : end;
    await deps.inTransaction(async (tx) => {
      const held = await finishDeliveryAttempt(tx, delivery.id, claim, { nowMs: now, status: outcome.status, state, attempted: true, ...(next === undefined ? {} : { nextAttemptAt: next }) });
      if (!held) return;
      await recordWebhookAttempt(tx, delivery.webhook_id, now, outcome.status, end, WEBHOOK_MAX_FAILED_EVENTS_IN_ROW);
      await insertWebhookAttempt(tx, attemptRecord(delivery.id, attemptedAt, outcome));
    });
    const fields = { webhook_id: delivery.webhook_id, event_id: delivery.event_id, attempt: attempts, status: outcome.status, failure: outcome.failure };
    if (delivered) deps.log.info(fields, 'webhook delivered');
    else deps.log.warn({ ...fields, next_attempt_at: next === undefined ? null : new Date(next).toISOString() }, end === 'failed' ? 'webhook event failed every attempt' : 'webhook attempt failed; will retry');
  }

  return {
    start() {
      timer = setInterval(() => void fill(), deps.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS);
      timer.unref();
      void fill();
    },
    wake() {
      if (!closed) void fill();
    },
    async runDue() {
      for (;;) {
        await fill();
        if (inFlight.size === 0 && filling === undefined) return;
        await Promise.allSettled([...inFlight]);
      }
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await filling;
      await Promise.allSettled([...inFlight]);
      agent.destroy();
    },
  };
}
