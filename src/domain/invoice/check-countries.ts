import { AppError } from '../../errors/app-error.ts';
import type { InvoiceRequest } from './invoice-request-schema.ts';
import { COUNTRY_CODES } from './country-codes.ts';

/** from.country, to.country and ship_to.country, when sent, must be ISO 3166-1 alpha-2 codes. */
export function checkCountries(request: InvoiceRequest): void {
  check(request.from.country, 'from.country');
  check(request.to.country, 'to.country');
  check(request.ship_to?.country, 'ship_to.country');
}

function check(code: string | undefined, path: string): void {
  if (code === undefined || COUNTRY_CODES.has(code)) return;
  throw new AppError('validation_error', `${path} "${code}" is not an ISO 3166-1 alpha-2 country code; send two capital letters such as DE, FR or US`);
}
