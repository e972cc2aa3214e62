import Type, { type Static } from 'typebox';
import {
  CURRENCIES, DOCUMENT_TYPES, LANGUAGES, PAGE_SIZES, PAYMENT_STATUSES, PROFILES, TAX_CATEGORIES, TEMPLATES,
} from './catalog.ts';
import { InvoiceRequestSchema, InvoiceMetaSchema, LineItemSchema, PartySchema, PaymentSchema, ShipToSchema } from './invoice-request-schema.ts';
import { StringEnum } from '../../lib/string-enum.ts';

/**
 * The computed invoice (InvoiceResponse). Every money field is rounded to the currency's minor
 * unit (D12); unit_price and quantity echo the request exactly (up to 6 decimals), because a
 * rounded unit price times the quantity would no longer give the line total.
 */
const money = (description: string) => Type.Number({ description });
/** A value echoed as the request sent it: a number, or a decimal string. */
const echoed = (description: string) => Type.Union([Type.Number(), Type.String()], { description });

export const ItemTaxSchema = Type.Object({
  name: Type.String(),
  rate: echoed('Percent, as sent.'),
  amount: money('This line\'s share of the component, rounded for display; the tax lines hold the exact figures.'),
});

export const InvoiceItemSchema = Type.Object({
  description: Type.String(),
  quantity: echoed('As sent.'),
  unit: Type.Optional(Type.String()),
  unit_price: echoed('As sent (gross when tax_inclusive).'),
  discount: money('The line discount as an amount: round(quantity × unit_price) − line_total.'),
  discount_percent: Type.Optional(echoed('The percent sent, for a percent line discount.')),
  taxes: Type.Array(ItemTaxSchema),
  tax_amount: money('Sum of this line\'s tax shares; may differ from the tax lines by one minor unit per line, since each tax line is rounded once from its exact sum.'),
  line_total: money('Quantity × unit price less the line discount, rounded to the currency\'s minor unit.'),
  charges: Type.Optional(Type.Array(Type.Object({
    amount: money('The charge, rounded to the currency\'s minor unit.'),
    reason: Type.Optional(Type.String()),
    reason_code: Type.Optional(Type.String()),
  }), { description: 'The line\'s charges, included in line_total.' })),
  tax_category: LineItemSchema.properties.tax_category,
  tax_exemption_reason: LineItemSchema.properties.tax_exemption_reason,
  tax_exemption_code: LineItemSchema.properties.tax_exemption_code,
  item_id: LineItemSchema.properties.item_id,
  note: LineItemSchema.properties.note,
  unit_code: LineItemSchema.properties.unit_code,
  period: LineItemSchema.properties.period,
});

export const TaxLineSchema = Type.Object({
  name: Type.String(),
  rate: echoed('Percent, as sent.'),
  tax_category: StringEnum(TAX_CATEGORIES, { description: 'The UNCL 5305 VAT category of the amounts in this group (S standard, Z zero rated, E exempt, AE reverse charge, K intra-community, G export, O not subject to VAT, L, M): a tax line never mixes two categories, so the tax lines hold the same bases as an e-invoice\'s VAT breakdown.' }),
  taxable_amount: money('The amounts this tax applies to, after their share of the global discount, allowances and charges of their category included; with tax-inclusive prices, their gross less the tax.'),
  amount: money('The tax of this line, rounded once from the exact sum of its parts.'),
});

/** An allowance or charge as computed: its amount, category and rate always. */
const AdjustmentSchema = Type.Object({
  amount: money('Rounded to the currency\'s minor unit.'),
  percent: Type.Optional(Type.Union([Type.Number(), Type.String()], { description: 'As sent.' })),
  reason: Type.Optional(Type.String()),
  reason_code: Type.Optional(Type.String()),
  tax_category: Type.String(),
  tax_rate: Type.Union([Type.Number(), Type.String()], { description: 'Percent.' }),
});

export const InvoiceQrSchema = Type.Object({
  source: StringEnum(['hosted_link', 'payment'] as const),
  type: Type.String(),
});

export const InvoiceSchema = Type.Object(
  {
    number: Type.String(),
    title: Type.String(),
    document_type: StringEnum(DOCUMENT_TYPES, { description: 'invoice (380) or credit_note (381).' }),
    profile: Type.Optional(StringEnum(PROFILES, { description: 'The e-invoice profile the request asked for.' })),
    billing_reference: InvoiceRequestSchema.properties.billing_reference,
    tax_category: InvoiceRequestSchema.properties.tax_category,
    tax_exemption_reason: InvoiceRequestSchema.properties.tax_exemption_reason,
    tax_exemption_code: InvoiceRequestSchema.properties.tax_exemption_code,
    date: Type.String({ format: 'date' }),
    due_date: Type.Optional(Type.String({ format: 'date' })),
    po_number: Type.Optional(Type.String()),
    buyer_reference: InvoiceMetaSchema.properties.buyer_reference,
    delivery_date: InvoiceMetaSchema.properties.delivery_date,
    period: InvoiceMetaSchema.properties.period,
    contract_reference: InvoiceMetaSchema.properties.contract_reference,
    project_reference: InvoiceMetaSchema.properties.project_reference,
    terms: Type.Optional(Type.String()),
    currency: StringEnum(CURRENCIES),
    language: StringEnum(LANGUAGES),
    template: StringEnum(TEMPLATES),
    page_size: StringEnum(PAGE_SIZES),
    accent_color: Type.Optional(Type.String()),
    tax_inclusive: Type.Boolean(),
    from: PartySchema,
    to: PartySchema,
    ship_to: Type.Optional(ShipToSchema),
    items: Type.Array(InvoiceItemSchema),
    subtotal: money('Σ line_total; gross when tax_inclusive.'),
    global_discount: money('The global discount as an amount.'),
    discount_total: money('Line discounts plus the global discount.'),
    shipping: money('Added after tax and untaxed, or taxed at shipping_tax_rate.'),
    shipping_tax_rate: InvoiceRequestSchema.properties.shipping_tax_rate,
    shipping_taxes: InvoiceRequestSchema.properties.shipping_taxes,
    shipping_tax_category: InvoiceRequestSchema.properties.shipping_tax_category,
    allowances: Type.Optional(Type.Array(AdjustmentSchema, { description: 'Document-level allowances with their amounts.' })),
    charges: Type.Optional(Type.Array(AdjustmentSchema, { description: 'Document-level charges with their amounts.' })),
    allowance_total: money('Σ allowances.'),
    charge_total: money('Σ charges.'),
    shipping_label: Type.String(),
    total_tax: money('Σ tax_lines.'),
    rounding_adjustment: money('Rounded minus unrounded grand total.'),
    grand_total: money('subtotal − global_discount − allowance_total + charge_total + shipping, plus total_tax when prices are tax-exclusive (tax-inclusive prices already contain it), then rounded as rounding says.'),
    deposit: money('Requested up front; does not change the totals.'),
    amount_paid: money('Already paid.'),
    balance_due: money('grand_total − amount_paid; negative when overpaid.'),
    tax_lines: Type.Array(TaxLineSchema),
    status: StringEnum(PAYMENT_STATUSES),
    payment: Type.Optional(PaymentSchema),
    hosted_url: Type.Optional(Type.String({ description: 'Signed link to the invoice, valid 7 days.' })),
    hosted_expires_at: Type.Optional(Type.Integer({ description: 'Unix seconds.' })),
    qr: Type.Optional(InvoiceQrSchema),
    notes: Type.Optional(Type.String()),
    refund_policy: Type.Optional(Type.String()),
    footer: Type.Optional(Type.String()),
    custom_fields: InvoiceRequestSchema.properties.custom_fields,
    metadata: InvoiceRequestSchema.properties.metadata,
  },
  { $id: 'Invoice', description: 'The computed invoice.' },
);

export type Invoice = Static<typeof InvoiceSchema>;
export type InvoiceItem = Static<typeof InvoiceItemSchema>;
export type TaxLine = Static<typeof TaxLineSchema>;
