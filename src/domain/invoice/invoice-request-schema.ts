import Type, { type Static } from 'typebox';
import {
  CURRENCIES, DISCOUNT_TYPES, DOCUMENT_TYPES, LANGUAGES, MAX_ITEMS, OUTPUTS, PAGE_SIZES, PAYMENT_STATUSES,
  PROFILES, QR_TYPES, ROUNDING_MODES, TAX_CATEGORIES, TEMPLATES,
} from './catalog.ts';
import { StringEnum } from '../../lib/string-enum.ts';
import { MAX_IMAGE_BYTES } from '../images/image-limits.ts';

/**
 * The canonical (snake_case, nested) InvoiceRequest. Aliases (camelCase, flat metadata, D13) are
 * folded into this shape before validation by normalize-invoice-request.ts, which also trims the
 * text and refuses unknown fields using rules derived from this schema (derive-field-rules.ts), so
 * this one schema gives the validator, the reader, the TypeScript type and the OpenAPI document.
 * Every object says `additionalProperties: false`, so the OpenAPI document, the generated client
 * types and the MCP tool schemas say what the reader enforces.
 *
 * Bounds that JSON Schema cannot say exactly (at most 6 decimals, percent ≤ 100 for percent
 * discounts, real calendar dates, due date not before the issue date) are checked by the engine,
 * which names the field the same way.
 */

/** Largest accepted money input (unit price, shipping, deposit, amounts): one trillion. */
export const MAX_MONEY_INPUT = 1_000_000_000_000;
export const MAX_QUANTITY = 1_000_000_000;
/** D11: tax rates up to 1000 %, other percents up to 100 %. */
export const MAX_TAX_RATE = 1000;
// The domain's limit (catalog.ts), re-exported with the schema's other bounds.
export { MAX_ITEMS };
export const MAX_TAX_COMPONENTS = 10;
/**
 * D26: 2.5 MB of image bytes (the one limit, src/domain/images/image-limits.ts) is at most this many
 * characters of base64 plus a data: prefix; an https URL is far shorter.
 */
export const MAX_IMAGE_FIELD_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 64;

/** A plain decimal written as text (D38): digits, one optional point, an optional minus. */
export const DECIMAL_TEXT_PATTERN = '^-?[0-9]+(\\.[0-9]+)?$';

/**
 * A number field takes a JSON number or the same value as a decimal string, read exactly
 * without a binary double. The bounds stand on the number; the engine applies them to the
 * text (check-decimal-bounds.ts), so they are written once, here.
 */
export const decimal = (bounds: { minimum?: number; maximum: number; exclusiveMinimum?: number }, description: string, extra: { default?: number } = {}) =>
  Type.Union([
    Type.Number({ ...bounds }),
    Type.String({ pattern: DECIMAL_TEXT_PATTERN, maxLength: 40, description: 'The same number written as a decimal string, for example "1234.56", read exactly, without rounding through a binary floating-point number.' }),
  ], { description, ...extra });

const money = (description: string) => decimal({ minimum: 0, maximum: MAX_MONEY_INPUT }, description);
const text = (maxLength: number, description: string, minLength = 0) =>
  Type.String({ minLength, maxLength, description });
/**
 * Beyond the spec: EN 16931 needs each party's country as an ISO code, which a free-text
 * address does not give reliably. Optional; when omitted, UBL output reads a country named on the
 * address's last line (docs/ubl.md). The engine checks the code against the ISO list.
 */
const country = () =>
  Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 country code, for example DE; used by UBL output (docs/ubl.md).' });
const IMAGE_PATTERN = '^(https://|data:image/(png|jpeg|jpg);base64,)';
const image = (description: string) =>
  Type.String({ maxLength: MAX_IMAGE_FIELD_CHARS, pattern: IMAGE_PATTERN, description });

/** An address in EN 16931's parts; nothing is guessed from it. */
export const StructuredAddressSchema = Type.Object(
  {
    lines: Type.Optional(Type.Array(text(200, 'One address line.', 1), { maxItems: 3, description: 'Street and further lines, at most 3 (BT-35, BT-36, BT-162).' })),
    city: Type.Optional(text(100, 'City (BT-37).', 1)),
    postal_code: Type.Optional(text(20, 'Post code (BT-38).', 1)),
    region: Type.Optional(text(100, 'Region, state or province (BT-39).', 1)),
    country: Type.Optional(country()),
  },
  { additionalProperties: false, description: 'An address in parts, each written where EN 16931 has it: lines, city, postal_code, region, country.' },
);

/** ISO 6523 ICD: four digits, checked against the code list by the engine. */
const icd = (description: string) => Type.String({ pattern: '^[0-9]{4}$', description });

export const PartySchema = Type.Object(
  {
    name: text(200, 'Name of the person or company.', 1),
    address: Type.Optional(Type.Union([
      text(1000, 'Postal address; several lines separated by \\n.'),
      StructuredAddressSchema,
    ], { description: 'Postal address: free text (lines separated by \\n, split as docs/ubl.md says) or an object in parts.' })),
    email: Type.Optional(Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$', description: 'E-mail address.' })),
    phone: Type.Optional(text(50, 'Phone number.')),
    tax_id: Type.Optional(text(50, 'VAT, GST or EIN number (BT-31, BT-48 when it is a VAT number).')),
    tax_registration_id: Type.Optional(text(50, 'A national tax number that is not the VAT number, such as a German Steuernummer (BT-32); taken for the seller only.', 1)),
    registration_no: Type.Optional(text(50, 'Company registration number (BT-30, BT-47).')),
    registration_scheme: Type.Optional(icd('ISO 6523 ICD of registration_no, for example 0106 (KVK), 0002 (SIREN), 0009 (SIRET), 0208 (Belgian enterprise number).')),
    identifier: Type.Optional(Type.Object(
      {
        value: text(100, 'The identifier (BT-29, BT-46).', 1),
        scheme: Type.Optional(icd('ISO 6523 ICD of the identifier, for example 0088 (GLN).')),
      },
      { additionalProperties: false, description: 'A party identifier such as a GLN (BT-29, BT-46).' },
    )),
    electronic_address: Type.Optional(Type.Object(
      {
        scheme: Type.String({ pattern: '^[0-9A-Z]{2,4}$', description: 'EAS code, for example 0088 (GLN), 0204 (Leitweg-ID), 9930 (German VAT), 0208 (Belgian enterprise number), EM (e-mail).' }),
        value: text(200, 'The address in that scheme (BT-34, BT-49).', 1),
      },
      { additionalProperties: false, description: 'Where the e-invoice is delivered (BT-34, BT-49); Peppol needs one for both parties.' },
    )),
    contact: Type.Optional(Type.Object(
      {
        name: Type.Optional(text(200, 'Contact person or department (BT-41, BT-56).', 1)),
        phone: Type.Optional(text(50, 'Contact phone (BT-42, BT-57); the party\'s phone when omitted.', 1)),
        email: Type.Optional(Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$', description: 'Contact e-mail (BT-43, BT-58); the party\'s email when omitted.' })),
      },
      { additionalProperties: false, description: 'Contact (BG-6, BG-9); XRechnung needs the seller\'s name, phone and e-mail.' },
    )),
    website: Type.Optional(text(500, 'Web site.')),
    country: Type.Optional(country()),
    logo: Type.Optional(image('https image URL or data: URI (PNG or JPEG), at most 2.5 MB; used on from only.')),
  },
  { additionalProperties: false, description: 'A party to the invoice (sender or recipient).' },
);

/** A VAT category with, for the exempt ones, why no VAT is charged. */
const taxCategory = (where: string) => StringEnum(TAX_CATEGORIES, {
  description: `UNCL 5305 VAT category ${where}: S standard, Z zero rated, E exempt, AE reverse charge, K intra-community supply, G export outside the EU, O not subject to VAT, L Canary Islands, M Ceuta and Melilla. Z, E, AE, K, G and O take rate 0.`,
});
const taxExemptionReason = (where: string) => text(1000, `Why no VAT is charged ${where} (BT-120), for E, AE, K, G, O; the standard wording in the invoice language when only a code is sent.`, 1);
const taxExemptionCode = (where: string) => Type.String({ pattern: '^VATEX-[A-Z0-9-]+$', description: `VATEX code ${where} (BT-121), for example VATEX-EU-AE, VATEX-EU-IC, VATEX-EU-G, VATEX-EU-O.` });

/** D37: most document-level allowances, and charges, per invoice; most charges per line. */
export const MAX_ALLOWANCES = 20;
export const MAX_LINE_CHARGES = 10;

/** A document-level allowance or charge (BG-20, BG-21) in one VAT category and rate. */
export const AllowanceChargeSchema = Type.Object(
  {
    amount: Type.Optional(decimal({ minimum: 0, maximum: MAX_MONEY_INPUT }, 'The amount (net, or gross when tax_inclusive); send amount or percent.')),
    percent: Type.Optional(decimal({ minimum: 0, maximum: 100 }, 'A percent of the net sum of the lines in its VAT category and rate, rounded to the currency\'s minor unit; send amount or percent.')),
    reason: Type.Optional(text(200, 'Why (BT-97, BT-104); a reason or a reason_code is needed.', 1)),
    reason_code: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{1,3}$', description: 'UNCL 5189 (allowances, e.g. 95 discount) or UNCL 7161 (charges, e.g. FC freight, ABL packaging) code (BT-98, BT-105).' })),
    tax_category: Type.Optional(taxCategory('of the allowance or charge; the lines\' one when they all share one')),
    tax_rate: Type.Optional(decimal({ minimum: 0, maximum: MAX_TAX_RATE }, 'VAT rate in percent of its category; the lines\' one when they all share one.')),
  },
  { additionalProperties: false, description: 'A document-level allowance or charge (BG-20, BG-21): it moves the taxable base of its own VAT category and rate.' },
);

/** A charge on one line (BG-28), added after the line discount. */
export const LineChargeSchema = Type.Object(
  {
    amount: decimal({ minimum: 0, maximum: MAX_MONEY_INPUT }, 'The amount (net, or gross when tax_inclusive).'),
    reason: Type.Optional(text(200, 'Why (BT-144); a reason or a reason_code is needed.', 1)),
    reason_code: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{1,3}$', description: 'UNCL 7161 charge code (BT-145), for example ABL (packaging).' })),
  },
  { additionalProperties: false, description: 'A charge on the line (BG-28).' },
);

/** A date range (BG-14, BG-26). */
const PeriodSchema = (description: string) => Type.Object(
  {
    start: Type.Optional(Type.String({ format: 'date', description: 'First day, YYYY-MM-DD.' })),
    end: Type.Optional(Type.String({ format: 'date', description: 'Last day, YYYY-MM-DD; not before start.' })),
  },
  { additionalProperties: false, description },
);

export const InvoiceMetaSchema = Type.Object(
  {
    number: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[^\\u0000-\\u001f\\u007f]+$', description: 'Invoice number; generated when omitted: an account\'s next of its gap-free INV-<year>-<5 digits>, an anonymous caller\'s INV-<yyyymmdd>-<6 random characters>.' })),
    date: Type.Optional(Type.String({ format: 'date', description: 'Issue date, YYYY-MM-DD; today (UTC) when omitted.' })),
    due_date: Type.Optional(Type.String({ format: 'date', description: 'Due date, YYYY-MM-DD; not before the issue date.' })),
    po_number: Type.Optional(text(100, 'Purchase order number.')),
    terms: Type.Optional(text(1000, 'Payment terms text.')),
    currency: Type.Optional(StringEnum(CURRENCIES, { default: 'USD', description: 'ISO 4217 currency code.' })),
    language: Type.Optional(StringEnum(LANGUAGES, { default: 'en', description: 'Language of labels, dates and numbers; pt is Brazilian Portuguese, ar is right-to-left.' })),
    title: Type.Optional(text(100, 'Heading; the language\'s word for INVOICE when omitted.')),
    tax_inclusive: Type.Optional(Type.Boolean({ default: false, description: 'Unit prices are gross: they include tax, which is taken out of each tax group\'s gross sum.' })),
    buyer_reference: Type.Optional(text(200, 'Buyer reference (BT-10), such as a German public buyer\'s Leitweg-ID; po_number fills it when omitted.', 1)),
    delivery_date: Type.Optional(Type.String({ format: 'date', description: 'Actual delivery date (BT-72), YYYY-MM-DD.' })),
    period: Type.Optional(PeriodSchema('Invoicing period (BG-14).')),
    contract_reference: Type.Optional(text(200, 'Contract reference (BT-12).', 1)),
    project_reference: Type.Optional(text(200, 'Project reference (BT-11).', 1)),
  },
  { additionalProperties: false, description: 'Invoice metadata. Each field may also be sent flat at the top level; when both are sent, the nested value wins.' },
);

export const TaxComponentSchema = Type.Object(
  {
    name: Type.Optional(text(100, 'Name of the tax; the language\'s word for tax when omitted.')),
    rate: decimal({ minimum: 0, maximum: MAX_TAX_RATE }, 'Rate in percent.'),
  },
  { additionalProperties: false, description: 'One component of a tax (for example CGST 9 and SGST 9).' },
);

export const LineItemSchema = Type.Object(
  {
    description: text(1000, 'What is invoiced.', 1),
    quantity: Type.Optional(decimal({ minimum: -MAX_QUANTITY, maximum: MAX_QUANTITY }, 'Quantity, at most 6 decimals; negative for a returned item or a deduction, which takes no discount or charges.', { default: 1 })),
    unit: Type.Optional(text(20, 'Unit label such as hrs, pcs, kg.')),
    unit_price: Type.Optional(decimal({ minimum: 0, maximum: MAX_MONEY_INPUT }, 'Price per unit before tax and discount (gross when tax_inclusive).', { default: 0 })),
    discount: Type.Optional(decimal({ minimum: 0, maximum: MAX_MONEY_INPUT }, 'Line discount: a percent (≤ 100) or an amount for the whole line.')),
    discount_type: Type.Optional(StringEnum(DISCOUNT_TYPES, { default: 'percent' })),
    tax_rate: Type.Optional(decimal({ minimum: 0, maximum: MAX_TAX_RATE }, 'Single tax rate in percent; overrides global taxes for this line.')),
    taxes: Type.Optional(Type.Array(TaxComponentSchema, { minItems: 1, maxItems: MAX_TAX_COMPONENTS, description: 'Several tax components; an alternative to tax_rate.' })),
    tax_category: Type.Optional(taxCategory('of this line')),
    tax_exemption_reason: Type.Optional(taxExemptionReason('on this line')),
    tax_exemption_code: Type.Optional(taxExemptionCode('of this line')),
    charges: Type.Optional(Type.Array(LineChargeSchema, { minItems: 1, maxItems: MAX_LINE_CHARGES, description: 'Charges on this line (BG-28), added after the line discount.' })),
    item_id: Type.Optional(text(100, 'The seller\'s item identifier (BT-155).', 1)),
    note: Type.Optional(text(1000, 'A note on this line (BT-127).', 1)),
    unit_code: Type.Optional(Type.String({ pattern: '^[A-Z0-9]{2,3}$', description: 'UN/ECE Recommendation 20 unit code (BT-130), for example HUR, H87, C62; overrides the code read from unit.' })),
    period: Type.Optional(PeriodSchema('Period of this line (BG-26).')),
  },
  { additionalProperties: false, description: 'One line of the invoice.' },
);

export const QrSchema = Type.Object(
  {
    type: StringEnum(QR_TYPES, { description: 'Kind of payment QR.' }),
    value: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'The payload; for sepa it may be omitted and is then built from the payment block (IBAN, BIC, payee, amount).' })),
  },
  { additionalProperties: false, description: 'A payment QR; overrides the hosted-link QR.' },
);

export const PaymentSchema = Type.Object(
  {
    pay_to: Type.Optional(text(200, 'Payee.')),
    bank_name: Type.Optional(text(200, 'Bank name.')),
    account_name: Type.Optional(text(200, 'Account holder.')),
    account_number: Type.Optional(text(64, 'Account number.')),
    routing_number: Type.Optional(text(64, 'Routing or sort code.')),
    iban: Type.Optional(text(64, 'IBAN.')),
    swift: Type.Optional(text(32, 'SWIFT / BIC.')),
    instructions: Type.Optional(text(2000, 'Payment instructions.')),
    method_note: Type.Optional(text(500, 'Note about the payment method.')),
    means_code: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}$|^ZZZ$', description: 'UNTDID 4461 payment means (BT-81): 58 SEPA credit transfer (the default with an IBAN in EUR), 30 credit transfer (the default with another account), 59 SEPA direct debit, 48/54/55 card, 10 cash.' })),
    mandate_reference: Type.Optional(text(100, 'SEPA direct debit mandate reference (BT-89); needed with means_code 59.', 1)),
    creditor_id: Type.Optional(text(100, 'SEPA creditor identifier (BT-90); needed with means_code 59.', 1)),
    debtor_iban: Type.Optional(text(64, 'The account that is debited (BT-91); needed with means_code 59.', 1)),
    card: Type.Optional(Type.Object(
      {
        last4: Type.String({ pattern: '^[0-9]{4}$', description: 'The last four digits of the card (BT-87), never more.' }),
        holder: Type.Optional(text(200, 'Card holder (BT-88).', 1)),
        network: Type.Optional(text(50, 'Card network, for example VISA; "card" when omitted.', 1)),
      },
      { additionalProperties: false, description: 'Payment card (BG-18) for means_code 48, 54 or 55.' },
    )),
    status: Type.Optional(StringEnum(PAYMENT_STATUSES, { description: 'Overrides the status detected from amount_paid (paid, partial or unpaid).' })),
    qr: Type.Optional(QrSchema),
  },
  { additionalProperties: false, description: 'Payment details printed on the invoice.' },
);

export const FeaturesSchema = Type.Object(
  {
    hosted_link: Type.Optional(Type.Boolean({ description: 'Store a snapshot and return a 7-day signed link; default true when authenticated, false (and forbidden) when anonymous.' })),
    qr: Type.Optional(Type.Boolean({ description: 'Render a QR code; default true when authenticated, false (and forbidden) when anonymous.' })),
  },
  { additionalProperties: false, description: 'Optional features.' },
);

export const ShipToSchema = Type.Object(
  {
    name: text(200, 'Name of the recipient of the goods.', 1),
    address: Type.Optional(Type.Union([
      text(1000, 'Delivery address; several lines separated by \\n.'),
      StructuredAddressSchema,
    ], { description: 'Delivery address (BG-15): free text or an object in parts.' })),
    country: Type.Optional(country()),
  },
  { additionalProperties: false, description: 'Delivery party and address.' },
);

/** Bounds of the caller's own data: `metadata` and `custom_fields`. */
export const MAX_METADATA_KEYS = 50;
export const MAX_METADATA_KEY_CHARS = 40;
export const MAX_METADATA_VALUE_CHARS = 500;
export const MAX_CUSTOM_FIELDS = 10;
export const MAX_CUSTOM_FIELD_LABEL_CHARS = 40;
export const MAX_CUSTOM_FIELD_VALUE_CHARS = 200;

/**
 * The caller's opaque data: string values under keys of their choosing. Written as plain JSON
 * Schema (`additionalProperties` with a value schema, `propertyNames` for the keys), because a
 * TypeBox Record would say `patternProperties` and lose the key bounds; the request reader
 * (normalize-invoice-request.ts) leaves an object without `properties` exactly as sent.
 */
export const MetadataSchema = Type.Unsafe<Record<string, string>>({
  type: 'object',
  additionalProperties: { type: 'string', maxLength: MAX_METADATA_VALUE_CHARS },
  propertyNames: { minLength: 1, maxLength: MAX_METADATA_KEY_CHARS },
  maxProperties: MAX_METADATA_KEYS,
  description: `Your own data, for example an order id of your system: at most ${MAX_METADATA_KEYS} keys of 1 to ${MAX_METADATA_KEY_CHARS} characters, each a string of at most ${MAX_METADATA_VALUE_CHARS} characters. Never printed and never part of an e-invoice; echoed exactly as sent (not trimmed) in the JSON answer, the hosted link's JSON, webhook events and batch results.`,
});

export const CustomFieldSchema = Type.Object(
  {
    label: text(MAX_CUSTOM_FIELD_LABEL_CHARS, 'The label printed before the value, for example "Cost centre".', 1),
    value: Type.Optional(text(MAX_CUSTOM_FIELD_VALUE_CHARS, 'The value printed after the label; a custom field without a value (left out, empty or only white space) is echoed but not printed.')),
  },
  { additionalProperties: false, description: 'A labelled value of your own, printed with the invoice details.' },
);

export const InvoiceRequestSchema = Type.Object(
  {
    from: PartySchema,
    to: PartySchema,
    ship_to: Type.Optional(ShipToSchema),
    invoice: Type.Optional(InvoiceMetaSchema),
    items: Type.Array(LineItemSchema, { minItems: 1, maxItems: MAX_ITEMS, description: '1 to 100 line items.' }),
    global_tax: Type.Optional(decimal({ minimum: 0, maximum: MAX_TAX_RATE }, 'Tax rate in percent for lines without a tax of their own.')),
    global_taxes: Type.Optional(Type.Array(TaxComponentSchema, { minItems: 1, maxItems: MAX_TAX_COMPONENTS, description: 'Tax components for lines without a tax of their own.' })),
    tax_category: Type.Optional(taxCategory('for lines without their own')),
    tax_exemption_reason: Type.Optional(taxExemptionReason('for lines without their own, and for shipping, allowances and charges in an exempt category')),
    tax_exemption_code: Type.Optional(taxExemptionCode('for lines without their own, and for shipping, allowances and charges in an exempt category')),
    global_discount: Type.Optional(decimal({ minimum: 0, maximum: MAX_MONEY_INPUT }, 'Discount on the subtotal after line discounts, spread over the lines in proportion to their totals.')),
    global_discount_type: Type.Optional(StringEnum(DISCOUNT_TYPES, { default: 'percent' })),
    shipping: Type.Optional(money('Shipping charge: untaxed and added after tax, unless shipping_tax_rate or shipping_taxes tax it.')),
    shipping_tax_rate: Type.Optional(decimal({ minimum: 0, maximum: MAX_TAX_RATE }, 'Taxes the shipping at this rate in percent; its tax joins the tax lines.')),
    shipping_taxes: Type.Optional(Type.Array(TaxComponentSchema, { minItems: 1, maxItems: MAX_TAX_COMPONENTS, description: 'Taxes the shipping with several components; an alternative to shipping_tax_rate.' })),
    shipping_tax_category: Type.Optional(taxCategory('of the shipping; S when it is taxed, and for untaxed shipping the exempt category of a supply that is all in one, else Z')),
    allowances: Type.Optional(Type.Array(AllowanceChargeSchema, { minItems: 1, maxItems: MAX_ALLOWANCES, description: 'Document-level allowances (BG-20), each in one VAT category and rate.' })),
    charges: Type.Optional(Type.Array(AllowanceChargeSchema, { minItems: 1, maxItems: MAX_ALLOWANCES, description: 'Document-level charges (BG-21), each in one VAT category and rate.' })),
    shipping_label: Type.Optional(text(100, 'Label of the shipping line; "Shipping" when omitted.')),
    deposit: Type.Optional(money('Deposit requested up front; shown, does not change the totals.')),
    rounding: Type.Optional(StringEnum(ROUNDING_MODES, { default: 'none', description: 'Rounding of the grand total to rounding_increment: none, nearest (half away from zero), up or down.' })),
    rounding_increment: Type.Optional(decimal({ exclusiveMinimum: 0, maximum: 1000 }, 'Step of the grand-total rounding, for example 0.05; default 1.')),
    rounding_amount: Type.Optional(decimal({ minimum: -1000, maximum: 1000 }, 'An amount added to the grand total as its rounding (BT-114), positive or negative, a whole multiple of the currency\'s minor unit: for a rounding no rounding_increment describes, such as one read from a received e-invoice. Not together with rounding.')),
    amount_paid: Type.Optional(money('Amount already paid; balance_due = grand_total − amount_paid.')),
    payment: Type.Optional(PaymentSchema),
    template: Type.Optional(StringEnum(TEMPLATES, { default: 'classic' })),
    accent_color: Type.Optional(Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: 'Accent colour #RRGGBB.' })),
    signature: Type.Optional(image('Signature image: https URL or data: URI (PNG or JPEG), at most 2.5 MB.')),
    output: Type.Optional(StringEnum(OUTPUTS, { default: 'json' })),
    profile: Type.Optional(StringEnum(PROFILES, { description: 'The e-invoice rules the document meets: ubl takes en16931 (default), peppol or xrechnung; cii takes en16931 (default) or xrechnung; pdf takes factur-x or xrechnung (a hybrid PDF); json takes any of them and checks the data only.' })),
    document_type: Type.Optional(StringEnum(DOCUMENT_TYPES, { default: 'invoice', description: 'invoice (380) or credit_note (381); a credit note needs billing_reference.' })),
    billing_reference: Type.Optional(Type.Object(
      {
        number: text(64, 'Number of the invoice this document refers to (BT-25).', 1),
        date: Type.Optional(Type.String({ format: 'date', description: 'Its issue date (BT-26), YYYY-MM-DD.' })),
      },
      { additionalProperties: false, description: 'The invoice a credit note (or a corrected invoice) refers to (BG-3).' },
    )),
    page_size: Type.Optional(StringEnum(PAGE_SIZES, { default: 'a4', description: 'PDF page size.' })),
    features: Type.Optional(FeaturesSchema),
    notes: Type.Optional(text(5000, 'Free text printed on the invoice.')),
    refund_policy: Type.Optional(text(5000, 'Refund policy.')),
    footer: Type.Optional(text(1000, 'Footer text.')),
    custom_fields: Type.Optional(Type.Array(CustomFieldSchema, { maxItems: MAX_CUSTOM_FIELDS, description: `At most ${MAX_CUSTOM_FIELDS} labelled values of your own (a cost centre, a project code), printed on the PDF with the invoice details in the order sent and echoed in the JSON answer; never part of a UBL or CII e-invoice.` })),
    metadata: Type.Optional(MetadataSchema),
  },
  {
    $id: 'InvoiceRequest',
    additionalProperties: false,
    description: 'One invoice. camelCase aliases and flat invoice metadata are accepted too. Every text is trimmed of surrounding white space (metadata aside); an optional text left empty counts as not sent, a required one, a code or a number may not be blank. A field that is not listed here is refused, naming it.',
  },
);

export type InvoiceRequest = Static<typeof InvoiceRequestSchema>;
export type LineItem = Static<typeof LineItemSchema>;
export type TaxComponent = Static<typeof TaxComponentSchema>;
export type Party = Static<typeof PartySchema>;
export type Payment = Static<typeof PaymentSchema>;
export type StructuredAddress = Static<typeof StructuredAddressSchema>;
export type AllowanceChargeInput = Static<typeof AllowanceChargeSchema>;
export type CustomField = Static<typeof CustomFieldSchema>;
