import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { CURRENCIES, LANGUAGES, ROUNDING_MODES, TEMPLATES } from '../../src/domain/invoice/catalog.ts';
import { buildTestApp, validInvoice, type TestApp } from '../helpers/build-test-app.ts';

/**
 * D44: the generator's live totals are computed in the browser by the service's own validator and
 * engine. This test loads the very file the generator page runs — the `live-totals` entry of the
 * Vite build in dist/web (npm run build), which re-exports the chunk the generator imports — and
 * checks that it answers what POST /api/generate-invoice answers for the same body: the same
 * invoice (but for the number, which a preview does not draw), or the same error code and message.
 */

type Json = Record<string, any>;
type LiveTotals = { ok: true; invoice: Json } | { ok: false; error: { code: string; message: string } };
type ComputeLiveTotals = (body: unknown, nowMs: number) => LiveTotals;

const WEB_DIR = fileURLToPath(new URL('../../dist/web/', import.meta.url));
/** Monday 1 March 2027, 09:30 UTC: both sides default the issue date to this day. */
const NOW_MS = Date.parse('2027-03-01T09:30:00Z');
const ANONYMOUS_NUMBER = /^INV-\d{8}-[A-Z2-7]{6}$/;

interface ManifestChunk { file: string; imports?: string[]; isEntry?: boolean; name?: string }

function readManifest(): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(path.join(WEB_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

/** The specifiers a built (minified) chunk imports: `import{…}from"…"`, `export{…}from"…"`, `import"…"`, `import("…")`. */
function importsOf(code: string): string[] {
  return [...code.matchAll(/(?:\}|\*\s*as\s+[\w$]+|\bimport\s+[\w$]+)\s*from\s*(["'])([^"']+)\1|\bimport\s*\(?\s*(["'])([^"']+)\3/g)].map((m) => (m[2] ?? m[4])!);
}

let computeLiveTotals: ComputeLiveTotals;
let t: TestApp;

before(async () => {
  const entry = Object.values(readManifest()).find((chunk) => chunk.isEntry === true && chunk.name === 'live-totals');
  assert.ok(entry, 'dist/web has the live-totals entry: run npm run build');
  ({ computeLiveTotals } = (await import(pathToFileURL(path.join(WEB_DIR, entry.file)).href)) as { computeLiveTotals: ComputeLiveTotals });
  t = await buildTestApp({ LOG_LEVEL: 'error' }, { clock: () => NOW_MS });
});
after(async () => { await t?.close(); });

/** The server's answer to an anonymous JSON generation of this exact text. */
async function server(text: string): Promise<{ status: number; body: Json }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/generate-invoice', headers: { 'content-type': 'application/json' }, payload: text, remoteAddress: '198.51.100.44' });
  return { status: res.statusCode, body: res.json() as Json };
}

/**
 * Sends `body` to both and asserts the same outcome. The browser gets the object JSON.parse makes
 * of the text the server reads, as the page hands the engine the object it built.
 */
async function assertSameOutcome(name: string, body: unknown): Promise<{ status: number; browser: LiveTotals }> {
  const text = JSON.stringify(body);
  let answer = await server(text);
  const browser = computeLiveTotals(JSON.parse(text), NOW_MS);
  if (answer.status === 403 && answer.body.error?.code === 'auth_required') {
    // A visitor may not ask the server for a PDF, UBL or features; the preview ignores them (they
    // are still validated): compare with the same body without them.
    const { output: _output, features: _features, ...rest } = JSON.parse(text) as Json;
    answer = await server(JSON.stringify(rest));
  }
  if (answer.status === 200) {
    assert.ok(browser.ok, `${name}: the server computed it, the browser said ${JSON.stringify(browser)}`);
    const real = answer.body.invoice as Json;
    const sentNumber = (JSON.parse(text) as Json | null)?.invoice?.number ?? (JSON.parse(text) as Json | null)?.number;
    if (typeof sentNumber !== 'string') {
      assert.match(real.number, ANONYMOUS_NUMBER, name);
      assert.equal(browser.invoice.number, 'PREVIEW', name);
    }
    // Through JSON, as the server's answer went: what the page shows is what the API would send.
    assert.deepEqual(JSON.parse(JSON.stringify(browser.invoice)), { ...real, number: browser.invoice.number }, name);
  } else {
    assert.equal(browser.ok, false, `${name}: the server answered ${answer.status} ${JSON.stringify(answer.body.error)}, the browser computed totals`);
    assert.deepEqual(browser.error, { code: answer.body.error.code, message: answer.body.error.message }, name);
  }
  return { status: answer.status, browser };
}

const edit = (change: (body: Json) => void): Json => {
  const body = validInvoice() as Json;
  change(body);
  return body;
};

/** Invoices that exercise every part of the engine, in every currency kind and language. */
function variedInvoices(): Array<[string, Json]> {
  const cases: Array<[string, Json]> = [
    ['line % discount, one tax (validInvoice)', validInvoice() as Json],
    ['JPY: components, amount discount, global tax and discount, shipping, deposit, rounding to 10, paid part', {
      from: { name: 'Acme KK', address: 'Tokyo', country: 'JP' },
      to: { name: 'Globex', email: 'ap@globex.example' },
      ship_to: { name: 'Depot', address: 'Osaka' },
      invoice: { date: '2027-02-27', currency: 'JPY', language: 'ja', po_number: 'PO-9', terms: 'Net 30' },
      items: [
        { description: 'Design', quantity: 3.5, unit: 'hrs', unit_price: 12000, discount: 5, taxes: [{ name: 'CGST', rate: 9 }, { name: 'SGST', rate: 9 }] },
        { description: 'Hosting', quantity: 1, unit_price: 999, discount: 100, discount_type: 'amount' },
        { description: 'Support', unit_price: 5000, tax_rate: 0 },
      ],
      global_tax: 10, global_discount: 2, shipping: 1500, shipping_label: 'Courier', deposit: 1000,
      rounding: 'nearest', rounding_increment: 10, amount_paid: 2000,
      payment: { iban: 'DE89370400440532013000', status: 'partial' }, template: 'navy', notes: 'Thank you',
    }],
    ['tax inclusive, GBP, German', edit((b) => {
      b.invoice = { date: '2026-11-02', currency: 'GBP', language: 'de', tax_inclusive: true };
      b.items = [{ description: 'Gross', quantity: 3, unit_price: 11.99, tax_rate: 20 }, { description: 'Other', quantity: 2, unit_price: 5, discount: 1, discount_type: 'amount' }];
      b.global_tax = 7;
    })],
    ['tax inclusive with components, shipping and a global amount discount, AED, Arabic', edit((b) => {
      b.invoice = { date: '2026-11-02', currency: 'AED', language: 'ar', tax_inclusive: true };
      b.items = [{ description: 'خدمة', quantity: 7, unit_price: 33.33, taxes: [{ name: 'VAT', rate: 5 }, { name: 'Levy', rate: 2.5 }] }, { description: 'Extra', unit_price: 0.01 }];
      b.global_discount = 12.34; b.global_discount_type = 'amount'; b.shipping = 25;
    })],
    ['global components over mixed lines, CAD, French', edit((b) => {
      b.invoice = { date: '2026-11-02', currency: 'CAD', language: 'fr' };
      b.global_taxes = [{ name: 'TPS', rate: 5 }, { name: 'TVQ', rate: 9.975 }];
      b.items.push({ description: 'Exempt', quantity: 0.5, unit_price: 80, tax_rate: 0 });
    })],
    ['rounding up to 0.05, CHF, Italian', edit((b) => { b.invoice = { date: '2026-11-02', currency: 'CHF', language: 'it' }; b.rounding = 'up'; b.rounding_increment = 0.05; b.items[0].unit_price = 19.99; })],
    ['rounding down to 1, SEK, Dutch', edit((b) => { b.invoice = { date: '2026-11-02', currency: 'SEK', language: 'nl' }; b.rounding = 'down'; b.rounding_increment = 1; b.items[1].unit_price = 99.95; })],
    ['rounding nearest (default step), KRW, Russian', edit((b) => { b.invoice = { date: '2026-11-02', currency: 'KRW', language: 'ru' }; b.rounding = 'nearest'; b.items = [{ description: 'Работа', quantity: 3, unit_price: 333.3, tax_rate: 10 }]; })],
    ['deposit and amount paid, INR, Hindi', edit((b) => { b.invoice = { date: '2026-11-02', currency: 'INR', language: 'hi' }; b.deposit = 50; b.amount_paid = 100.5; b.payment = { status: 'partial' }; })],
    ['paid in full, BRL, Portuguese', edit((b) => { b.invoice = { date: '2026-11-02', currency: 'BRL', language: 'pt' }; b.amount_paid = 430; })],
    ['six-decimal prices and fractional quantities, MXN, Spanish', edit((b) => {
      b.invoice = { date: '2026-11-02', currency: 'MXN', language: 'es' };
      b.items = [{ description: 'Kilowatt', quantity: 1234.567, unit_price: 0.123456, tax_rate: 16 }, { description: 'Fee', quantity: 3.333, unit_price: 0.333333, discount: 33.3333, tax_rate: 16 }];
    })],
    ['100 lines with alternating taxes and discounts, EUR', edit((b) => {
      b.items = Array.from({ length: 100 }, (_, i) => ({ description: `Line ${i + 1}`, quantity: (i % 7) + 0.25, unit_price: Math.round(110 * (i + 1)) / 100, ...(i % 3 === 0 ? { discount: 7.5 } : {}), ...(i % 2 === 0 ? { tax_rate: 19 } : { taxes: [{ name: 'A', rate: 3 }, { name: 'B', rate: 4.5 }] }) }));
      b.global_discount = 3; b.shipping = 12.5;
    })],
    ['no dates: both default to today by the clock, flat currency', edit((b) => { b.invoice = undefined; b.currency = 'USD'; })],
    ['camelCase and flat metadata (D13)', {
      from: { name: 'Acme', taxId: 'X1' }, to: { name: 'Globex' }, shipTo: { name: 'Depot' },
      currency: 'EUR', language: 'de', dueDate: '2027-04-01', date: '2027-03-01', poNumber: 'P-1', taxInclusive: true,
      items: [{ description: 'A', unitPrice: 10, quantity: 3, discount: 2, discountType: 'amount', taxRate: 19 }],
      globalDiscount: 5, globalDiscountType: 'percent', shippingLabel: 'Spedition', shipping: 4.9, amountPaid: 1, roundingIncrement: 0.1, rounding: 'nearest',
    }],
    ['a number sent nested', edit((b) => { b.invoice.number = 'MY-0042'; })],
    ['a number sent flat, invoice_number ignored', edit((b) => { b.number = 'FLAT-7'; b.invoice_number = 'IGNORED'; })],
    ['a title and terms, every template field', edit((b) => { b.invoice.title = 'Rechnung'; b.invoice.terms = 'Net 14'; b.template = 'bold'; b.accent_color = '#112233'; b.page_size = 'letter'; b.notes = 'n'; b.footer = 'f'; b.refund_policy = 'r'; })],
    ['zero prices and an empty tax name', edit((b) => { b.items = [{ description: 'Free', quantity: 2 }, { description: 'Taxed', unit_price: 10, taxes: [{ name: '', rate: 8 }] }]; })],
    ['output pdf and features from a visitor: ignored by the preview, checked by the schema', edit((b) => { b.output = 'pdf'; b.features = { hosted_link: true, qr: true }; })],
    // Taxed shipping, document-level allowances and charges, line charges; decimal strings, returns.
    ['D37 taxed shipping at the lines\' rate, an allowance and a charge (the generator\'s fold)', edit((b) => {
      b.shipping = 10; b.shipping_tax_rate = 20;
      b.allowances = [{ amount: 50, reason: 'Loyalty rebate' }];
      b.charges = [{ percent: 2.5, reason: 'Packaging', reason_code: 'ABL' }];
    })],
    ['D37 shipping taxed with components, tax inclusive, a percent allowance', edit((b) => {
      b.invoice.tax_inclusive = true; b.shipping = 11.9; b.shipping_taxes = [{ name: 'VAT', rate: 19 }];
      b.items = [{ description: 'Gross', quantity: 3, unit_price: 11.9, tax_rate: 19 }];
      b.allowances = [{ percent: 3, reason_code: '95' }];
    })],
    ['D37 allowances and charges per category and rate over mixed lines, exempt shipping with the invoice\'s reason', edit((b) => {
      b.items.push({ description: 'Book', quantity: 2, unit_price: 15, tax_rate: 7 }, { description: 'Exempt', unit_price: 80, tax_category: 'E' });
      b.tax_exemption_reason = 'Exempt under Article 132';
      b.shipping = 4.5; b.shipping_tax_category = 'E';
      b.allowances = [{ amount: 5, reason: 'Book club', tax_category: 'S', tax_rate: 7 }, { amount: 10, reason: 'Exempt part', tax_category: 'E' }];
      b.charges = [{ amount: 3.333, reason: 'Handling', tax_category: 'S', tax_rate: 20 }];
      b.global_discount = 5;
    })],
    ['D37 line charges and a global discount', edit((b) => {
      b.items[1].charges = [{ amount: 7.99, reason: 'Express shipping' }, { amount: 1, reason_code: 'ABL' }];
      b.global_discount = 10; b.global_discount_type = 'amount';
    })],
    ['D38 a returned line (negative quantity) and decimal strings everywhere', edit((b) => {
      b.items = [
        { description: 'Sold', quantity: '3', unit_price: '1234567890.123456', tax_rate: '20' },
        { description: 'Returned', quantity: '-1', unit_price: '1234567890.123456', tax_rate: '20' },
      ];
      b.shipping = '9999999999.999999'; b.shipping_tax_rate = '20';
      b.allowances = [{ amount: '0.005', reason: 'Rounding' }];
    })],
    ['D37 in JPY and Arabic, charge in a zero-rated category', edit((b) => {
      b.invoice = { date: '2026-11-02', currency: 'JPY', language: 'ar' };
      b.items.push({ description: 'Zero', unit_price: 1000, tax_rate: 0, tax_category: 'Z' });
      b.charges = [{ amount: 333, reason: 'رسوم', tax_category: 'Z' }];
      b.allowances = [{ percent: 10, reason: 'Discount', tax_category: 'S', tax_rate: 20 }];
    })],
  ];
  // Every language with every currency somewhere, every template.
  LANGUAGES.forEach((language, i) => {
    cases.push([`language ${language}`, edit((b) => {
      b.invoice = { date: '2026-11-02', currency: CURRENCIES[(i * 3) % CURRENCIES.length], language };
      b.template = TEMPLATES[i % TEMPLATES.length];
      b.global_discount = i; b.shipping = i * 1.5; b.deposit = i;
    })]);
  });
  CURRENCIES.forEach((currency) => cases.push([`currency ${currency}`, edit((b) => { b.invoice.currency = currency; b.items[0].unit_price = 12.345; b.rounding = 'nearest'; })]));
  return cases;
}

/** Bodies each side must refuse, with the same code and the same message naming the field. */
function invalidInvoices(): Array<[string, unknown, number, string]> {
  return [
    ['missing from', edit((b) => { delete b.from; }), 400, 'validation_error'],
    ['missing to.name', edit((b) => { b.to = {}; }), 400, 'validation_error'],
    ['empty items', edit((b) => { b.items = []; }), 400, 'validation_error'],
    ['101 items', edit((b) => { b.items = Array.from({ length: 101 }, () => ({ description: 'x' })); }), 400, 'validation_error'],
    ['negative unit_price', edit((b) => { b.items[1].unit_price = -5; }), 400, 'validation_error'],
    ['quantity as text that is no decimal (D38 reads "12")', edit((b) => { b.items[0].quantity = 'twelve'; }), 400, 'validation_error'],
    ['seven decimals', edit((b) => { b.items[0].unit_price = 1.0000001; }), 400, 'validation_error'],
    ['percent discount over 100', edit((b) => { b.items[0].discount = 101; }), 400, 'validation_error'],
    ['tax rate over 1000', edit((b) => { b.items[0].tax_rate = 1001; }), 400, 'validation_error'],
    ['bad currency', edit((b) => { b.invoice.currency = 'XYZ'; }), 400, 'invalid_currency'],
    ['lower-case currency alias', edit((b) => { delete b.invoice.currency; b.currency = 'eur'; }), 400, 'invalid_currency'],
    ['bad language', edit((b) => { b.invoice.language = 'xx'; }), 400, 'invalid_language'],
    ['bad template', edit((b) => { b.template = 'fancy'; }), 400, 'invalid_template'],
    ['bad output', edit((b) => { b.output = 'docx'; }), 400, 'invalid_output'],
    ['bad qr type', edit((b) => { b.payment = { qr: { type: 'bitcoin', value: 'x' } }; }), 400, 'invalid_qr_type'],
    ['bad country', edit((b) => { b.from.country = 'XX'; }), 400, 'validation_error'],
    ['bad e-mail', edit((b) => { b.from.email = 'billing at acme'; }), 400, 'validation_error'],
    ['bad accent colour', edit((b) => { b.accent_color = 'blue'; }), 400, 'validation_error'],
    ['a GIF logo', edit((b) => { b.from.logo = 'data:image/gif;base64,R0lGOD'; }), 400, 'validation_error'],
    ['no such date', edit((b) => { b.invoice.date = '2026-02-30'; }), 400, 'validation_error'],
    ['due before issue', edit((b) => { b.invoice.due_date = '2026-11-01'; }), 400, 'validation_error'],
    ['a name too long', edit((b) => { b.to.name = 'x'.repeat(201); }), 400, 'validation_error'],
    ['deposit over the total', edit((b) => { b.deposit = 100000; }), 422, 'calculation_error'],
    ['amount discount over the line', edit((b) => { b.items[1].discount = 150; b.items[1].discount_type = 'amount'; }), 422, 'calculation_error'],
    ['D37 an allowance without a reason or code', edit((b) => { b.allowances = [{ amount: 5 }]; }), 400, 'validation_error'],
    ['D37 an allowance with an amount and a percent', edit((b) => { b.allowances = [{ amount: 5, percent: 2, reason: 'x' }]; }), 400, 'validation_error'],
    ['D37 21 charges', edit((b) => { b.charges = Array.from({ length: 21 }, () => ({ amount: 1, reason: 'x' })); }), 400, 'validation_error'],
    ['D37 a charge code off the list', edit((b) => { b.charges = [{ amount: 1, reason_code: 'XYZ' }]; }), 400, 'validation_error'],
    ['D37 an allowance over lines in several rates, without its own', edit((b) => { b.items[1].tax_rate = 7; b.allowances = [{ amount: 1, reason: 'x' }]; }), 400, 'validation_error'],
    ['D37 a line charge without an amount', edit((b) => { b.items[0].charges = [{ reason: 'x' }]; }), 400, 'validation_error'],
    ['D38 a returned line with a discount', edit((b) => { b.items[0].quantity = -1; }), 400, 'validation_error'],
    ['D38 a grand total below zero', edit((b) => { b.items[1].quantity = -100; }), 422, 'calculation_error'],
    ['D38 a decimal string that is no decimal', edit((b) => { b.shipping = '1e3'; }), 400, 'validation_error'],
    ['an array', [validInvoice()], 400, 'validation_error'],
    ['null', null, 400, 'invalid_json'],
  ];
}

describe('live totals: the browser bundle answers what POST /api/generate-invoice answers (D44)', () => {
  it('is the chunk the generator page imports, and a browser can load it: relative imports only, nothing from node:', () => {
    const manifest = readManifest();
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry === true && chunk.name === 'live-totals')!;
    const generator = Object.values(manifest).find((chunk) => chunk.isEntry === true && chunk.name === 'generator')!;
    const facade = readFileSync(path.join(WEB_DIR, entry.file), 'utf8');
    const engineFiles = importsOf(facade).map((specifier) => path.join(path.dirname(entry.file), specifier));
    assert.ok(engineFiles.length > 0, `the entry re-exports the engine chunk: ${facade}`);
    const generatorImports = (generator.imports ?? []).map((key) => manifest[key]!.file);
    for (const file of engineFiles) assert.ok(generatorImports.includes(file), `the generator imports ${file} (it imports ${generatorImports.join(', ')})`);

    const seen = new Set<string>();
    const queue = [entry.file];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of importsOf(readFileSync(path.join(WEB_DIR, file), 'utf8'))) {
        assert.ok(specifier.startsWith('./'), `${file} imports ${specifier}: a browser cannot load that (the domain must stay pure)`);
        queue.push(path.join(path.dirname(file), specifier));
      }
    }
  });

  it('computes the same invoice as the server for varied invoices (discounts, taxes, tax-inclusive, shipping, deposit, rounding, every currency and language)', async () => {
    const cases = variedInvoices();
    assert.ok(cases.length >= 50);
    for (const [name, body] of cases) {
      const { status, browser } = await assertSameOutcome(name, body);
      assert.equal(status, 200, `${name} is a valid invoice: ${JSON.stringify(browser)}`);
    }
    const today = computeLiveTotals(JSON.parse(JSON.stringify(edit((b) => { delete b.invoice.date; delete b.invoice.due_date; }))), NOW_MS);
    assert.ok(today.ok);
    assert.equal(today.invoice.date, '2027-03-01', 'the default issue date is the UTC day of the time given');
  });

  it('refuses invalid invoices with the same code and message, naming the field', async () => {
    for (const [name, body, status, code] of invalidInvoices()) {
      const outcome = await assertSameOutcome(name, body);
      assert.equal(outcome.status, status, name);
      assert.equal(outcome.browser.ok ? undefined : outcome.browser.error.code, code, name);
    }
  });

  it('agrees with the server on 300 mutated bodies, valid or not (fast-check)', async () => {
    const money = fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100);
    const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);
    // Mostly well-typed values where they belong, so that many bodies are computed …
    const plausible = fc.oneof(
      fc.tuple(fc.constantFrom(['items', '0', 'quantity'], ['items', '0', 'unit_price'], ['items', '1', 'unit_price'], ['items', '0', 'discount'], ['shipping'], ['deposit'], ['amount_paid'], ['global_discount'], ['items', '0', 'unitPrice']), money),
      fc.tuple(fc.constantFrom(['global_tax'], ['items', '1', 'tax_rate'], ['items', '0', 'tax_rate']), percent),
      fc.tuple(fc.constantFrom(['invoice', 'currency'], ['currency']), fc.constantFrom(...CURRENCIES)),
      fc.tuple(fc.constantFrom(['invoice', 'language'], ['language']), fc.constantFrom(...LANGUAGES)),
      fc.tuple(fc.constantFrom(['invoice', 'tax_inclusive'], ['taxInclusive']), fc.boolean()),
      fc.tuple(fc.constant(['rounding']), fc.constantFrom(...ROUNDING_MODES)),
      fc.tuple(fc.constant(['rounding_increment']), fc.constantFrom(0.01, 0.05, 0.1, 1, 5, 10)),
      fc.tuple(fc.constantFrom(['global_discount_type'], ['items', '0', 'discount_type'], ['items', '1', 'discountType']), fc.constantFrom('percent', 'amount')),
      fc.tuple(fc.constantFrom(['global_taxes'], ['items', '1', 'taxes']), fc.array(fc.record({ name: fc.string({ maxLength: 5 }), rate: percent }), { maxLength: 3 })),
      // Taxed shipping, allowances and charges, returns.
      fc.tuple(fc.constantFrom(['shipping_tax_rate'], ['shipping']), percent),
      fc.tuple(fc.constantFrom(['allowances'], ['charges']), fc.array(fc.record({ amount: money, reason: fc.constantFrom('Rebate', 'Freight') }), { maxLength: 2 })),
      fc.tuple(fc.constantFrom(['items', '1', 'charges']), fc.array(fc.record({ amount: money, reason: fc.constant('Handling') }), { maxLength: 2 })),
      fc.tuple(fc.constant(['items', '1', 'quantity']), fc.integer({ min: -3, max: 2 })),
    );
    // … and junk anywhere, so that as many are refused.
    const paths: string[][] = [
      ['from', 'name'], ['from', 'email'], ['from', 'country'], ['to'], ['invoice', 'date'], ['invoice', 'due_date'], ['invoice', 'currency'],
      ['invoice', 'language'], ['items', '0', 'quantity'], ['items', '0', 'unit_price'], ['items', '1', 'taxes'], ['global_tax'], ['global_taxes'],
      ['shipping'], ['deposit'], ['rounding_increment'], ['template'], ['output'], ['dueDate'], ['currency'],
    ];
    const junk = fc.oneof(
      fc.constantFrom(-1, 1e-7, 1e13, '', 'USD', 'ar', 'amount', true, null, '2026-02-29', '2028-02-29', '2026-13-01', [{ rate: 1001 }], {}),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 1e7 }),
      fc.string({ maxLength: 12 }),
    );
    const edits = fc.array(fc.oneof({ arbitrary: plausible, weight: 4 }, { arbitrary: fc.tuple(fc.constantFrom(...paths), junk), weight: 1 }), { minLength: 1, maxLength: 4 });
    let computed = 0;
    await fc.assert(fc.asyncProperty(edits, async (changes) => {
      const body = validInvoice() as Json;
      for (const [at, value] of changes) {
        let node = body;
        for (const key of at.slice(0, -1)) {
          if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
          node = node[key] as Json;
        }
        node[at.at(-1)!] = value;
      }
      const { status } = await assertSameOutcome(JSON.stringify(changes), body);
      if (status === 200) computed += 1;
    }), { numRuns: 300 });
    assert.ok(computed >= 100 && computed <= 250, `${computed} of 300 mutated bodies were valid: the property needs both sides`);
  });
});
