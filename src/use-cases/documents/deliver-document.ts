import type { Kysely } from 'kysely';
import { storeHostedPdf } from '../../storage/repositories/hosted-invoices-repository.ts';
import { releaseWebhookEvent } from '../../storage/repositories/webhook-outbox-repository.ts';
import type { Tables } from '../../storage/tables.ts';
import type { TransactionRunner } from '../../storage/write-group.ts';
import type { RecordedInvoice } from '../invoices/record-account-invoice.ts';
import { withdrawInvoice } from '../invoices/withdraw-invoice.ts';
import type { DocumentWriter } from './document-maker.ts';

/** The logger calls this needs; a request's log fits. */
export interface DeliveryLog {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface DeliveryDeps {
  readonly db: Kysely<Tables>;
  readonly inTransaction: TransactionRunner;
  /** Unix ms: when a held webhook event becomes due. */
  readonly clock: () => number;
  /** Wakes the webhook worker once a held event is released. */
  readonly onWebhookEvent: () => void;
}

/**
 * Makes a recorded invoice's document after its number, count and snapshot committed, then releases
 * its held webhook event. If either fails, the invoice is withdrawn (count taken back, snapshot
 * deleted: only delivered documents are metered) and the number, which cannot be taken back, is
 * logged as void so the operator can account for the gap. A document that is what the hosted link
 * serves (`servesLink`) is kept with the snapshot, so the link serves these very bytes; not keeping
 * it loses nothing, the link then renders on first open.
 */
export async function deliverDocument(deps: DeliveryDeps, log: DeliveryLog, recorded: RecordedInvoice, write: DocumentWriter, servesLink: boolean): Promise<Uint8Array | string> {
  const { planned } = recorded;
  let document: Uint8Array | string;
  try {
    document = await write({ invoice: planned.invoice, images: planned.images ?? {}, qr: planned.qr });
    // The held invoice.generated event becomes due only now that the document exists; if that write
    // fails, the generation is withdrawn rather than answered without its event.
    const event = recorded.event;
    if (event?.held === true) {
      await deps.inTransaction((tx) => releaseWebhookEvent(tx, event.id, deps.clock()));
      deps.onWebhookEvent();
    }
  } catch (error) {
    log.error({ invoice_number: planned.invoice.number }, 'document failed after numbering: the number is void and the document was not metered');
    await withdrawInvoice(deps.db, recorded).catch((withdrawError: unknown) => log.error({ err: withdrawError }, 'undelivered invoice not withdrawn'));
    throw error;
  }
  const link = planned.link;
  if (servesLink && link !== undefined && typeof document !== 'string') {
    const kept = document;
    await deps.inTransaction((tx) => storeHostedPdf(tx, link.id, kept))
      .catch((error: unknown) => log.warn({ err: error }, 'rendered PDF not kept with its snapshot; the link renders it when opened'));
  }
  return document;
}
