import type { StructuredAddress } from '../invoice/invoice-request-schema.ts';

const regionNames = new Map<string, Intl.DisplayNames>();

/** The country's name in the invoice language ("Deutschland"), or the code when Intl has none. */
function countryName(code: string, language: string): string {
  let names = regionNames.get(language);
  if (names === undefined) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    regionNames.set(language, names);
  }
  return names.of(code) ?? code;
}

/**
 * An address as the PDF prints it: free text as sent; an address in parts as its lines, then
 * "post code city", the region and the country's name in the invoice language, one per line.
 * Empty when there is nothing to print.
 */
export function addressText(address: string | StructuredAddress | undefined, language: string): string {
  if (address === undefined) return '';
  if (typeof address === 'string') return address;
  const lines = [...(address.lines ?? [])];
  const cityLine = [address.postal_code, address.city].filter((part) => part !== undefined).join(' ');
  if (cityLine !== '') lines.push(cityLine);
  if (address.region !== undefined) lines.push(address.region);
  if (address.country !== undefined) lines.push(countryName(address.country, language));
  return lines.join('\n');
}
