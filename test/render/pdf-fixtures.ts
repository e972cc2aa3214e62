import { LANGUAGES, TEMPLATES, type Language } from '../../src/domain/invoice/catalog.ts';
import { dataUri, PNG_3X2 } from '../helpers/image-bytes.ts';

export { LANGUAGES, TEMPLATES };

/** Line descriptions in several scripts: any script must print in any invoice language. */
export const MULTI_SCRIPT_DESCRIPTIONS = [
  'Consulting — Q4 workshop',
  'استشارة فنية',
  'वेबसाइट डिज़ाइन सेवा',
  'ソフトウェア保守',
  'Техническая поддержка',
  'Änderungswünsche & Übersetzung',
] as const;

/**
 * An invoice that shows every section: due date, PO, terms, three parties with tax and
 * registration numbers, a discount column, global discount, shipping, rounding, deposit, amount
 * paid (PARTIAL stamp), every payment field, a payment QR, notes, refund policy, footer, logo and
 * signature.
 */
export function richInvoice(language: Language, template: string, number: string): Record<string, unknown> {
  return {
    output: 'pdf',
    template,
    from: {
      name: 'Acme Consulting GmbH', address: 'Hauptstraße 1\n10115 Berlin', email: 'billing@acme.example',
      phone: '+49 30 1234567', tax_id: 'DE123456789', registration_no: 'HRB 12345', website: 'acme.example',
      logo: dataUri('image/png', PNG_3X2),
    },
    to: { name: 'محمد الأحمد Trading', address: 'दिल्ली 110001\n東京都千代田区', tax_id: 'GB987654321' },
    ship_to: { name: 'Warehouse Nord', address: 'Hafenstraße 5\n20457 Hamburg' },
    invoice: { number, date: '2026-11-02', due_date: '2026-12-02', po_number: 'PO-4711', terms: 'Net 30', currency: 'EUR', language },
    items: MULTI_SCRIPT_DESCRIPTIONS.map((description, i) => ({
      description, quantity: i + 1, unit_price: 100 + i * 10.5, tax_rate: i % 2 === 0 ? 19 : 7,
      ...(i === 1 ? { discount: 10 } : {}),
    })),
    global_discount: 5,
    shipping: 25,
    rounding: 'nearest',
    rounding_increment: 0.05,
    deposit: 100,
    amount_paid: 200,
    payment: {
      pay_to: 'Acme Consulting GmbH', bank_name: 'Berliner Bank', account_name: 'Acme Consulting GmbH',
      account_number: '0532013000', routing_number: '37040044', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX',
      instructions: 'Please quote the invoice number.', method_note: 'SEPA transfer preferred',
      qr: { type: 'url', value: 'https://pay.acme.example/i/42' },
    },
    signature: dataUri('image/png', PNG_3X2),
    notes: 'Thank you for your business.',
    refund_policy: 'Refunds within 14 days.',
    footer: 'Acme Consulting GmbH · Berlin',
  };
}

/** The invoice a credit note corrects, as every credit-note fixture names it. */
export const CORRECTED_INVOICE = { number: 'INV-2026-00001', date: '2026-11-02' } as const;
/** Custom fields as sent: the one without a value is echoed in the JSON but not printed. */
export const CUSTOM_FIELDS = [{ label: 'Cost centre', value: 'CC-4711' }, { label: 'Unprinted' }, { label: 'Projekt', value: 'Relaunch 2026' }] as const;

/**
 * A credit note sent with everything that asks for payment: a due date, payment terms, a payment
 * block, a deposit and an amount paid (which would stamp an invoice PARTIALLY PAID). None of it may
 * print. Two rates, 200.00 at 19 % and 50.00 at 7 %: 291.50 credited.
 */
export function creditNoteRequest(language: Language, template: string): Record<string, unknown> {
  return {
    template,
    document_type: 'credit_note',
    billing_reference: CORRECTED_INVOICE,
    from: { name: 'Acme Consulting GmbH', address: 'Hauptstraße 1\n10115 Berlin', tax_id: 'DE123456789' },
    to: { name: 'Client BV', address: 'Keizersgracht 1\n1015 Amsterdam' },
    invoice: { date: '2026-11-20', due_date: '2026-12-20', terms: 'Net 30', currency: 'EUR', language },
    items: [
      { description: 'Consulting, returned hours', quantity: 2, unit_price: 100, tax_rate: 19 },
      { description: 'Handbook', quantity: 1, unit_price: 50, tax_rate: 7 },
    ],
    deposit: 10,
    amount_paid: 100,
    payment: { bank_name: 'Berliner Bank', account_name: 'Acme Consulting GmbH', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
    custom_fields: CUSTOM_FIELDS,
  };
}

/** Gross prices at two rates: 1,000.00 at 19 % holds 159.66 on 840.34, 107.00 at 7 % holds 7.00 on 100.00. */
export function taxInclusiveRequest(language: Language, template: string): Record<string, unknown> {
  return {
    template,
    from: { name: 'Acme Consulting GmbH' }, to: { name: 'Client BV' },
    invoice: { date: '2026-11-20', currency: 'EUR', language, tax_inclusive: true },
    items: [{ description: 'Laptop', unit_price: 1000, tax_rate: 19 }, { description: 'Handbook', unit_price: 107, tax_rate: 7 }],
  };
}

/** 120 letters without a break opportunity, as a long compound or a name written without spaces. */
export const LONG_NAME = 'Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft'.repeat(2).slice(0, 120);
/** A 200-character URL whose path has no slash, so nothing in it but the URL's start may break. */
export const LONG_URL = `https://downloads.example.com/${'a1b2c3d4e5f6g7h8i9j0'.repeat(9)}`.slice(0, 200);
export const LONG_NUMBER = '1234567890'.repeat(6);

/**
 * Long unbroken words where a reader must see them whole: the seller's, the buyer's and the
 * delivery address's names (three columns, the narrowest), a URL in an item, a 60-digit number as
 * the buyer's tax id and in a line, a long reference and a custom field.
 */
export function longWordsRequest(language: Language, template: string): Record<string, unknown> {
  return {
    template,
    from: { name: `Seller${LONG_NAME}`, address: 'Hauptstraße 1\n10115 Berlin', email: `billing@${'x'.repeat(60)}.example` },
    to: { name: `Buyer${LONG_NAME}`, address: 'Keizersgracht', tax_id: LONG_NUMBER },
    ship_to: { name: `Delivery${LONG_NAME}`, address: 'Hafenstraße 5' },
    invoice: { date: '2026-11-20', currency: 'EUR', language, po_number: `PO${LONG_NUMBER}` },
    items: [
      { description: `Download at ${LONG_URL}`, quantity: 1, unit_price: 100, tax_rate: 19 },
      { description: `Serial ${LONG_NUMBER}`, quantity: 2, unit_price: 50, tax_rate: 19 },
    ],
    custom_fields: [{ label: 'Reference', value: `REF${LONG_NUMBER}${LONG_NUMBER}` }],
    notes: `See ${LONG_URL}`,
  };
}
