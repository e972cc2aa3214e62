import type { PdfImages } from '../../domain/pdf/pdf-input.ts';
import { loadImage, type ImageField, type LoadedImage } from '../../images/load-image.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';

/**
 * Loads already started for one request, by field and source: the items of a batch that share a
 * logo URL fetch it once. Scoped to one request, never shared between callers.
 */
export type ImageLoads = Map<string, Promise<LoadedImage>>;

export interface LoadPdfImagesOptions {
  /** OUTBOUND_ALLOW_HOSTS (D26). */
  readonly allowHosts: readonly string[];
  readonly loads?: ImageLoads;
}

/**
 * The logo and signature fetched and checked (D26), before an invoice number is drawn, so an image
 * that fails refuses the request without using anything up.
 */
export async function loadPdfImages(request: InvoiceRequest, options: LoadPdfImagesOptions): Promise<PdfImages> {
  const load = (source: string | undefined, field: ImageField) => {
    if (source === undefined) return undefined;
    if (options.loads === undefined) return loadImage(source, field, options);
    const key = `${field}\n${source}`;
    let pending = options.loads.get(key);
    if (pending === undefined) {
      pending = loadImage(source, field, options);
      options.loads.set(key, pending);
    }
    return pending;
  };
  const [logo, signature] = await Promise.all([load(request.from.logo, 'logo'), load(request.signature, 'signature')]);
  return {
    ...(logo === undefined ? {} : { logo: { format: logo.format, bytes: logo.bytes } }),
    ...(signature === undefined ? {} : { signature: { format: signature.format, bytes: signature.bytes } }),
  };
}
