import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src/errors/app-error.ts';
import { statusOf } from '../../../src/errors/error-codes.ts';
import type { EInvoiceProblem } from '../../../src/domain/einvoice/einvoice-problem.ts';
import { checkEInvoices } from '../../helpers/check-einvoice.ts';
import { german } from '../../helpers/einvoice-fixtures.ts';
import { makeEInvoice } from '../../helpers/make-einvoice.ts';

type Json = Record<string, any>;

interface Case {
  readonly name: string;
  readonly output: 'ubl' | 'cii';
  readonly profile: 'en16931' | 'peppol' | 'xrechnung';
  readonly request: Json;
  /** The fields (and terms) the pre-flight names. */
  readonly problems: ReadonlyArray<readonly [field: string, term: string]>;
  /** The official rules the same document fails when made without the pre-flight. */
  readonly rules: readonly string[];
}

const edit = (request: Json, change: (r: Json) => void): Json => {
  const copy = structuredClone(request);
  change(copy);
  return copy;
};
const base = german();

/** A Danish seller and buyer with what Peppol's Danish rules ask for (CVR numbers in scheme 0184, payment to a bank account). */
const danish = (): Json => ({
  from: { name: 'Nordisk Software ApS', address: { lines: ['Vesterbrogade 1'], city: 'København V', postal_code: '1620', country: 'DK' }, email: 'faktura@nordisk.example', tax_id: 'DK12345678', registration_no: '12345678', registration_scheme: '0184', electronic_address: { scheme: '0184', value: 'DK12345678' } },
  to: { name: 'Købmand Hansen A/S', address: { lines: ['Nørregade 7'], city: 'Aarhus C', postal_code: '8000', country: 'DK' }, tax_id: 'DK87654321', electronic_address: { scheme: '0184', value: '87654321' } },
  invoice: { number: 'F-2026-17', date: '2026-11-02', due_date: '2026-12-02', currency: 'DKK', language: 'en', buyer_reference: 'Indkøb 42' },
  items: [{ description: 'Rådgivning', quantity: 10, unit: 'hours', unit_price: 950, tax_rate: 25 }],
  payment: { means_code: '42', account_number: '1234567890', routing_number: '1234' },
});
/** A Swedish seller (VAT SE + organisation number 5566778899 + 01, F-skatt) selling to a German buyer. */
const swedish = (): Json => edit(base, (r) => {
  r.from = { name: 'Svensk Design AB', address: { lines: ['Drottninggatan 5'], city: 'Stockholm', postal_code: '111 51', country: 'SE' }, email: 'faktura@svensk.example', tax_id: 'SE556677889901', registration_no: '5566778899', tax_registration_id: 'Godkänd för F-skatt', electronic_address: { scheme: '0007', value: '5566778899' } };
  r.items = [{ description: 'Design', quantity: 4, unit_price: 1200, tax_rate: 25 }];
  r.invoice.currency = 'SEK';
});

/**
 * D39: each rule the pre-flight checks, shown twice: the pre-flight names the field and its
 * business term, and the document made without the pre-flight fails exactly the official rule(s)
 * the problem names — so the pre-flight checks what the rules check, no more and no less.
 */
const CASES: Case[] = [
  // EN 16931 core
  { name: 'seller country', output: 'ubl', profile: 'en16931', request: edit(base, (r) => { delete r.from.country; }), problems: [['from.country', 'BT-40']], rules: ['BR-09'] },
  { name: 'buyer address', output: 'cii', profile: 'en16931', request: edit(base, (r) => { delete r.to.address; }), problems: [['to.address', 'BG-8']], rules: ['BR-10', 'BR-11'] },
  { name: 'buyer country', output: 'ubl', profile: 'en16931', request: edit(base, (r) => { delete r.to.address.country; }), problems: [['to.country', 'BT-55']], rules: ['BR-11'] },
  { name: 'ship-to country', output: 'ubl', profile: 'en16931', request: edit(base, (r) => { r.ship_to = { name: 'Lager', address: 'Hafenstraße 9\n20457 Hamburg' }; }), problems: [['ship_to.country', 'BT-80']], rules: ['BR-57'] },
  { name: 'seller VAT identifier', output: 'cii', profile: 'en16931', request: edit(base, (r) => { delete r.from.tax_id; delete r.from.tax_registration_id; }), problems: [['from.tax_id', 'BT-31']], rules: ['BR-S-02'] },
  { name: 'seller identification', output: 'ubl', profile: 'en16931', request: edit(base, (r) => { delete r.from.tax_id; delete r.from.tax_registration_id; delete r.from.registration_no; }), problems: [['from.tax_id', 'BT-31'], ['from.registration_no', 'BT-30']], rules: ['BR-S-02', 'BR-CO-26'] },
  { name: 'credit transfer account (UBL)', output: 'ubl', profile: 'en16931', request: edit(base, (r) => { r.payment = { means_code: '58' }; }), problems: [['payment.iban', 'BT-84']], rules: ['BR-61'] },
  // CII's own wording of BR-61 for the same gap.
  { name: 'credit transfer account (CII)', output: 'cii', profile: 'en16931', request: edit(base, (r) => { r.payment = { means_code: '58' }; }), problems: [['payment.iban', 'BT-84']], rules: ['CII-SR-470'] },
  // D36 categories
  { name: 'reverse charge without the buyer\'s VAT id', output: 'ubl', profile: 'en16931', request: edit(base, (r) => { delete r.to.tax_id; r.tax_category = 'AE'; for (const item of r.items) delete item.tax_rate; }), problems: [['to.tax_id', 'BT-48']], rules: ['BR-AE-02'] },
  {
    name: 'intra-community supply without delivery date and ship-to country',
    output: 'cii',
    profile: 'en16931',
    request: edit(base, (r) => { r.tax_category = 'K'; for (const item of r.items) delete item.tax_rate; }),
    problems: [['invoice.delivery_date', 'BT-72'], ['ship_to.country', 'BT-80']],
    rules: ['BR-IC-11', 'BR-IC-12'],
  },
  { name: 'export with only a tax registration', output: 'ubl', profile: 'en16931', request: edit(base, (r) => { delete r.from.tax_id; r.tax_category = 'G'; for (const item of r.items) delete item.tax_rate; }), problems: [['from.tax_id', 'BT-31']], rules: ['BR-G-02'] },
  { name: 'exempt without a reason', output: 'cii', profile: 'en16931', request: edit(base, (r) => { r.items[0].tax_category = 'E'; delete r.items[0].tax_rate; }), problems: [['tax_exemption_reason', 'BT-120']], rules: ['BR-E-10'] },
  { name: 'not subject to VAT beside a taxed line', output: 'ubl', profile: 'en16931', request: edit(base, (r) => { delete r.from.tax_id; r.items[0].tax_category = 'O'; delete r.items[0].tax_rate; }), problems: [['tax_category', 'BT-151']], rules: ['BR-O-02', 'BR-O-11', 'BR-O-12'] },
  // Peppol BIS 3
  { name: 'Peppol seller endpoint', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { delete r.from.electronic_address; }), problems: [['from.electronic_address', 'BT-34']], rules: ['PEPPOL-EN16931-R020'] },
  { name: 'Peppol e-mail endpoint', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { r.to.electronic_address = { scheme: 'EM', value: 'ap@schoen.example' }; }), problems: [['to.electronic_address.scheme', 'BT-49']], rules: ['PEPPOL-EN16931-CL008'] },
  { name: 'Peppol buyer or order reference (German parties: DE-R-015 too)', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { delete r.invoice.buyer_reference; delete r.invoice.po_number; }), problems: [['invoice.buyer_reference', 'BT-10']], rules: ['PEPPOL-EN16931-R003', 'DE-R-015'] },
  { name: 'Peppol GLN check digit', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { r.from.identifier = { value: '4000001000006', scheme: '0088' }; }), problems: [['from.identifier.value', 'BT-29']], rules: ['PEPPOL-COMMON-R040'] },
  { name: 'Peppol German seller contact', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { delete r.from.contact; }), problems: [['from.contact.name', 'BT-41']], rules: ['DE-R-005'] },
  {
    name: 'Peppol Dutch seller without KVK',
    output: 'ubl',
    profile: 'peppol',
    request: edit(base, (r) => {
      r.from = { name: 'De Vries B.V.', address: 'Damstraat 12\n1012 JM Amsterdam', country: 'NL', tax_id: 'NL123456789B01', registration_no: '12345678', electronic_address: { scheme: '0106', value: '12345678' } };
    }),
    problems: [['from.registration_scheme', 'BT-30']],
    rules: ['NL-R-003'],
  },
  { name: 'Peppol Norwegian VAT id', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { r.from.country = 'NO'; r.from.address = 'Karl Johans gate 1\n0154 Oslo'; r.from.tax_id = 'NO923658212MVA'; }), problems: [['from.tax_id', 'BT-31']], rules: ['NO-R-001'] },
  // XRechnung 3
  { name: 'XRechnung contact name', output: 'ubl', profile: 'xrechnung', request: edit(base, (r) => { delete r.from.contact; }), problems: [['from.contact.name', 'BT-41']], rules: ['BR-DE-5'] },
  { name: 'XRechnung contact phone', output: 'cii', profile: 'xrechnung', request: edit(base, (r) => { delete r.from.phone; }), problems: [['from.contact.phone', 'BT-42']], rules: ['BR-DE-6'] },
  { name: 'XRechnung buyer reference', output: 'cii', profile: 'xrechnung', request: edit(base, (r) => { delete r.invoice.buyer_reference; delete r.invoice.po_number; }), problems: [['invoice.buyer_reference', 'BT-10']], rules: ['BR-DE-15'] },
  { name: 'XRechnung buyer post code', output: 'ubl', profile: 'xrechnung', request: edit(base, (r) => { delete r.to.address.postal_code; }), problems: [['to.address', 'BT-53']], rules: ['BR-DE-9'] },
  { name: 'XRechnung payment instructions', output: 'cii', profile: 'xrechnung', request: edit(base, (r) => { delete r.payment; }), problems: [['payment', 'BG-16']], rules: ['BR-DE-1'] },
  { name: 'XRechnung card without card', output: 'ubl', profile: 'xrechnung', request: edit(base, (r) => { r.payment = { means_code: '48' }; }), problems: [['payment.card', 'BG-18']], rules: ['BR-DE-24-a'] },
  { name: 'XRechnung card with a payee account', output: 'cii', profile: 'xrechnung', request: edit(base, (r) => { r.payment = { means_code: '48', card: { last4: '1234' }, iban: 'DE89370400440532013000' }; }), problems: [['payment.iban', 'BG-17']], rules: ['BR-DE-24-b'] },
  { name: 'XRechnung Skonto line', output: 'ubl', profile: 'xrechnung', request: edit(base, (r) => { r.terms = 'Netto 30 Tage\n#SKONTO#14 Tage 2%#'; }), problems: [['invoice.terms', 'BT-20']], rules: ['BR-DE-18'] },
  { name: 'XRechnung electronic addresses', output: 'cii', profile: 'xrechnung', request: edit(base, (r) => { delete r.to.electronic_address; delete r.to.email; }), problems: [['to.electronic_address', 'BT-49']], rules: ['PEPPOL-EN16931-R010'] },
  { name: 'XRechnung Skonto line followed by text with two "#"', output: 'cii', profile: 'xrechnung', request: edit(base, (r) => { r.terms = '#SKONTO#TAGE=14#PROZENT=2.00#\nSiehe Auftrag #12 und #13'; }), problems: [['invoice.terms', 'BT-20']], rules: ['BR-DE-18'] },
  // A line period outside the invoice period: November's invoice, October's line starts before it
  // (R110); its end, 31 October, is not after the invoice period's end, which is all R111 asks.
  {
    name: 'Peppol line period outside the invoice period',
    output: 'ubl',
    profile: 'peppol',
    request: edit(base, (r) => { r.invoice.period = { start: '2026-11-01', end: '2026-11-30' }; r.items[0].period = { start: '2026-10-01', end: '2026-10-31' }; }),
    problems: [['items[0].period.start', 'BT-134']],
    rules: ['PEPPOL-EN16931-R110'],
  },
  {
    name: 'XRechnung CII line period outside the invoice period',
    output: 'cii',
    profile: 'xrechnung',
    request: edit(base, (r) => { r.invoice.period = { start: '2026-11-01', end: '2026-11-30' }; r.items[0].period = { start: '2026-10-01', end: '2026-10-31' }; }),
    problems: [['items[0].period.start', 'BT-134']],
    rules: ['PEPPOL-EN16931-R110'],
  },
  {
    name: 'XRechnung CII line period ending after the invoice period',
    output: 'cii',
    profile: 'xrechnung',
    request: edit(base, (r) => { r.invoice.period = { start: '2026-11-01', end: '2026-11-30' }; r.items[1].period = { start: '2026-11-15', end: '2026-12-15' }; }),
    problems: [['items[1].period.end', 'BT-135']],
    rules: ['PEPPOL-EN16931-R111'],
  },
  { name: 'XRechnung UBL line period starting before the invoice period', output: 'ubl', profile: 'xrechnung', request: edit(base, (r) => { r.invoice.period = { start: '2026-11-01' }; r.items[0].period = { start: '2026-10-31' }; }), problems: [['items[0].period.start', 'BT-134']], rules: ['PEPPOL-EN16931-R110'] },
  // A direct debit's mandate.
  { name: 'Peppol direct debit (49) without its mandate', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { r.payment.means_code = '49'; delete r.payment.iban; }), problems: [['payment.mandate_reference', 'BT-89']], rules: ['PEPPOL-EN16931-R061'] },
  {
    name: 'XRechnung direct debit (49) with a mandate but no creditor id or debited account',
    output: 'cii',
    profile: 'xrechnung',
    request: edit(base, (r) => { r.payment = { means_code: '49', mandate_reference: 'M-1' }; }),
    problems: [['payment.creditor_id', 'BT-90'], ['payment.debtor_iban', 'BT-91']],
    rules: ['BR-DE-30', 'BR-DE-31'],
  },
  // A top-level VATEX code that belongs to another category than the one it explains.
  {
    name: 'Peppol export code explaining an exempt shipping charge',
    output: 'ubl',
    profile: 'peppol',
    request: edit(base, (r) => { r.shipping = 10; r.shipping_tax_category = 'E'; r.tax_exemption_code = 'VATEX-EU-G'; }),
    problems: [['tax_exemption_code', 'BT-121']],
    rules: ['PEPPOL-EN16931-P0104'],
  },
  // CII's country code list has no South Sudan.
  { name: 'CII buyer in South Sudan', output: 'cii', profile: 'en16931', request: edit(base, (r) => { r.to.address.country = 'SS'; }), problems: [['to.country', 'BT-55']], rules: ['BR-CL-14'] },
  // Identifier forms exactly as Peppol's rules: 0184 takes 8 digits or DK and 8 digits, nothing more.
  { name: 'Peppol Danish CVR with nine digits', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { r.to.electronic_address = { scheme: '0184', value: 'DK123456789' }; }), problems: [['to.electronic_address.value', 'BT-49']], rules: ['PEPPOL-COMMON-R042'] },
  { name: 'Peppol Norwegian VAT id of zeros', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { r.from.country = 'NO'; r.from.address = 'Karl Johans gate 1\n0154 Oslo'; r.from.tax_id = 'NO000000000MVA'; }), problems: [['from.tax_id', 'BT-31']], rules: ['NO-R-001'] },
  // A currency without decimals rounds a line's amount to a whole unit: 1.5 × 333 is 499.5, written 500.
  { name: 'Peppol yen line whose amount is not whole', output: 'ubl', profile: 'peppol', request: edit(base, (r) => { r.invoice.currency = 'JPY'; r.items = [{ description: 'Beratung', quantity: 1.5, unit_price: 333, tax_rate: 19 }]; }), problems: [['items[0].unit_price', 'BT-146']], rules: ['PEPPOL-EN16931-R120'] },
  // Danish national rules.
  { name: 'Peppol Danish parties with the default payment means 30', output: 'ubl', profile: 'peppol', request: edit(danish(), (r) => { r.payment = { iban: 'DK5000400440116243', swift: 'DABADKKK' }; }), problems: [['payment.means_code', 'BT-81']], rules: ['DK-R-005'] },
  { name: 'Peppol Danish seller without its CVR registration', output: 'ubl', profile: 'peppol', request: edit(danish(), (r) => { delete r.from.registration_no; delete r.from.registration_scheme; }), problems: [['from.registration_no', 'BT-30']], rules: ['DK-R-002'] },
  { name: 'Peppol Danish seller registered in another scheme', output: 'ubl', profile: 'peppol', request: edit(danish(), (r) => { r.from.registration_scheme = '0060'; }), problems: [['from.registration_scheme', 'BT-30']], rules: ['DK-R-014'] },
  { name: 'Peppol Danish bank payment without the registration number', output: 'ubl', profile: 'peppol', request: edit(danish(), (r) => { delete r.payment.routing_number; }), problems: [['payment.account_number', 'BT-84']], rules: ['DK-R-006'] },
  { name: 'Peppol Danish parties, party identifier without a scheme', output: 'ubl', profile: 'peppol', request: edit(danish(), (r) => { r.to.identifier = { value: '87654321' }; }), problems: [['to.identifier.scheme', 'BT-46']], rules: ['DK-R-013'] },
  { name: 'Peppol Danish charge for another tax without its category', output: 'ubl', profile: 'peppol', request: edit(danish(), (r) => { r.charges = [{ amount: 10, reason: 'Miljøafgift', reason_code: 'ZZZ', tax_category: 'S', tax_rate: 25 }]; }), problems: [['charges[0].reason', 'BT-104']], rules: ['DK-R-004'] },
  // Swedish, Italian and Icelandic national rules.
  { name: 'Peppol Swedish seller without F-skatt', output: 'ubl', profile: 'peppol', request: edit(swedish(), (r) => { r.from.tax_registration_id = '556677-8899'; }), problems: [['from.tax_registration_id', 'BT-32']], rules: ['SE-R-005'] },
  { name: 'Peppol Swedish seller at a rate Sweden does not have', output: 'ubl', profile: 'peppol', request: edit(swedish(), (r) => { r.items[0].tax_rate = 24; }), problems: [['items[0].tax_rate', 'BT-152']], rules: ['SE-R-006'] },
  { name: 'Peppol Swedish organisation number with a wrong check digit', output: 'ubl', profile: 'peppol', request: edit(swedish(), (r) => { r.from.registration_no = '5566778898'; }), problems: [['from.registration_no', 'BT-30']], rules: ['SE-R-013'] },
  {
    name: 'Peppol Italian seller without street and post code',
    output: 'ubl',
    profile: 'peppol',
    request: edit(base, (r) => { r.from = { ...r.from, country: 'IT', address: { city: 'Milano', country: 'IT' }, tax_id: 'IT12345678901', tax_registration_id: 'RSSMRA80A01F205X', electronic_address: { scheme: '0211', value: 'IT12345678901' } }; }),
    problems: [['from.address', 'BT-35'], ['from.address', 'BT-38']],
    rules: ['IT-R-002', 'IT-R-004'],
  },
  {
    name: 'Peppol Icelandic seller without its kennitala',
    output: 'ubl',
    profile: 'peppol',
    request: edit(base, (r) => { r.from = { ...r.from, country: 'IS', address: { lines: ['Laugavegur 1'], city: 'Reykjavík', postal_code: '101', country: 'IS' }, tax_id: 'IS12345', registration_no: '12345', registration_scheme: '0106' }; }),
    problems: [['from.registration_no', 'BT-30']],
    rules: ['IS-R-002'],
  },
];

function problemsOf(request: Json): EInvoiceProblem[] {
  try {
    makeEInvoice(request);
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, 'e_invoice_incomplete', error.message);
    assert.equal(statusOf(error.code), 400);
    const problems = (error.details as { problems: EInvoiceProblem[] }).problems;
    for (const p of problems) assert.ok(error.message.includes(p.field) && error.message.includes(p.term), `the message names ${p.field} (${p.term})`);
    return problems;
  }
  return assert.fail('the pre-flight let the request through');
}

describe('pre-flight: a profile\'s missing data answers e_invoice_incomplete naming each field (D39)', () => {
  it('each case: the pre-flight names the field and its term; without it the official rules fail exactly as named', async () => {
    const bypassed: Array<{ xml: string; profile: Case['profile'] }> = [];
    for (const c of CASES) {
      const request = { ...c.request, output: c.output, profile: c.profile };
      const named = problemsOf(request).map((p) => [p.field, p.term] as const);
      assert.deepEqual([...new Map(named.map((n) => [n.join(' '), n])).values()].sort(), [...c.problems].sort(), c.name);
      bypassed.push({ xml: makeEInvoice(request, { preflight: false }).xml, profile: c.profile });
    }
    const checks = await checkEInvoices(bypassed);
    CASES.forEach((c, i) => {
      const fatal = [...new Set(checks[i]!.rules.fatal.map((f) => f.id))].sort();
      assert.deepEqual(fatal, [...c.rules].sort(), `${c.name}: ${checks[i]!.rules.fatal.map((f) => `${f.id}: ${f.text}`).join('\n')}`);
    });
  });

  it('reports every problem at once, not the first', () => {
    const request = edit(base, (r) => { delete r.from.contact; delete r.from.phone; delete r.invoice.buyer_reference; delete r.invoice.po_number; delete r.payment; });
    const fields = problemsOf({ ...request, output: 'ubl', profile: 'xrechnung' }).map((p) => p.field);
    for (const field of ['from.contact.name', 'from.contact.phone', 'invoice.buyer_reference', 'payment']) assert.ok(fields.includes(field), field);
  });

  it('a json answer with a profile is the same check, and without a profile there is none', () => {
    const request = edit(base, (r) => { delete r.from.contact; });
    assert.deepEqual(problemsOf({ ...request, output: 'json', profile: 'xrechnung' }).map((p) => p.field), ['from.contact.name']);
    assert.doesNotThrow(() => {
      try { makeEInvoice({ ...request, output: 'json' }); } catch (error) { if ((error as Error).message.startsWith('makeEInvoice makes')) return; throw error; }
    });
  });

  it('a seller in Greece is refused under peppol for the MARK number it would need, naming the country as sent', async () => {
    const request = edit(base, (r) => { r.from.country = 'GR'; r.from.tax_id = 'EL094259216'; r.from.address = 'Ermou 1\n10563 Athens'; r.from.electronic_address = { scheme: '9933', value: '094259216' }; r.invoice.number = '094259216|02/11/2026|0|1.1|A|17'; });
    const problems = problemsOf({ ...request, output: 'ubl', profile: 'peppol' });
    assert.deepEqual(problems.map((p) => [p.field, p.term]), [['from.country', 'BT-40']]);
    assert.match(problems[0]!.message, /a seller in GR carries its myDATA MARK number.*\(GR-R-004-1\)$/);
    assert.doesNotMatch(problems[0]!.message, /\bEL\b/);
    const [check] = await checkEInvoices([{ xml: makeEInvoice({ ...request, output: 'ubl', profile: 'peppol' }, { preflight: false }).xml, profile: 'peppol' }]);
    assert.deepEqual([...new Set(check!.rules.fatal.map((f) => f.id))], ['GR-R-004-1']);
  });

  it('a problem two rules share is listed once for its field and term, naming both rules', () => {
    const request = edit(base, (r) => { delete r.invoice.buyer_reference; delete r.invoice.po_number; });
    const problems = problemsOf({ ...request, output: 'ubl', profile: 'peppol' });
    const references = problems.filter((p) => p.field === 'invoice.buyer_reference');
    assert.equal(references.length, 1, JSON.stringify(problems));
    assert.match(references[0]!.message, /\(PEPPOL-EN16931-R003, DE-R-015\)$/);
    const noContact = problemsOf({ ...edit(base, (r) => { delete r.from.contact; delete r.from.phone; delete r.from.email; }), output: 'cii', profile: 'xrechnung' });
    assert.match(noContact.find((p) => p.field === 'from.contact.name')!.message, /\(BR-DE-5, BR-DE-2\)$/);
  });

  it('a date in the year 0000, which UBL\'s xs:date lacks, is refused for UBL and written in CII, whose dates are text', async () => {
    const request = edit(base, (r) => { r.invoice.period = { start: '0000-12-01', end: '2026-10-31' }; });
    assert.deepEqual(problemsOf({ ...request, output: 'ubl', profile: 'en16931' }).map((p) => [p.field, p.term]), [['invoice.period.start', 'BT-73']]);
    assert.deepEqual(problemsOf({ ...request, output: 'ubl' }).map((p) => [p.field, p.term]), [['invoice.period.start', 'BT-73']], 'and without a profile');
    const [ubl, cii] = await checkEInvoices([
      { xml: makeEInvoice({ ...request, output: 'ubl', profile: 'en16931' }, { preflight: false }).xml, profile: 'en16931' },
      { xml: makeEInvoice({ ...request, output: 'cii', profile: 'en16931' }).xml, profile: 'en16931' },
    ]);
    assert.match(ubl!.schema.errors.join(), /'0000-12-01' is not a valid value of the atomic type 'xs:date'/);
    assert.deepEqual([cii!.schema.errors, cii!.rules.fatal], [[], []]);
  });

  it('a pairing that does not exist is invalid_profile listing the pairs', () => {
    for (const [output, profile] of [['cii', 'peppol'], ['ubl', 'factur-x'], ['pdf', 'en16931'], ['pdf', 'peppol']] as const) {
      assert.throws(() => makeEInvoice({ ...base, output, profile }), (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.equal(error.code, 'invalid_profile');
        assert.match(error.message, new RegExp(`profile "${profile}" does not exist for output "${output}".*ubl: en16931, peppol, xrechnung; cii: en16931, xrechnung; pdf: factur-x, xrechnung`));
        return true;
      });
    }
  });
});
