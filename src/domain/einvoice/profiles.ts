import { AppError } from '../../errors/app-error.ts';
import { PROFILES, type Output, type Profile } from '../invoice/catalog.ts';

/** The two syntaxes of EN 16931 the service writes. */
export type EInvoiceSyntax = 'ubl' | 'cii';

/** The rule sets a document is checked against: EN 16931 alone, or with a CIUS on top. */
export type RuleProfile = 'en16931' | 'peppol' | 'xrechnung';

/**
 * The rules a written document claims to meet: a profile's, or none — a UBL 2.1 document that is
 * valid against the UBL schema and claims no EN 16931 conformance (`output: "ubl"` without a
 * profile when the data falls short of EN 16931, docs/ubl.md).
 */
export type DocumentRules = RuleProfile | 'none';

/** D32: which profiles each output takes; the first is the default (pdf has none: a plain PDF). */
export const PROFILE_PAIRS: Readonly<Record<Output, readonly Profile[]>> = {
  ubl: ['en16931', 'peppol', 'xrechnung'],
  cii: ['en16931', 'xrechnung'],
  pdf: ['factur-x', 'xrechnung'],
  json: PROFILES,
};

const PAIRS_TEXT = (Object.entries(PROFILE_PAIRS) as Array<[Output, readonly Profile[]]>)
  .map(([output, profiles]) => `${output}: ${profiles.join(', ')}`).join('; ');

/**
 * D32: the profile a request's output is made under — the one sent, else ubl's and cii's default
 * en16931; undefined for a plain PDF or a JSON answer without a profile. A pairing that does not
 * exist is 400 invalid_profile, whose message lists the valid ones.
 */
export function profileOf(output: Output, profile: Profile | undefined): Profile | undefined {
  if (profile === undefined) return output === 'ubl' || output === 'cii' ? 'en16931' : undefined;
  if (!PROFILE_PAIRS[output].includes(profile)) {
    throw new AppError('invalid_profile', `profile "${profile}" does not exist for output "${output}"; the pairs are ${PAIRS_TEXT}. Leave profile out for ${output === 'pdf' ? 'a plain PDF' : 'the default'}.`);
  }
  return profile;
}

/**
 * The outputs that, asked for without a profile, still answer when the data falls short of their
 * default profile, and what they write then. Only UBL: the interface offers UBL 2.1 "for
 * interoperability" to every account with the fields the PDF needs, which lack what EN 16931
 * asks for (the countries, typically); its document then claims no conformance it lacks. CII and
 * the hybrid PDF exist for EN 16931 alone, and a profile sent (en16931 included) always holds.
 */
const UNPROFILED_FALLBACKS: Readonly<Partial<Record<Output, DocumentRules>>> = { ubl: 'none' };

/** The rules an output asked for without a profile is written under when its default's are not met; undefined when it must refuse. */
export function unprofiledFallbackOf(output: Output): DocumentRules | undefined {
  return UNPROFILED_FALLBACKS[output];
}

/** BT-24 and BT-23 of each profile's documents; neither for a document that claims no profile. */
export interface ProfileIds {
  readonly specificationId?: string;
  readonly businessProcessId?: string;
}

/** BT-24 of the EN 16931 core: Factur-X's EN 16931 profile uses it too. */
export const EN16931_SPECIFICATION_ID = 'urn:cen.eu:en16931:2017';
/** Peppol BIS Billing 3.0's business process, which XRechnung's UBL and CII also require (PEPPOL-EN16931-R001). */
const PEPPOL_BILLING_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export const PROFILE_IDS: Readonly<Record<DocumentRules, ProfileIds>> = {
  none: {},
  en16931: { specificationId: EN16931_SPECIFICATION_ID },
  peppol: {
    specificationId: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    businessProcessId: PEPPOL_BILLING_PROCESS,
  },
  xrechnung: {
    specificationId: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    businessProcessId: PEPPOL_BILLING_PROCESS,
  },
};

/** The rules a profile's document meets: Factur-X's EN 16931 profile is the EN 16931 core in CII. */
export function ruleProfileOf(profile: Profile): RuleProfile {
  return profile === 'factur-x' ? 'en16931' : profile;
}

/**
 * The syntaxes whose rules a request must meet (D39): its output's, or for a JSON pre-flight
 * every syntax the profile has (peppol only UBL, factur-x only CII).
 */
export function syntaxesOf(output: Output, profile: Profile): readonly EInvoiceSyntax[] {
  if (output === 'ubl' || output === 'cii') return [output];
  if (output === 'pdf' || profile === 'factur-x') return ['cii'];
  return profile === 'peppol' ? ['ubl'] : ['ubl', 'cii'];
}
