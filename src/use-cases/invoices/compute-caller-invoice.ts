import { anonymousInvoiceNumber } from '../../domain/invoice/anonymous-invoice-number.ts';
import { computeInvoiceResult } from '../../domain/invoice/compute-invoice.ts';
import { checkEInvoiceCodes } from '../../domain/einvoice/check-einvoice-codes.ts';
import type { DocumentKind } from '../../domain/documents/document-kind.ts';
import { DOCUMENT_KINDS } from '../../domain/documents/document-kinds.ts';
import { kindFor } from '../../domain/documents/kind-for.ts';
import { planEInvoice, planWarnings } from '../../domain/einvoice/check-einvoice-profile.ts';
import type { HostedLink } from '../../domain/hosted/hosted-link.ts';
import type { GenerationWarning } from '../../domain/limits/hosted-link-omitted.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import type { VatBreakdown } from '../../domain/invoice/vat-breakdown.ts';
import type { EInvoice } from '../../domain/einvoice/einvoice.ts';
import { takeRandomBytes } from '../../lib/random-bytes-pool.ts';
import { utcDate } from '../../lib/utc-date.ts';
import type { Caller } from '../caller.ts';
import { resolveInvoiceQr, type InvoiceQr } from '../../domain/qr/resolve-invoice-qr.ts';

export interface CallerInvoice {
  readonly invoice: Invoice;
  /** The QR the PDF carries, checked; undefined when features.qr is off or there is none. */
  readonly qr: InvoiceQr | undefined;
  /** What the pre-flight lets through but the answer must say: a UBL document without EN 16931 conformance (not_en16931). */
  readonly warnings: readonly GenerationWarning[];
  /** The kind of document the invoice is made as: the one asked for, or what the pre-flight fell back to. */
  readonly kind: DocumentKind;
  /** The engine's VAT breakdown, worked out once when first asked for. */
  readonly breakdown: () => VatBreakdown;
  /** The EN 16931 document the pre-flight built as `kind`, which its maker writes. */
  readonly document: EInvoice | undefined;
}

/** Stands in for an account's number until the computation has succeeded (see below). */
const PENDING_NUMBER = 'INV-PENDING';

/**
 * One invoice for one caller: apply the caller-dependent defaults (D14), number it (D15), compute
 * it (D1–D12) and check what its e-invoice profile needs (D39). An anonymous caller must have
 * passed refuseAnonymousExtras first (the generation runs it before anything else, spec
 * Authentication rule 2). Pure but for randomness; `nowMs` is passed in so tests can fix the date.
 * Anonymous numbers are random; an account's number is drawn by recordAccountInvoice once this has
 * succeeded. With a hosted link (accounts only) the invoice carries it, and the QR encodes it
 * unless payment.qr is given (D25). Only the caller's kind matters here, so the offline CLI
 * (src/cli) computes as an account does.
 */
export function computeCallerInvoice(request: InvoiceRequest, caller: Pick<Caller, 'kind'>, nowMs: number, link?: HostedLink, kinds: readonly DocumentKind[] = DOCUMENT_KINDS): CallerInvoice {
  const today = utcDate(nowMs);
  const number = request.invoice?.number
    ?? (caller.kind === 'anonymous' ? anonymousInvoiceNumber(request.document_type ?? 'invoice', issueDateOf(request, nowMs), takeRandomBytes(6)) : PENDING_NUMBER);
  checkEInvoiceCodes(request);
  const { invoice, breakdown } = computeInvoiceResult(request, { today, number });
  // An e-invoice's profile is checked before anything is drawn, stored or metered.
  const plan = planEInvoice(invoice, breakdown, kindFor(request.output ?? 'json', request.profile, kinds), kinds);
  if (link !== undefined) {
    invoice.hosted_url = link.url;
    invoice.hosted_expires_at = link.expiresAt;
  }
  const qr = caller.kind === 'anonymous' ? undefined : invoiceQr(request, invoice);
  if (qr !== undefined) invoice.qr = { source: qr.source, type: qr.type };
  return { invoice, qr, warnings: planWarnings(plan), kind: plan.kind, breakdown, document: plan.document };
}

/** D25 with D14's default (features.qr is on for authenticated callers unless turned off). */
export function invoiceQr(request: InvoiceRequest, invoice: Invoice): InvoiceQr | undefined {
  return resolveInvoiceQr({
    payment: request.payment,
    featuresQr: request.features?.qr ?? true,
    hostedUrl: invoice.hosted_url,
    balanceDue: invoice.balance_due,
    currency: invoice.currency,
    invoiceNumber: invoice.number,
  });
}


/** The issue date the invoice will carry: invoice.date, else today in UTC. */
export function issueDateOf(request: InvoiceRequest, nowMs: number): string {
  return request.invoice?.date ?? utcDate(nowMs);
}
