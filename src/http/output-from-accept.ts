import { DOCUMENT_KINDS, type Output } from '../domain/documents/document-kinds.ts';

/** The media types that choose an output, from the kinds that name one; anything else (text/html, *\/*) leaves the default, json. */
const OUTPUT_OF_MEDIA_TYPE: ReadonlyMap<string, Output> = new Map(DOCUMENT_KINDS.flatMap((k): Array<[string, Output]> => ('acceptType' in k ? [[k.acceptType, k.output]] : [])));

/** The Accept media type that asks for CII: the answer is still application/xml, as for output "cii". */
export const CII_MEDIA_TYPE = [...OUTPUT_OF_MEDIA_TYPE].find(([, output]) => output === 'cii')![0];

/**
 * The output an Accept header asks for, used only when the body names none (the body's
 * `output` wins). The caller's single most preferred media range decides (highest q, the first
 * of equals), so a browser's `text/html,…,application/xml;q=0.9,*\/*;q=0.8` stays JSON, and
 * `*\/*` or no header does too. Undefined means "no choice": the request's default applies.
 */
export function outputFromAccept(accept: string | undefined): Output | undefined {
  if (accept === undefined) return undefined;
  let best: { type: string; q: number } | undefined;
  // Bounded: a header is at most 16 KB (headers_too_large) and only its first 50 ranges count.
  for (const range of accept.split(',').slice(0, 50)) {
    const [rawType, ...params] = range.split(';');
    const type = rawType!.trim().toLowerCase();
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (type === '' || !(q > 0)) continue;
    if (best === undefined || q > best.q) best = { type, q };
  }
  return best === undefined ? undefined : OUTPUT_OF_MEDIA_TYPE.get(best.type);
}
