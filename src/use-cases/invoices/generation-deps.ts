import type { PdfRenderer } from '../../render/pdf-renderer.ts';
import type { DeliveryDeps } from './deliver-document.ts';
import type { DocumentCatalog } from '../documents/document-makers.ts';
import type { IdempotencyStore } from '../idempotency/idempotency-store.ts';
import type { AdmissionDeps } from '../limits/admit-generations.ts';
import type { HostedLinkSettings } from './plan-account-invoice.ts';

/** What a generation uses, one invoice or a batch, chosen at start-up. */
export interface GenerationDeps extends AdmissionDeps, DeliveryDeps {
  readonly idempotency: IdempotencyStore;
  /** The PDF worker pool, started on first use (a JSON-only server never starts its workers). */
  readonly pdfRenderer: () => PdfRenderer;
  /** OUTBOUND_ALLOW_HOSTS: hosts whose images may be fetched from non-public addresses. */
  readonly allowHosts: readonly string[];
  /** Signs the hosted links of account invoices. */
  readonly links: HostedLinkSettings;
  /** error.upgrade_url of a 402. */
  readonly upgradeUrl: string;
  /** The kinds of document and their makers; the service's own unless a test extends them. */
  readonly catalog?: DocumentCatalog;
}
