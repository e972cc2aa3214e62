import type { Language } from './catalog.ts';

/** The default heading (spec: title defaults to the INVOICE heading) in each language. */
export const INVOICE_TITLE: Readonly<Record<Language, string>> = {
  en: 'INVOICE', nl: 'FACTUUR', de: 'RECHNUNG', fr: 'FACTURE', es: 'FACTURA', pt: 'FATURA',
  ar: 'فاتورة', ja: '請求書', ru: 'СЧЁТ', it: 'FATTURA', hi: 'चालान',
};

/** D4: a tax component sent without a name is called by the language's word for tax. */
export const TAX_WORD: Readonly<Record<Language, string>> = {
  en: 'VAT', nl: 'BTW', de: 'MwSt.', fr: 'TVA', es: 'IVA', pt: 'IVA',
  ar: 'ضريبة القيمة المضافة', ja: '消費税', ru: 'НДС', it: 'IVA', hi: 'GST',
};
