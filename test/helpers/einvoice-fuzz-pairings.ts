import type { Output, Profile } from '../../src/domain/invoice/catalog.ts';
import type { EInvoiceProfile } from './check-einvoice.ts';

/**
 * One output/profile pairing the differential fuzzer sends, and how its answer is checked:
 * `checks` are the e-invoice documents that stand behind a 200 — the answer itself (ubl, cii), the
 * CII inside a hybrid PDF, or, for a JSON pre-flight, the same request made as ubl and/or cii
 * under the profile, whose answers must agree with the JSON's.
 */
export interface FuzzPairing {
  /** "ubl/peppol", "ubl/-" (no profile): the name in reports and in --pairing. */
  readonly name: string;
  readonly output: Output;
  readonly profile: Profile | undefined;
  /** The rules a request must be complete for to deserve a 200 here. */
  readonly ruleProfile: EInvoiceProfile;
  /** For json: the e-invoice requests its 200 promises would succeed. */
  readonly checks: readonly { readonly output: 'ubl' | 'cii'; readonly profile: EInvoiceProfile }[];
}

const pairing = (output: Output, profile: Profile | undefined, ruleProfile: EInvoiceProfile, checks: FuzzPairing['checks'] = []): FuzzPairing =>
  ({ name: `${output}/${profile ?? '-'}`, output, profile, ruleProfile, checks });

/** Every pairing of D32 that makes or promises an e-invoice; `ubl/-` is D48's plain UBL 2.1 fallback. */
export const FUZZ_PAIRINGS: readonly FuzzPairing[] = [
  pairing('ubl', undefined, 'en16931'),
  pairing('ubl', 'en16931', 'en16931'),
  pairing('ubl', 'peppol', 'peppol'),
  pairing('ubl', 'xrechnung', 'xrechnung'),
  pairing('cii', undefined, 'en16931'),
  pairing('cii', 'en16931', 'en16931'),
  pairing('cii', 'xrechnung', 'xrechnung'),
  pairing('pdf', 'factur-x', 'en16931'),
  pairing('pdf', 'xrechnung', 'xrechnung'),
  pairing('json', 'en16931', 'en16931', [{ output: 'ubl', profile: 'en16931' }, { output: 'cii', profile: 'en16931' }]),
  pairing('json', 'peppol', 'peppol', [{ output: 'ubl', profile: 'peppol' }]),
  pairing('json', 'xrechnung', 'xrechnung', [{ output: 'ubl', profile: 'xrechnung' }, { output: 'cii', profile: 'xrechnung' }]),
  pairing('json', 'factur-x', 'en16931', [{ output: 'cii', profile: 'en16931' }]),
];
