import { buildInvoiceView, imageFileName, QR_FILE_NAME } from '../domain/pdf/build-invoice-view.ts';
import type { InvoiceView, RenderAsset } from '../domain/pdf/invoice-view.ts';
import { qrSvg } from '../domain/qr/qr-svg.ts';
import type { InvoiceQr } from '../domain/qr/resolve-invoice-qr.ts';
import { loadImage } from '../images/load-image.ts';
import type { InvoiceRequest } from '../schemas/invoice-request.ts';
import type { Invoice } from '../schemas/invoice-response.ts';

export interface PreparedPdf {
  /** Builds the view once the invoice carries its final number (D15: drawn after every check). */
  view(invoice: Invoice): InvoiceView;
  readonly assets: readonly RenderAsset[];
}

/**
 * Everything a PDF needs that can still fail on the caller's input — the logo and signature
 * fetched and checked (D26), the QR built (D25) — so that it fails before an invoice number is
 * drawn and nothing is used up by a refused request.
 */
export async function prepareInvoicePdf(
  request: InvoiceRequest,
  qr: InvoiceQr | undefined,
  options: { readonly allowHosts: readonly string[] },
): Promise<PreparedPdf> {
  const [logo, signature] = await Promise.all([
    request.from.logo === undefined ? undefined : loadImage(request.from.logo, 'logo', options),
    request.signature === undefined ? undefined : loadImage(request.signature, 'signature', options),
  ]);
  const extras = {
    ...(logo === undefined ? {} : { logo: logo.format }),
    ...(signature === undefined ? {} : { signature: signature.format }),
    ...(qr === undefined ? {} : { qr: { source: qr.source } }),
  };
  const assets: RenderAsset[] = [];
  if (logo !== undefined) assets.push({ name: imageFileName('logo', logo.format), bytes: logo.bytes });
  if (signature !== undefined) assets.push({ name: imageFileName('signature', signature.format), bytes: signature.bytes });
  if (qr !== undefined) assets.push({ name: QR_FILE_NAME, bytes: Buffer.from(qrSvg(qr.payload)) });
  return { view: (invoice) => buildInvoiceView(invoice, extras), assets };
}
