import type { HybridForm } from '../documents/document-kind.ts';
import type { Invoice } from '../invoice/invoice-schema.ts';
import { qrSvg } from '../qr/qr-svg.ts';
import type { InvoiceQr } from '../qr/resolve-invoice-qr.ts';
import { buildInvoiceView, imageFileName, QR_FILE_NAME } from './build-invoice-view.ts';
import type { InvoiceView, PdfFileOptions, RenderAsset } from './invoice-view.ts';

/** A logo or signature as checked (D26): its bytes and what they are. */
export interface PdfImage {
  readonly format: 'png' | 'jpeg';
  readonly bytes: Uint8Array;
}

/** The images an invoice prints; a hosted snapshot keeps them so a link never fetches (D24). */
export interface PdfImages {
  readonly logo?: PdfImage | undefined;
  readonly signature?: PdfImage | undefined;
}

/** D40: the CII a hybrid PDF carries, and the Factur-X / ZUGFeRD profile it is carried under. */
export interface EmbeddedEInvoice {
  readonly xml: string;
  readonly hybrid: HybridForm;
}

/** What the renderer takes: the worded invoice, the files it names and how the file is written. */
export interface PdfInput {
  readonly view: InvoiceView;
  readonly assets: readonly RenderAsset[];
  readonly file: PdfFileOptions;
}

/**
 * The render input of a numbered invoice: the same invoice, images, QR and e-invoice give the
 * same input, so a hosted link renders what the generation rendered, byte for byte: the PDF's
 * date is the invoice's issue date, not the moment of rendering. Pure.
 */
export function pdfInput(invoice: Invoice, images: PdfImages, qr: Pick<InvoiceQr, 'source' | 'payload'> | undefined, einvoice?: EmbeddedEInvoice): PdfInput {
  const { logo, signature } = images;
  const view = buildInvoiceView(invoice, {
    ...(logo === undefined ? {} : { logo: logo.format }),
    ...(signature === undefined ? {} : { signature: signature.format }),
    ...(qr === undefined ? {} : { qr: { source: qr.source } }),
    ...(einvoice === undefined ? {} : { attachment: { file: einvoice.hybrid.fileName, description: attachmentDescription(invoice, einvoice.hybrid) } }),
  });
  const assets: RenderAsset[] = [];
  if (logo !== undefined) assets.push({ name: imageFileName('logo', logo.format), bytes: logo.bytes });
  if (signature !== undefined) assets.push({ name: imageFileName('signature', signature.format), bytes: signature.bytes });
  if (qr !== undefined) assets.push({ name: QR_FILE_NAME, bytes: Buffer.from(qrSvg(qr.payload)) });
  if (einvoice !== undefined) assets.push({ name: einvoice.hybrid.fileName, bytes: Buffer.from(einvoice.xml, 'utf8') });
  const hybrid = einvoice === undefined ? {} : { hybrid: { fileName: einvoice.hybrid.fileName, conformanceLevel: einvoice.hybrid.conformanceLevel } };
  return { view, assets, file: { date: invoice.date, ...hybrid } };
}

/** What a PDF reader lists beside the attachment: which document it is and under which profile. */
function attachmentDescription(invoice: Invoice, hybrid: HybridForm): string {
  const kind = invoice.document_type === 'credit_note' ? 'credit note' : 'invoice';
  return `${hybrid.title} ${kind} ${invoice.number} (CII, ${hybrid.conformanceLevel})`;
}
