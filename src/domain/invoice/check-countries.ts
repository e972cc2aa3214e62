import { AppError } from '../../errors/app-error.ts';
import type { InvoiceRequest } from './invoice-request-schema.ts';
import { COUNTRY_CODES } from './country-codes.ts';

/**
 * from.country, to.country and ship_to.country, when sent, must be ISO 3166-1 alpha-2 codes; so
 * must the country of an address sent in parts, which may not contradict the party's.
 */
export function checkCountries(request: InvoiceRequest): void {
  for (const [party, path] of [[request.from, 'from'], [request.to, 'to'], [request.ship_to, 'ship_to']] as const) {
    if (party === undefined) continue;
    check(party.country, `${path}.country`);
    const address = party.address;
    if (typeof address !== 'object') continue;
    check(address.country, `${path}.address.country`);
    if (address.country !== undefined && party.country !== undefined && address.country !== party.country) {
      throw new AppError('validation_error', `${path}.address.country "${address.country}" and ${path}.country "${party.country}" differ; send one of them, or the same code in both`);
    }
  }
}

function check(code: string | undefined, path: string): void {
  if (code === undefined || COUNTRY_CODES.has(code)) return;
  throw new AppError('validation_error', `${path} "${code}" is not an ISO 3166-1 alpha-2 country code; send two capital letters such as DE, FR or US`);
}
