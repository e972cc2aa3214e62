import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { checkEInvoices, type EInvoiceCheck, type EInvoiceProfile } from '../../helpers/check-einvoice.ts';
import { german } from '../../helpers/einvoice-fixtures.ts';
import { makeEInvoice } from '../../helpers/make-einvoice.ts';

type Json = Record<string, any>;

interface Accepted {
  readonly name: string;
  readonly output: 'ubl' | 'cii';
  readonly profile: EInvoiceProfile;
  readonly request: Json;
  /** What the document must say, beyond passing the rules. */
  readonly shows?: (xml: string) => void;
}

const edit = (request: Json, change: (r: Json) => void): Json => {
  const copy = structuredClone(request);
  change(copy);
  return copy;
};

/**
 * The official Peppol BIS 3 examples rules/examples/vat-category-E.xml, -Z.xml and -O.xml
 * (OpenPEPPOL/peppol-bis-invoice-3, release 3.0.19) re-expressed as requests: a British seller to a
 * Danish buyer whose CVR endpoint 12345678 has no mod-11 check digit, which Peppol does not ask
 * for (PEPPOL-COMMON-R042), and a Swedish seller to a Norwegian buyer.
 */
const officialExample = (category: 'E' | 'Z'): Json => ({
  from: { name: 'The Sellercompany Incorporated', address: { lines: ['Main street 2, Building 4'], city: 'Big city', postal_code: '54321', country: 'GB' }, tax_id: 'GB928741974', identifier: { value: '7300010000001' }, electronic_address: { scheme: '0088', value: '7300010000001' } },
  to: { name: 'The Buyercompany', address: { lines: ['Anystreet 8', 'Back door'], city: 'Anytown', postal_code: '101', region: 'RegionB', country: 'DK' }, electronic_address: { scheme: '0184', value: '12345678' } },
  invoice: { number: 'Vat-Z', date: '2018-08-30', currency: 'GBP', buyer_reference: 'test reference' },
  items: [{ description: 'Test item, category Z', quantity: 10, unit_code: 'EA', unit_price: 120, tax_category: category, ...(category === 'E' ? { tax_exemption_code: 'VATEX-EU-F' } : {}) }],
  payment: { iban: 'SE1212341234123412', swift: 'SEXDABCD' },
  terms: 'Payment within 30 days',
});
const officialExampleO: Json = {
  from: { name: 'The Sellercompany Incorporated', address: { lines: ['Main street 2, Building 4'], city: 'Big city', postal_code: '54321', country: 'SE' }, identifier: { value: '7300010000001' }, electronic_address: { scheme: '0088', value: '7300010000001' } },
  to: { name: 'The Buyercompany', address: { lines: ['Anystreet 8', 'Back door'], city: 'Anytown', postal_code: '101', region: 'RegionB', country: 'NO' }, electronic_address: { scheme: '0192', value: '987654325' } },
  invoice: { number: 'Vat-O', date: '2018-08-30', currency: 'SEK', buyer_reference: 'test reference' },
  items: [{ description: 'Road tax\nWeight-based tax, vehicles >3000 KGM', item_id: 'RT3000', quantity: 1, unit_code: 'EA', unit_price: 3200, tax_category: 'O', tax_exemption_reason: 'Not subject to VAT' }],
  payment: { iban: 'SE1212341234123412', swift: 'SEXDABCD' },
  terms: 'Payment within 30 days',
};

/** A Danish seller and buyer as Peppol's Danish rules want them (CVR in 0184, with and without DK). */
const danish: Json = {
  from: { name: 'Nordisk Software ApS', address: { lines: ['Vesterbrogade 1'], city: 'København V', postal_code: '1620', country: 'DK' }, email: 'faktura@nordisk.example', tax_id: 'DK12345678', registration_no: 'DK12345678', registration_scheme: '0184', electronic_address: { scheme: '0184', value: 'DK12345678' } },
  to: { name: 'Købmand Hansen A/S', address: { lines: ['Nørregade 7'], city: 'Aarhus C', postal_code: '8000', country: 'DK' }, tax_id: 'DK87654321', identifier: { value: '87654321', scheme: '0184' }, electronic_address: { scheme: '0184', value: '87654321' } },
  invoice: { number: 'F-2026-17', date: '2026-11-02', due_date: '2026-12-02', currency: 'DKK', language: 'en', buyer_reference: 'Indkøb 42' },
  items: [{ description: 'Rådgivning', quantity: 10, unit: 'hours', unit_price: 950, tax_rate: 25, charges: [{ amount: 50, reason: 'Afgift#1234', reason_code: 'ZZZ' }] }],
  payment: { means_code: '42', account_number: '1234567890', routing_number: '1234' },
};

const base = german();

const ACCEPTED: Accepted[] = [
  // Peppol's own examples, and sellers in the countries whose national rules it has.
  { name: 'Peppol example vat-category-E (Danish buyer, CVR without check digit)', output: 'ubl', profile: 'peppol', request: officialExample('E') },
  { name: 'Peppol example vat-category-Z', output: 'ubl', profile: 'peppol', request: officialExample('Z') },
  { name: 'Peppol example vat-category-O (Swedish seller, Norwegian buyer)', output: 'ubl', profile: 'peppol', request: officialExampleO },
  { name: 'Danish seller and buyer, bank payment, a charge for another tax', output: 'ubl', profile: 'peppol', request: danish },
  { name: 'Danish credit note, default payment means 30 (its rule is for invoices)', output: 'ubl', profile: 'peppol', request: edit(danish, (r) => { r.document_type = 'credit_note'; r.billing_reference = { number: 'F-2026-16' }; r.payment = { iban: 'DK5000400440116243' }; }) },
  {
    name: 'Swedish seller with its organisation number and F-skatt',
    output: 'ubl',
    profile: 'peppol',
    request: edit(base, (r) => {
      r.from = { name: 'Svensk Design AB', address: { lines: ['Drottninggatan 5'], city: 'Stockholm', postal_code: '111 51', country: 'SE' }, email: 'faktura@svensk.example', tax_id: 'SE556677889901', registration_no: '5566778899', tax_registration_id: 'Godkänd för F-skatt', electronic_address: { scheme: '0007', value: '5566778899' } };
      r.items = [{ description: 'Design', quantity: 4, unit_price: 1200, tax_rate: 25 }, { description: 'Böcker', quantity: 2, unit_price: 300, tax_rate: 6 }];
      r.invoice.currency = 'SEK';
    }),
  },
  {
    name: 'Italian seller with its codice fiscale',
    output: 'ubl',
    profile: 'peppol',
    request: edit(base, (r) => {
      r.from = { ...r.from, country: 'IT', address: { lines: ['Via Roma 1'], city: 'Milano', postal_code: '20121', country: 'IT' }, tax_id: 'IT12345678901', tax_registration_id: 'RSSMRA80A01F205X', electronic_address: { scheme: '0211', value: 'IT12345678901' } };
    }),
  },
  {
    name: 'Icelandic seller with its kennitala',
    output: 'ubl',
    profile: 'peppol',
    request: edit(base, (r) => {
      r.from = { ...r.from, country: 'IS', address: { lines: ['Laugavegur 1'], city: 'Reykjavík', postal_code: '101', country: 'IS' }, tax_id: 'IS12345', registration_no: '5501692829', registration_scheme: '0196', electronic_address: { scheme: '0196', value: '5501692829' } };
      r.invoice.currency = 'EUR';
    }),
  },
  {
    name: 'Greek seller outside Greece, with the Greek invoice number form and TIN addresses',
    output: 'ubl',
    profile: 'peppol',
    request: edit(base, (r) => {
      r.from = { ...r.from, country: 'CY', address: { lines: ['Makariou 1'], city: 'Nicosia', postal_code: '1065', country: 'CY' }, tax_id: 'EL094259216', electronic_address: { scheme: '9933', value: '094259216' } };
      r.invoice.number = '094259216|02/11/2026|0|1.1|A|17';
    }),
  },
  {
    name: 'Dutch seller without a legal registration, a credit note without payment means',
    output: 'ubl',
    profile: 'peppol',
    request: edit(base, (r) => {
      r.from = { name: 'De Vries B.V.', address: 'Damstraat 12\n1012 JM Amsterdam', country: 'NL', tax_id: 'NL123456789B01', electronic_address: { scheme: '0106', value: '12345678' } };
      r.document_type = 'credit_note';
      r.billing_reference = { number: 'RE-2026-0001' };
      delete r.payment;
    }),
  },
  // The Skonto line exactly as docs/einvoice.md shows it: the line break the rule wants is added.
  ...(['ubl', 'cii'] as const).map((output): Accepted => ({
    name: `XRechnung ${output.toUpperCase()} with the documented Skonto line, no line break sent`,
    output,
    profile: 'xrechnung',
    request: edit(base, (r) => { r.terms = '#SKONTO#TAGE=14#PROZENT=2.00#'; }),
    shows: (xml) => assert.match(xml, /#SKONTO#TAGE=14#PROZENT=2\.00#\n</),
  })),
  { name: 'Peppol between German parties, payment terms then two Skonto lines', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { r.terms = 'Zahlbar innerhalb von 30 Tagen.\n#SKONTO#TAGE=7#PROZENT=3.00#\n#SKONTO#TAGE=14#PROZENT=2.00#'; }) },
  // A tax-inclusive line's net price is derived from its net amount, so quantity × price matches it (R120).
  {
    name: 'Peppol tax-inclusive lines sharing a rate, with discounts and several charges each',
    output: 'ubl',
    profile: 'peppol',
    request: edit(base, (r) => {
      r.invoice.tax_inclusive = true;
      r.items = [
        { description: 'Montage', quantity: '71.471', unit_price: 140.71, tax_rate: 7, discount: 1, discount_type: 'amount', charges: [{ amount: 607.52, reason: 'Anfahrt' }, { amount: 10.37, reason: 'Material' }, { amount: 946.12, reason: 'Werkzeug' }] },
        { description: 'Kabel', quantity: '42.927', unit_price: 788.82, tax_rate: 7, charges: [{ amount: 689.64, reason: 'Zuschnitt' }, { amount: 598.54, reason: 'Verpackung' }, { amount: 332.71, reason: 'Prüfung' }, { amount: 948.72, reason: 'Lieferung' }] },
        { description: 'Schalter', quantity: '39.056', unit_price: 335.13, tax_rate: 7, discount: 1, discount_type: 'amount', charges: [{ amount: 991.7, reason: 'Einbau' }, { amount: 932.73, reason: 'Abnahme' }, { amount: 41.93, reason: 'Porto' }, { amount: 346.87, reason: 'Versicherung' }] },
      ];
    }),
  },
  // Line periods: each rule compares only the dates it names, when both are given.
  { name: 'Peppol line period inside the invoice period', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { r.invoice.period = { start: '2026-10-01', end: '2026-10-31' }; r.items[0].period = { start: '2026-10-01', end: '2026-10-31' }; r.items[1].period = { start: '2026-10-15', end: '2026-10-15' }; }) },
  { name: 'XRechnung line ending after an invoice period that has no end', output: 'cii', profile: 'xrechnung', request: edit(base, (r) => { r.invoice.period = { start: '2026-10-01' }; r.items[0].period = { start: '2026-10-05', end: '2026-12-31' }; }) },
  // UBL notes: text that would read as a subject code is written under the general subject.
  {
    name: 'UBL notes with "#" that would read as a subject code',
    output: 'ubl',
    profile: 'en16931',
    request: edit(base, (r) => { r.notes = 'C#, F# and F#m: the chords of the training'; r.refund_policy = '#AAI#Returns within 14 days'; }),
    shows: (xml) => {
      assert.match(xml, /<cbc:Note>#AAI#C#, F# and F#m: the chords of the training<\/cbc:Note>/);
      assert.match(xml, /<cbc:Note>[^<#]*: #AAI#Returns within 14 days<\/cbc:Note>/);
    },
  },
  { name: 'UBL note opening with a listed subject code, kept as sent', output: 'ubl', profile: 'xrechnung', request: edit(base, (r) => { r.notes = '#ADU#Bitte Bestellnummer angeben'; }), shows: (xml) => assert.match(xml, /<cbc:Note>#ADU#Bitte Bestellnummer angeben<\/cbc:Note>/) },
];

describe('requests the official rules accept are answered, with 0 fatal', () => {
  // Made and checked together (the rule sets load once); each request's outcome is its own test.
  const made: Array<{ xml: string } | { error: unknown }> = [];
  const checks = new Map<number, EInvoiceCheck>();
  before(async () => {
    for (const c of ACCEPTED) {
      try {
        made.push({ xml: makeEInvoice({ ...c.request, output: c.output, profile: c.profile }).xml });
      } catch (error) {
        made.push({ error });
      }
    }
    const documents = [...made.entries()].flatMap(([i, m]) => ('xml' in m ? [{ i, xml: m.xml, profile: ACCEPTED[i]!.profile }] : []));
    const results = await checkEInvoices(documents);
    documents.forEach(({ i }, k) => checks.set(i, results[k]!));
  });

  for (const [i, c] of ACCEPTED.entries()) {
    it(`${c.name} (${c.output}/${c.profile})`, () => {
      const outcome = made[i]!;
      if ('error' in outcome) assert.fail(`refused: ${String(outcome.error)}`);
      const { schema, rules } = checks.get(i)!;
      assert.deepEqual(schema.errors, []);
      assert.deepEqual(rules.fatal.map((f) => `${f.id}: ${f.text}`), []);
      c.shows?.(outcome.xml);
    });
  }
});
