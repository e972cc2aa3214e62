import type { DocumentKind } from '../../domain/documents/document-kind.ts';
import { DOCUMENT_KINDS } from '../../domain/documents/document-kinds.ts';
import { newHostedLink, type HostedLink } from '../../domain/hosted/hosted-link.ts';
import type { PdfImages } from '../../domain/pdf/pdf-input.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { AccountCaller } from '../caller.ts';
import type { HostedLinkAsk } from '../../domain/limits/document-cost.ts';
import { type GenerationWarning } from '../../domain/limits/hosted-link-omitted.ts';
import { computeCallerInvoice, type CallerInvoice } from './compute-caller-invoice.ts';

/** What signing hosted links needs. */
export interface HostedLinkSettings {
  /** LINK_SIGNING_SECRET. */
  readonly secret: string;
  /** PUBLIC_URL: links point at it. */
  readonly publicUrl: string;
}

/**
 * An account's invoice computed and checked, not yet numbered or metered. `images` are set when a
 * PDF or a hosted snapshot will need them (loadPdfImages), before anything is recorded.
 */
export interface PlannedInvoice extends CallerInvoice {
  readonly request: InvoiceRequest;
  /** On unless features.hosted_link is false; dropped at metering when only defaulted (D42). */
  link: HostedLink | undefined;
  /** How the request asked for the link: what metering may do when its cost does not fit (D42). */
  readonly linkAsk: HostedLinkAsk;
  images: PdfImages | undefined;
  /** meta.warnings of the answer: the pre-flight's (not_en16931), then a defaulted link left out. */
  readonly warnings: GenerationWarning[];
}

/** Computes an account's invoice with its hosted link; throws the request's AppError if it fails. */
export function planAccountInvoice(request: InvoiceRequest, caller: AccountCaller, nowMs: number, links: HostedLinkSettings, kinds: readonly DocumentKind[] = DOCUMENT_KINDS): PlannedInvoice {
  const linkAsk = hostedLinkAsk(request);
  const link = linkAsk === 'off' ? undefined : newHostedLink(links.secret, links.publicUrl, nowMs);
  const computed = computeCallerInvoice(request, caller, nowMs, link, kinds);
  return { ...computed, request, link, linkAsk, images: undefined, warnings: [...computed.warnings] };
}

/** How the request asks for its hosted link (on by default): what metering may do with it. */
export function hostedLinkAsk(request: InvoiceRequest): HostedLinkAsk {
  const asked = request.features?.hosted_link;
  return asked === undefined ? 'default' : asked ? 'explicit' : 'off';
}
