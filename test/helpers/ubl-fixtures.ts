import { CURRENCIES, LANGUAGES, type Currency, type Language } from '../../src/domain/invoice/catalog.ts';

type Json = Record<string, any>;

export interface UblFixture {
  readonly name: string;
  readonly request: Json;
  /**
   * EN 16931 fatal rules this fixture breaks because it lacks data the standard requires (docs/ubl.md
   * lists them); empty for a fixture that carries all of it.
   */
  readonly breaks: readonly string[];
}

/** Seller and buyer in each language's script, with a country line the builder reads. */
const PARTIES: Readonly<Record<Language, { from: Json; to: Json }>> = {
  en: { from: { name: 'Acme Ltd', address: '1 High Street\nLondon SW1A 1AA\nUnited Kingdom', tax_id: 'GB123456789' }, to: { name: 'Globex Inc', address: '500 Main St\nSpringfield, IL 62704\nUSA' } },
  nl: { from: { name: 'Bakkerij de Vries B.V.', address: 'Damstraat 12\n1012 JM Amsterdam\nNederland', tax_id: 'NL123456789B01' }, to: { name: 'Jansen & Zonen', address: 'Markt 3\n3511 AB Utrecht\nNederland' } },
  de: { from: { name: 'Müller GmbH', address: 'Hauptstraße 1\n10115 Berlin\nDeutschland', tax_id: 'DE123456789' }, to: { name: 'Schön & Söhne KG', address: 'Königsallee 5\n40212 Düsseldorf\nDeutschland', tax_id: 'DE987654321' } },
  fr: { from: { name: 'Société Générale d\'Études', address: '12 rue de Rivoli\n75001 Paris\nFrance', tax_id: 'FR12345678901' }, to: { name: 'Café « Le Zèbre »', address: '3 place Bellecour\n69002 Lyon\nFrance' } },
  es: { from: { name: 'Señor Peña S.L.', address: 'Calle Mayor 5\n28013 Madrid\nEspaña', tax_id: 'ESB12345678' }, to: { name: 'Niño y Compañía', address: 'Rambla 10\n08002 Barcelona\nEspaña' } },
  pt: { from: { name: 'Conceição & Irmãos Lda', address: 'Rua Augusta 100\n1100-053 Lisboa\nPortugal', tax_id: 'PT123456789' }, to: { name: 'Ação Comercial SA', address: 'Avenida Paulista 1000\n01310-100 São Paulo\nBrasil' } },
  ar: { from: { name: 'شركة النور للتجارة', address: 'شارع الملك فهد ١\n12345 الرياض\nالمملكة العربية السعودية', tax_id: 'SA300000000000003' }, to: { name: 'مؤسسة الأمل', address: 'شارع الشيخ زايد\nدبي\nالإمارات العربية المتحدة' } },
  ja: { from: { name: '株式会社サンプル', address: '千代田区丸の内1-1\n100-0005 東京都\n日本', tax_id: 'JPT1234567890123' }, to: { name: '山田商事株式会社', address: '北区梅田2-2\n530-0001 大阪府\n日本' } },
  ru: { from: { name: 'ООО «Ромашка»', address: 'ул. Тверская, 1\n125009 Москва\nРоссия', tax_id: 'RU7701234567' }, to: { name: 'АО «Василёк»', address: 'Невский пр., 10\n191186 Санкт-Петербург\nРоссия' } },
  it: { from: { name: 'Rossi & Figli S.r.l.', address: 'Via del Corso 1\n00186 Roma\nItalia', tax_id: 'IT12345678901' }, to: { name: 'Bianchi S.p.A.', address: 'Via Montenapoleone 8\n20121 Milano\nItalia' } },
  hi: { from: { name: 'शर्मा एंटरप्राइज़ेज़', address: 'कनॉट प्लेस 12\nनई दिल्ली 110001\nभारत', tax_id: 'IN27AAPFU0939F1ZV' }, to: { name: 'गुप्ता ट्रेडर्स', address: 'मरीन ड्राइव 4\nमुंबई 400020\nभारत' } },
};

const DESCRIPTIONS: Readonly<Record<Language, readonly string[]>> = {
  en: ['Consulting', 'Hosting (monthly)', 'Travel'], nl: ['Advies', 'Brood & banket', 'Levering'],
  de: ['Beratung', 'Wartung – Größe XL', 'Schulung'], fr: ['Conseil', 'Hébergement', 'Déplacement'],
  es: ['Consultoría', 'Diseño gráfico', 'Señalización'], pt: ['Consultoria', 'Manutenção', 'Formação'],
  ar: ['استشارة فنية', 'تصميم موقع', 'صيانة'], ja: ['コンサルティング', 'ソフトウェア保守', '出張費'],
  ru: ['Консультация', 'Техническая поддержка', 'Обучение'], it: ['Consulenza', 'Manutenzione', 'Formazione'],
  hi: ['परामर्श सेवा', 'वेबसाइट डिज़ाइन', 'रखरखाव'],
};

/** One invoice per currency, the languages in turn, each with a different mix of the engine's features. */
function perCurrency(currency: Currency, index: number): UblFixture {
  const language = LANGUAGES[index % LANGUAGES.length]!;
  const { from, to } = PARTIES[language];
  const [a, b, c] = DESCRIPTIONS[language];
  const request: Json = {
    from: { ...from, email: 'billing@seller.example', phone: '+49 30 1234567', registration_no: `REG-${index}` },
    to: { ...to, email: 'ap@buyer.example' },
    invoice: { number: `UBL-${currency}-${index}`, date: '2026-11-02', due_date: '2026-12-02', currency, language, po_number: `PO-${index}`, terms: 'Net 30' },
    items: [
      { description: a, quantity: 12, unit: 'hrs', unit_price: 95.5, tax_rate: 19 },
      { description: b, quantity: 3, unit: 'pcs', unit_price: 49.99, discount: 10, tax_rate: 7 },
      { description: c, quantity: 1.5, unit: 'kg', unit_price: 20, discount: 5, discount_type: 'amount', tax_rate: 19 },
    ],
    payment: { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', account_name: from.name, bank_name: 'Berliner Bank', instructions: 'Quote the invoice number.', method_note: 'SEPA credit transfer' },
    notes: 'Thank you!',
  };
  // Features vary with the index so that every one meets several currencies and languages.
  if (index % 2 === 0) { request.global_discount = 5; }
  if (index % 3 === 0) { request.global_discount = 12.34; request.global_discount_type = 'amount'; }
  if (index % 4 === 1) request.shipping = 15;
  if (index % 5 === 2) request.invoice.tax_inclusive = true;
  if (index % 3 === 1) request.rounding = (['nearest', 'up', 'down'] as const)[Math.floor(index / 3) % 3];
  if (index % 7 === 3) request.items[0] = { ...request.items[0], tax_rate: undefined, taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] };
  if (index % 4 === 2) request.amount_paid = 100;
  if (index % 6 === 5) request.items.push({ description: 'Zero-rated export', quantity: 2, unit_price: 30, tax_rate: 0 });
  if (index % 2 === 1) request.ship_to = { name: to.name, address: to.address };
  return { name: `${currency} in ${language}`, request, breaks: [] };
}

function base(name: string, edit: (r: Json) => void, breaks: readonly string[] = []): UblFixture {
  const request: Json = {
    from: { name: 'Acme Consulting GmbH', address: 'Hauptstraße 1\n10115 Berlin\nGermany', tax_id: 'DE123456789', email: 'billing@acme.example' },
    to: { name: 'Globex Corporation', address: '500 Main St\nSpringfield, IL 62704', country: 'US' },
    invoice: { number: `UBL-${name.replace(/\W+/g, '-')}`, date: '2026-11-02', due_date: '2026-12-02', currency: 'EUR', language: 'en' },
    items: [
      { description: 'Strategy workshop', quantity: 2, unit: 'days', unit_price: 1200, tax_rate: 19 },
      { description: 'Implementation', quantity: 37.5, unit: 'hrs', unit_price: 95, discount: 10, tax_rate: 19 },
    ],
  };
  edit(request);
  return { name, request, breaks };
}

export const UBL_FIXTURES: readonly UblFixture[] = [
  ...CURRENCIES.map(perCurrency),
  base('100 lines with every unit label', (r) => {
    const units = ['hrs', 'pcs', 'kg', 'days', 'm', 'l', 'km', 'kWh', 'GB', 'box', 'set', 'Std.', 'Stück', 'heures', 'шт', '時間', 'घंटे', 'ساعة', 'm²', 'month'];
    r.items = Array.from({ length: 100 }, (_, i) => ({ description: `Position ${i + 1}`, quantity: (i % 7) + 0.25, unit: units[i % units.length], unit_price: Math.round((10 + i * 1.37) * 100) / 100, tax_rate: [19, 7, 0][i % 3], ...(i % 5 === 0 ? { discount: 3 } : {}) }));
    r.global_discount = 2.5;
    r.shipping = 49.9;
  }),
  base('characters that need escaping', (r) => {
    r.from.name = 'Smith & Sons <Trading> "Ltd" \'UK\'';
    r.to.name = 'A&B <c> "d" \'e\' ]]> --> <!-- &amp; &nbsp; R&D; &#x41; &#65; &lt;';
    r.payment = { iban: 'DE89370400440532013000', method_note: 'Transfer & "cheque" <no cash> &amp;' };
    r.items[0].description = '<script>alert("x")</script> & \'quotes\' ]]>';
    r.notes = 'Line one\nLine two with <tags> & "quotes"';
    r.invoice.terms = 'Net 30 & 2 % < 10 days';
    r.invoice.po_number = 'PO<1>&"2"';
  }),
  base('control and invalid characters', (r) => {
    r.items[0].description = 'Bell\u0007 null\u0000 escape\u001b tab\tend';
    r.notes = 'Form feed\u000c here, lone surrogate \ud800 there, non-character \uffff gone';
    r.to.name = 'Vertical\u000btab GmbH';
  }),
  base('tax-inclusive prices with a global discount and shipping', (r) => {
    r.invoice.tax_inclusive = true;
    r.items.push({ description: 'Books', quantity: 3, unit_price: 19.99, tax_rate: 7 });
    r.global_discount = 10;
    r.shipping = 4.95;
  }),
  base('multi-component tax on every line (CGST + SGST)', (r) => {
    r.invoice.currency = 'INR';
    r.from.tax_id = 'IN27AAPFU0939F1ZV';
    r.global_taxes = [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }];
    for (const item of r.items) delete item.tax_rate;
    r.items.push({ description: 'Interstate supply', quantity: 1, unit_price: 1000, taxes: [{ name: 'IGST', rate: 18 }] });
  }),
  base('no tax at all: not subject to VAT', (r) => {
    r.from.tax_id = '12-3456789';
    r.to.tax_id = '98-7654321';
    for (const item of r.items) delete item.tax_rate;
    r.shipping = 20;
    r.global_discount = 50;
    r.global_discount_type = 'amount';
  }),
  base('zero-rated and untaxed lines beside taxed ones', (r) => {
    r.items.push({ description: 'Export delivery', quantity: 1, unit_price: 300, tax_rate: 0 });
    r.items.push({ description: 'Untaxed fee', quantity: 1, unit_price: 25 });
    r.shipping = 10;
  }),
  base('Swiss cash rounding to 0.05', (r) => {
    r.invoice.currency = 'CHF';
    r.rounding = 'nearest';
    r.rounding_increment = 0.05;
    r.items[0].unit_price = 1199.97;
    r.items[0].tax_rate = 8.1;
    r.items[1].tax_rate = 8.1;
  }),
  base('paid in full', (r) => { r.amount_paid = 6158.53; }),
  base('overpaid: negative amount due', (r) => { r.amount_paid = 9000; }),
  base('deposit and partial payment', (r) => { r.deposit = 500; r.amount_paid = 1000; }),
  base('yen and won have no minor unit', (r) => { r.invoice.currency = 'JPY'; r.items[0].unit_price = 120000; r.items[1].unit_price = 9800; r.global_discount = 3; }),
  base('seller tax number without a country prefix', (r) => { r.from.tax_id = '27AAPFU0939F1ZV'; r.to.tax_id = 'GSTIN-XYZ'; }),
  base('ship to another country', (r) => { r.ship_to = { name: 'Warehouse Nord', address: 'Hafenstraße 5\n20457 Hamburg', country: 'DE' }; }),
  base('no due date and no terms', (r) => { delete r.invoice.due_date; }),
  base('multi-line descriptions', (r) => { r.items[0].description = 'Workshop\nDay 1: discovery\nDay 2: roadmap'; }),
  // Fixtures without data EN 16931 requires: each fails exactly the rules listed.
  base('buyer without an address', (r) => { delete r.to.address; delete r.to.country; }, ['BR-10']),
  base('buyer address without a country', (r) => { delete r.to.country; }, ['BR-11']),
  base('seller address without a country', (r) => { r.from.address = 'Hauptstraße 1\n10115 Berlin'; }, ['BR-09']),
  base('ship-to address without a country', (r) => { r.ship_to = { name: 'Depot', address: 'Somewhere 1' }; }, ['BR-57']),
  base('taxed lines but no seller tax number', (r) => { delete r.from.tax_id; }, ['BR-CO-26', 'BR-S-02']),
];
