import { PROFILE_PAIRS, ruleProfileOf } from '../../../src/domain/einvoice/profiles.ts';
import type { Profile } from '../../../src/domain/invoice/catalog.ts';

/**
 * The profile of the hybrid PDF (D40) that carries the e-invoice chosen under "E-invoice" — its
 * Factur-X / ZUGFeRD form, whose embedded CII follows the same rules: EN 16931 (or none, the API's
 * default) is `factur-x`, XRechnung is `xrechnung`; undefined for Peppol BIS, which has no CII and
 * so no hybrid PDF. Read from the API's own pairs, so the page offers what the API makes.
 */
export function hybridProfileFor(profile: string | undefined): Profile | undefined {
  return PROFILE_PAIRS.pdf.find((hybrid) => ruleProfileOf(hybrid) === (profile ?? 'en16931'));
}
