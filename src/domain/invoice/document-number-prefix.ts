import type { DocumentType } from './catalog.ts';

const PREFIXES = { invoice: 'INV', credit_note: 'CN' } as const satisfies Record<DocumentType, string>;

/**
 * D15, D33: what a generated number starts with. Invoices and credit notes are numbered apart, so
 * a credit note's number says what it is before anyone reads its heading.
 */
export function documentNumberPrefix(documentType: DocumentType): (typeof PREFIXES)[DocumentType] {
  return PREFIXES[documentType];
}
