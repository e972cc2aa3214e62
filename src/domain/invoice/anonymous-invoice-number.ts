import type { DocumentType } from './catalog.ts';
import { documentNumberPrefix } from './document-number-prefix.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * D15: anonymous callers get `INV-<yyyymmdd>-<6 random base32>`, dated by the issue date, and
 * `CN-<yyyymmdd>-<6 random base32>` for a credit note.
 * Takes the random bytes as input so it stays pure; 6 symbols are 30 bits, enough that two
 * anonymous invoices of one day practically never share a number (they are not stored).
 */
export function anonymousInvoiceNumber(documentType: DocumentType, issueDate: string, random: Uint8Array): string {
  if (random.length < 6) throw new RangeError('anonymousInvoiceNumber needs 6 random bytes');
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += BASE32[random[i]! & 31];
  return `${documentNumberPrefix(documentType)}-${issueDate.replaceAll('-', '')}-${suffix}`;
}
