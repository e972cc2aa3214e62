import type { Transaction } from 'kysely';
import type { BurstAdmission } from '../../domain/limits/burst-limiter.ts';
import type { MeteringChoice } from '../../domain/limits/document-cost.ts';
import type { AppError } from '../../errors/app-error.ts';
import type { Tables } from '../../storage/tables.ts';
import type { AccountCaller } from '../caller.ts';
import type { DeliveryLog } from './deliver-document.ts';
import type { DocumentPorts } from '../documents/document-maker.ts';
import type { DocumentCatalog } from '../documents/document-makers.ts';
import type { IdempotencyTie, KeptGeneration } from '../idempotency/kept-generation.ts';
import type { WindowsListener } from '../limits/admit-generations.ts';
import type { RecordedEvent } from '../webhooks/record-webhook-event.ts';
import type { GenerationDeps } from './generation-deps.ts';
import type { Deliverable, DeliveredItem, RecordedItem } from './generation-items.ts';
import type { PlannedInvoice } from './plan-account-invoice.ts';

/** One run of the generation pipeline: who asks, when, and what it makes documents with. */
export interface GenerationRun {
  readonly caller: AccountCaller;
  /** Unix ms the request is served at. */
  readonly nowMs: number;
  readonly log: DeliveryLog;
  readonly onWindows: WindowsListener;
  readonly catalog: DocumentCatalog;
  readonly ports: DocumentPorts;
}

/** A generation's invoices as they stand at a point: each recorded one, or its failure by index. */
export interface GenerationState {
  /** When the generation ran (a resumed batch's, its first request's): its event's created_at. */
  readonly nowMs: number;
  /** How many invoices were asked for. */
  readonly count: number;
  readonly failures: ReadonlyMap<number, AppError>;
  /** A burst window or the monthly quota refused some of them (D21). */
  readonly rateLimited: boolean;
}

/** What the transaction recorded, or a retry restored from the key's record, before the documents. */
export interface CommittedGeneration extends GenerationState {
  readonly admission: BurstAdmission;
  readonly recorded: readonly RecordedItem[];
  /** Its event, when a webhook subscribes; held until the documents are made. */
  readonly event: RecordedEvent | undefined;
  readonly tie: IdempotencyTie | undefined;
  /** Set when a retry resumed it: the id of the request that generated it (its meta.request_id). */
  readonly firstRequestId: string | undefined;
}

/** The generation finished: what the transport answers. */
export interface GenerationResult extends GenerationState {
  readonly admission: BurstAdmission;
  readonly delivered: readonly DeliveredItem[];
  readonly firstRequestId: string | undefined;
}

/**
 * What tells one invoice's generation from a batch's; every stage between is the same pipeline
 * (run-generation.ts).
 */
export interface GenerationPolicy {
  /** One invoice fails as a whole at its first error; a batch's invoices fail alone, each with its index. */
  readonly failWhole: boolean;
  /** The kind of record an Idempotency-Key keeps of it, which a retry resumes. */
  readonly keeps: KeptGeneration['kind'];
  /** The document made after the commit, prepared before anything is counted; may throw the request's error. */
  deliverable(planned: PlannedInvoice, run: GenerationRun): Deliverable | undefined;
  /** What recording an invoice may cost, in the order to try (D42). */
  choices(planned: PlannedInvoice): readonly MeteringChoice[];
  /**
   * Written in the metering transaction once at least one invoice is recorded: the generation's
   * event, and under an Idempotency-Key the record a retry resumes from.
   */
  commit(tx: Transaction<Tables>, run: GenerationRun, committed: GenerationState & { readonly recorded: readonly RecordedItem[] }, tie: IdempotencyTie | undefined): Promise<RecordedEvent | undefined>;
  /** Once the documents are made: the held event becomes due with the final results. */
  announce(deps: GenerationDeps, run: GenerationRun, result: GenerationResult, held: RecordedEvent | undefined): Promise<void>;
}
