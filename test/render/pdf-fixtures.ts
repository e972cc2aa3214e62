import { LANGUAGES, TEMPLATES, type Language } from '../../src/domain/invoice/catalog.ts';
import { dataUri, PNG_3X2 } from '../helpers/image-bytes.ts';

export { LANGUAGES, TEMPLATES };

/** Line descriptions in several scripts: any script must print in any invoice language (D30). */
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
