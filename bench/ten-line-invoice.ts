/** A realistic 10-line invoice: mixed rates, a line discount, a global discount, shipping. */
export const TEN_LINE_INVOICE = {
  from: { name: 'Acme Consulting GmbH', address: 'Hauptstraße 1\n10115 Berlin\nGermany', email: 'billing@acme.example', tax_id: 'DE123456789' },
  to: { name: 'Globex Ltd', address: '1 High Street\nLondon EC1A 1AA\nUnited Kingdom', tax_id: 'GB987654321' },
  invoice: { date: '2026-11-02', due_date: '2026-12-02', currency: 'EUR', po_number: 'PO-4711', terms: 'Net 30' },
  items: [
    { description: 'Strategy workshop', quantity: 2, unit: 'days', unit_price: 1200, tax_rate: 19 },
    { description: 'Implementation', quantity: 37.5, unit: 'hrs', unit_price: 95, discount: 10, tax_rate: 19 },
    { description: 'Code review', quantity: 6.25, unit: 'hrs', unit_price: 110, tax_rate: 19 },
    { description: 'Travel (train)', quantity: 1, unit_price: 189.9, tax_rate: 7 },
    { description: 'Hotel', quantity: 3, unit: 'nights', unit_price: 129, tax_rate: 7 },
    { description: 'Licence, annual', quantity: 1, unit_price: 2400, discount: 200, discount_type: 'amount', tax_rate: 19 },
    { description: 'Training material', quantity: 12, unit: 'pcs', unit_price: 14.99, tax_rate: 7 },
    { description: 'Support retainer', quantity: 1, unit_price: 750, tax_rate: 19 },
    { description: 'Cloud hosting', quantity: 1, unit_price: 312.45, tax_rate: 19 },
    { description: 'Domain fee', quantity: 2, unit_price: 15, tax_rate: 0 },
  ],
  global_discount: 5,
  shipping: 25,
  notes: 'Thank you for your business.',
};
