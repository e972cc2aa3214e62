import type { Kysely } from 'kysely';
import { HOSTED_ID_PATTERN, hostedLinkAlive, hostedSignatureMatches } from '../../domain/hosted/hosted-link.ts';
import { echoedParty } from '../../domain/invoice/echoed-party.ts';
import type { PdfImage } from '../../domain/pdf/pdf-input.ts';
import type { PdfRenderer } from '../../render/pdf-renderer.ts';
import { pdfKindOf } from '../../domain/documents/kind-for.ts';
import { DOCUMENT_CATALOG, prepareDocument } from '../documents/document-makers.ts';
import type { Invoice } from '../../domain/invoice/invoice-schema.ts';
import { computeInvoiceResult } from '../../domain/invoice/compute-invoice.ts';
import { exactInvoiceOfStored } from '../../domain/invoice/exact-invoice-of-stored.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import { computeVatBreakdown } from '../../domain/invoice/vat-breakdown.ts';
import { findHostedImage } from '../../storage/repositories/hosted-images-repository.ts';
import { findHostedInvoice, findHostedPdf, storeHostedPdf, type HostedInvoiceRow } from '../../storage/repositories/hosted-invoices-repository.ts';
import type { Tables } from '../../storage/tables.ts';
import type { TransactionRunner } from '../../storage/write-group.ts';

export interface HostedInvoiceReaderDeps {
  readonly db: Kysely<Tables>;
  readonly inTransaction: TransactionRunner;
  /** LINK_SIGNING_SECRET. */
  readonly secret: string;
  readonly pdfRenderer: () => PdfRenderer;
  /** Told when a rendered PDF could not be kept (the next open renders again). */
  readonly onKeepFailure: (error: unknown) => void;
  /** Told why a link's document could not be made. */
  readonly onRenderFailure: (reason: string) => void;
}

/** A live snapshot, found by a valid link. */
export interface HostedSnapshot {
  readonly id: string;
  readonly invoice: Invoice;
  readonly row: HostedInvoiceRow;
}

export interface HostedInvoiceReader {
  /**
   * The snapshot a link opens, or undefined for every kind of bad link alike: unknown id, wrong,
   * truncated or foreign t, expired. Nothing here tells them apart, to the caller or in time: the
   * signature is computed and compared in constant time even when the id is unknown.
   */
  open(id: string, t: string | undefined, nowMs: number): Promise<HostedSnapshot | undefined>;
  /** The snapshot's PDF: the bytes kept at generation, else rendered once now and kept. */
  pdf(snapshot: HostedSnapshot): Promise<Uint8Array>;
}

export function createHostedInvoiceReader(deps: HostedInvoiceReaderDeps): HostedInvoiceReader {
  // One render per snapshot at a time in this process: a link opened by many at once renders once.
  const rendering = new Map<string, Promise<Uint8Array>>();

  const image = async (hash: string | null, format: 'png' | 'jpeg' | null): Promise<PdfImage | undefined> => {
    if (hash === null || format === null) return undefined;
    const bytes = await findHostedImage(deps.db, hash);
    // Images outlive the snapshots that print them (hosted-images-repository.ts).
    if (bytes === undefined) throw new Error(`hosted image ${hash} is missing`);
    return { format, bytes };
  };

  const render = async (snapshot: HostedSnapshot): Promise<Uint8Array> => {
    const { row, invoice } = snapshot;
    const [logo, signature] = await Promise.all([image(row.logo_hash, row.logo_format), image(row.signature_hash, row.signature_format)]);
    const qr = row.qr_payload === null || invoice.qr === undefined ? undefined : { source: invoice.qr.source, payload: row.qr_payload };
    // The link serves the PDF of the invoice's profile, made from the snapshot as the generation
    // made it: its amounts computed again by the engine from the request the snapshot keeps (a
    // snapshot stored before requests were kept reads them from its invoice instead).
    const request = row.request === null ? undefined : JSON.parse(row.request) as InvoiceRequest;
    const breakdown = request === undefined
      ? () => computeVatBreakdown(exactInvoiceOfStored(invoice))
      : computeInvoiceResult(request, { today: invoice.date, number: invoice.number }).breakdown;
    const { write } = prepareDocument(DOCUMENT_CATALOG, pdfKindOf(invoice.profile), { invoice, breakdown }, { pdfRenderer: deps.pdfRenderer, onFailure: deps.onRenderFailure })!;
    const pdf = await write({ invoice, images: { logo, signature }, qr }) as Uint8Array;
    try {
      await deps.inTransaction((tx) => storeHostedPdf(tx, row.id, pdf));
      // Another instance may have kept its rendering first; serve the kept bytes, every time.
      return (await findHostedPdf(deps.db, row.id)) ?? pdf;
    } catch (error) {
      deps.onKeepFailure(error);
      return pdf;
    }
  };

  return {
    async open(id, t, nowMs) {
      const row = HOSTED_ID_PATTERN.test(id) ? await findHostedInvoice(deps.db, id) : undefined;
      const expiresAt = row === undefined ? 0 : row.expires_at / 1000;
      const signed = hostedSignatureMatches(deps.secret, id, expiresAt, t ?? '');
      if (row === undefined || !signed || !hostedLinkAlive(expiresAt, nowMs)) return undefined;
      const invoice = JSON.parse(row.invoice) as Invoice;
      // D45: snapshots stored before data: URI logos were left out of the echo may still hold one;
      // the PDF takes the image from the kept bytes, so the JSON can go without it.
      return { id: row.id, invoice: { ...invoice, from: echoedParty(invoice.from), to: echoedParty(invoice.to) }, row };
    },

    async pdf(snapshot) {
      const kept = await findHostedPdf(deps.db, snapshot.id);
      if (kept !== undefined) return kept;
      let pending = rendering.get(snapshot.id);
      if (pending === undefined) {
        pending = render(snapshot).finally(() => rendering.delete(snapshot.id));
        rendering.set(snapshot.id, pending);
      }
      return pending;
    },
  };
}
