import fc from 'fast-check';
import { CURRENCY_MINOR_UNITS, LANGUAGES, MAX_ITEMS, TAX_CATEGORIES, TEMPLATES, type Currency, type TaxCategory } from '../../src/domain/invoice/catalog.ts';
import type { EInvoiceProfile } from './check-einvoice.ts';
import { PNG_3X2 } from './image-bytes.ts';

type Json = Record<string, any>;

/**
 * The structured variations of a request: dates, VAT categories, payment means, identifiers,
 * Skonto terms, credit notes, amounts, extras and spelling. Every knob's first value is "leave
 * the base as it is", so fast-check shrinks towards the base; each value is either legal (a
 * complete request stays complete) or not, and `applyKnobs` says which it applied.
 */

/**
 * `arb` in one draw of `1 + nothing`, else null. Drawn through a number that shrinks to 0, so
 * fast-check shrinks a variation away (fc.oneof would only shrink within the branch drawn).
 */
export const rarely = <T>(arb: fc.Arbitrary<T>, nothing: number): fc.Arbitrary<T | null> =>
  fc.tuple(fc.noBias(fc.nat(nothing)), arb).map(([i, v]) => (i === nothing ? v : null));

/** One key of `table`, drawn by its weight; shrinks to the first key ('base': leave the base as it is). */
const weighted = <K extends string>(table: Readonly<Record<K, number>>): fc.Arbitrary<K> => {
  const entries = Object.entries(table) as Array<[K, number]>;
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  return fc.noBias(fc.nat(total - 1)).map((i) => {
    for (const [key, w] of entries) if ((i -= w) < 0) return key;
    return entries.at(-1)![0];
  });
};
/** 0 (the base's own) in `weight` draws of `weight + n`, else 1…n; shrinks to 0. */
const baseIndex = (n: number, weight: number): fc.Arbitrary<number> => fc.noBias(fc.nat(weight + n - 1)).map((i) => (i < weight ? 0 : i - weight + 1));
/** true in one draw of `n`; shrinks to false. */
const oneIn = (n: number): fc.Arbitrary<boolean> => fc.noBias(fc.nat(n - 1)).map((i) => i === n - 1);
/** An empty list in `weight` draws of `weight + 1`, else 1 to `max` entries; shrinks to the empty list. */
const someOf = <T>(arb: fc.Arbitrary<T>, max: number, weight: number): fc.Arbitrary<T[]> =>
  fc.tuple(fc.noBias(fc.nat(weight)), fc.array(arb, { minLength: 1, maxLength: max })).map(([i, list]) => (i === weight ? list : []));

const LEGAL_DUE = ['equal', 'after'] as const;
const LEGAL_PERIOD = ['month', 'oneDay', 'startOnly', 'endOnly'] as const;
const LEGAL_LINES = ['none', 'inside', 'oneDay', 'startOnly'] as const;

const datesArb = fc.record({
  due: weighted({ base: 20, equal: 3, after: 3, absent: 1, before: 1 }),
  delivery: weighted({ base: 20, before: 2, same: 2, after: 2, absent: 1 }),
  period: weighted({ base: 16, month: 2, oneDay: 2, startOnly: 1, endOnly: 1, absent: 1, reversed: 1 }),
  lines: weighted({ base: 12, none: 1, inside: 3, oneDay: 1, startOnly: 1, before: 1, after: 1, overlap: 1, reversed: 1 }),
  lineMask: fc.nat(255),
});

const EXEMPTIONS = ['none', 'reason', 'code', 'both', 'foreign'] as const;
const categoryArb = fc.record({
  line: fc.nat(11),
  category: fc.constantFrom(...TAX_CATEGORIES),
  // Three in four take a rate and an exemption their category allows; shrinks to that.
  coherent: fc.noBias(fc.nat(3)).map((i) => i < 3),
  rate: fc.constantFrom<number | string | undefined>(undefined, 0, '0.00', 19, 7, '7.5', 21),
  exemption: fc.constantFrom(...EXEMPTIONS),
});
type CategoryKnob = typeof categoryArb extends fc.Arbitrary<infer T> ? T : never;

/** A rate and exemption the category allows (D36): 0 for Z, E, AE, K, G, O; above 0 for S; a reason or code for the exempt ones only. */
function coherentCategory(c: CategoryKnob): Pick<CategoryKnob, 'rate' | 'exemption'> {
  if (!c.coherent) return c;
  const exempt = ['E', 'AE', 'K', 'G', 'O'].includes(c.category);
  const zero = exempt || c.category === 'Z';
  const rate = zero ? (Number(c.rate ?? 0) === 0 ? c.rate : undefined) : c.category === 'S' && Number(c.rate ?? 0) === 0 ? 19 : c.rate;
  const exemption = exempt ? (c.exemption === 'none' || c.exemption === 'foreign' ? 'code' : c.exemption) : 'none';
  return { rate, exemption };
}

const SKONTO_TERMS = [
  '#SKONTO#TAGE=14#PROZENT=2.00#',
  '#SKONTO#TAGE=14#PROZENT=2.00#\n',
  'Zahlbar innerhalb von 30 Tagen.\n#SKONTO#TAGE=14#PROZENT=2.00#',
  '#SKONTO#TAGE=7#PROZENT=3.00#\n#SKONTO#TAGE=14#PROZENT=2.00#',
  '#SKONTO#TAGE=14#PROZENT=2.00#BASISBETRAG=100.00#',
  '#SKONTO#TAGE=14#PROZENT=2.00#\r\n',
];
/** Not XRechnung's form, and not mended by adding a line break: text before it on its line, lower case, one decimal. */
const BAD_SKONTO_TERMS = ['Zahlbar in 30 Tagen. #SKONTO#TAGE=14#PROZENT=2.00#', '#skonto#tage=14#prozent=2.00#', '#SKONTO#TAGE=14#PROZENT=2#'];

/** Identifiers by scheme: legal ones pass the official format rules (PEPPOL-COMMON-R040…R050), the others do not. */
const LEGAL_IDS: ReadonlyArray<readonly [string, string]> = [
  ['9930', 'DE123456789'], ['0088', '4000001000005'], ['0088', '5901234123457'], ['0208', '0403019261'], ['0192', '923658211'],
  ['0184', '<cvr>'], ['0184', 'DK<cvr>'], ['EM', 'rechnung@beispiel.example'], ['0204', '991-12345-67'], ['9915', 'ATU12345678'],
  ['0106', '12345678'], ['0007', '5560360793'], ['0151', '51824753556'],
];
const BAD_IDS: ReadonlyArray<readonly [string, string]> = [
  ['0088', '4000001000006'], ['0208', '0403019262'], ['0192', '923658212'], ['0184', '1234567'], ['0184', 'DK1234567X'],
  ['EM', 'kein-mail'], ['9999', 'X1'], ['0151', '51824753557'], ['0007', '5560360794'],
];
/** EAS codes that are no ISO 6523 ICD: an electronic address only. */
const EAS_ONLY = new Set(['9930', 'EM', '9915']);

const identifierArb = fc.record({
  side: fc.constantFrom('from', 'to'),
  target: fc.constantFrom('electronic_address', 'identifier', 'registration'),
  // Three in four legal; shrinks to legal.
  legal: fc.noBias(fc.nat(3)).map((i) => i < 3),
  pick: fc.nat(99),
  cvr: fc.integer({ min: 10_000_000, max: 99_999_999 }),
});

/** UN/ECE Recommendation 20 and 21 unit codes (BT-130): legal ones, then ones the code list lacks. */
const LEGAL_UNITS = ['HUR', 'H87', 'C62', 'KGM', 'MTR', 'LTR', 'DAY', 'MON', 'KWH', 'E48', 'MIN', 'SET', 'XPP', 'XBX'];
const BAD_UNITS = ['HRS', 'PCS', 'ZZ9'];
const unitCodeArb = fc.record({ line: fc.nat(11), code: fc.constantFrom(...LEGAL_UNITS, ...BAD_UNITS) });

const amountsArb = fc.record({
  decimals: oneIn(4),
  inclusive: weighted({ base: 10, on: 1, off: 1 }),
  lineCharge: oneIn(4),
  negative: oneIn(4),
  globalDiscount: weighted({ base: 10, percent: 1, amount: 1 }),
  // The grand total's rounding (BT-114): by a mode and step, or as an amount (rounding_amount);
  // both at once, or an amount finer than the minor unit, are refused.
  rounding: weighted({ base: 12, nearest: 1, up: 1, amount: 1, both: 1, fine: 1 }),
  allowance: rarely(fc.record({
    list: fc.constantFrom('allowances', 'charges'),
    size: fc.constantFrom<Json>({ amount: '5.00' }, { amount: 12.34 }, { percent: 2 }, { percent: '0.5' }),
    category: fc.constantFrom<TaxCategory | undefined>(undefined, 'S', 'Z', 'E', 'AE'),
    rate: fc.constantFrom<number | undefined>(undefined, 19, 7, 0),
    why: fc.constantFrom<Json>({ reason: 'Rabatt' }, { reason_code: '95' }, { reason: 'Fracht', reason_code: 'FC' }, {}),
  }), 6),
  shipping: rarely(fc.record({
    amount: fc.constantFrom<number | string>(9.99, '4.50', 0),
    tax: fc.constantFrom<Json>({}, { shipping_tax_rate: 19 }, { shipping_tax_rate: '7' }, { shipping_taxes: [{ name: 'VAT', rate: 19 }] }, { shipping_tax_category: 'Z' }, { shipping_tax_category: 'E' }),
  }), 6),
});

export const knobsArb = fc.record({
  dates: datesArb,
  categories: someOf(categoryArb, 3, 5),
  topCategory: rarely(fc.record({ category: fc.constantFrom(...TAX_CATEGORIES), exemption: fc.constantFrom(...EXEMPTIONS) }), 10),
  payment: fc.record({
    means: weighted({ base: 18, '58': 1, '30': 1, '59': 1, '48': 1, '54': 1, '55': 1, '10': 1 }),
    // Three in four with what the means needs; shrinks to "with".
    complete: fc.noBias(fc.nat(3)).map((i) => i < 3),
  }),
  identifiers: someOf(identifierArb, 2, 2),
  unitCodes: someOf(unitCodeArb, 2, 4),
  // The buyer's country as EL (Greece's VAT prefix, no ISO code), XI (Northern Ireland) or GR.
  buyerCountry: weighted({ base: 27, EL: 1, XI: 1, GR: 1 }),
  // 0 keeps the base's terms; 1… the Skonto texts, legal ones first.
  skonto: baseIndex(SKONTO_TERMS.length + BAD_SKONTO_TERMS.length, 18),
  document: weighted({ base: 12, creditNote: 2, creditNoteDated: 2, invoiceWithReference: 1, creditNoteWithoutReference: 1 }),
  amounts: amountsArb,
  extras: fc.record({
    customFields: oneIn(4), metadata: oneIn(4), logo: oneIn(8),
    // 0 leaves the base's template and language.
    template: baseIndex(TEMPLATES.length, 10),
    language: baseIndex(LANGUAGES.length, 22),
    features: fc.constantFrom('off', 'off', 'absent', 'on'),
  }),
  spelling: weighted({ base: 10, camel: 1, flat: 1 }),
});
export type Knobs = typeof knobsArb extends fc.Arbitrary<infer T> ? T : never;

/** What applying the knobs did: labels of everything changed, and those that may make the request illegal. */
export interface KnobReport {
  readonly labels: string[];
  readonly illegal: string[];
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function applyDates(r: Json, k: Knobs['dates'], note: (label: string, legal: boolean) => boolean): void {
  r.invoice ??= {};
  const inv = r.invoice;
  const date: string = inv.date ?? new Date().toISOString().slice(0, 10);
  if (k.due !== 'base' && note(`due date ${k.due}`, (LEGAL_DUE as readonly string[]).includes(k.due))) {
    if (k.due === 'absent') delete inv.due_date;
    else inv.due_date = addDays(date, { before: -1, equal: 0, after: 30 }[k.due]);
  }
  if (k.delivery !== 'base' && note(`delivery date ${k.delivery}`, k.delivery !== 'absent')) {
    if (k.delivery === 'absent') delete inv.delivery_date;
    else inv.delivery_date = addDays(date, { before: -3, same: 0, after: 5 }[k.delivery]);
  }
  // A new invoice period may leave the base's own line periods outside it (R110/R111).
  const linePeriodsKept = k.lines === 'base' && (r.items as Json[]).some((item) => item.period !== undefined);
  if (k.period !== 'base' && note(`invoice period ${k.period}`, (LEGAL_PERIOD as readonly string[]).includes(k.period) && !linePeriodsKept)) {
    const monthStart = `${addDays(`${date.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
    inv.period = {
      absent: undefined,
      month: { start: monthStart, end: addDays(`${date.slice(0, 7)}-01`, -1) },
      oneDay: { start: addDays(date, -1), end: addDays(date, -1) },
      startOnly: { start: addDays(date, -30) },
      endOnly: { end: addDays(date, -1) },
      reversed: { start: addDays(date, -1), end: addDays(date, -30) },
    }[k.period];
    if (inv.period === undefined) delete inv.period;
  }
  if (k.lines !== 'base' && note(`line periods ${k.lines}`, (LEGAL_LINES as readonly string[]).includes(k.lines))) {
    // Outside of what? Of an invoice period (PEPPOL-EN16931-R110/R111), made when there is none.
    if (['before', 'after', 'overlap'].includes(k.lines) && (inv.period?.start === undefined || inv.period?.end === undefined)) inv.period = { start: `${addDays(`${date.slice(0, 7)}-01`, -1).slice(0, 7)}-01`, end: addDays(`${date.slice(0, 7)}-01`, -1) };
    const p: { start?: string; end?: string } = inv.period ?? {};
    const start = p.start ?? (p.end !== undefined ? addDays(p.end, -5) : addDays(date, -30));
    const end = p.end ?? (p.start !== undefined ? addDays(p.start, 5) : addDays(date, -1));
    const period = {
      none: undefined,
      inside: { start, end },
      oneDay: { start, end: start },
      startOnly: { start },
      before: { start: addDays(start, -10), end: addDays(start, -1) },
      after: { start: addDays(end, 1), end: addDays(end, 10) },
      overlap: { start: addDays(start, -5), end: addDays(end, 5) },
      reversed: { start: end, end: addDays(start, -1) },
    }[k.lines];
    (r.items as Json[]).forEach((item, i) => {
      if (!((k.lineMask >> i) & 1) && i !== 0) return;
      if (period === undefined) delete item.period;
      else item.period = { ...period };
    });
  }
}

const VATEX: Readonly<Partial<Record<TaxCategory, string>>> = { E: 'VATEX-EU-132-1C', AE: 'VATEX-EU-AE', K: 'VATEX-EU-IC', G: 'VATEX-EU-G', O: 'VATEX-EU-O' };

function exemptionFields(category: TaxCategory, exemption: (typeof EXEMPTIONS)[number]): Json {
  const code = exemption === 'foreign' ? (category === 'AE' ? 'VATEX-EU-IC' : 'VATEX-EU-AE') : VATEX[category] ?? 'VATEX-EU-O';
  return {
    ...(exemption === 'reason' || exemption === 'both' ? { tax_exemption_reason: 'Steuerfrei / exempt' } : {}),
    ...(exemption === 'code' || exemption === 'both' || exemption === 'foreign' ? { tax_exemption_code: code } : {}),
  };
}

const COMPLETE_PAYMENT: Readonly<Record<Exclude<Knobs['payment']['means'], 'base'>, Json>> = {
  58: { means_code: '58', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', account_name: 'Müller Software GmbH' },
  30: { means_code: '30', iban: 'DE89370400440532013000', account_name: 'Müller Software GmbH' },
  59: { means_code: '59', mandate_reference: 'MANDAT-0815', creditor_id: 'DE98ZZZ09999999999', debtor_iban: 'DE02120300000000202051' },
  48: { means_code: '48', card: { last4: '4242', holder: 'Erika Mustermann', network: 'VISA' } },
  54: { means_code: '54', card: { last4: '0005', holder: 'Erika Mustermann' } },
  55: { means_code: '55', card: { last4: '1234', holder: 'Erika Mustermann', network: 'girocard' } },
  10: { means_code: '10' },
};

/** The numbers a request may send as decimal strings. */
const NUMBER_FIELDS = ['quantity', 'unit_price', 'discount', 'tax_rate', 'rate', 'amount', 'percent', 'shipping', 'global_discount', 'amount_paid', 'deposit', 'shipping_tax_rate', 'global_tax', 'rounding_increment', 'rounding_amount'];

function decimalStrings(value: unknown, key?: string): unknown {
  if (typeof value === 'number' && key !== undefined && NUMBER_FIELDS.includes(key)) return Number.isInteger(value) ? `${value}.00` : String(value);
  if (Array.isArray(value)) return value.map((v) => decimalStrings(v));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'metadata' ? v : decimalStrings(v, k)]));
  return value;
}

const camel = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), k === 'metadata' ? v : camelKeys(v)]));
  return value;
}

/** Applies the knobs to `r` in place; with `legalOnly`, a value that may make it illegal is left out. */
export function applyKnobs(r: Json, k: Knobs, context: { domestic: boolean; legalOnly: boolean; profile: EInvoiceProfile }): KnobReport {
  const report: KnobReport = { labels: [], illegal: [] };
  const note = (label: string, legal: boolean): boolean => {
    if (!legal && context.legalOnly) return false;
    report.labels.push(label);
    if (!legal) report.illegal.push(label);
    return true;
  };
  const items = r.items as Json[];
  applyDates(r, k.dates, note);

  for (const c of k.categories) {
    const item = items[c.line % items.length]!;
    const { rate, exemption } = coherentCategory(c);
    if (!note(`items[${c.line % items.length}] category ${c.category} rate ${rate ?? '-'} exemption ${exemption}`, false)) continue;
    for (const field of ['tax_rate', 'taxes', 'tax_exemption_reason', 'tax_exemption_code']) delete item[field];
    Object.assign(item, { tax_category: c.category, ...(rate === undefined ? {} : { tax_rate: rate }), ...exemptionFields(c.category, exemption) });
  }
  if (k.topCategory !== null && note(`top-level category ${k.topCategory.category} exemption ${k.topCategory.exemption}`, false)) {
    Object.assign(r, { tax_category: k.topCategory.category, ...exemptionFields(k.topCategory.category, k.topCategory.exemption) });
  }

  if (k.payment.means !== 'base' && note(`payment means ${k.payment.means}${k.payment.complete ? '' : ' without what it needs'}`, k.payment.complete && context.domestic)) {
    const complete = COMPLETE_PAYMENT[k.payment.means];
    r.payment = k.payment.complete ? structuredClone(complete) : { means_code: complete.means_code };
  }

  for (const id of k.identifiers) {
    const legal = id.legal;
    let [scheme, value] = legal ? LEGAL_IDS[id.pick % LEGAL_IDS.length]! : BAD_IDS[id.pick % BAD_IDS.length]!;
    if (id.target !== 'electronic_address' && EAS_ONLY.has(scheme)) [scheme, value] = ['0088', '4000001000005'];
    value = value.replace('<cvr>', String(id.cvr));
    const party = r[id.side] as Json;
    // Peppol delivers to no e-mail address: EM is no EAS code there (PEPPOL-EN16931-CL008).
    if (!note(`${id.side}.${id.target} ${scheme} ${value}`, legal && context.domestic && !(scheme === 'EM' && context.profile === 'peppol'))) continue;
    if (id.target === 'electronic_address') party.electronic_address = { scheme, value };
    else if (id.target === 'identifier') party.identifier = { value, scheme };
    else Object.assign(party, { registration_no: value, registration_scheme: scheme });
  }

  for (const u of k.unitCodes) {
    const line = u.line % items.length;
    if (note(`items[${line}].unit_code ${u.code}`, LEGAL_UNITS.includes(u.code))) items[line]!.unit_code = u.code;
  }
  if (k.buyerCountry !== 'base' && note(`to.country ${k.buyerCountry}`, false)) {
    r.to.country = k.buyerCountry;
    if (typeof r.to.address === 'object' && r.to.address !== null) r.to.address.country = k.buyerCountry;
  }

  if (k.skonto > 0) {
    const legal = k.skonto <= SKONTO_TERMS.length;
    const terms = legal ? SKONTO_TERMS[k.skonto - 1]! : BAD_SKONTO_TERMS[k.skonto - 1 - SKONTO_TERMS.length]!;
    if (note(`terms ${JSON.stringify(terms)}`, legal)) r.invoice.terms = terms;
  }

  if (k.document !== 'base' && note(`document ${k.document}`, k.document !== 'creditNoteWithoutReference')) {
    const date: string = r.invoice.date ?? new Date().toISOString().slice(0, 10);
    if (k.document !== 'invoiceWithReference') r.document_type = 'credit_note';
    if (k.document === 'creditNoteWithoutReference') delete r.billing_reference;
    else r.billing_reference = { number: 'RE-2025-0999', ...(k.document === 'creditNote' ? {} : { date: addDays(date, -30) }) };
  }

  const a = k.amounts;
  // Under Peppol a gross price may have no net price that quantity × price writes exactly
  // (PEPPOL-EN16931-R120), which the pre-flight rightly refuses: legal elsewhere only.
  if (a.inclusive !== 'base' && note(`tax_inclusive ${a.inclusive}`, a.inclusive === 'off' || context.profile !== 'peppol')) r.invoice.tax_inclusive = a.inclusive === 'on';
  const first = items[0]!;
  if (a.lineCharge && Number(first.quantity ?? 1) > 0 && note('a charge on the first line', true)) {
    first.charges = [...(first.charges ?? []), { amount: 2.5, reason: 'Verpackung' }];
  }
  if (a.negative && items.length < MAX_ITEMS && note('a returned item (negative line)', true)) {
    const taxFields = Object.fromEntries(['tax_rate', 'taxes', 'tax_category', 'tax_exemption_reason', 'tax_exemption_code'].filter((f) => f in first).map((f) => [f, structuredClone(first[f])]));
    items.push({ description: 'Retoure', quantity: -1, unit_price: 1, ...taxFields });
  }
  if (a.globalDiscount !== 'base' && note(`global discount ${a.globalDiscount}`, true)) {
    Object.assign(r, a.globalDiscount === 'percent' ? { global_discount: 3, global_discount_type: 'percent' } : { global_discount: '1.50', global_discount_type: 'amount' });
  }
  if (a.rounding !== 'base' && note(`rounding ${a.rounding}`, ['nearest', 'up', 'amount'].includes(a.rounding))) {
    for (const f of ['rounding', 'rounding_increment', 'rounding_amount']) delete r[f];
    // Steps and amounts in the currency's own minor unit (a yen has no cents).
    const cents = (CURRENCY_MINOR_UNITS[r.invoice.currency as Currency] ?? 2) >= 2;
    Object.assign(r, {
      nearest: { rounding: 'nearest', rounding_increment: cents ? '0.05' : '5' },
      up: { rounding: 'up' },
      amount: { rounding_amount: cents ? '-0.02' : '-2' },
      both: { rounding: 'nearest', rounding_amount: cents ? '0.01' : '1' },
      fine: { rounding_amount: '0.001' },
    }[a.rounding]);
  }
  if (a.allowance !== null && note(`${a.allowance.list}: ${JSON.stringify(a.allowance)}`, false)) {
    const entry = { ...a.allowance.size, ...a.allowance.why, ...(a.allowance.category === undefined ? {} : { tax_category: a.allowance.category }), ...(a.allowance.rate === undefined ? {} : { tax_rate: a.allowance.rate }) };
    r[a.allowance.list] = [...(r[a.allowance.list] ?? []), entry];
  }
  if (a.shipping !== null && note(`shipping ${JSON.stringify(a.shipping)}`, false)) {
    for (const f of ['shipping_tax_rate', 'shipping_taxes', 'shipping_tax_category']) delete r[f];
    Object.assign(r, { shipping: a.shipping.amount, ...structuredClone(a.shipping.tax) });
  }

  const e = k.extras;
  if (e.customFields && note('custom_fields', true)) r.custom_fields = [{ label: 'Kostenstelle', value: '4711' }, { label: 'Projekt' }];
  if (e.metadata && note('metadata', true)) r.metadata = { order_id: 'A-1', 'Kunde Nr.': '42' };
  if (e.logo && note('a logo', true)) r.from.logo = `data:image/png;base64,${PNG_3X2.toString('base64')}`;
  if (e.template > 0 && note(`template ${TEMPLATES[e.template - 1]}`, true)) r.template = TEMPLATES[e.template - 1];
  if (e.language > 0 && note(`language ${LANGUAGES[e.language - 1]}`, true)) r.invoice.language = LANGUAGES[e.language - 1];
  if (e.features !== 'absent') r.features = { hosted_link: e.features === 'on', qr: e.features === 'on' };
  else delete r.features;
  if (a.decimals && note('numbers as decimal strings', true)) Object.assign(r, decimalStrings(r));
  return report;
}

/** D13's other spellings, applied last: camelCase keys, or the invoice fields flat at the top level. */
export function respell(r: Json, spelling: Knobs['spelling']): Json {
  if (spelling === 'camel') return camelKeys(r) as Json;
  if (spelling === 'flat' && typeof r.invoice === 'object') {
    const { invoice, ...rest } = r;
    return { ...rest, ...invoice };
  }
  return r;
}
