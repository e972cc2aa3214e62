import { PROFILE_PAIRS } from '../../../src/domain/einvoice/profiles.ts';
import type { Profile } from '../../../src/domain/invoice/catalog.ts';
import { profileName } from './create-einvoice-report.ts';

/**
 * The profile a UBL or CII download is made under (undefined: the API's default, EN 16931), or a
 * sentence saying why the pairing does not exist (D32: Peppol BIS is UBL only), so the page does
 * not send what the API would refuse as invalid_profile. The pairs are the API's own list.
 */
export function profileFor(output: 'ubl' | 'cii', profile: string | undefined): { profile: string | undefined } | { refused: string } {
  if (profile === undefined || PROFILE_PAIRS[output].includes(profile as Profile)) return { profile };
  const others = PROFILE_PAIRS[output].map((p) => profileName(p)).join(' or ');
  return { refused: `${profileName(profile)} has no ${output.toUpperCase()} form: choose ${others} under "E-invoice", or download ${output === 'cii' ? 'UBL' : 'CII'}.` };
}
