import type { Kysely } from 'kysely';
import { pdfInput } from '../domain/pdf/pdf-input.ts';
import type { PdfRenderer } from '../render/pdf-renderer.ts';
import { storeHostedPdf } from '../storage/repositories/hosted-invoices-repository.ts';
import { releaseWebhookEvent } from '../storage/repositories/webhook-outbox-repository.ts';
import type { Tables } from '../storage/tables.ts';
import type { TransactionRunner } from '../storage/write-group.ts';
import { withdrawInvoice, type RecordedInvoice } from './generate-invoice.ts';

/** The logger calls this needs; a request's log fits. */
export interface DeliveryLog {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export interface DeliveryDeps {
  readonly db: Kysely<Tables>;
  readonly inTransaction: TransactionRunner;
  /** Started on first use. */
  readonly pdfRenderer: () => PdfRenderer;
  /** Unix ms: when a held webhook event becomes due. */
  readonly clock: () => number;
  /** Wakes the webhook worker once a held event is released. */
  readonly onWebhookEvent: () => void;
}

/**
 * Produces a recorded invoice's document after its number, count and snapshot committed, then
 * releases its held webhook event. If either fails, the invoice is withdrawn (count taken back, snapshot deleted: only delivered documents
 * are metered, D21) and the number, which cannot be taken back, is logged as void so the operator
 * can account for the gap.
 */
export async function deliverOrWithdraw<T>(deps: DeliveryDeps, log: DeliveryLog, recorded: RecordedInvoice, produce: () => Promise<T>): Promise<T> {
  try {
    const document = await produce();
    // D28: the held invoice.generated event becomes due only now that the document exists; if
    // that write fails, the generation is withdrawn rather than answered without its event.
    const event = recorded.event;
    if (event?.held === true) {
      await deps.inTransaction((tx) => releaseWebhookEvent(tx, event.id, deps.clock()));
      deps.onWebhookEvent();
    }
    return document;
  } catch (error) {
    log.error({ invoice_number: recorded.planned.invoice.number }, 'document failed after numbering: the number is void and the document was not metered');
    await withdrawInvoice(deps.db, recorded).catch((withdrawError: unknown) => log.error({ err: withdrawError }, 'undelivered invoice not withdrawn'));
    throw error;
  }
}

/**
 * Renders a recorded invoice's PDF, and keeps it with the hosted snapshot so the link serves
 * these very bytes (D24). Not keeping it loses nothing: the link then renders on first open.
 */
export async function renderAccountPdf(deps: DeliveryDeps, log: DeliveryLog, recorded: RecordedInvoice): Promise<Buffer> {
  const { planned } = recorded;
  const pdf = await deliverOrWithdraw(deps, log, recorded, () => {
    const input = pdfInput(planned.invoice, planned.images ?? {}, planned.qr);
    return deps.pdfRenderer().render(input.view, input.assets);
  });
  const link = planned.link;
  if (link !== undefined) {
    await deps.inTransaction((tx) => storeHostedPdf(tx, link.id, pdf))
      .catch((error: unknown) => log.warn({ err: error }, 'rendered PDF not kept with its snapshot; the link renders it when opened'));
  }
  return pdf;
}
