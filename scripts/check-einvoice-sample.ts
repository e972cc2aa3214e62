/**
 * The e-invoice promise, on random requests: a document the service answers 200 for passes the
 * official schema and its profile's rules with 0 fatal failures. For each of the 5 pairings it
 * makes N random valid requests (variations of german() of the e-invoice fixtures, from a fixed
 * seed), makes their documents as a generation does (test/helpers/make-einvoice.ts: schema, code
 * lists, pre-flight, totals, writer), writes them to a temp folder and runs the official checker
 * (../shared/einvoice/check-einvoice.mjs, which needs xmllint: Debian libxml2-utils) on them.
 *
 *   node scripts/check-einvoice-sample.ts            # N=200 per pairing, SEED=25
 *   N=50 SEED=7 KEEP=1 node scripts/check-einvoice-sample.ts
 *
 * Prints per syntax and profile: documents, schema-valid, fatal, warnings by id. Exit 1 when a
 * document has a fatal failure (the request and its failures are printed) or when the service
 * refuses one of the requests (they are meant to be valid: either the generator or the service
 * is wrong). A one-off check, not a test: the fixture matrix in npm test is the standing one.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { ALL_PAIRINGS, german, type EInvoicePairing } from '../test/helpers/einvoice-fixtures.ts';
import { makeEInvoice } from '../test/helpers/make-einvoice.ts';

type Json = Record<string, any>;

const N = Number(process.env.N ?? 200);
const SEED = Number(process.env.SEED ?? 25);
const PROJECT_DIR = fileURLToPath(new URL('../', import.meta.url));
const CHECKER = process.env.EINVOICE_CHECKER ?? path.resolve(PROJECT_DIR, '..', 'shared', 'einvoice', 'check-einvoice.mjs');

// ---------------------------------------------------------------------------------------------
// The requests. A spec of plain choices is drawn first; toRequest turns it into the JSON body and
// sizes the amounts that must stay below a base (amount discounts, allowances) from the lines.

type Mode = 'domestic' | 'AE' | 'K';
type LineKind = 'S19' | 'S7' | 'Z' | 'E';

const DESCRIPTIONS = ['Beratung', 'Schulungsunterlagen', 'Wartung & Pflege', 'Größe "XL" <Sonderanfertigung>', 'Softwarelizenz', 'Montage vor Ort', 'Ersatzteil 4711', 'Reisekosten'];
const UNITS = [undefined, 'Std.', 'Stück', 'kg', 'Tage'];
const E_EXEMPTIONS: readonly Json[] = [
  { tax_exemption_code: 'VATEX-EU-132-1C' },
  { tax_exemption_reason: 'Steuerfrei nach § 4 Nr. 14 UStG (Heilbehandlung)' },
  { tax_exemption_code: 'VATEX-EU-132-1I', tax_exemption_reason: 'Steuerfreie Unterrichtsleistung nach § 4 Nr. 21 UStG' },
];
const FRENCH_BUYER: Json = { name: 'Société Cliente SARL', address: '3 place Bellecour\n69002 Lyon', country: 'FR', tax_id: 'FR98765432109', email: 'compta@cliente.example', electronic_address: { scheme: '9957', value: 'FR98765432109' } };
const AUSTRIAN_BUYER: Json = { name: 'Wiener Handel GmbH', address: 'Ringstraße 1\n1010 Wien', country: 'AT', tax_id: 'ATU87654321', email: 'einkauf@wh.example', electronic_address: { scheme: '9915', value: 'ATU87654321' } };
const MODE_EXEMPTIONS: Readonly<Record<'AE' | 'K', readonly Json[]>> = {
  AE: [{}, { tax_exemption_code: 'VATEX-EU-AE' }, { tax_exemption_reason: 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)' }],
  K: [{}, { tax_exemption_code: 'VATEX-EU-IC' }, { tax_exemption_reason: 'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1b UStG)' }],
};

/** A decimal as a JSON number or as an exact decimal string. */
const decimal = (scaled: number, digits: number, asString: boolean): number | string => {
  const text = (scaled / 10 ** digits).toFixed(digits);
  return asString ? text : Number(text);
};

const quantityArb = fc.oneof(
  fc.integer({ min: 1, max: 40 }).map((n) => ({ value: n, sent: n as number | string })),
  fc.integer({ min: 100, max: 40_000 }).map((m) => ({ value: m / 1000, sent: m / 1000 as number | string })),
  fc.integer({ min: 100_000, max: 40_000_000 }).map((u) => ({ value: u / 1e6, sent: (u / 1e6).toFixed(6) as number | string })),
  fc.integer({ min: 1, max: 40 }).map((n) => ({ value: n, sent: String(n) as number | string })),
);
const priceArb = fc.oneof(
  fc.tuple(fc.integer({ min: 100, max: 500_000 }), fc.boolean()).map(([cents, asString]) => ({ value: cents / 100, sent: decimal(cents, 2, asString) })),
  fc.integer({ min: 1_000_000, max: 2_000_000_000 }).map((micro) => ({ value: micro / 1e6, sent: decimal(micro, 6, true) })),
);
const lineChargeArb = fc.record({ cents: fc.integer({ min: 50, max: 2000 }), reason: fc.constantFrom<Json>({ reason: 'Verpackung' }, { reason_code: 'ABL' }, { reason: 'Expressversand', reason_code: 'FC' }) });
const lineArb = fc.record({
  kind: fc.oneof({ arbitrary: fc.constant<LineKind>('S19'), weight: 4 }, { arbitrary: fc.constant<LineKind>('S7'), weight: 3 },
    { arbitrary: fc.constant<LineKind>('Z'), weight: 2 }, { arbitrary: fc.constant<LineKind>('E'), weight: 1 }),
  style: fc.integer({ min: 0, max: 3 }),
  description: fc.constantFrom(...DESCRIPTIONS),
  unit: fc.constantFrom(...UNITS),
  quantity: quantityArb,
  price: priceArb,
  discount: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 6 },
    { arbitrary: fc.integer({ min: 1, max: 50 }).map((p) => ({ percent: p as number | string })), weight: 2 },
    { arbitrary: fc.integer({ min: 5, max: 500 }).map((p) => ({ percent: (p / 10).toFixed(1) as number | string })), weight: 1 },
    { arbitrary: fc.integer({ min: 1, max: 300 }).map((permille) => ({ permille })), weight: 1 },
  ),
  charges: fc.oneof(
    { arbitrary: fc.constant<Array<{ cents: number; reason: Json }>>([]), weight: 6 },
    { arbitrary: fc.array(lineChargeArb, { minLength: 1, maxLength: 2 }), weight: 1 },
  ),
});
const adjustmentArb = fc.record({
  pick: fc.nat(),
  omitCategory: fc.boolean(),
  size: fc.oneof(fc.integer({ min: 1, max: 10 }).map((p) => ({ percent: p as number | string })), fc.constant({ percent: '2.5' as number | string }),
    fc.integer({ min: 1, max: 50 }).map((permille) => ({ permille }))),
  reason: fc.integer({ min: 0, max: 2 }),
});
type Adjustment = typeof adjustmentArb extends fc.Arbitrary<infer T> ? T : never;
const adjustmentsArb = fc.oneof({ arbitrary: fc.constant<Adjustment[]>([]), weight: 3 }, fc.array(adjustmentArb, { minLength: 1, maxLength: 2 }));
const specArb = fc.record({
  mode: fc.oneof({ arbitrary: fc.constant<Mode>('domestic'), weight: 6 }, { arbitrary: fc.constant<Mode>('AE'), weight: 1 }, { arbitrary: fc.constant<Mode>('K'), weight: 1 }),
  // A line count drawn first: fc.array's own sizing would rarely go past 10 lines.
  lines: fc.integer({ min: 1, max: 30 }).chain((n) => fc.array(lineArb, { minLength: n, maxLength: n })),
  number: fc.integer({ min: 1, max: 9999 }),
  taxInclusive: fc.boolean(),
  creditNote: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
  creditNoteDated: fc.boolean(),
  dueDate: fc.boolean(),
  exemption: fc.nat(),
  exemptionOnLines: fc.boolean(),
  topCategory: fc.boolean(),
  supplyDate: fc.constantFrom('none', 'delivery_date', 'period'),
  globalDiscount: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, fc.integer({ min: 1, max: 15 }).map((p) => ({ percent: p, asString: p % 2 === 0 })), fc.integer({ min: 1, max: 100 }).map((permille) => ({ permille }))),
  shipping: fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, fc.record({ cents: fc.integer({ min: 100, max: 5000 }), rate: fc.constantFrom<number | string | undefined>(undefined, undefined, 19, '19', 7), asString: fc.boolean() })),
  allowances: adjustmentsArb,
  charges: adjustmentsArb,
});
type Spec = typeof specArb extends fc.Arbitrary<infer T> ? T : never;

const cents = (amount: number) => Math.floor(amount * 100);

function toRequest(spec: Spec): Json {
  const exemption = spec.mode === 'domestic' ? E_EXEMPTIONS[spec.exemption % E_EXEMPTIONS.length]! : MODE_EXEMPTIONS[spec.mode][spec.exemption % 3]!;
  const hasE = spec.mode === 'domestic' && spec.lines.some((l) => l.kind === 'E');
  /** Each line's category key ("S 19", "Z 0", …) and its approximate total, to size what depends on them. */
  const bases = new Map<string, number>();
  const items = spec.lines.map((l) => {
    const item: Json = { description: l.description, quantity: l.quantity.sent, unit_price: l.price.sent };
    if (l.unit !== undefined) item.unit = l.unit;
    let key: string;
    if (spec.mode !== 'domestic') {
      key = `${spec.mode} 0`;
      if (!spec.topCategory) item.tax_category = spec.mode;
    } else if (l.kind === 'S19' || l.kind === 'S7') {
      const rate = l.kind === 'S19' ? 19 : 7;
      item.tax_rate = [rate, String(rate), rate, `${rate}.000000`][l.style];
      key = `S ${rate}`;
    } else if (l.kind === 'Z') {
      Object.assign(item, [{ tax_rate: 0 }, { tax_rate: '0' }, { tax_category: 'Z' }, { tax_category: 'Z', tax_rate: 0 }][l.style]);
      key = 'Z 0';
    } else {
      item.tax_category = 'E';
      if (spec.exemptionOnLines) Object.assign(item, exemption);
      key = 'E 0';
    }
    const gross = l.quantity.value * l.price.value;
    let total = gross;
    if (l.discount !== undefined && 'percent' in l.discount) {
      item.discount = l.discount.percent;
      total -= gross * Number(l.discount.percent) / 100;
    } else if (l.discount !== undefined) {
      const amount = Math.floor(cents(gross) * l.discount.permille / 1000);
      if (amount >= 1) {
        item.discount = decimal(amount, 2, l.discount.permille % 2 === 0);
        item.discount_type = 'amount';
        total -= amount / 100;
      }
    }
    if (l.charges.length > 0) {
      item.charges = l.charges.map((c) => ({ amount: decimal(c.cents, 2, c.cents % 3 === 0), ...c.reason }));
      total += l.charges.reduce((sum, c) => sum + c.cents / 100, 0);
    }
    bases.set(key, (bases.get(key) ?? 0) + total);
    return item;
  });

  const overrides: Json = {
    items,
    invoice: {
      number: `RE-2026-${String(spec.number).padStart(4, '0')}`, date: '2026-11-02', currency: 'EUR', language: 'de', buyer_reference: 'PO-4711', po_number: 'PO-4711',
      ...(spec.dueDate || !spec.creditNote ? { due_date: '2026-12-02' } : {}),
      ...(spec.taxInclusive ? { tax_inclusive: true } : {}),
      // An intra-community supply needs its date (BR-IC-11); elsewhere it is optional.
      ...(spec.supplyDate === 'delivery_date' || (spec.mode === 'K' && spec.supplyDate === 'none') ? { delivery_date: '2026-10-28' } : {}),
      ...(spec.supplyDate === 'period' ? { period: { start: '2026-10-01', end: '2026-10-31' } } : {}),
    },
  };
  if (spec.mode === 'AE') overrides.to = structuredClone(FRENCH_BUYER);
  if (spec.mode === 'K') {
    overrides.to = structuredClone(AUSTRIAN_BUYER);
    overrides.ship_to = { name: 'Wiener Handel GmbH, Lager', address: 'Industriestraße 5\n1230 Wien', country: 'AT' };
  }
  if (spec.mode !== 'domestic') {
    if (spec.topCategory) overrides.tax_category = spec.mode;
    Object.assign(overrides, exemption);
  } else if (hasE && !spec.exemptionOnLines) {
    Object.assign(overrides, exemption);
  }
  if (spec.creditNote) {
    overrides.document_type = 'credit_note';
    overrides.billing_reference = { number: 'RE-2026-0001', ...(spec.creditNoteDated ? { date: '2026-10-15' } : {}) };
  }
  const lineSum = [...bases.values()].reduce((a, b) => a + b, 0);
  if (spec.globalDiscount !== undefined && 'percent' in spec.globalDiscount) {
    overrides.global_discount = spec.globalDiscount.asString ? String(spec.globalDiscount.percent) : spec.globalDiscount.percent;
  } else if (spec.globalDiscount !== undefined) {
    const amount = Math.floor(cents(lineSum) * spec.globalDiscount.permille / 1000);
    if (amount >= 1) Object.assign(overrides, { global_discount: decimal(amount, 2, true), global_discount_type: 'amount' });
  }
  if (spec.shipping !== undefined) {
    overrides.shipping = decimal(spec.shipping.cents, 2, spec.shipping.asString);
    // Taxed shipping only on a domestic invoice; with AE or K the freight follows the supply.
    if (spec.mode === 'domestic' && spec.shipping.rate !== undefined) overrides.shipping_tax_rate = spec.shipping.rate;
  }
  const keys = [...bases.keys()];
  for (const [field, list, reasons] of [
    ['allowances', spec.allowances, [{ reason: 'Treuerabatt' }, { reason_code: '95' }, { reason: 'Sonderrabatt', reason_code: '100' }]],
    ['charges', spec.charges, [{ reason: 'Verpackung' }, { reason_code: 'ABL' }, { reason: 'Eilzuschlag', reason_code: 'ZZZ' }]],
  ] as const) {
    if (list.length === 0) continue;
    overrides[field] = list.map((a) => {
      const key = keys[a.pick % keys.length]!;
      const [code, rate] = key.split(' ') as [string, string];
      const out: Json = { ...reasons[a.reason] };
      if (!(keys.length === 1 && a.omitCategory)) {
        if (code === 'S') Object.assign(out, a.omitCategory ? { tax_rate: Number(rate) } : { tax_category: 'S', tax_rate: Number(rate) });
        else if (code === 'Z') Object.assign(out, a.omitCategory ? { tax_rate: 0 } : { tax_category: 'Z' });
        else out.tax_category = code;
      }
      const amount = 'permille' in a.size ? Math.floor(cents(bases.get(key)!) * a.size.permille / 1000) : 0;
      if ('permille' in a.size && amount >= 1) out.amount = decimal(amount, 2, amount % 2 === 0);
      else out.percent = 'percent' in a.size ? a.size.percent : 1;
      return out;
    });
  }
  return german(overrides);
}

/** What the sample covers, counted over all requests. */
function coverage(request: Json, counts: Map<string, number>): void {
  const seen = new Set<string>();
  const add = (what: string) => {
    if (!seen.has(what)) counts.set(what, (counts.get(what) ?? 0) + 1);
    seen.add(what);
  };
  const items = request.items as Json[];
  const categories = new Set<string>();
  for (const item of items) {
    categories.add(item.tax_category ?? request.tax_category ?? (Number(item.tax_rate) > 0 ? 'S' : 'Z'));
    if (typeof item.quantity === 'string') add('a quantity as a decimal string');
    if (typeof item.quantity === 'number' && !Number.isInteger(item.quantity)) add('a quantity with decimals as a number');
    if (item.discount !== undefined) add(item.discount_type === 'amount' ? 'an amount line discount' : 'a percent line discount');
    if (item.charges !== undefined) add('line charges');
  }
  // All lines untaxed with no category sent is not subject to VAT (O), as lineCategories has it.
  const vatFree = [...categories].every((c) => c === 'Z') && items.every((i) => i.tax_category === undefined);
  for (const c of vatFree ? ['O'] : categories) add(`category ${c}`);
  add(items.length <= 5 ? '1–5 lines' : items.length <= 15 ? '6–15 lines' : '16–30 lines');
  if (request.invoice.tax_inclusive) add('tax-inclusive');
  if (request.document_type === 'credit_note') add('credit note');
  if (request.global_discount !== undefined) add(request.global_discount_type === 'amount' ? 'global discount, amount' : 'global discount, percent');
  if (request.shipping !== undefined) add(request.shipping_tax_rate !== undefined ? 'taxed shipping' : 'untaxed shipping');
  if (request.allowances !== undefined) add('document allowances');
  if (request.charges !== undefined) add('document charges');
}

// ---------------------------------------------------------------------------------------------
// The check.

interface CheckerFinding { id: string; flag: string; location: string; text: string }
interface CheckerFile {
  error?: string;
  syntax?: string;
  schema?: { ok: boolean | null; errors: string[] };
  rules?: Record<string, { fatal: CheckerFinding[]; warnings: CheckerFinding[] }>;
}

const execFileAsync = promisify(execFile);

async function runChecker(profile: string, files: readonly string[]): Promise<Record<string, CheckerFile>> {
  try {
    const { stdout } = await execFileAsync(process.execPath, [CHECKER, '--json', '--profile', profile, ...files], { maxBuffer: 1024 * 1024 * 1024 });
    return JSON.parse(stdout) as Record<string, CheckerFile>;
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    // Exit 1 is "some fatal failure": the report is still complete. Anything else is the checker failing.
    if (failed.code === 1 && failed.stdout) return JSON.parse(failed.stdout) as Record<string, CheckerFile>;
    throw new Error(`the checker failed (exit ${failed.code}): ${failed.stderr ?? (e as Error).message}`);
  }
}

interface PairingResult {
  pairing: EInvoicePairing;
  documents: number;
  refused: Array<{ request: Json; error: string }>;
  schemaValid: number;
  fatalDocuments: Array<{ request: Json; file: string; failures: string[] }>;
  fatalCount: number;
  warnings: Map<string, number>;
}

async function checkPairing(pairing: EInvoicePairing, index: number, folder: string, counts: Map<string, number>): Promise<PairingResult> {
  const specs = fc.sample(specArb, { seed: SEED + index, numRuns: N });
  const dir = path.join(folder, `${pairing.output}-${pairing.profile}`);
  mkdirSync(dir, { recursive: true });
  const result: PairingResult = { pairing, documents: 0, refused: [], schemaValid: 0, fatalDocuments: [], fatalCount: 0, warnings: new Map() };
  const requests = new Map<string, Json>();
  specs.forEach((spec, i) => {
    const request = { ...toRequest(spec), output: pairing.output, profile: pairing.profile };
    coverage(request, counts);
    try {
      const { xml } = makeEInvoice(request);
      const file = path.join(dir, `${String(i).padStart(4, '0')}.xml`);
      writeFileSync(file, xml);
      requests.set(file, request);
    } catch (e) {
      const code = (e as { code?: string }).code;
      result.refused.push({ request, error: `${code ?? 'error'}: ${(e as Error).message}` });
    }
  });
  const report = await runChecker(pairing.profile, [...requests.keys()]);
  for (const [file, request] of requests) {
    const r = report[file];
    result.documents += 1;
    const failures: string[] = [];
    if (r === undefined || r.error !== undefined) failures.push(`checker: ${r?.error ?? 'no report for the file'}`);
    else {
      if (r.schema?.ok === true) result.schemaValid += 1;
      else failures.push(...(r.schema?.errors ?? ['schema: no verdict']).map((e) => `schema: ${e}`));
      for (const [set, found] of Object.entries(r.rules ?? {})) {
        for (const f of found.fatal) failures.push(`${set} ${f.id} (${f.flag || 'fatal'}) at ${f.location}: ${f.text}`);
        for (const w of found.warnings) result.warnings.set(w.id, (result.warnings.get(w.id) ?? 0) + 1);
      }
    }
    if (failures.length > 0) {
      result.fatalCount += failures.length;
      result.fatalDocuments.push({ request, file, failures });
    }
  }
  return result;
}

const folder = mkdtempSync(path.join(tmpdir(), 'einvoice-sample-'));
const counts = new Map<string, number>();
const results: PairingResult[] = [];
const started = performance.now();
try {
  console.log(`node scripts/check-einvoice-sample.ts: N=${N} random requests per pairing, SEED=${SEED}, checker ${path.relative(PROJECT_DIR, CHECKER)}; documents in ${folder}`);
  for (const [i, pairing] of ALL_PAIRINGS.entries()) {
    const t = performance.now();
    results.push(await checkPairing(pairing, i, folder, counts));
    console.error(`  ${pairing.output}/${pairing.profile}: checked in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  }
} finally {
  if (process.env.KEEP === undefined) rmSync(folder, { recursive: true, force: true });
}

console.log(`\n| syntax | profile | requests | refused | documents | schema-valid | documents with a fatal | fatal failures | warnings (id: documents) |`);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const warnings = [...r.warnings].sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id}: ${n}`).join(', ') || 'none';
  console.log(`| ${r.pairing.output.toUpperCase()} | ${r.pairing.profile} | ${N} | ${r.refused.length} | ${r.documents} | ${r.schemaValid} | ${r.fatalDocuments.length} | ${r.fatalCount} | ${warnings} |`);
}
console.log(`\nWhat the ${N * ALL_PAIRINGS.length} requests cover (requests with it): ${[...counts].map(([what, n]) => `${what} ${n}`).join('; ')}`);
console.log(`Took ${((performance.now() - started) / 1000).toFixed(0)} s.`);

let failed = false;
for (const r of results) {
  for (const { request, error } of r.refused) {
    failed = true;
    console.log(`\nREFUSED (${r.pairing.output}/${r.pairing.profile}): ${error}\nrequest: ${JSON.stringify(request)}`);
  }
  for (const { request, file, failures } of r.fatalDocuments) {
    failed = true;
    console.log(`\nFATAL (${r.pairing.output}/${r.pairing.profile}, ${path.basename(file)}):\n  ${failures.join('\n  ')}\nrequest: ${JSON.stringify(request)}`);
  }
}
process.exit(failed ? 1 : 0);
