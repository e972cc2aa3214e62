import { AppError } from '../../errors/app-error.ts';
import { bicProblem } from './bic-problem.ts';
import { SEPA_MAX_NAME_CHARS, SEPA_MAX_PAYLOAD_BYTES, SEPA_MAX_UNSTRUCTURED_CHARS } from './check-sepa-payload.ts';
import { ibanProblem } from './iban-problem.ts';
import { utf8Length } from './utf8-length.ts';

/** The payment fields a SEPA QR is built from (a subset of the request's Payment). */
export interface SepaAccount {
  readonly iban?: string | undefined;
  readonly swift?: string | undefined;
  readonly account_name?: string | undefined;
}

export interface SepaPayloadInput {
  readonly payment: SepaAccount;
  /** The invoice's balance_due in `currency`, as the engine returns it (at most 2 decimals for EUR). */
  readonly balanceDue: number;
  readonly currency: string;
  readonly invoiceNumber: string;
}

/** Largest amount EPC069-12 can carry. */
const MAX_SEPA_AMOUNT_EUR = 999_999_999.99;
const LINE_BREAK_OR_CONTROL = /[\x00-\x1f\x7f]/;
const WHITESPACE = /\s+/g;

/**
 * D25 (beyond the spec): a sepa QR without a value is built from payment.iban, payment.swift,
 * payment.account_name, the balance due and the invoice number, as an EPC069-12 version 002
 * payload (BIC optional) in character set 1, UTF-8, which is how the QR writes it.
 *
 * IBAN and BIC are read the way people type them (spaces and lower case allowed) and written in
 * the compact capital form the standard requires. The amount is included only when the invoice is
 * in EUR, something is still due and it is within EPC's maximum: SEPA QR amounts are EUR by
 * definition, and without one the payer's app asks for the amount, which beats a wrong one.
 * The invoice number goes in the unstructured remittance so the payee can match the transfer.
 */
export function buildSepaPayload(input: SepaPayloadInput): string {
  const { payment } = input;
  const iban = (payment.iban ?? '').replace(WHITESPACE, '').toUpperCase();
  if (iban === '') {
    throw new AppError('validation_error', 'payment.iban is required for a sepa QR without payment.qr.value; send the IBAN or the EPC payload as payment.qr.value');
  }
  const ibanIssue = ibanProblem(iban);
  if (ibanIssue !== undefined) throw new AppError('validation_error', `payment.iban ${ibanIssue}`);

  const bic = (payment.swift ?? '').replace(WHITESPACE, '').toUpperCase();
  const bicIssue = bic === '' ? undefined : bicProblem(bic);
  if (bicIssue !== undefined) throw new AppError('validation_error', `payment.swift ${bicIssue}`);

  const name = (payment.account_name ?? '').trim();
  if (name === '') {
    throw new AppError('validation_error', 'payment.account_name is required for a sepa QR without payment.qr.value; send the account holder\'s name or the EPC payload as payment.qr.value');
  }
  if (LINE_BREAK_OR_CONTROL.test(name)) {
    throw new AppError('validation_error', 'payment.account_name contains a line break or control character; send the name on one line');
  }
  const nameChars = [...name].length;
  if (nameChars > SEPA_MAX_NAME_CHARS) {
    throw new AppError('validation_error', `payment.account_name has ${nameChars} characters; a SEPA QR holds at most ${SEPA_MAX_NAME_CHARS}, shorten it or send payment.qr.value`);
  }
  const reference = input.invoiceNumber;
  if (LINE_BREAK_OR_CONTROL.test(reference) || [...reference].length > SEPA_MAX_UNSTRUCTURED_CHARS) {
    throw new AppError('validation_error', `invoice.number must be one line of at most ${SEPA_MAX_UNSTRUCTURED_CHARS} characters to serve as the SEPA QR remittance; shorten it or send payment.qr.value`);
  }

  const payload = [
    'BCD', '002', '1', 'SCT', bic, name, iban, sepaAmount(input), '', '', reference,
  ].join('\n');
  const bytes = utf8Length(payload);
  if (bytes > SEPA_MAX_PAYLOAD_BYTES) {
    throw new AppError('validation_error', `the SEPA QR built from payment.account_name and invoice.number is ${bytes} bytes; EPC069-12 allows ${SEPA_MAX_PAYLOAD_BYTES}, shorten payment.account_name or send payment.qr.value`);
  }
  return payload;
}

/**
 * "EUR12.30", or '' (no amount) outside EUR, when nothing is due, or above EPC's maximum.
 * toFixed(2) is exact here: the engine returns the double nearest a 2-decimal EUR amount, and
 * below 10^9 a double is within 10^-7 of that decimal, far inside toFixed's rounding half-cent.
 */
function sepaAmount(input: SepaPayloadInput): string {
  const { balanceDue, currency } = input;
  if (currency !== 'EUR' || !(balanceDue > 0) || balanceDue > MAX_SEPA_AMOUNT_EUR) return '';
  return `EUR${balanceDue.toFixed(2)}`;
}
