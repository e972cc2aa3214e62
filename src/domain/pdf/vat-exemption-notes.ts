import { EXEMPT_CATEGORIES, type Language, type TaxCategory } from '../invoice/catalog.ts';
import type { Invoice } from '../invoice/invoice-schema.ts';
import { labelValue } from '../wording/labels.ts';
import { EXEMPTION_WORDING, exemptionText } from '../wording/exemption-wording.ts';
import { isolateLeftToRight } from './isolate-left-to-right.ts';

export interface VatExemptionNotes {
  /** Per line: the exempt category it is in (E, AE, K, G, O), printed in the tax column; else undefined. */
  readonly markers: ReadonlyArray<TaxCategory | undefined>;
  /** "AE: Reverse charge", one per distinct text, in the order the lines first use them. */
  readonly notes: readonly string[];
}

/**
 * D36: why no VAT is charged, in the invoice language, as the law asks an invoice to state it
 * (Directive 2006/112/EC, Art. 226 (11), (11a)). A line's category is its own tax_category, else
 * the invoice's; its reason and code are its own, else the invoice's, as in the e-invoice
 * (compute-einvoice-amounts.ts), so the PDF and the XML say the same. Only a named category gives a
 * note: an invoice that names none and charges no tax says nothing, as before D36. Shipping is not
 * looked at: untaxed shipping follows the lines' category or none (D7), so it adds no text.
 */
export function vatExemptionNotes(invoice: Invoice): VatExemptionNotes {
  const language: Language = invoice.language;
  const notes: string[] = [];
  const markers = invoice.items.map((item) => {
    const category = item.tax_category ?? invoice.tax_category;
    if (category === undefined || !EXEMPT_CATEGORIES.has(category)) return undefined;
    const code = item.tax_exemption_code ?? invoice.tax_exemption_code;
    const reason = item.tax_exemption_reason ?? invoice.tax_exemption_reason;
    // E with neither a reason nor a code (a plain PDF allows it; the e-invoice pre-flight does not)
    // still says what E means rather than leaving the marker unexplained.
    const text = exemptionText(category, code, reason, language) ?? EXEMPTION_WORDING[language].exempt;
    const note = labelValue(language, category, isolateLeftToRight(text, language));
    if (!notes.includes(note)) notes.push(note);
    return category;
  });
  return { markers, notes };
}
