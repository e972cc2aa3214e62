import type { EInvoice, EInvoiceParty } from './einvoice.ts';

/**
 * The countries Peppol's national rules go by, read as its rule file reads them:
 * - `supplier` / `customer` ($supplierCountry, $customerCountry): the VAT identifier's prefix, in
 *   upper case, else the address's country (Greece is EL by the first, GR by the second);
 * - `supplierAddress` / `customerAddress`: the address's country alone, which the Danish, Dutch,
 *   German, Icelandic and Swedish rules use.
 */
export interface PeppolCountries {
  readonly supplier: string | undefined;
  readonly customer: string | undefined;
  readonly supplierAddress: string | undefined;
  readonly customerAddress: string | undefined;
}

const countryOf = (party: EInvoiceParty) => party.vatId?.slice(0, 2).toUpperCase() ?? party.address?.country;

export function peppolCountries(doc: EInvoice): PeppolCountries {
  return {
    supplier: countryOf(doc.seller),
    customer: countryOf(doc.buyer),
    supplierAddress: doc.seller.address?.country,
    customerAddress: doc.buyer.address?.country,
  };
}
