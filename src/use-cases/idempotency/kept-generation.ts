import type { HostedLink } from '../../domain/hosted/hosted-link.ts';
import type { GenerationWarning } from '../../domain/limits/hosted-link-omitted.ts';
import { AppError } from '../../errors/app-error.ts';
import type { ErrorCode } from '../../errors/error-codes.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import type { Metered } from '../../domain/limits/metered.ts';
import type { RecordedEvent } from '../webhooks/record-webhook-event.ts';
import type { IdempotencyClaim } from './idempotency-claim.ts';

/**
 * What a generation under an Idempotency-Key writes into the key's record in its own transaction,
 * so that if its instance dies between the commit and the answer, a retry with the key answers this
 * generation (same number, metered once, announced once) instead of making a second. Everything
 * else the answer needs is in the retry itself: its body is the same request (the fingerprint
 * matched), so the images and the QR come from it again.
 */

/** One account invoice as its transaction committed it. */
export interface KeptInvoice {
  /** Numbered, with its hosted link and QR description. */
  readonly invoice: Invoice;
  readonly link: HostedLink | null;
  readonly metered: Metered;
  /** meta.warnings of its answer. */
  readonly warnings: readonly GenerationWarning[];
}

/** An error as a batch item's result carries it. */
export interface KeptError {
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
}

export type KeptBatchItem =
  | { readonly index: number; readonly invoice: KeptInvoice }
  | { readonly index: number; readonly error: KeptError };

export type KeptGeneration =
  | {
    readonly kind: 'invoice';
    /** The first request's id: an answer made again carries it as meta.request_id, like a replay. */
    readonly requestId: string;
    readonly item: KeptInvoice;
    readonly event: RecordedEvent | null;
  }
  | {
    readonly kind: 'batch';
    /** When the batch ran: batch.generated's created_at. */
    readonly nowMs: number;
    readonly rateLimited: boolean;
    /** Every item in the order sent, its invoice or the error it got before or in the commit. */
    readonly items: readonly KeptBatchItem[];
    readonly event: RecordedEvent | null;
  };

/** A request's hold on its Idempotency-Key, as the generation it runs sees it. */
export interface IdempotencyTie {
  readonly claim: IdempotencyClaim;
  readonly requestId: string;
  /** The generation an earlier request under this key committed and never answered: resume it. */
  readonly resumes: KeptGeneration | undefined;
}

/** The record's `generation` column. Versioned, so a later shape can still read this one. */
export function serializeKeptGeneration(generation: KeptGeneration): string {
  return JSON.stringify({ v: 1, ...generation });
}

export function parseKeptGeneration(text: string): KeptGeneration {
  const parsed = JSON.parse(text) as KeptGeneration & { v?: number };
  if (parsed.v !== 1) throw new Error(`idempotency record holds a generation of unknown version ${String(parsed.v)}`);
  return parsed;
}

export function keptError(error: AppError): KeptError {
  return error.details === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, details: error.details };
}

export function appErrorOf(kept: KeptError): AppError {
  return new AppError(kept.code as ErrorCode, kept.message, kept.details === undefined ? {} : { details: { ...kept.details } });
}
