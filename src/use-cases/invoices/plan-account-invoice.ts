import type { DocumentKind } from '../../domain/documents/document-kind.ts';
import { DOCUMENT_KINDS } from '../../domain/documents/document-kinds.ts';
import { newHostedLink, type HostedLink } from '../../domain/hosted/hosted-link.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { AccountCaller } from '../caller.ts';
import type { HostedLinkAsk } from '../../domain/limits/document-cost.ts';
import { computeCallerInvoice, type CallerInvoice } from './compute-caller-invoice.ts';

/** What signing hosted links needs. */
export interface HostedLinkSettings {
  /** LINK_SIGNING_SECRET. */
  readonly secret: string;
  /** PUBLIC_URL: links point at it. */
  readonly publicUrl: string;
}

/**
 * An account's invoice computed and checked, not yet numbered or metered. Nothing changes it
 * afterwards: recording makes a new, numbered value of it (IssuedInvoice).
 */
export interface PlannedInvoice extends CallerInvoice {
  readonly request: InvoiceRequest;
  /** On unless features.hosted_link is false; dropped at metering when only defaulted (D42). */
  readonly link: HostedLink | undefined;
  /** How the request asked for the link: what metering may do when its cost does not fit (D42). */
  readonly linkAsk: HostedLinkAsk;
}

/** Computes an account's invoice with its hosted link; throws the request's AppError if it fails. */
export function planAccountInvoice(request: InvoiceRequest, caller: AccountCaller, nowMs: number, links: HostedLinkSettings, kinds: readonly DocumentKind[] = DOCUMENT_KINDS): PlannedInvoice {
  const linkAsk = hostedLinkAsk(request);
  const link = linkAsk === 'off' ? undefined : newHostedLink(links.secret, links.publicUrl, nowMs);
  return { ...computeCallerInvoice(request, caller, nowMs, link, kinds), request, link, linkAsk };
}

/** How the request asks for its hosted link (on by default): what metering may do with it. */
export function hostedLinkAsk(request: InvoiceRequest): HostedLinkAsk {
  const asked = request.features?.hosted_link;
  return asked === undefined ? 'default' : asked ? 'explicit' : 'off';
}
