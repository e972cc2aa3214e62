import fc from 'fast-check';
import { validInvoice } from './build-test-app.ts';
import type { EInvoiceProfile } from './check-einvoice.ts';
import { eInvoiceRequestArb } from './einvoice-arbitrary.ts';
import { EINVOICE_FIXTURES, german } from './einvoice-fixtures.ts';

type Json = Record<string, any>;

/**
 * A request the fuzzer starts from, and what it is known to be: complete and legal for the
 * profiles in `completeFor` (a 200 is owed there while nothing illegal is done to it), German
 * seller and buyer (`domestic`: payment means and identifiers can be swapped for any legal ones),
 * or one a client of the original interface would send (`interfaceOnly`: D48 owes it a plain
 * UBL 2.1 answer without a profile).
 */
export interface FuzzBase {
  readonly name: string;
  readonly request: Json;
  readonly completeFor: readonly EInvoiceProfile[];
  readonly domestic: boolean;
  readonly interfaceOnly?: boolean;
}

const ALL: readonly EInvoiceProfile[] = ['en16931', 'peppol', 'xrechnung'];
const META_FIELDS = ['number', 'date', 'due_date', 'po_number', 'terms', 'currency', 'language', 'title', 'tax_inclusive',
  'buyer_reference', 'delivery_date', 'period', 'contract_reference', 'project_reference'];

/** Moves invoice fields sent flat into `invoice`, so every edit finds them in one place. */
function nested(request: Json): Json {
  const copy = structuredClone(request);
  for (const field of META_FIELDS) {
    if (!(field in copy)) continue;
    copy.invoice ??= {};
    copy.invoice[field] ??= copy[field];
    delete copy[field];
  }
  // A field set to undefined by a fixture's spread is no field at all.
  return JSON.parse(JSON.stringify(copy)) as Json;
}

const isDomestic = (r: Json): boolean =>
  r.from?.country === 'DE' && (r.to?.country ?? r.to?.address?.country) === 'DE' && r.invoice?.currency === 'EUR';

/** The e-invoice fixtures, each complete for the profiles its pairings name. */
const fixtureBases: FuzzBase[] = EINVOICE_FIXTURES.map((f) => {
  const request = nested(f.request);
  return { name: `fixture: ${f.name}`, request, completeFor: [...new Set(f.pairings.map((p) => p.profile))], domestic: isDomestic(request) };
});

/** Eight digits for a Danish CVR number: any eight are legal under Peppol (PEPPOL-COMMON-R047 has no check digit). */
const cvrArb = fc.integer({ min: 10_000_000, max: 99_999_999 }).map(String);

/** A Danish seller (DK-R-002: the CVR as legal entity, scheme 0184) to a Danish buyer, each CVR with or without `DK`. */
const danishArb: fc.Arbitrary<FuzzBase> = fc.record({ seller: cvrArb, buyer: cvrArb, prefix: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }) })
  .map(({ seller, buyer, prefix }) => {
    const dk = (cvr: string, i: number) => (prefix[i] ? `DK${cvr}` : cvr);
    return {
      name: `Danish seller and buyer, CVR ${dk(seller, 0)} / ${dk(seller, 1)} / ${dk(buyer, 2)}`,
      request: {
        from: {
          name: 'Nordisk Design ApS', address: { lines: ['Vesterbrogade 10'], city: 'København V', postal_code: '1620', country: 'DK' },
          email: 'faktura@nordisk.example', phone: '+45 33 12 34 56', tax_id: `DK${seller}`, registration_no: dk(seller, 0), registration_scheme: '0184',
          electronic_address: { scheme: '0184', value: dk(seller, 1) }, contact: { name: 'Bogholderi' },
        },
        to: {
          name: 'Hansen & Søn A/S', address: { lines: ['Strøget 1'], city: 'Aarhus C', postal_code: '8000', country: 'DK' },
          email: 'indkob@hansen.example', tax_id: `DK${buyer}`, electronic_address: { scheme: '0184', value: dk(buyer, 2) },
          ...(prefix[3] ? { identifier: { value: dk(buyer, 3), scheme: '0184' } } : {}),
        },
        invoice: { number: 'DK-2026-17', date: '2026-11-02', due_date: '2026-12-02', currency: 'DKK', language: 'en', buyer_reference: 'Indkøb 7' },
        items: [{ description: 'Designydelse', quantity: 10, unit: 'hours', unit_price: 850, tax_rate: 25 }, { description: 'Tryk', quantity: 200, unit_price: 4.5, tax_rate: 25 }],
        // DK-R-005 allows 58, not the 30 a non-euro IBAN gets by default.
        payment: { means_code: '58', iban: 'DK5000400440116243', swift: 'NDEADKKK' },
      },
      completeFor: ALL,
      domestic: false,
    };
  });

/** A German seller's invoice to a Danish buyer whose endpoint is a CVR (0184), with or without `DK`. */
const danishBuyerArb: fc.Arbitrary<FuzzBase> = fc.record({ cvr: cvrArb, prefix: fc.boolean() }).map(({ cvr, prefix }) => ({
  name: `German seller, Danish buyer, endpoint 0184 ${prefix ? 'DK' : ''}${cvr}`,
  request: nested(german({
    to: { name: 'Hansen & Søn A/S', address: 'Strøget 1\n8000 Aarhus C', country: 'DK', tax_id: `DK${cvr}`, email: 'indkob@hansen.example', electronic_address: { scheme: '0184', value: `${prefix ? 'DK' : ''}${cvr}` } },
  })),
  completeFor: ALL,
  domestic: false,
}));

/** Nine digits of a Greek VAT number (AFM). */
const afmArb = fc.integer({ min: 0, max: 999_999_999 }).map((n) => String(n).padStart(9, '0'));

/** A Greek buyer: country GR, VAT number with the prefix EL (BR-CO-09's exception) or GR. */
const greekBuyerArb: fc.Arbitrary<FuzzBase> = fc.record({ afm: afmArb, prefix: fc.constantFrom('EL', 'GR') }).map(({ afm, prefix }) => ({
  name: `German seller, Greek buyer ${prefix}${afm}`,
  request: nested(german({
    to: { name: 'Ελληνική Εμπορική Α.Ε.', address: { lines: ['Οδός Ερμού 10'], city: 'Αθήνα', postal_code: '10563', country: 'GR' }, tax_id: `${prefix}${afm}`, email: 'logistirio@ellada.example', electronic_address: { scheme: '9933', value: afm } },
  })),
  completeFor: ALL,
  domestic: false,
}));

/**
 * A Greek seller (country GR, VAT number prefixed EL or GR: BR-CO-09 takes both) to a German
 * buyer; Peppol's Greek rules (GR-R-*) ask for more, so en16931 and xrechnung only.
 */
const greekSellerArb: fc.Arbitrary<FuzzBase> = fc.record({ afm: afmArb, prefix: fc.constantFrom('EL', 'GR') }).map(({ afm, prefix }) => ({
  name: `Greek seller ${prefix}${afm}, German buyer`,
  request: nested(german({
    from: {
      name: 'Ελληνική Λογισμικού Α.Ε.', address: { lines: ['Λεωφόρος Κηφισίας 20'], city: 'Αθήνα', postal_code: '11526', country: 'GR' }, email: 'timologia@ellada.example',
      phone: '+30 210 1234567', tax_id: `${prefix}${afm}`, electronic_address: { scheme: '9933', value: afm }, contact: { name: 'Λογιστήριο' },
    },
  })),
  completeFor: ['en16931', 'xrechnung'],
  domestic: false,
}));

/** What a client of the original interface sends: no country, no e-invoice field (D48). */
const interfaceBases: FuzzBase[] = [
  { name: 'interface: the README invoice', request: nested(validInvoice()), completeFor: [], domestic: false, interfaceOnly: true },
  {
    name: 'interface: no countries',
    request: {
      from: { name: 'Acme GmbH', address: 'Hauptstr. 1\n10115 Berlin', email: 'billing@acme.example' },
      to: { name: 'Globex Ltd', address: '1 High St\nLondon' },
      invoice: { number: 'F-1', date: '2026-11-02', due_date: '2026-12-02', currency: 'EUR' },
      items: [{ description: 'Consulting', quantity: 12, unit: 'hrs', unit_price: 25, tax_rate: 19 }, { description: 'Support', unit_price: 40 }],
    },
    completeFor: [],
    domestic: false,
    interfaceOnly: true,
  },
];

/**
 * The starting points: the e-invoice fixtures (those complete for `profile` four times as often
 * as the others, so most requests can reach a document), random German invoices
 * (eInvoiceRequestArb: lines at three rates, decimals, discounts, returns, allowances, credit
 * notes, AE/K; it sometimes drops a needed datum, so nothing is owed for it), Danish and Greek
 * parties, and the original interface's requests.
 */
export function fuzzBaseArb(profile: EInvoiceProfile): fc.Arbitrary<FuzzBase> {
  const complete = fixtureBases.filter((b) => b.completeFor.includes(profile));
  const others = fixtureBases.filter((b) => !b.completeFor.includes(profile));
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...complete) },
    ...(others.length === 0 ? [] : [{ weight: 2, arbitrary: fc.constantFrom(...others) }]),
    {
      weight: 4,
      arbitrary: eInvoiceRequestArb.map((r): FuzzBase => {
        const request = nested(r);
        return { name: 'random German invoice', request, completeFor: [], domestic: isDomestic(request) };
      }),
    },
    { weight: 1, arbitrary: danishArb },
    { weight: 1, arbitrary: danishBuyerArb },
    { weight: 1, arbitrary: greekBuyerArb },
    { weight: 1, arbitrary: greekSellerArb },
    { weight: 1, arbitrary: fc.constantFrom(...interfaceBases) },
  );
}
