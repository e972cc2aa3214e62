import { AppError } from '../../errors/app-error.ts';
import { bicProblem } from './bic-problem.ts';
import { ibanProblem } from './iban-problem.ts';
import { QR_VALUE_PATH } from './qr-value-path.ts';
import { utf8Length } from './utf8-length.ts';

/** EPC069-12 limits (SEPA credit transfer QR, "GiroCode"). */
export const SEPA_MAX_PAYLOAD_BYTES = 331;
export const SEPA_MAX_NAME_CHARS = 70;
export const SEPA_MAX_STRUCTURED_CHARS = 35;
export const SEPA_MAX_UNSTRUCTURED_CHARS = 140;
export const SEPA_MAX_INFO_CHARS = 70;
/** EUR 0.01 to EUR 999999999.99, as cents. */
export const SEPA_MAX_AMOUNT_CENTS = 99_999_999_999;

const MIN_LINES = 7; // through the IBAN; later elements are optional
const MAX_LINES = 12;
const SEPA_AMOUNT = /^EUR(\d{1,9})(?:\.(\d{1,2}))?$/;
const PURPOSE = /^[A-Z0-9]{4}$/;
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * A sepa value is an EPC069-12 payload, one element per line:
 * BCD, version (001 or 002), character set (1–8), SCT, BIC, name, IBAN, amount, purpose,
 * structured remittance, unstructured remittance, information. Lines end in \n or \r\n; empty
 * trailing lines are tolerated because many generators end with a line break.
 *
 * The QR is written in UTF-8 (byte mode), so a payload that declares a single-byte character
 * set (2–8) must be plain ASCII, where those sets agree with UTF-8; otherwise a banking app would
 * read "é" as "Ã©". The 331-byte limit is counted in UTF-8 for the same reason.
 */
export function checkSepaPayload(value: string): void {
  const fail: (problem: string) => never = (problem) => {
    throw new AppError('validation_error', `${QR_VALUE_PATH} ${problem}`);
  };
  const bytes = utf8Length(value);
  if (bytes > SEPA_MAX_PAYLOAD_BYTES) {
    fail(`is ${bytes} bytes; an EPC069-12 SEPA payload has at most ${SEPA_MAX_PAYLOAD_BYTES}, shorten the name or remittance text`);
  }
  const lines = value.split(/\r?\n/);
  while (lines.length > MIN_LINES && lines.at(-1) === '') lines.pop();
  if (lines.length < MIN_LINES || lines.length > MAX_LINES) {
    fail(`has ${lines.length} line${lines.length === 1 ? '' : 's'}; an EPC069-12 payload has ${MIN_LINES} to ${MAX_LINES} (BCD, version, character set, SCT, BIC, name, IBAN, then optional amount, purpose, remittance, information)`);
  }
  const [
    tag, version, charset, identification, bic, name, iban,
    amount = '', purpose = '', structured = '', unstructured = '', info = '',
  ] = lines as [string, string, string, string, string, string, string, ...string[]];
  if (tag !== 'BCD') fail('line 1 must be the service tag BCD; send an EPC069-12 (SEPA QR) payload');
  if (version !== '001' && version !== '002') fail(`line 2 (version) is ${JSON.stringify(version)}; send 001 or 002`);
  if (!/^[1-8]$/.test(charset)) fail(`line 3 (character set) is ${JSON.stringify(charset)}; send a digit 1 to 8 (1 is UTF-8)`);
  if (charset !== '1' && NON_ASCII.test(value)) {
    fail(`declares character set ${charset} but contains non-ASCII characters; the QR is written in UTF-8, so declare character set 1`);
  }
  if (identification !== 'SCT') fail(`line 4 (identification) is ${JSON.stringify(identification)}; send SCT`);
  if (bic === '') {
    if (version === '001') fail('line 5 (BIC) is empty; version 001 requires a BIC, send it or use version 002');
  } else {
    const problem = bicProblem(bic);
    if (problem !== undefined) fail(`line 5 (BIC) ${problem}`);
  }
  const nameChars = [...name].length;
  if (nameChars === 0 || nameChars > SEPA_MAX_NAME_CHARS) {
    fail(`line 6 (beneficiary name) has ${nameChars} characters; send 1 to ${SEPA_MAX_NAME_CHARS}`);
  }
  const ibanIssue = ibanProblem(iban);
  if (ibanIssue !== undefined) fail(`line 7 (IBAN) ${ibanIssue}`);
  if (amount !== '') {
    const match = SEPA_AMOUNT.exec(amount);
    const cents = match === null ? -1 : Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    if (cents < 1 || cents > SEPA_MAX_AMOUNT_CENTS) {
      fail('line 8 (amount) must be EUR followed by 0.01 to 999999999.99 with at most 2 decimals and a point, for example EUR12.50');
    }
  }
  if (purpose !== '' && !PURPOSE.test(purpose)) {
    fail('line 9 (purpose) must be a 4-character ISO 20022 purpose code such as GDDS, or empty');
  }
  if (structured !== '' && unstructured !== '') {
    fail('carries both a structured (line 10) and an unstructured (line 11) remittance; keep only one');
  }
  if ([...structured].length > SEPA_MAX_STRUCTURED_CHARS) {
    fail(`line 10 (structured remittance, creditor reference) has more than ${SEPA_MAX_STRUCTURED_CHARS} characters; send at most ${SEPA_MAX_STRUCTURED_CHARS}`);
  }
  if ([...unstructured].length > SEPA_MAX_UNSTRUCTURED_CHARS) {
    fail(`line 11 (unstructured remittance) has more than ${SEPA_MAX_UNSTRUCTURED_CHARS} characters; send at most ${SEPA_MAX_UNSTRUCTURED_CHARS}`);
  }
  if ([...info].length > SEPA_MAX_INFO_CHARS) {
    fail(`line 12 (information) has more than ${SEPA_MAX_INFO_CHARS} characters; send at most ${SEPA_MAX_INFO_CHARS}`);
  }
}
