/** A document answer: the file, with the headers that go with it. */
export interface DocumentFile {
  /** From Content-Disposition, e.g. invoice.pdf or invoice.xml. */
  readonly filename: string | undefined;
  readonly mediaType: string;
  /** X-Hosted-Url: the 7-day signed link, when the invoice has one. */
  readonly hostedUrl: string | undefined;
  /** X-Warnings codes, e.g. hosted_link_omitted. */
  readonly warnings: readonly string[];
  readonly requestId: string | undefined;
  /** The Idempotency-Key sent (on generation). */
  readonly idempotencyKey: string | undefined;
}
export interface PdfDocument extends DocumentFile { readonly kind: 'pdf'; readonly bytes: Uint8Array }
export interface XmlDocument extends DocumentFile { readonly kind: 'xml'; readonly xml: string }

/** The headers of a document answer, read once; the body is the caller's to read. */
export function documentFile(response: Response, idempotencyKey: string | undefined): DocumentFile {
  const warnings = response.headers.get('x-warnings');
  return {
    filename: filenameOf(response.headers.get('content-disposition')),
    mediaType: response.headers.get('content-type') ?? 'application/octet-stream',
    hostedUrl: response.headers.get('x-hosted-url') ?? undefined,
    warnings: warnings === null ? [] : warnings.split(',').map((code) => code.trim()).filter((code) => code !== ''),
    requestId: response.headers.get('x-request-id') ?? undefined,
    idempotencyKey,
  };
}

/** The file name of a Content-Disposition: filename* (RFC 8187, the exact UTF-8 name) before filename. */
function filenameOf(header: string | null): string | undefined {
  if (header === null) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended !== null) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      // A malformed escape: fall back to the ASCII name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? /filename=([^;]+)/i.exec(header)?.[1]?.trim();
}
