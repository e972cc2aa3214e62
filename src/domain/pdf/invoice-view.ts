import type { FacturXMetadata } from './factur-x-xmp.ts';
import type { Theme } from './themes.ts';

/**
 * Everything templates/invoice.typ prints, already worded and formatted: labels in the invoice's
 * language, money and dates through Intl (D12, D29). The template only places these strings, so
 * the caller's text is never markup and all formatting is tested here, in TypeScript.
 */
export interface InvoiceView {
  readonly lang: string;
  readonly dir: 'ltr' | 'rtl';
  /** Font families in fallback order, the language's own script first. */
  readonly fonts: readonly string[];
  /** Typst paper name: "a4" or "us-letter". */
  readonly paper: 'a4' | 'us-letter';
  readonly theme: Theme;
  readonly title: string;
  readonly number: string;
  /**
   * [label, value] rows under the title: number, date, the referenced invoice, due date,
   * delivery date and period, PO, buyer, contract and project references, the caller's custom
   * fields (whose labels are the caller's text too), terms; a credit note has no due date or terms.
   */
  readonly meta: ReadonlyArray<readonly [string, string]>;
  readonly parties: ReadonlyArray<{ readonly heading: string; readonly name: string; readonly lines: readonly string[] }>;
  readonly columns: ReadonlyArray<{ readonly label: string; readonly numeric: boolean }>;
  readonly items: ReadonlyArray<{
    /** The seller's item id (BT-155), printed before the description, or null. */
    readonly item_id: string | null;
    /** One cell per column, in the order of `columns`; the first is the description. */
    readonly cells: readonly string[];
    /** Smaller lines under the description: the line's note (BT-127), its period (BG-26), its charges (BG-28, "+€7.99 Express shipping"). */
    readonly details: readonly string[];
  }>;
  /** Subtotal to balance in the order the amounts apply (totals-rows.ts). */
  readonly totals: ReadonlyArray<{ readonly label: string; readonly value: string; readonly strong: boolean }>;
  /** D36: beside the totals, why no VAT is charged on the lines and totals rows marked with a category ("AE: Reverse charge"). */
  readonly tax_notes: readonly string[];
  readonly payment: { readonly heading: string; readonly rows: ReadonlyArray<readonly [string, string]> } | null;
  /** The QR image is mapped into the compiler as `file`. */
  readonly qr: { readonly file: string; readonly caption: string } | null;
  /** File name of the logo image in the compiler, or null. */
  readonly logo: string | null;
  readonly signature: { readonly file: string; readonly label: string } | null;
  /** Notes and refund policy, in that order, when present. */
  readonly sections: ReadonlyArray<{ readonly heading: string; readonly text: string }>;
  readonly footer: string | null;
  /** PAID or PARTIAL stamp; never on a credit note. */
  readonly stamp: { readonly text: string; readonly color: string } | null;
  /**
   * D40: the e-invoice a hybrid PDF carries, mapped into the compiler as `file` (factur-x.xml or
   * xrechnung.xml) and attached with AFRelationship /Alternative, MIME text/xml; null for a plain PDF.
   */
  readonly attachment: { readonly file: string; readonly description: string } | null;
}

/** How the PDF file itself is written, beside what it shows. */
export interface PdfFileOptions {
  /**
   * The document's date (Info and XMP creation and modification dates), YYYY-MM-DD: the invoice's
   * issue date at 00:00 UTC, so the same request gives the same bytes. Left
   * out, Typst takes the moment of rendering.
   */
  readonly date?: string;
  /** PDF/A-3b with the Factur-X XMP properties; absent for a plain PDF. */
  readonly hybrid?: FacturXMetadata;
}

/** A file the template reads besides data.json: images, by the name the view gives them. */
export interface RenderAsset {
  readonly name: string;
  readonly bytes: Uint8Array;
}
