import { computeInvoice } from '../../domain/invoice/compute-invoice.ts';
import type { Language, Template } from '../../domain/invoice/catalog.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import { pdfInput } from '../../domain/pdf/pdf-input.ts';
import { LABELS } from '../../domain/wording/labels.ts';
import type { PdfRenderer } from '../../render/pdf-renderer.ts';
import type { Inspection } from './inspection.ts';

/** A value longer than this (an attached document in base64) is printed cut, with its length. */
const MAX_PRINTED_VALUE_CHARS = 200;

const shortened = (value: string): string =>
  (value.length <= MAX_PRINTED_VALUE_CHARS ? value : `${value.slice(0, MAX_PRINTED_VALUE_CHARS)}… (${value.length} characters)`);

export interface CopyOptions {
  readonly language: Language;
  readonly template: Template;
}

/**
 * D51: the received invoice rendered by the service's own templates for reading, headed as a copy
 * whose original is the XML, in the language and template asked for; every term the request could
 * not carry is listed in a section at its end, so nothing the document says is left out silently.
 * No QR, no hosted link: a copy points nowhere. Returns undefined when the document could not be
 * read into a request whose totals compute.
 */
export async function renderReadableCopy(renderer: PdfRenderer, inspection: Inspection, options: CopyOptions, today: string): Promise<Buffer | undefined> {
  const received = inspection.invoice;
  if (received === null || inspection.totals === null) return undefined;
  const labels = LABELS[options.language];
  const request: InvoiceRequest = {
    ...received,
    // A credit note that names no invoice still prints, as its totals were computed.
    ...(received.document_type === 'credit_note' && received.billing_reference === undefined ? { document_type: 'invoice' as const } : {}),
    invoice: { ...received.invoice, language: options.language, title: labels.copy_for_reading },
    template: options.template,
    features: { hosted_link: false, qr: false },
  };
  const invoice = computeInvoice(request, { today, number: received.invoice?.number ?? '—' });
  const input = pdfInput(invoice, {}, undefined);
  const notCarried = inspection.not_carried.map((n) => `${n.term === null ? '' : `${n.term} `}${n.path}: ${shortened(n.value)}`);
  const view = notCarried.length === 0 ? input.view : { ...input.view, sections: [...input.view.sections, { heading: labels.not_carried, text: notCarried.join('\n') }] };
  return renderer.render(view, input.assets, input.file);
}
