/**
 * A party as the computed invoice echoes it (D45): a logo sent as a data: URI is left out, an
 * https URL is kept as sent. A data: URI can be 3.5 MB; echoed, it would travel back in every JSON
 * answer, hosted snapshot's JSON and webhook body, and 50 times in a batch answer. The image is not
 * lost: a PDF, and a hosted link's snapshot, take it as bytes from the request (loadPdfImages).
 */
export function echoedParty<P extends { readonly logo?: string | undefined }>(party: P): P {
  if (party.logo === undefined || !isDataUri(party.logo)) return party;
  const { logo: _dataUri, ...rest } = party;
  return rest as P;
}

/** Whatever the schema let through as a data: URI, whatever the case of its scheme. */
function isDataUri(image: string): boolean {
  return image.slice(0, 5).toLowerCase() === 'data:';
}
