import type { Kysely } from 'kysely';
import { utcWindows } from '../domain/limits/utc-windows.ts';
import { deleteBurstCountersBefore } from '../storage/repositories/burst-counters-repository.ts';
import { deleteExpiredEmailTokens } from '../storage/repositories/email-tokens-repository.ts';
import { deleteExpiredIdempotencyRecords } from '../storage/repositories/idempotency-records-repository.ts';
import { deleteExpiredSessions } from '../storage/repositories/sessions-repository.ts';
import { deleteExpiredHostedInvoices } from '../storage/repositories/hosted-invoices-repository.ts';
import { deleteExpiredHostedImages } from '../storage/repositories/hosted-images-repository.ts';
import type { Tables } from '../storage/tables.ts';
import { deleteSpentWebhookRows, releaseInterruptedEvents } from '../storage/repositories/webhook-outbox-repository.ts';

/** How many rows of each kind one sweep deleted. */
export interface SweepCounts {
  readonly sessions: number;
  readonly tokens: number;
  readonly idempotencyRecords: number;
  readonly burstCounters: number;
  readonly hostedInvoices: number;
  readonly hostedImages: number;
  readonly webhookDeliveries: number;
  readonly webhookEvents: number;
  /** Held events of generations whose instance stopped before answering, now released. */
  readonly releasedEvents: number;
}

/**
 * Deletes what has outlived its purpose, so nothing is kept past its life: expired sessions and
 * e-mail tokens, idempotency records past their 24 hours, and burst counters of subjects not seen
 * since before this ISO week (their windows have ended; an anonymous caller's address is not kept
 * longer than that), hosted snapshots whose link has died and the images no living snapshot prints
 * (D24), webhook deliveries finished more than 7 days ago, and the events left without deliveries.
 * It also releases the held events of generations whose instance stopped between commit and answer
 * (releaseInterruptedEvents), so every committed generation is announced. Plain DELETEs and UPDATEs
 * by time: safe when several instances run them at the same moment, and an image is never deleted
 * while a living snapshot prints it (see keepHostedImage).
 */
export async function sweepExpiredRows(db: Kysely<Tables>, nowMs: number): Promise<SweepCounts> {
  const sessions = await deleteExpiredSessions(db, nowMs);
  const tokens = await deleteExpiredEmailTokens(db, nowMs);
  const idempotencyRecords = await deleteExpiredIdempotencyRecords(db, nowMs);
  const burstCounters = await deleteBurstCountersBefore(db, utcWindows(nowMs).weekStart);
  const hostedInvoices = await deleteExpiredHostedInvoices(db, nowMs);
  const hostedImages = await deleteExpiredHostedImages(db, nowMs);
  const releasedEvents = await releaseInterruptedEvents(db, nowMs);
  const webhooks = await deleteSpentWebhookRows(db, nowMs);
  return { releasedEvents, sessions, tokens, idempotencyRecords, burstCounters, hostedInvoices, hostedImages, webhookDeliveries: webhooks.deliveries, webhookEvents: webhooks.events };
}
