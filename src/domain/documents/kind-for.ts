import { AppError } from '../../errors/app-error.ts';
import type { DocumentKind } from './document-kind.ts';
import { DOCUMENT_KINDS } from './document-kinds.ts';

/** Which profiles each output takes, in the order of the kinds. */
export function profilePairs(kinds: readonly DocumentKind[] = DOCUMENT_KINDS): ReadonlyMap<string, readonly string[]> {
  const pairs = new Map<string, string[]>();
  for (const kind of kinds) {
    const profiles = pairs.get(kind.output) ?? [];
    if (kind.profile !== undefined) profiles.push(kind.profile);
    pairs.set(kind.output, profiles);
  }
  return pairs;
}

/**
 * The kind a request asks for: its output under the profile sent, else under the output's default
 * (ubl's and cii's is en16931; json and pdf have none: the computed invoice, a plain PDF). A
 * pairing that does not exist is 400 invalid_profile, whose message lists the ones that do.
 */
export function kindFor(output: string, profile: string | undefined, kinds: readonly DocumentKind[] = DOCUMENT_KINDS): DocumentKind {
  const kind = kinds.find((k) => k.output === output && !k.fallbackOnly && (profile === undefined ? k.profile === undefined || k.defaultOfOutput === true : k.profile === profile));
  if (kind !== undefined) return kind;
  const plain = kinds.find((k) => k.output === output && k.profile === undefined && !k.fallbackOnly);
  const leaveOut = plain?.file !== undefined && plain.rules === undefined ? `a plain ${plain.file.fileName.split('.').pop()!.toUpperCase()}` : 'the default';
  throw new AppError('invalid_profile', `profile "${profile}" does not exist for output "${output}"; the pairs are ${pairsText(kinds)}. Leave profile out for ${leaveOut}.`);
}

/** The kind `key` names; the key must be one of the table's. */
export function kindByKey(key: string, kinds: readonly DocumentKind[] = DOCUMENT_KINDS): DocumentKind {
  const kind = kinds.find((k) => k.key === key);
  if (kind === undefined) throw new Error(`no document kind ${key}`);
  return kind;
}

/**
 * The PDF an invoice of this profile prints, which its hosted link serves whatever was downloaded:
 * the hybrid of its profile where there is one, else a plain PDF.
 */
export function pdfKindOf(profile: string | undefined, kinds: readonly DocumentKind[] = DOCUMENT_KINDS): DocumentKind {
  return kinds.find((k) => k.output === 'pdf' && k.profile !== undefined && k.profile === profile) ?? kindFor('pdf', undefined, kinds);
}

/**
 * "ubl: en16931, peppol, xrechnung; …": the outputs that write an e-invoice first, then those that
 * carry one, then the check alone, so the message leads with the documents.
 */
function pairsText(kinds: readonly DocumentKind[]): string {
  const rank = (output: string) => {
    const own = kinds.filter((k) => k.output === output);
    return own.some((k) => k.syntax !== undefined && k.hybrid === undefined) ? 0 : own.some((k) => k.hybrid !== undefined) ? 1 : 2;
  };
  return [...profilePairs(kinds)].filter(([, profiles]) => profiles.length > 0)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([output, profiles]) => `${output}: ${profiles.join(', ')}`).join('; ');
}
