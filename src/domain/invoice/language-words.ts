import type { Language } from './catalog.ts';

/**
 * The default heading (spec: title defaults to the INVOICE heading) in each language. Reviewed
 * word by word (docs/pdf.md, "Labels"): hi is बीजक, the word of the Hindi text of
 * India's GST law (कर बीजक, tax invoice), not चालान, which is a challan (a delivery or payment
 * slip); pt is Brazilian Portuguese (D29, locales.ts), where FATURA is the commercial invoice (a
 * Nota Fiscal is a document only the tax authority's system issues).
 */
export const INVOICE_TITLE: Readonly<Record<Language, string>> = {
  en: 'INVOICE', nl: 'FACTUUR', de: 'RECHNUNG', fr: 'FACTURE', es: 'FACTURA', pt: 'FATURA',
  ar: 'فاتورة', ja: '請求書', ru: 'СЧЁТ', it: 'FATTURA', hi: 'बीजक',
};

/**
 * The heading of a credit note. de is Rechnungskorrektur, not Gutschrift: in German VAT law
 * a Gutschrift is a self-billed invoice (§ 14 (2) UStG), which a seller's credit note is not. es
 * is Spain's factura rectificativa (the Spanish invoicing rules' name for it); pt is Brazilian
 * Portuguese; ja is 返還請求書, the return invoice of the Japanese invoice system; hi is the
 * term of India's GST law, used as is in Hindi.
 */
export const CREDIT_NOTE_TITLE: Readonly<Record<Language, string>> = {
  en: 'CREDIT NOTE', nl: 'CREDITNOTA', de: 'RECHNUNGSKORREKTUR', fr: 'AVOIR', es: 'FACTURA RECTIFICATIVA',
  pt: 'NOTA DE CRÉDITO', ar: 'إشعار دائن', ja: '返還請求書', ru: 'КРЕДИТ-НОТА', it: 'NOTA DI CREDITO', hi: 'क्रेडिट नोट',
};

/**
 * D4: a tax component sent without a name is called by the language's word for tax. pt is
 * Brazil's, which has no single value-added tax (ICMS, ISS, IPI, PIS, COFINS): "Imposto", not
 * Portugal's IVA. nl writes btw in lower case, capitalised at the start of a line as
 * in Btw-nummer.
 */
export const TAX_WORD: Readonly<Record<Language, string>> = {
  en: 'VAT', nl: 'Btw', de: 'MwSt.', fr: 'TVA', es: 'IVA', pt: 'Imposto',
  ar: 'ضريبة القيمة المضافة', ja: '消費税', ru: 'НДС', it: 'IVA', hi: 'GST',
};
