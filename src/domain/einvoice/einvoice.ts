import type { PostalAddress } from './split-postal-address.ts';
import type { BreakdownTotals, TaxCategoryCode } from '../invoice/vat-breakdown.ts';

/**
 * An EN 16931 invoice in its own terms (business terms BT-n, groups BG-n), before any syntax: what
 * UBL and CII both write, so that the two documents of one invoice say the same thing and each
 * writer only decides where a term goes in its syntax (docs/ubl.md, docs/cii.md). Amounts are
 * integers in the currency's minor units; unit prices and quantities are × 10^6, as sent.
 */
export interface EInvoice {
  /**
   * BT-24: the specification identifier (CustomizationID in UBL, the guideline id in CII). Absent
   * only in a UBL document that claims no EN 16931 conformance (docs/ubl.md, "Without a profile").
   */
  readonly specificationId?: string;
  /** BT-23: the business process (ProfileID in UBL), which Peppol and XRechnung require. */
  readonly businessProcessId?: string;
  /** BT-1 */
  readonly number: string;
  /** BT-2, YYYY-MM-DD. */
  readonly issueDate: string;
  /** BT-9, YYYY-MM-DD. */
  readonly dueDate?: string;
  /** BT-3, UNTDID 1001: 380 commercial invoice, 381 credit note. */
  readonly typeCode: '380' | '381';
  /** BT-5 */
  readonly currency: string;
  /** Decimals of the currency's minor unit (D12): how amounts are written. */
  readonly minorDigits: number;
  /** BG-1: invoice notes, in order. */
  readonly notes: readonly string[];
  /** BT-10 */
  readonly buyerReference?: string;
  /** BT-13 */
  readonly orderReference?: string;
  /** BT-12 */
  readonly contractReference?: string;
  /** BT-11 */
  readonly projectReference?: string;
  /** BG-3: BT-25 and BT-26, the invoice a credit note corrects. */
  readonly billingReference?: { readonly number: string; readonly date?: string };
  /** BG-14 */
  readonly invoicePeriod?: EInvoicePeriod;
  /** BG-4 */
  readonly seller: EInvoiceParty;
  /** BG-7 */
  readonly buyer: EInvoiceParty;
  /** BG-13 */
  readonly delivery?: EInvoiceDelivery;
  /** BG-16 */
  readonly paymentMeans?: EInvoicePaymentMeans;
  /** BT-20 */
  readonly paymentTerms?: string;
  /** BG-20 and BG-21: document-level allowances and charges, in order. */
  readonly allowanceCharges: readonly EInvoiceAllowanceCharge[];
  /** BG-23: one per VAT category and rate, in order of first use. */
  readonly vatBreakdown: readonly EInvoiceVatSubtotal[];
  /** BG-22 */
  readonly totals: EInvoiceTotals;
  /** BG-25 */
  readonly lines: readonly EInvoiceLine[];
}

export interface EInvoiceParty {
  /** BT-27 / BT-44, also the trading name where a syntax needs one. */
  readonly name: string;
  /** BT-34 / BT-49 */
  readonly electronicAddress?: { readonly scheme: string; readonly value: string };
  /** BT-29 / BT-46, with its ISO 6523 scheme when known. */
  readonly identifier?: { readonly value: string; readonly scheme?: string };
  readonly address?: PostalAddress;
  /** BT-31 / BT-48 */
  readonly vatId?: string;
  /** BT-32 (seller only): a tax number that is not a VAT identifier. */
  readonly taxRegistrationId?: string;
  /** BT-30 / BT-47, with its ISO 6523 scheme when known. */
  readonly legalRegistration?: { readonly id: string; readonly scheme?: string };
  /** BG-6 / BG-9 */
  readonly contact?: { readonly name?: string; readonly phone?: string; readonly email?: string };
}

export interface EInvoiceDelivery {
  /** BT-70 */
  readonly name?: string;
  /** BG-15 */
  readonly address?: PostalAddress;
  /** BT-72 */
  readonly date?: string;
}

/** YYYY-MM-DD dates; at least one. */
export interface EInvoicePeriod {
  readonly start?: string;
  readonly end?: string;
}

export interface EInvoicePaymentMeans {
  /** BT-81, UNTDID 4461. */
  readonly code: string;
  /** BT-82 */
  readonly text?: string;
  /** BT-83 */
  readonly remittanceInformation: string;
  /** Payment instructions the service keeps although EN 16931 has no term for them. */
  readonly instructions?: string;
  /** BG-18 (card codes 48, 54, 55). */
  readonly card?: { readonly last4: string; readonly holder?: string; readonly network: string };
  /**
   * BG-19 (codes 49 and 59, with a mandate): BT-89 mandate, BT-90 creditor id, BT-91 debited
   * account. A SEPA direct debit (59) has all three; a direct debit (49) what was sent.
   */
  readonly directDebit?: { readonly mandateReference: string; readonly creditorId?: string; readonly debtorAccount?: string };
  /** BG-17 */
  readonly account?: {
    /** BT-84: an IBAN, or another account number (iban false). */
    readonly id: string;
    readonly iban: boolean;
    /** BT-85 */
    readonly name?: string;
    /** BT-86: the BIC, or a routing number that identifies the branch the same way. */
    readonly serviceProvider?: string;
    /** The bank's name, which EN 16931 has no term for (a warning in UBL). */
    readonly bankName?: string;
  };
}

export interface EInvoiceVatCategory {
  /** BT-95 / BT-102 / BT-118 / BT-151, UNCL 5305. */
  readonly code: TaxCategoryCode;
  /**
   * Percent × 10^6. Every breakdown carries it (BT-119; XRechnung's BR-DE-14 wants it even for O,
   * at 0); lines, allowances and charges in O carry none (BR-O-05 to BR-O-07).
   */
  readonly rate: bigint;
  /** The D5 tax groups merged into this category, for the breakdown's name. */
  readonly groups: readonly string[];
  /** BT-120 and BT-121, on the breakdown only: the reason always, the VATEX code when known. */
  readonly exemption?: { readonly code?: string; readonly reason: string };
}

export interface EInvoiceAllowanceCharge {
  readonly charge: boolean;
  /** BT-92 / BT-99 */
  readonly amount: bigint;
  /** BT-98 / BT-105 (UNCL 5189 / 7161); a reason or a code, or both (BR-33, BR-38). */
  readonly reasonCode?: string;
  /** BT-97 / BT-104 */
  readonly reason?: string;
  readonly category: EInvoiceVatCategory;
  /** The request field it comes from (allowances[i], charges[i], shipping), for the pre-flight's messages; none for the global discount's shares. */
  readonly field?: string;
}

export interface EInvoiceVatSubtotal {
  /** BT-116 */
  readonly taxable: bigint;
  /** BT-117 */
  readonly tax: bigint;
  readonly category: EInvoiceVatCategory;
}

/** BG-22, BT-106 … BT-115. */
/** BG-22, in minor units: the engine's, as its VAT breakdown states them. */
export type EInvoiceTotals = BreakdownTotals;

export interface EInvoiceLine {
  /** BT-126 */
  readonly id: string;
  /** BT-127 */
  readonly note?: string;
  /** BG-26 */
  readonly period?: EInvoicePeriod;
  /** BT-155 */
  readonly sellerItemId?: string;
  /** BT-129, × 10^6. */
  readonly quantity: bigint;
  /** BT-130, UN/ECE Rec 20. */
  readonly unitCode: string;
  /** BT-131 */
  readonly net: bigint;
  /** BG-27: the line discount. */
  readonly allowances: readonly { readonly amount: bigint; readonly reasonCode: string; readonly reason: string }[];
  /** BG-28: the line's charges; a reason or a code, or both (BR-44). */
  readonly charges: readonly { readonly amount: bigint; readonly reasonCode?: string; readonly reason?: string }[];
  /** BT-153 */
  readonly name: string;
  /** BT-154 */
  readonly description?: string;
  /** BG-30 */
  readonly category: EInvoiceVatCategory;
  /** BT-146, net, × 10^6. */
  readonly unitPrice: bigint;
}
