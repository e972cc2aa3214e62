import { profilePairs } from '../../../src/domain/documents/kind-for.ts';
import { profileName } from '../lib/profile-name.ts';
import { hybridProfileFor } from './hybrid-profile-for.ts';

/**
 * The profile a download is made under (undefined: for UBL and CII the API's default, EN 16931;
 * for a PDF a plain PDF), or a sentence saying why the pairing does not exist (Peppol BIS is UBL
 * only), so the page does not send what the API would refuse as invalid_profile. A PDF carries
 * the e-invoice only when "Embed the e-invoice in the PDF" is ticked; with Peppol chosen the box
 * is disabled, and the PDF stays plain. The pairs are the API's own kinds.
 */
export function profileFor(output: 'pdf' | 'ubl' | 'cii', profile: string | undefined, embedInPdf: boolean): { profile: string | undefined } | { refused: string } {
  if (output === 'pdf') return { profile: embedInPdf ? hybridProfileFor(profile) : undefined };
  const profiles = profilePairs().get(output) ?? [];
  if (profile === undefined || profiles.includes(profile)) return { profile };
  const others = profiles.map((p) => profileName(p)).join(' or ');
  return { refused: `${profileName(profile)} has no ${output.toUpperCase()} form: choose ${others} under "E-invoice", or download ${output === 'cii' ? 'UBL' : 'CII'}.` };
}
