import type { DocumentKind } from '../../domain/documents/document-kind.ts';
import { pdfKindOf } from '../../domain/documents/kind-for.ts';
import type { PdfImages } from '../../domain/pdf/pdf-input.ts';
import { imageError } from '../../images/image-error.ts';
import { loadImage, type ImageField, type LoadedImage } from '../../images/load-image.ts';
import { isCmykJpeg } from '../../images/read-jpeg-size.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';

/**
 * Loads already started for one request, by field and source: the items of a batch that share a
 * logo URL fetch it once. Scoped to one request, never shared between callers.
 */
export type ImageLoads = Map<string, Promise<LoadedImage>>;

export interface LoadPdfImagesOptions {
  /** OUTBOUND_ALLOW_HOSTS: hosts whose images may be fetched from non-public addresses. */
  readonly allowHosts: readonly string[];
  readonly loads?: ImageLoads;
  /** The kinds of document, to tell which PDF the invoice prints; the service's own unless given. */
  readonly kinds?: readonly DocumentKind[];
}

/**
 * The logo and signature fetched and checked, before an invoice number is drawn, so an image that
 * fails refuses the request without using anything up. For a PDF in sRGB (a hybrid) a CMYK JPEG is
 * refused too.
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
  // A hybrid is PDF/A-3b with an sRGB output intent, which cannot show a CMYK image; said here,
  // before the number is drawn, rather than as a pdf_error after it. The PDF an invoice prints
  // is its profile's, whatever the output (its hosted link serves it).
  const archival = pdfKindOf(request.profile, options.kinds).images === 'printed-srgb';
  const checked = async (source: string | undefined, field: ImageField) => {
    const image = await load(source, field);
    if (archival && image?.format === 'jpeg' && isCmykJpeg(image.bytes)) {
      throw imageError(field, `is a CMYK JPEG, which a hybrid e-invoice (profile "${request.profile}", PDF/A-3b in sRGB) cannot show: save it as an RGB JPEG or a PNG, or leave the profile out for a plain PDF`);
    }
    return image;
  };
  const [logo, signature] = await Promise.all([checked(request.from.logo, 'logo'), checked(request.signature, 'signature')]);
  return {
    ...(logo === undefined ? {} : { logo: { format: logo.format, bytes: logo.bytes } }),
    ...(signature === undefined ? {} : { signature: { format: signature.format, bytes: signature.bytes } }),
  };
}
