import { extname } from 'node:path';
import { AppError } from '../errors/app-error.ts';
import { validateInvoiceRequest } from '../requests/validate-invoice-request.ts';
import type { InvoiceRequest } from '../domain/invoice/invoice-request-schema.ts';
import type { DocumentPorts } from '../use-cases/documents/document-maker.ts';
import { DOCUMENT_CATALOG, prepareDocument } from '../use-cases/documents/document-makers.ts';
import { computeCallerInvoice } from '../use-cases/invoices/compute-caller-invoice.ts';
import { loadPdfImages } from '../use-cases/invoices/load-pdf-images.ts';
import type { RequestOverrides } from './parse-cli-command.ts';

/** A document made offline, with the extension its file takes. */
export interface OfflineDocument {
  readonly document: Uint8Array | string;
  /** `.json`, `.pdf` or `.xml`. */
  readonly extension: string;
  /** Things the user should know that do not stop the render. */
  readonly notes: readonly string[];
}

export interface RenderOfflineOptions {
  readonly overrides: RequestOverrides;
  /** --number: the number of a request without invoice.number. */
  readonly number: string | undefined;
  /** Unix ms: the date of a request without invoice.date (D14). */
  readonly nowMs: number;
}

/**
 * Offline renders compute as an account's request does (PDFs allowed, features.qr on by
 * default), never as an anonymous one.
 */
const OFFLINE_CALLER = { kind: 'account' } as const;

/**
 * One request, parsed JSON, made into its document as POST /api/generate-invoice makes it for an
 * account with `features.hosted_link: false`: the same validation and messages (D13, D16), the
 * same engine and pre-flight (computeCallerInvoice), the same kinds and makers, image loading
 * (D26) and renderer. What needs the service is left out or asked of the caller: the number (D15
 * draws it from the account's sequence) and the hosted link (D24).
 */
export async function renderOffline(raw: unknown, options: RenderOfflineOptions, ports: DocumentPorts): Promise<OfflineDocument> {
  const request = offlineRequest(raw, options);
  const notes = request.features?.hosted_link === true
    ? ['features.hosted_link is ignored offline: a hosted link is served by the service; `invoice send` makes one']
    : [];
  const computed = computeCallerInvoice(request, OFFLINE_CALLER, options.nowMs);
  const { invoice, qr, warnings, kind } = computed;
  // What the API says in X-Warnings (a UBL document without EN 16931 conformance) is said here too.
  for (const warning of warnings) notes.push(`${warning.code}: ${warning.message}`);
  const prepared = prepareDocument(DOCUMENT_CATALOG, kind, computed, ports);
  // The API's answer to output "json" carries this object as `invoice`.
  if (prepared === undefined) return { document: `${JSON.stringify(invoice, null, 2)}\n`, extension: '.json', notes };
  const images = kind.images !== 'none' ? await loadPdfImages(request, { allowHosts: [] }) : {};
  const document = await prepared.write({ invoice, images, qr });
  return { document, extension: extname(prepared.file.fileName), notes };
}

/** The request validated as the API validates it, with the command line's fields and number. */
function offlineRequest(raw: unknown, options: RenderOfflineOptions): InvoiceRequest {
  // Replaced before validation, so the request is judged with them; a body that is not an object
  // is left as it is for the validator to name.
  const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw);
  const request = validateInvoiceRequest(isObject ? { ...raw, ...options.overrides } : raw, 'body');
  if (request.invoice?.number !== undefined) return request;
  if (options.number === undefined) {
    throw new AppError('validation_error', 'invoice.number is required offline: add it to the request file or pass --number (the service draws an account\'s next number; a render without the service cannot).');
  }
  // Validated again, so --number meets the schema's rules for invoice.number.
  return validateInvoiceRequest({ ...request, invoice: { ...request.invoice, number: options.number } }, 'body');
}
