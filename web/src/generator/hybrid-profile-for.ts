import { DOCUMENT_KINDS, type Profile } from '../../../src/domain/documents/document-kinds.ts';

/**
 * The profile of the hybrid PDF that carries the e-invoice chosen under "E-invoice": the hybrid
 * kind whose embedded CII follows the same rules — EN 16931 (or none, the API's default) is
 * `factur-x`, XRechnung is `xrechnung`; undefined for Peppol BIS, which has no CII and so no
 * hybrid PDF. Read from the API's own kinds, so the page offers what the API makes.
 */
export function hybridProfileFor(profile: string | undefined): Profile | undefined {
  return DOCUMENT_KINDS.find((k) => k.output === 'pdf' && 'hybrid' in k && k.rules === (profile ?? 'en16931'))?.profile;
}
