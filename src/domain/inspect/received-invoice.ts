/**
 * An e-invoice as read from a received document, in EN 16931's terms, every value as the document
 * wrote it: amounts, quantities and rates are decimal text, dates YYYY-MM-DD. Both readers (UBL,
 * CII) give this; mapping it onto a request (receivedInvoiceRequest) is then one function.
 */
export interface ReceivedInvoice {
  readonly specificationId?: string;
  readonly businessProcessId?: string;
  readonly number?: string;
  readonly issueDate?: string;
  readonly dueDate?: string;
  /** BT-3, UNTDID 1001. */
  readonly typeCode?: string;
  readonly currency?: string;
  readonly notes: readonly string[];
  readonly buyerReference?: string;
  readonly orderReference?: string;
  readonly contractReference?: string;
  readonly projectReference?: string;
  readonly billingReference?: { readonly number: string; readonly date?: string };
  readonly invoicePeriod?: ReceivedPeriod;
  readonly seller: ReceivedParty;
  readonly buyer: ReceivedParty;
  readonly delivery?: { readonly name?: string; readonly address?: ReceivedAddress; readonly date?: string };
  readonly paymentMeans?: ReceivedPaymentMeans;
  readonly paymentTerms?: string;
  readonly allowanceCharges: readonly ReceivedAllowanceCharge[];
  readonly vatBreakdown: readonly ReceivedVatSubtotal[];
  readonly totals: ReceivedTotals;
  readonly lines: readonly ReceivedLine[];
  /** Elements with text that the reader has no place for, by path, with the term where known. */
  readonly unread: readonly { readonly term: string | null; readonly path: string; readonly value: string }[];
}

export interface ReceivedPeriod {
  readonly start?: string;
  readonly end?: string;
}

export interface ReceivedAddress {
  readonly lines: readonly string[];
  readonly city?: string;
  readonly postalCode?: string;
  readonly region?: string;
  readonly country?: string;
}

export interface ReceivedParty {
  readonly name?: string;
  readonly tradingName?: string;
  readonly electronicAddress?: { readonly scheme: string; readonly value: string };
  readonly identifiers: readonly { readonly value: string; readonly scheme?: string }[];
  readonly address?: ReceivedAddress;
  readonly vatId?: string;
  readonly taxRegistrationId?: string;
  readonly legalRegistration?: { readonly id: string; readonly scheme?: string };
  readonly contact?: { readonly name?: string; readonly phone?: string; readonly email?: string };
}

export interface ReceivedPaymentMeans {
  readonly code?: string;
  readonly text?: string;
  readonly remittanceInformation?: string;
  readonly instructions?: string;
  readonly account?: { readonly id: string; readonly name?: string; readonly serviceProvider?: string; readonly bankName?: string };
  readonly card?: { readonly number: string; readonly network?: string; readonly holder?: string };
  readonly mandateReference?: string;
  readonly creditorId?: string;
  readonly debtorAccount?: string;
}

export interface ReceivedCategory {
  readonly code?: string;
  readonly rate?: string;
}

export interface ReceivedAllowanceCharge {
  readonly charge: boolean;
  readonly amount?: string;
  readonly baseAmount?: string;
  readonly percent?: string;
  readonly reasonCode?: string;
  readonly reason?: string;
  readonly category: ReceivedCategory;
}

export interface ReceivedVatSubtotal {
  readonly taxable?: string;
  readonly tax?: string;
  readonly category: ReceivedCategory & {
    readonly exemptionCode?: string;
    readonly exemptionReason?: string;
    /** UBL's TaxCategory Name on the breakdown: the service writes the taxes merged into the category there ("CGST 9 % + SGST 9 %"). */
    readonly name?: string;
  };
}

/** BG-22, BT-106 … BT-115 (BT-111: the tax in the accounting currency, when another). */
export interface ReceivedTotals {
  readonly lineExtension?: string;
  readonly allowanceTotal?: string;
  readonly chargeTotal?: string;
  readonly taxExclusive?: string;
  readonly taxTotal?: string;
  readonly taxTotalAccounting?: string;
  readonly taxInclusive?: string;
  readonly prepaid?: string;
  readonly rounding?: string;
  readonly payable?: string;
}

export interface ReceivedLine {
  readonly id?: string;
  readonly note?: string;
  readonly period?: ReceivedPeriod;
  readonly quantity?: string;
  readonly unitCode?: string;
  readonly net?: string;
  readonly allowances: readonly ReceivedAllowanceCharge[];
  readonly charges: readonly ReceivedAllowanceCharge[];
  readonly name?: string;
  readonly description?: string;
  readonly sellerItemId?: string;
  readonly category: ReceivedCategory;
  /** BT-146, the net price. */
  readonly price?: string;
  /** BT-149 */
  readonly baseQuantity?: string;
  /** BT-147 */
  readonly priceDiscount?: string;
}
