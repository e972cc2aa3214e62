import type { MeteredOutput } from '../../domain/limits/document-cost.ts';
import type { Output } from '../../domain/invoice/catalog.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import type { PdfImages } from '../../domain/pdf/pdf-input.ts';
import type { InvoiceQr } from '../../domain/qr/resolve-invoice-qr.ts';
import type { PdfRenderer } from '../../render/pdf-renderer.ts';

/** What a document is made from: the numbered invoice, the images it prints and its QR. */
export interface DocumentSource {
  readonly invoice: Invoice;
  /** Loaded before numbering when the format prints them (D26); empty otherwise. */
  readonly images: PdfImages;
  readonly qr: Pick<InvoiceQr, 'source' | 'payload'> | undefined;
}

/** What making a document may use, chosen at start-up. */
export interface DocumentPorts {
  /** The PDF worker pool, started on first use (a JSON-only server never starts its workers). */
  readonly pdfRenderer: () => PdfRenderer;
  /** Told why a document failed; the caller only sees the error code (D16). */
  readonly onFailure: (reason: string) => void;
}

/** Makes the document from the numbered invoice: bytes, or XML text. */
export type DocumentWriter = (source: DocumentSource) => Promise<Uint8Array | string>;

/** How a document is answered as a file. */
export interface DocumentFile {
  /** The Content-Type of the answer. */
  readonly mediaType: string;
  /** The attachment's name (Content-Disposition). */
  readonly fileName: string;
}

/**
 * One output of a generation (`output` of the request, later with its `profile`): everything the
 * generation, a batch and a hosted link need to know about it, so that adding a format is one
 * module and its line in document-formats.ts, never a branch in a route or a use-case.
 */
export interface DocumentFormat {
  readonly output: Output;
  /** What the month is charged (D21): by this output, a hosted link adding a PDF (D42). */
  readonly meteredAs: MeteredOutput;
  /** The document prints the logo and signature, so they are fetched before numbering (D26). */
  readonly printsImages: boolean;
  /** Its bytes are what the hosted link serves (D24): kept with the snapshot once made. */
  readonly servesHostedLink: boolean;
  /**
   * Does what can fail before the invoice's number is drawn, so a failure uses no number (D15), and
   * returns the document to make once numbered; undefined for JSON, whose answer is the computed
   * invoice itself.
   */
  prepare(invoice: Invoice, ports: DocumentPorts): PreparedDocument | undefined;
}

/** A document ready to be made: its file, and the step that makes it from the numbered invoice. */
export interface PreparedDocument {
  readonly file: DocumentFile;
  readonly write: DocumentWriter;
}
