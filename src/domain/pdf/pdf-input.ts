import type { Invoice } from '../invoice/invoice-schema.ts';
import { qrSvg } from '../qr/qr-svg.ts';
import type { InvoiceQr } from '../qr/resolve-invoice-qr.ts';
import { buildInvoiceView, imageFileName, QR_FILE_NAME } from './build-invoice-view.ts';
import type { InvoiceView, RenderAsset } from './invoice-view.ts';

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

/** What the renderer takes: the worded invoice and the files it names. */
export interface PdfInput {
  readonly view: InvoiceView;
  readonly assets: readonly RenderAsset[];
}

/**
 * The render input of a numbered invoice: the same invoice, images and QR give the same input, so
 * a hosted link renders what the generation rendered. Pure.
 */
export function pdfInput(invoice: Invoice, images: PdfImages, qr: Pick<InvoiceQr, 'source' | 'payload'> | undefined): PdfInput {
  const { logo, signature } = images;
  const view = buildInvoiceView(invoice, {
    ...(logo === undefined ? {} : { logo: logo.format }),
    ...(signature === undefined ? {} : { signature: signature.format }),
    ...(qr === undefined ? {} : { qr: { source: qr.source } }),
  });
  const assets: RenderAsset[] = [];
  if (logo !== undefined) assets.push({ name: imageFileName('logo', logo.format), bytes: logo.bytes });
  if (signature !== undefined) assets.push({ name: imageFileName('signature', signature.format), bytes: signature.bytes });
  if (qr !== undefined) assets.push({ name: QR_FILE_NAME, bytes: Buffer.from(qrSvg(qr.payload)) });
  return { view, assets };
}
