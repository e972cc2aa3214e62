/**
 * Webhook fairness: how many attempts may be in flight at once, over every instance.
 * A receiver that never answers holds its attempts for the whole 10 s deadline (D28); these caps
 * bound what it, or an account with many such receivers, can hold, so the other webhooks' events
 * keep going out at once.
 *
 * - 2 per webhook until it answers: a new webhook, or one whose last attempt failed, holds at most
 *   two slots however many of its deliveries are due.
 * - 8 per webhook whose last attempt was answered with a 2xx: a busy, healthy receiver keeps the
 *   parallelism it had before the caps (8 slots; docs/performance.md). A slot is held from the
 *   claim to the commit of the outcome, so fewer slots would cap its deliveries per second. The
 *   price: such a webhook that starts hanging holds up to 8 slots for one deadline, then, having
 *   failed, is back to 2.
 * - 16 per account, all its webhooks together, so one account with many hanging webhooks holds
 *   at most half of an instance's 32 slots.
 */
export const WEBHOOK_IN_FLIGHT_PER_WEBHOOK = 2;
export const WEBHOOK_IN_FLIGHT_PER_ANSWERING_WEBHOOK = 8;
export const WEBHOOK_IN_FLIGHT_PER_ACCOUNT = 16;

/** A due delivery that could be claimed, in due order. */
export interface DeliveryCandidate {
  readonly id: string;
  readonly webhookId: string;
  readonly accountId: string;
  /** Its webhook's last attempt got no HTTP answer (status 0): it may be hanging. */
  readonly silent: boolean;
  /** Its webhook's last attempt was answered with a 2xx. */
  readonly answering: boolean;
}

/** Attempts in flight now, from every instance's live claims. */
export interface DeliveriesInFlight {
  readonly byWebhook: ReadonlyMap<string, number>;
  readonly byAccount: ReadonlyMap<string, number>;
}

export interface FairnessLimits {
  /** For a webhook whose last attempt was not answered with a 2xx (or that has none yet). */
  readonly perWebhook: number;
  /** For a webhook whose last attempt was answered with a 2xx. */
  readonly perAnsweringWebhook: number;
  readonly perAccount: number;
  /** Deliveries to pick at most (the free slots of the claiming instance). */
  readonly limit: number;
  /** Of those, deliveries to silent webhooks at most (what the instance leaves them). */
  readonly silentLimit: number;
}

/**
 * The candidates to claim, earliest due first, skipping any whose webhook or account already has
 * its cap in flight (counting those picked here), and silent ones past silentLimit. Pure: the
 * storage side reads the candidates and the counts and claims what this returns, in one
 * serialised step (claimDueDeliveries).
 */
export function pickFairDeliveries(candidates: readonly DeliveryCandidate[], inFlight: DeliveriesInFlight, limits: FairnessLimits): DeliveryCandidate[] {
  const byWebhook = new Map(inFlight.byWebhook);
  const byAccount = new Map(inFlight.byAccount);
  const picked: DeliveryCandidate[] = [];
  let silent = 0;
  for (const candidate of candidates) {
    if (picked.length >= limits.limit) break;
    const webhookCount = byWebhook.get(candidate.webhookId) ?? 0;
    const accountCount = byAccount.get(candidate.accountId) ?? 0;
    if (webhookCount >= webhookCap(candidate.answering, limits) || accountCount >= limits.perAccount) continue;
    if (candidate.silent && silent >= limits.silentLimit) continue;
    byWebhook.set(candidate.webhookId, webhookCount + 1);
    byAccount.set(candidate.accountId, accountCount + 1);
    if (candidate.silent) silent += 1;
    picked.push(candidate);
  }
  return picked;
}

/** The cap of one webhook, by whether its last attempt was answered with a 2xx. */
export function webhookCap(answering: boolean, limits: Pick<FairnessLimits, 'perWebhook' | 'perAnsweringWebhook'>): number {
  return answering ? limits.perAnsweringWebhook : limits.perWebhook;
}
