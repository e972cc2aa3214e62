import { EXEMPT_CATEGORIES, type Language, type TaxCategory } from '../invoice/catalog.ts';
import type { Invoice } from '../invoice/invoice-schema.ts';
import { lineCategories } from '../invoice/line-categories.ts';
import { parseDecimal } from '../money/parse-decimal.ts';
import { labelValue } from '../wording/labels.ts';
import { EXEMPTION_WORDING, exemptionText } from '../wording/exemption-wording.ts';
import { isolateLeftToRight } from './isolate-left-to-right.ts';

export interface VatExemptionNotes {
  /** Per line: the exempt category it is in (E, AE, K, G, O), printed in the tax column; else undefined. */
  readonly markers: ReadonlyArray<TaxCategory | undefined>;
  /** "AE: Reverse charge", one per distinct text, in the order the lines first use them, then the others. */
  readonly notes: readonly string[];
  /** The exempt categories the notes explain; an allowance, charge or shipping row in one names it. */
  readonly explained: ReadonlySet<TaxCategory>;
}

/**
 * D36: why no VAT is charged, in the invoice language, as the law asks an invoice to state it
 * (Directive 2006/112/EC, Art. 226 (11), (11a)). A line's category is its own tax_category, else
 * the invoice's; its reason and code are its own, else the invoice's, as in the e-invoice
 * (src/domain/invoice/vat-breakdown.ts), so the PDF and the XML say the same. Only a named
 * category gives a note: an invoice that names none and charges no tax says nothing, as it always did.
 *
 * An allowance, a charge or a shipping with its own tax category that is exempt and that no
 * line is in gets a note too, with the invoice's reason and code, which is what the e-invoice's
 * breakdown of that category carries; one in a line's category is explained by that line's note.
 * "No line is in" counts the categories the engine places the lines in, so an allowance placed in
 * the O of lines that named nothing stays unexplained, as those lines are. Untaxed shipping (D7)
 * has no category of its own and adds nothing.
 */
export function vatExemptionNotes(invoice: Invoice): VatExemptionNotes {
  const language: Language = invoice.language;
  const notes: string[] = [];
  const explained = new Set<TaxCategory>();
  const explain = (category: TaxCategory, code: string | undefined, reason: string | undefined) => {
    // E with neither a reason nor a code (a plain PDF allows it; the e-invoice pre-flight does not)
    // still says what E means rather than leaving the marker unexplained.
    const text = exemptionText(category, code, reason, language) ?? EXEMPTION_WORDING[language].exempt;
    const note = labelValue(language, category, isolateLeftToRight(text, language));
    if (!notes.includes(note)) notes.push(note);
    explained.add(category);
  };
  const markers = invoice.items.map((item) => {
    const category = item.tax_category ?? invoice.tax_category;
    if (category === undefined || !EXEMPT_CATEGORIES.has(category)) return undefined;
    explain(category, item.tax_exemption_code ?? invoice.tax_exemption_code, item.tax_exemption_reason ?? invoice.tax_exemption_reason);
    return category;
  });

  const others = [...invoice.allowances ?? [], ...invoice.charges ?? []].map((adjustment) => adjustment.tax_category as TaxCategory);
  if (invoice.shipping !== 0 && invoice.shipping_tax_category !== undefined) others.push(invoice.shipping_tax_category);
  if (others.some((category) => EXEMPT_CATEGORIES.has(category))) {
    const placed = new Set(lineCategories(invoice.items.map((item, i) => ({
      sent: item.tax_category ?? invoice.tax_category,
      rate: item.taxes.reduce((sum, tax) => sum + parseDecimal(tax.rate, `items[${i}].taxes`), 0n),
      hasTaxes: item.taxes.length > 0,
    }))).map((line) => line.code));
    for (const category of others) {
      if (EXEMPT_CATEGORIES.has(category) && !placed.has(category)) explain(category, invoice.tax_exemption_code, invoice.tax_exemption_reason);
    }
  }
  return { markers, notes, explained };
}
