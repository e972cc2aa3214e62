import { AppError } from '../../errors/app-error.ts';
import type { InvoiceRequest, Party } from '../invoice/invoice-request-schema.ts';
import { CHARGE_REASON_CODES, EAS_CODES, ICD_CODES, PAYMENT_MEANS_CODES, REC20_UNIT_CODES } from './code-lists.ts';

const invalid = (message: string) => new AppError('validation_error', message);

/**
 * The coded values of a request, checked against EN 16931's code lists whatever the output (a
 * code that is not on its list is wrong in any document), and what a payment means needs: a SEPA
 * direct debit (59) its mandate, creditor id and debited account. Document-level allowances and
 * charges have their reason codes checked where they are read (read-document-adjustments.ts).
 */
export function checkEInvoiceCodes(request: InvoiceRequest): void {
  for (const [party, path] of [[request.from, 'from'], [request.to, 'to']] as const) checkParty(party, path);
  request.items.forEach((item, i) => {
    if (item.unit_code !== undefined && !REC20_UNIT_CODES.has(item.unit_code)) {
      throw invalid(`items[${i}].unit_code "${item.unit_code}" is not a UN/ECE Recommendation 20 unit code; send one such as C62 (one), H87 (piece), HUR (hour), DAY, KGM, or leave it out to have it read from unit`);
    }
    (item.charges ?? []).forEach((charge, k) => {
      if (charge.reason_code !== undefined && !CHARGE_REASON_CODES.has(charge.reason_code)) {
        throw invalid(`items[${i}].charges[${k}].reason_code "${charge.reason_code}" is not on the UNCL 7161 charge code list (EN 16931 BR-CL-20); send one such as ABL (packaging), FC (freight), ZZZ (mutually defined), or leave it out and send reason`);
      }
    });
  });
  const payment = request.payment;
  if (payment?.means_code !== undefined) {
    const code = payment.means_code;
    if (!PAYMENT_MEANS_CODES.has(code)) {
      throw invalid(`payment.means_code "${code}" is not a UNTDID 4461 payment means code; send 58 (SEPA credit transfer), 30 (credit transfer), 59 (SEPA direct debit), 48, 54 or 55 (card), 10 (cash) or another code of the list`);
    }
    if (code === '59') {
      const missing = (['mandate_reference', 'creditor_id', 'debtor_iban'] as const).filter((field) => payment[field] === undefined);
      if (missing.length > 0) {
        throw invalid(`payment.means_code 59 is a SEPA direct debit, which needs ${missing.map((f) => `payment.${f}`).join(', ')}: send the mandate reference (BT-89), your SEPA creditor id (BT-90) and the IBAN to debit (BT-91)`);
      }
    }
  }
}

function checkParty(party: Party, path: string): void {
  const eas = party.electronic_address?.scheme;
  if (eas !== undefined && !EAS_CODES.has(eas)) {
    throw invalid(`${path}.electronic_address.scheme "${eas}" is not on the EAS code list; send one such as 0088 (GLN), 0204 (Leitweg-ID), 9930 (German VAT), 0208 (Belgian enterprise number), 0106 (KVK), EM (e-mail)`);
  }
  for (const [scheme, field] of [[party.identifier?.scheme, 'identifier.scheme'], [party.registration_scheme, 'registration_scheme']] as const) {
    if (scheme !== undefined && !ICD_CODES.has(scheme)) {
      throw invalid(`${path}.${field} "${scheme}" is not an ISO 6523 ICD code; send one such as 0088 (GLN), 0106 (KVK), 0002 (SIREN), 0009 (SIRET), 0208 (Belgian enterprise number)`);
    }
  }
  if (party.registration_scheme !== undefined && party.registration_no === undefined) {
    throw invalid(`${path}.registration_scheme is the scheme of ${path}.registration_no, which is missing: send ${path}.registration_no too, or leave registration_scheme out`);
  }
}
