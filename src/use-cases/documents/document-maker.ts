import type { DocumentKind, KindFile } from '../../domain/documents/document-kind.ts';
import type { EInvoice } from '../../domain/einvoice/einvoice.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import type { VatBreakdown } from '../../domain/invoice/vat-breakdown.ts';
import type { PdfImages } from '../../domain/pdf/pdf-input.ts';
import type { InvoiceQr } from '../../domain/qr/resolve-invoice-qr.ts';
import type { PdfRenderer } from '../../render/pdf-renderer.ts';

/** What a document is made from: the numbered invoice, the images it prints and its QR. */
export interface DocumentSource {
  readonly invoice: Invoice;
  /** Loaded before numbering when the document prints them; empty otherwise. */
  readonly images: PdfImages;
  readonly qr: Pick<InvoiceQr, 'source' | 'payload'> | undefined;
}

/** What making a document may use, chosen at start-up. */
export interface DocumentPorts {
  /** The PDF worker pool, started on first use (a JSON-only server never starts its workers). */
  readonly pdfRenderer: () => PdfRenderer;
  /** Told why a document failed; the caller only sees the error code. */
  readonly onFailure: (reason: string) => void;
}

/** Makes the document from the numbered invoice: bytes, or XML text. */
export type DocumentWriter = (source: DocumentSource) => Promise<Uint8Array | string>;

/** A document ready to be made: its file, and the step that makes it from the numbered invoice. */
export interface PreparedDocument {
  readonly file: KindFile;
  readonly write: DocumentWriter;
}

/** What a maker prepares a document from: the computed invoice and the engine's VAT breakdown. */
export interface PlannedDocument {
  readonly invoice: Invoice;
  readonly breakdown: () => VatBreakdown;
  /** The EN 16931 document the pre-flight built as this very kind, to be written as it is. */
  readonly document?: EInvoice | undefined;
}

/**
 * How one kind of document is made. It does what can fail before the invoice's number is drawn,
 * so a failure uses no number, and returns the step that makes the document once numbered;
 * undefined for a JSON answer, which is the computed invoice itself.
 */
export type DocumentMaker = (kind: DocumentKind, planned: PlannedDocument, ports: DocumentPorts) => PreparedDocument | undefined;
