import type { DocumentKind } from '../../domain/documents/document-kind.ts';
import type { HostedLink } from '../../domain/hosted/hosted-link.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import type { GenerationWarning } from '../../domain/limits/hosted-link-omitted.ts';
import type { Metered } from '../../domain/limits/metered.ts';
import type { PdfImages } from '../../domain/pdf/pdf-input.ts';
import type { InvoiceQr } from '../../domain/qr/resolve-invoice-qr.ts';
import type { AppError } from '../../errors/app-error.ts';
import type { PreparedDocument } from '../documents/document-maker.ts';
import type { PlannedInvoice } from './plan-account-invoice.ts';

/*
 * What one invoice of a generation is at each stage. Each stage makes a new value from the one
 * before and changes none: planned (computed, checked, its document prepared), ready (admitted,
 * its images loaded), recorded (numbered, metered, its snapshot stored), delivered (its document
 * made).
 */

/** One element of a generation's invoices as its transport read it: a valid request, or why it is not one. */
export type GenerationInput = { readonly request: InvoiceRequest } | { readonly error: AppError };

/** The document an invoice's generation makes after its commit. */
export interface Deliverable {
  readonly kind: DocumentKind;
  readonly prepared: PreparedDocument;
  /** It is the PDF the hosted link serves: kept with the snapshot, so the link serves these bytes. */
  readonly servesLink: boolean;
  /** It is the answer; otherwise it is made for the hosted link alone, and not once the link is dropped (D42). */
  readonly answers: boolean;
}

export interface PlannedItem {
  /** Its position in the request. */
  readonly index: number;
  readonly planned: PlannedInvoice;
  readonly deliverable: Deliverable | undefined;
}

export interface ReadyItem extends PlannedItem {
  /** Loaded when its document or its snapshot prints them; undefined otherwise. */
  readonly images: PdfImages | undefined;
}

/** The invoice as its transaction recorded it: numbered, its link and QR as they stand after metering. */
export interface IssuedInvoice {
  readonly request: InvoiceRequest;
  readonly invoice: Invoice;
  readonly link: HostedLink | undefined;
  readonly qr: InvoiceQr | undefined;
  /** meta.warnings of its answer. */
  readonly warnings: readonly GenerationWarning[];
}

export interface RecordedItem {
  readonly index: number;
  readonly issued: IssuedInvoice;
  readonly metered: Metered;
  readonly images: PdfImages | undefined;
  readonly deliverable: Deliverable | undefined;
}

export interface DeliveredItem extends RecordedItem {
  /** The document made, when the generation makes one. */
  readonly document: Uint8Array | string | undefined;
}
