import type { Output, Profile } from '../../src/domain/invoice/catalog.ts';

type Json = Record<string, any>;

/** One output/profile pairing of D32 that makes an e-invoice document. */
export interface EInvoicePairing {
  readonly output: Extract<Output, 'ubl' | 'cii'>;
  readonly profile: Extract<Profile, 'en16931' | 'peppol' | 'xrechnung'>;
}

export const ALL_PAIRINGS: readonly EInvoicePairing[] = [
  { output: 'ubl', profile: 'en16931' }, { output: 'ubl', profile: 'peppol' }, { output: 'ubl', profile: 'xrechnung' },
  { output: 'cii', profile: 'en16931' }, { output: 'cii', profile: 'xrechnung' },
];

export interface EInvoiceFixture {
  readonly name: string;
  /** The request without output and profile. */
  readonly request: Json;
  /** The pairings it carries the data for; each must give a document with 0 fatal. */
  readonly pairings: readonly EInvoicePairing[];
}

const only = (...profiles: EInvoicePairing['profile'][]) => ALL_PAIRINGS.filter((p) => profiles.includes(p.profile));

/** A German seller with everything XRechnung and Peppol ask for (BT-34 as a German VAT id, 9930). */
const GERMAN_SELLER: Json = {
  name: 'Müller Software GmbH',
  address: 'Hauptstraße 1\n10115 Berlin',
  country: 'DE',
  email: 'rechnung@mueller.example',
  phone: '+49 30 1234567',
  tax_id: 'DE123456789',
  tax_registration_id: '30/123/45678',
  registration_no: 'HRB 12345',
  electronic_address: { scheme: '9930', value: 'DE123456789' },
  contact: { name: 'Buchhaltung' },
};
const GERMAN_BUYER: Json = {
  name: 'Schön & Söhne KG',
  address: { lines: ['Königsallee 5'], city: 'Düsseldorf', postal_code: '40212', country: 'DE' },
  email: 'einkauf@schoen.example',
  tax_id: 'DE987654321',
  electronic_address: { scheme: '9930', value: 'DE987654321' },
};
const SEPA: Json = { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', account_name: 'Müller Software GmbH', bank_name: 'Commerzbank' };

/** A German B2B invoice with the data every profile needs: the base the scenarios vary. */
export function german(overrides: Json = {}): Json {
  return {
    from: structuredClone(GERMAN_SELLER),
    to: structuredClone(GERMAN_BUYER),
    invoice: { number: 'RE-2026-0001', date: '2026-11-02', due_date: '2026-12-02', currency: 'EUR', language: 'de', buyer_reference: 'PO-4711', po_number: 'PO-4711' },
    items: [
      { description: 'Beratung', quantity: 12, unit: 'Std.', unit_price: 95.5, tax_rate: 19 },
      { description: 'Schulungsunterlagen', quantity: 3, unit: 'Stück', unit_price: 49.99, tax_rate: 7, discount: 10 },
    ],
    payment: structuredClone(SEPA),
    terms: 'Zahlbar innerhalb von 30 Tagen.',
    ...overrides,
  };
}

const fixtures: EInvoiceFixture[] = [
  { name: 'German B2B, two rates, line discount', request: german(), pairings: ALL_PAIRINGS },
  {
    name: 'German public buyer with a Leitweg-ID (0204)',
    request: german({
      to: { ...GERMAN_BUYER, name: 'Bundesamt für Beispiele', tax_id: undefined, electronic_address: { scheme: '0204', value: '991-12345-67' } },
      invoice: { number: 'RE-2026-0002', date: '2026-11-02', due_date: '2026-12-02', currency: 'EUR', language: 'de', buyer_reference: '991-12345-67' },
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'German seller, XRechnung from e-mail addresses only (EM derived)',
    request: german({ from: { ...GERMAN_SELLER, electronic_address: undefined }, to: { ...GERMAN_BUYER, electronic_address: undefined } }),
    pairings: only('en16931', 'xrechnung'),
  },
  {
    name: 'tax-inclusive prices with a global discount and shipping',
    request: german({ invoice: { number: 'RE-2026-0003', date: '2026-11-02', due_date: '2026-12-02', currency: 'EUR', language: 'de', buyer_reference: 'X-1', tax_inclusive: true }, global_discount: 5, shipping: 12.5 }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'amount global discount, rounding to 0.05, partial payment',
    request: german({ global_discount: 20, global_discount_type: 'amount', rounding: 'nearest', rounding_increment: 0.05, amount_paid: 100 }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'credit note referring to the invoice it corrects',
    request: german({ document_type: 'credit_note', billing_reference: { number: 'RE-2026-0001', date: '2026-11-02' } }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'credit note without a due date, with payment terms',
    request: german({ document_type: 'credit_note', billing_reference: { number: 'RE-2026-0009' }, invoice: { number: 'GS-1', date: '2026-11-20', currency: 'EUR', language: 'de', buyer_reference: 'B-1' } }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'delivery date, invoice period, line periods, item ids, line notes, unit codes',
    request: german({
      invoice: {
        number: 'RE-2026-0004', date: '2026-11-02', due_date: '2026-12-02', currency: 'EUR', language: 'de', buyer_reference: 'X',
        delivery_date: '2026-10-30', period: { start: '2026-10-01', end: '2026-10-31' }, contract_reference: 'V-2026-17', project_reference: 'PRJ-9',
      },
      items: [
        { description: 'Wartung Oktober', quantity: 1, unit_code: 'MON', unit_price: 400, tax_rate: 19, item_id: 'WART-01', note: 'Vertrag V-2026-17', period: { start: '2026-10-01', end: '2026-10-31' } },
        { description: 'Ersatzteil', quantity: 2, unit_price: 35, tax_rate: 19, item_id: 'ET-55' },
      ],
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'ship-to address in parts, different from the buyer',
    request: german({ ship_to: { name: 'Lager Nord', address: { lines: ['Hafenstraße 9', 'Tor 3'], city: 'Hamburg', postal_code: '20457', country: 'DE' } } }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'SEPA direct debit (59) with mandate, creditor id and debited account',
    request: german({ payment: { means_code: '59', mandate_reference: 'MANDAT-0815', creditor_id: 'DE98ZZZ09999999999', debtor_iban: 'DE02120300000000202051' } }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'card payment (54) with the last four digits and holder',
    request: german({ payment: { means_code: '54', card: { last4: '4242', holder: 'Erika Mustermann', network: 'VISA' } } }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'cash (10) already paid in full',
    request: german({ payment: { means_code: '10' }, amount_paid: 1501.72 }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'credit transfer (30) to a non-IBAN account',
    request: german({ payment: { means_code: '30', account_number: '0532013000', routing_number: '37040044', account_name: 'Müller Software GmbH' } }),
    pairings: only('en16931', 'xrechnung'),
  },
  {
    name: 'notes and a refund policy (one note under Peppol)',
    request: german({ notes: 'Vielen Dank für Ihren Auftrag.', refund_policy: 'Rückgabe innerhalb von 14 Tagen.' }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'Skonto in the payment terms, in XRechnung\'s form',
    request: german({ terms: 'Zahlbar innerhalb von 30 Tagen.\n#SKONTO#TAGE=14#PROZENT=2.00#\n' }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: '100 lines at three rates',
    request: german({
      items: Array.from({ length: 100 }, (_, i) => ({ description: `Position ${i + 1}`, quantity: (i % 7) + 1, unit_price: 3.33 * ((i % 5) + 1), tax_rate: [19, 7, 0][i % 3] })),
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'small business not subject to VAT (O), Steuernummer only',
    request: german({
      from: { ...GERMAN_SELLER, tax_id: undefined, tax_registration_id: '30/123/45678' },
      items: [{ description: 'Gartenpflege', quantity: 6, unit: 'h', unit_price: 35 }],
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'French seller with SIREN (0002) and SIRET, buyer in France',
    request: {
      from: { name: 'Société Générale d\'Études', address: '12 rue de Rivoli\n75001 Paris', country: 'FR', tax_id: 'FR12345678901', registration_no: '123456789', registration_scheme: '0002', email: 'factures@sge.example', phone: '+33 1 23 45 67 89', electronic_address: { scheme: '0009', value: '12345678900011' }, contact: { name: 'Comptabilité' } },
      to: { name: 'Café « Le Zèbre »', address: '3 place Bellecour\n69002 Lyon', country: 'FR', tax_id: 'FR98765432109', electronic_address: { scheme: '0009', value: '98765432100019' } },
      invoice: { number: 'F-2026-118', date: '2026-11-03', due_date: '2026-12-03', currency: 'EUR', language: 'fr', buyer_reference: 'BC-77' },
      items: [{ description: 'Conseil', quantity: 5, unit: 'jours', unit_price: 850, tax_rate: 20 }, { description: 'Déplacement', quantity: 1, unit_price: 120, tax_rate: 10 }],
      payment: { iban: 'FR7630006000011234567890189', swift: 'AGRIFRPP' },
    },
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'Dutch seller and buyer with KVK numbers (0106)',
    request: {
      from: { name: 'Bakkerij de Vries B.V.', address: 'Damstraat 12\n1012 JM Amsterdam', country: 'NL', tax_id: 'NL123456789B01', registration_no: '12345678', registration_scheme: '0106', email: 'facturen@devries.example', phone: '+31 20 123 4567', electronic_address: { scheme: '0106', value: '12345678' }, contact: { name: 'Administratie' } },
      to: { name: 'Jansen & Zonen', address: { lines: ['Markt 3'], city: 'Utrecht', postal_code: '3511 AB', country: 'NL' }, tax_id: 'NL987654321B01', registration_no: '87654321', registration_scheme: '0106', electronic_address: { scheme: '0106', value: '87654321' } },
      invoice: { number: 'F2026-042', date: '2026-11-04', due_date: '2026-11-18', currency: 'EUR', language: 'nl', po_number: 'IO-5' },
      items: [{ description: 'Brood & banket', quantity: 40, unit: 'stuks', unit_price: 2.35, tax_rate: 9 }, { description: 'Bezorging', quantity: 1, unit_price: 15, tax_rate: 21 }],
      payment: { iban: 'NL91ABNA0417164300', swift: 'ABNANL2A' },
    },
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'Belgian seller with an enterprise number (0208), buyer in Belgium',
    request: {
      from: { name: 'Brasserie Exemple SA', address: 'Rue Haute 1\n1000 Bruxelles', country: 'BE', tax_id: 'BE0403019261', registration_no: '0403019261', registration_scheme: '0208', email: 'factures@brasserie.example', phone: '+32 2 123 45 67', electronic_address: { scheme: '0208', value: '0403019261' }, contact: { name: 'Comptabilité' } },
      to: { name: 'Taverne du Coin SPRL', address: 'Grand-Place 7\n4000 Liège', country: 'BE', tax_id: 'BE1234567894', electronic_address: { scheme: '0208', value: '1234567894' } },
      invoice: { number: '2026/0815', date: '2026-11-05', due_date: '2026-12-05', currency: 'EUR', language: 'fr', buyer_reference: 'CMD-12' },
      items: [{ description: 'Bière blonde, fût 30 l', quantity: 4, unit_price: 95, tax_rate: 21 }, { description: 'Consigne fût', quantity: 4, unit_price: 30, tax_rate: 0 }],
      payment: { iban: 'BE68539007547034', swift: 'GKCCBEBB' },
    },
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'Austrian seller (9915) to a German buyer',
    request: german({
      from: { name: 'Alpen IT GmbH', address: 'Mariahilfer Straße 10\n1070 Wien', country: 'AT', tax_id: 'ATU12345678', email: 'office@alpen.example', phone: '+43 1 234567', electronic_address: { scheme: '9915', value: 'ATU12345678' }, contact: { name: 'Office' } },
      items: [{ description: 'Lizenz', quantity: 1, unit_price: 1200, tax_rate: 20 }],
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'Norwegian seller with NO…MVA and an organisation number endpoint (0192)',
    request: {
      from: { name: 'Fjord Konsult AS', address: 'Karl Johans gate 1\n0154 Oslo', country: 'NO', tax_id: 'NO923658211MVA', registration_no: '923658211', registration_scheme: '0192', email: 'faktura@fjord.example', phone: '+47 22 12 34 56', electronic_address: { scheme: '0192', value: '923658211' }, contact: { name: 'Regnskap' } },
      to: { name: 'Nordlys AS', address: 'Storgata 5\n9008 Tromsø', country: 'NO', electronic_address: { scheme: '0192', value: '999999999' } },
      invoice: { number: '2026-311', date: '2026-11-06', due_date: '2026-11-20', currency: 'NOK', language: 'en', buyer_reference: 'Ola Nordmann' },
      items: [{ description: 'Consulting', quantity: 10, unit: 'hours', unit_price: 1450, tax_rate: 25 }],
      payment: { account_number: '86011117947', swift: 'DNBANOKK' },
    },
    pairings: only('en16931', 'peppol'),
  },
  {
    name: 'Swiss seller in CHF with a GLN endpoint (0088)',
    request: {
      from: { name: 'Uhrwerk AG', address: 'Bahnhofstrasse 1\n8001 Zürich', country: 'CH', tax_id: 'CHE123456789', registration_no: 'CHE-123.456.789', email: 'rechnung@uhrwerk.example', phone: '+41 44 123 45 67', electronic_address: { scheme: '0088', value: '7612345678900' }, contact: { name: 'Buchhaltung' } },
      to: { name: 'Montres SA', address: 'Rue du Rhône 2\n1204 Genève', country: 'CH', electronic_address: { scheme: '0088', value: '4000001000005' } },
      invoice: { number: 'R-2026-77', date: '2026-11-06', due_date: '2026-12-06', currency: 'CHF', language: 'de', po_number: 'B-77' },
      items: [{ description: 'Revision', quantity: 3, unit_price: 180, tax_rate: 8.1 }, { description: 'Versand', quantity: 1, unit_price: 12.5, tax_rate: 8.1 }],
      rounding: 'nearest', rounding_increment: 0.05,
      payment: { iban: 'CH9300762011623852957', swift: 'UBSWCHZH80A' },
    },
    pairings: only('en16931', 'peppol'),
  },
  {
    name: 'Indian GST invoice, CGST + SGST combined per line',
    request: {
      from: { name: 'Sharma Enterprises', address: 'Connaught Place 12\nNew Delhi 110001', country: 'IN', tax_id: '27AAPFU0939F1ZV', email: 'accounts@sharma.example', phone: '+91 11 2345 6789', electronic_address: { scheme: '0088', value: '5901234123457' }, contact: { name: 'Accounts' } },
      to: { name: 'Gupta Traders', address: 'Marine Drive 4\nMumbai 400020', country: 'IN', electronic_address: { scheme: '0088', value: '4000001000005' } },
      invoice: { number: 'GST/26/104', date: '2026-11-07', due_date: '2026-11-30', currency: 'INR', language: 'en', po_number: 'PO-88' },
      items: [{ description: 'Website design', quantity: 1, unit_price: 45000, taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] }, { description: 'Hosting', quantity: 12, unit: 'months', unit_price: 1500, taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] }],
      payment: { account_number: '50100012345678', routing_number: 'HDFC0000123', bank_name: 'HDFC Bank' },
    },
    pairings: only('en16931', 'peppol'),
  },
  {
    name: 'Japanese invoice in JPY (no minor unit)',
    request: {
      from: { name: '株式会社サンプル', address: '千代田区丸の内1-1\n100-0005 東京都', country: 'JP', tax_id: 'T1234567890123', email: 'seikyu@sample.example', phone: '+81 3 1234 5678', electronic_address: { scheme: '0088', value: '4000001000005' }, contact: { name: '経理部' } },
      to: { name: '山田商事株式会社', address: '北区梅田2-2\n530-0001 大阪府', country: 'JP', electronic_address: { scheme: '0088', value: '5901234123457' } },
      invoice: { number: 'INV-JP-9', date: '2026-11-08', due_date: '2026-12-31', currency: 'JPY', language: 'ja', po_number: '注文-1' },
      items: [{ description: 'コンサルティング', quantity: 8, unit: '時間', unit_price: 15000, tax_rate: 10 }, { description: '書籍', quantity: 2, unit_price: 3300, tax_rate: 8 }],
      payment: { account_number: '1234567', bank_name: '三菱UFJ銀行' },
    },
    pairings: only('en16931', 'peppol'),
  },
  {
    name: 'US seller with an EIN, no VAT, buyer in Canada',
    request: {
      from: { name: 'Acme Consulting LLC', address: '500 Main St\nSpringfield, IL 62704', country: 'US', tax_id: '12-3456789', email: 'billing@acme.example' },
      to: { name: 'Maple Corp', address: '100 King St W\nToronto ON M5X 1A9', country: 'CA' },
      invoice: { number: 'A-1001', date: '2026-11-09', due_date: '2026-12-09', currency: 'USD', language: 'en' },
      items: [{ description: 'Strategy workshop', quantity: 2, unit: 'days', unit_price: 1200 }],
      payment: { account_number: '000123456789', routing_number: '021000021' },
    },
    pairings: only('en16931'),
  },
  {
    name: 'characters that need escaping and a multi-line description',
    request: german({
      notes: 'Line <1> & "quotes"',
      items: [{ description: '<script>alert("x")</script> & \'quotes\'\nsecond line ]]>', quantity: 1, unit_price: 10, tax_rate: 19 }],
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'zero-rated export line beside a standard line',
    request: german({ items: [{ description: 'Beratung', quantity: 1, unit_price: 1000, tax_rate: 19 }, { description: 'Export', quantity: 2, unit_price: 30, tax_rate: 0 }] }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'overpaid invoice (negative amount due)',
    request: german({ amount_paid: 2000 }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'seller with a GLN party identifier (0088) and a buyer identifier',
    request: german({
      from: { ...GERMAN_SELLER, identifier: { value: '4000001000005', scheme: '0088' } },
      to: { ...GERMAN_BUYER, identifier: { value: 'KD-12345' } },
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'English invoice in GBP, UK seller and buyer',
    request: {
      from: { name: 'Acme Ltd', address: '1 High Street\nLondon SW1A 1AA', country: 'GB', tax_id: 'GB123456789', registration_no: '01234567', email: 'accounts@acme.example', phone: '+44 20 7946 0000', electronic_address: { scheme: '0088', value: '5901234123457' }, contact: { name: 'Accounts' } },
      to: { name: 'Globex UK Ltd', address: '2 Deansgate\nManchester M3 2BW', country: 'GB', tax_id: 'GB987654321', electronic_address: { scheme: '0088', value: '4000001000005' } },
      invoice: { number: 'INV-0042', date: '2026-11-10', due_date: '2026-12-10', currency: 'GBP', language: 'en', po_number: 'PO-9' },
      items: [{ description: 'Consulting', quantity: 7.5, unit: 'hrs', unit_price: 120, tax_rate: 20 }, { description: 'Books', quantity: 3, unit_price: 25, tax_rate: 0 }],
      shipping: 9.99,
      payment: { account_number: '31926819', routing_number: '60-16-13', account_name: 'Acme Ltd' },
    },
    pairings: only('en16931', 'peppol'),
  },
  {
    name: 'reverse charge (AE): German seller, French business buyer, services',
    request: german({
      to: { name: 'Société Cliente SARL', address: '3 place Bellecour\n69002 Lyon', country: 'FR', tax_id: 'FR98765432109', email: 'compta@cliente.example', electronic_address: { scheme: '9957', value: 'FR98765432109' } },
      tax_category: 'AE',
      items: [{ description: 'Softwareentwicklung', quantity: 40, unit: 'Std.', unit_price: 110 }],
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'intra-community supply (K) of goods to Austria, with delivery date and ship-to country',
    request: german({
      to: { name: 'Wiener Handel GmbH', address: 'Ringstraße 1\n1010 Wien', country: 'AT', tax_id: 'ATU87654321', email: 'einkauf@wh.example', electronic_address: { scheme: '9915', value: 'ATU87654321' } },
      ship_to: { name: 'Wiener Handel GmbH, Lager', address: 'Industriestraße 5\n1230 Wien', country: 'AT' },
      invoice: { number: 'RE-2026-0100', date: '2026-11-02', due_date: '2026-12-02', currency: 'EUR', language: 'de', buyer_reference: 'B-100', delivery_date: '2026-10-28' },
      items: [{ description: 'Maschine Typ A', quantity: 2, unit_price: 4800, tax_category: 'K', tax_exemption_code: 'VATEX-EU-IC' }],
      shipping: 150,
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'export outside the EU (G) to Switzerland',
    request: german({
      to: { name: 'Uhrwerk AG', address: 'Bahnhofstrasse 1\n8001 Zürich', country: 'CH', email: 'einkauf@uhrwerk.example', electronic_address: { scheme: '0088', value: '7612345678900' } },
      tax_category: 'G',
      items: [{ description: 'Ersatzteile', quantity: 10, unit_price: 85 }],
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'exempt medical service (E) with a VATEX article code beside a taxed line',
    request: german({
      items: [
        { description: 'Heilbehandlung', quantity: 1, unit_price: 250, tax_category: 'E', tax_exemption_code: 'VATEX-EU-132-1C' },
        { description: 'Pflegeprodukt', quantity: 2, unit_price: 12.5, tax_rate: 19 },
      ],
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'exempt (E) with a reason in words, at the top level, with shipping',
    request: german({
      tax_category: 'E', tax_exemption_reason: 'Steuerfrei nach § 4 Nr. 21 UStG (Unterrichtsleistung)',
      items: [{ description: 'Sprachkurs', quantity: 1, unit_price: 480 }, { description: 'Lehrbuch', quantity: 1, unit_price: 30 }],
      shipping: 5,
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'not subject to VAT (O) named explicitly, English invoice',
    request: {
      from: { name: 'Acme Consulting LLC', address: '500 Main St\nSpringfield, IL 62704', country: 'US', registration_no: 'IL-998877', email: 'billing@acme.example', phone: '+1 217 555 0100', electronic_address: { scheme: '0088', value: '4000001000005' }, contact: { name: 'Billing' } },
      to: { name: 'Müller Software GmbH', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE', email: 'einkauf@mueller.example', electronic_address: { scheme: '0088', value: '5901234123457' } },
      invoice: { number: 'A-1002', date: '2026-11-09', due_date: '2026-12-09', currency: 'USD', language: 'en', buyer_reference: 'MS-1' },
      tax_category: 'O',
      items: [{ description: 'Remote workshop', quantity: 1, unit_price: 2400 }],
      payment: { account_number: '000123456789', routing_number: '021000021' },
    },
    pairings: only('en16931', 'peppol'),
  },
  {
    name: 'taxed shipping (19 %) and a document-level allowance and charge per rate',
    request: german({
      shipping: 12.9, shipping_tax_rate: 19,
      allowances: [{ percent: 3, reason: 'Treuerabatt', reason_code: '95', tax_category: 'S', tax_rate: 19 }],
      charges: [{ amount: 4.5, reason: 'Verpackung', reason_code: 'ABL', tax_category: 'S', tax_rate: 7 }],
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'tax-inclusive with a global discount, taxed shipping, an allowance and line charges',
    request: german({
      invoice: { number: 'RE-2026-0200', date: '2026-11-02', due_date: '2026-12-02', currency: 'EUR', language: 'de', buyer_reference: 'B-200', tax_inclusive: true },
      items: [
        { description: 'Kaffeemaschine', quantity: 2, unit_price: 249.99, tax_rate: 19, charges: [{ amount: 7.99, reason: 'Expressversand', reason_code: 'FC' }] },
        { description: 'Kaffeebohnen 1 kg', quantity: 7, unit_price: 18.49, tax_rate: 7, discount: 5 },
      ],
      global_discount: 4, shipping: 5.95, shipping_tax_rate: 19,
      allowances: [{ amount: 10, reason: 'Gutschein', tax_category: 'S', tax_rate: 19 }],
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'a returned item and a deposit refund as negative lines',
    request: german({
      items: [
        { description: 'Getränkekisten', quantity: 20, unit_price: 14.5, tax_rate: 19 },
        { description: 'Retoure: beschädigte Kiste', quantity: -1, unit_price: 14.5, tax_rate: 19 },
        { description: 'Pfand zurück', quantity: -12, unit_price: 1.5, tax_rate: 19 },
      ],
      global_discount: 2,
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'exact decimal strings for prices, quantities, rates and shipping',
    request: german({
      items: [
        { description: 'Großauftrag', quantity: '1000000', unit_price: '1234.567891', tax_rate: '19' },
        { description: 'Messgerät', quantity: '0.333333', unit_price: '999.99', tax_rate: '7.000000' },
      ],
      shipping: '25.50', global_discount: '0.5',
    }),
    pairings: ALL_PAIRINGS,
  },
  {
    name: 'taxed shipping in an invoice with a single rate, allowance placed by the lines',
    request: german({
      items: [{ description: 'Beratung', quantity: 10, unit_price: 100, tax_rate: 19 }],
      shipping: 20, shipping_tax_rate: 19,
      allowances: [{ amount: 50, reason: 'Rabatt' }],
      charges: [{ percent: 2.5, reason_code: 'ZZZ', reason: 'Eilzuschlag' }],
    }),
    pairings: ALL_PAIRINGS,
  },
];

export const EINVOICE_FIXTURES: readonly EInvoiceFixture[] = fixtures;
