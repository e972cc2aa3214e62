import type { Kysely } from 'kysely';
import { storeHostedPdf } from '../../storage/repositories/hosted-invoices-repository.ts';
import type { Tables } from '../../storage/tables.ts';
import type { TransactionRunner } from '../../storage/write-group.ts';
import type { Deliverable, RecordedItem } from './generation-items.ts';
import { withdrawInvoice, type WithdrawnWith } from './withdraw-invoice.ts';

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
 * Makes a recorded invoice's document after its number, count and snapshot committed. If that
 * fails, the invoice is withdrawn (count taken back, snapshot deleted: only delivered documents are
 * metered), with `along` what goes with it, and the number, which cannot be taken back, is logged
 * as void so the operator can account for the gap. The PDF the hosted link serves is kept with the
 * snapshot, so the link serves these very bytes; not keeping it loses nothing, the link then
 * renders on first open.
 */
export async function deliverDocument(deps: DeliveryDeps, log: DeliveryLog, item: RecordedItem, deliverable: Deliverable, along: WithdrawnWith): Promise<Uint8Array | string> {
  const { issued } = item;
  let document: Uint8Array | string;
  try {
    document = await deliverable.prepared.write({ invoice: issued.invoice, images: item.images ?? {}, qr: issued.qr });
  } catch (error) {
    log.error({ invoice_number: issued.invoice.number }, 'document failed after numbering: the number is void and the document was not metered');
    await withdrawInvoice(deps.db, item, along).catch((withdrawError: unknown) => log.error({ err: withdrawError }, 'undelivered invoice not withdrawn'));
    throw error;
  }
  const link = issued.link;
  if (deliverable.servesLink && link !== undefined && typeof document !== 'string') {
    const kept = document;
    await deps.inTransaction((tx) => storeHostedPdf(tx, link.id, kept))
      .catch((error: unknown) => log.warn({ err: error }, 'rendered PDF not kept with its snapshot; the link renders it when opened'));
  }
  return document;
}
