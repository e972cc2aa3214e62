import type { StructuredAddress } from '../invoice/invoice-request-schema.ts';
import { countryFromLine } from './country-from-line.ts';

/** A postal address in the parts UBL has (EN 16931 BG-5 / BG-8 / BG-15). */
export interface PostalAddress {
  readonly street?: string;
  readonly additionalStreet?: string;
  /** Any further lines, joined: UBL allows one AddressLine (UBL-SR-51). */
  readonly line?: string;
  readonly city?: string;
  readonly postalZone?: string;
  readonly subentity?: string;
  readonly country?: string;
}

// "10115 Berlin", "D-10115 Berlin", "100-0001 Tokyo", "00-950 Warszawa", "1010 Wien".
const POSTAL_THEN_CITY = /^((?:[A-Z]{1,2}-)?\d{4,6}|\d{3}-\d{4}|\d{2}-\d{3})\s+(\S.*)$/;
// "दिल्ली 110001", "Tokyo 100-0001".
const CITY_THEN_POSTAL = /^(\S.*?),?\s+(\d{4,6}|\d{3}-\d{4})$/;
// "Springfield, IL 62704", "New York, NY 10001-1234".
const US_CITY_STATE_ZIP = /^(\S.*?),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;
// "London SW1A 1AA", "Manchester M1 1AE".
const UK_CITY_POSTCODE = /^(\S.*?),?\s+([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/;

/**
 * Splits a free-text, multi-line address into UBL's parts (docs/ubl.md). `country` is the
 * party's country field; without it a last line naming a country gives it. The line nearest the
 * end that looks like "postal code + city" (or city + postal code, US "City, ST 12345", UK
 * postcodes) gives both; the other lines become street, additional street and one address line.
 * Nothing is dropped: a line the patterns do not recognise stays a street or address line.
 */
export function splitPostalAddress(address: string | StructuredAddress | undefined, country: string | undefined): PostalAddress | undefined {
  if (typeof address === 'object') return structuredPostalAddress(address, country);
  const lines = (address ?? '').split('\n').map((l) => l.trim()).filter((l) => l !== '');
  let code = country;
  const last = lines.at(-1);
  if (last !== undefined) {
    const named = countryFromLine(last);
    if (named !== undefined && (code === undefined || named === code)) {
      code = named;
      lines.pop();
    }
  }
  if (lines.length === 0 && code === undefined) return undefined;

  const parts: { -readonly [K in keyof PostalAddress]: PostalAddress[K] } = {};
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i]!;
    let match = US_CITY_STATE_ZIP.exec(line);
    if (match !== null) {
      parts.city = match[1]!; parts.subentity = match[2]!; parts.postalZone = match[3]!;
    } else if ((match = POSTAL_THEN_CITY.exec(line)) !== null) {
      parts.postalZone = match[1]!; parts.city = match[2]!;
    } else if ((match = UK_CITY_POSTCODE.exec(line)) !== null || (match = CITY_THEN_POSTAL.exec(line)) !== null) {
      parts.city = match[1]!; parts.postalZone = match[2]!;
    } else {
      continue;
    }
    lines.splice(i, 1);
    break;
  }
  if (lines[0] !== undefined) parts.street = lines[0];
  if (lines[1] !== undefined) parts.additionalStreet = lines[1];
  if (lines.length > 2) parts.line = lines.slice(2).join(', ');
  if (code !== undefined) parts.country = code;
  return parts;
}

/** D34: an address sent in parts is taken as it is; its own country wins over the party's. */
function structuredPostalAddress(address: StructuredAddress, country: string | undefined): PostalAddress | undefined {
  const parts: { -readonly [K in keyof PostalAddress]: PostalAddress[K] } = {};
  const lines = address.lines ?? [];
  if (lines[0] !== undefined) parts.street = lines[0];
  if (lines[1] !== undefined) parts.additionalStreet = lines[1];
  if (lines[2] !== undefined) parts.line = lines[2];
  if (address.city !== undefined) parts.city = address.city;
  if (address.postal_code !== undefined) parts.postalZone = address.postal_code;
  if (address.region !== undefined) parts.subentity = address.region;
  const code = address.country ?? country;
  if (code !== undefined) parts.country = code;
  return Object.keys(parts).length === 0 ? undefined : parts;
}
