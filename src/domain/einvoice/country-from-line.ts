import { LANGUAGES } from '../invoice/catalog.ts';
import { COUNTRY_CODES } from '../invoice/country-codes.ts';

/** Names people write that are not a language's name for the country. */
const ALIASES: Readonly<Record<string, string>> = {
  'usa': 'US', 'u.s.a.': 'US', 'u.s.': 'US', 'united states of america': 'US',
  'uk': 'GB', 'u.k.': 'GB', 'great britain': 'GB', 'england': 'GB', 'scotland': 'GB', 'wales': 'GB',
  'northern ireland': 'XI', 'holland': 'NL', 'the netherlands': 'NL', 'uae': 'AE', 'u.a.e.': 'AE',
  'russian federation': 'RU', 'republic of korea': 'KR', 'south korea': 'KR',
};

let names: Map<string, string> | undefined;

/**
 * Every country's name in the 11 invoice languages (from Intl, so no list is kept here), in
 * lower case, plus the aliases. Built on first use: about 2,750 lookups.
 */
function countryNames(): Map<string, string> {
  if (names !== undefined) return names;
  const built = new Map<string, string>(Object.entries(ALIASES));
  for (const language of LANGUAGES) {
    const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) {
      const name = display.of(code);
      if (name !== undefined && !built.has(name.toLowerCase())) built.set(name.toLowerCase(), code);
    }
  }
  names = built;
  return built;
}

/**
 * The ISO code of the country an address line names ("Germany", "Deutschland", "DE", "USA"),
 * or undefined. The whole line must be the country: "Berlin, Germany" is not read.
 */
export function countryFromLine(line: string): string | undefined {
  const trimmed = line.trim();
  if (COUNTRY_CODES.has(trimmed)) return trimmed;
  const key = trimmed.toLowerCase();
  return countryNames().get(key) ?? countryNames().get(key.replace(/[.,;]+$/, ''));
}
