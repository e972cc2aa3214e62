/**
 * E-invoice output: time to make one document from a computed invoice, in process, in both syntaxes
 * and under each profile. Run: npm run bench:ubl (SAMPLES=2000 by default)
 *
 * Each document figure is what a format does once the invoice is computed: the e-invoice amounts
 * (computeVatBreakdown, from the engine's exact results), the EN 16931 model (buildEInvoice) and the writer (writeUbl, writeCii).
 * Computing the invoice itself is bench:engine. The pre-flight of D39 (checkEInvoiceProfile) is
 * part of a generation too, but it is timed on its own row so its cost shows: it builds the model
 * a second time and runs the profile's rules over it. Each sample is one document, after a 1.5 s
 * warm-up of the same work.
 *
 * Two invoices, each with 10 and 100 lines: the one of bench/ten-line-invoice.ts (the invoice of
 * the first UBL figures in docs/performance.md, so they compare; it is no complete Peppol or
 * XRechnung request, so only EN 16931 is timed for it), and a complete German request built with
 * german() of the e-invoice test fixtures, which every profile accepts (checked before timing).
 */
import { cpus } from 'node:os';
import { buildEInvoice } from '../src/domain/einvoice/build-einvoice.ts';
import { checkEInvoiceCodes } from '../src/domain/einvoice/check-einvoice-codes.ts';
import { checkEInvoiceProfile } from '../src/domain/einvoice/check-einvoice-profile.ts';
import { kindFor } from '../src/domain/documents/kind-for.ts';
import { writeCii } from '../src/domain/einvoice/write-cii.ts';
import { writeUbl } from '../src/domain/einvoice/write-ubl.ts';
import { computeInvoiceResult, type InvoiceResult } from '../src/domain/invoice/compute-invoice.ts';
import { computeVatBreakdown } from '../src/domain/invoice/vat-breakdown.ts';
import type { InvoiceRequest } from '../src/domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../src/domain/invoice/invoice-schema.ts';
import { normalizeInvoiceRequest } from '../src/requests/normalize-invoice-request.ts';
import { validateInvoiceRequest } from '../src/requests/validate-invoice-request.ts';
import { german } from '../test/helpers/einvoice-fixtures.ts';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';

const SAMPLES = Number(process.env.SAMPLES ?? 2000);
const WARMUP_MS = 1500;
const TODAY = '2026-11-21';

type Syntax = 'ubl' | 'cii';
const WRITERS = { ubl: writeUbl, cii: writeCii } as const;

/** The ten lines of bench/ten-line-invoice.ts in German: 19 %, 7 % and 0 %, two line discounts. */
const GERMAN_LINES = [
  { description: 'Strategieworkshop', quantity: 2, unit: 'Tage', unit_price: 1200, tax_rate: 19 },
  { description: 'Implementierung', quantity: 37.5, unit: 'Std.', unit_price: 95, discount: 10, tax_rate: 19 },
  { description: 'Code-Review', quantity: 6.25, unit: 'Std.', unit_price: 110, tax_rate: 19 },
  { description: 'Bahnfahrt', quantity: 1, unit_price: 189.9, tax_rate: 7 },
  { description: 'Hotel', quantity: 3, unit: 'Nächte', unit_price: 129, tax_rate: 7 },
  { description: 'Lizenz, jährlich', quantity: 1, unit_price: 2400, discount: 200, discount_type: 'amount', tax_rate: 19 },
  { description: 'Schulungsunterlagen', quantity: 12, unit: 'Stück', unit_price: 14.99, tax_rate: 7 },
  { description: 'Support-Pauschale', quantity: 1, unit_price: 750, tax_rate: 19 },
  { description: 'Cloud-Hosting', quantity: 1, unit_price: 312.45, tax_rate: 19 },
  { description: 'Domaingebühr', quantity: 2, unit_price: 15, tax_rate: 0 },
];

const repeatLines = <T extends { description: string }>(lines: readonly T[], count: number): T[] =>
  Array.from({ length: count }, (_, i) => ({ ...lines[i % lines.length]!, description: `${i + 1}. ${lines[i % lines.length]!.description}` }));

/** The invoice of bench/ten-line-invoice.ts, read as the first UBL bench read it, so the figures compare. */
function benchInvoice(lines: number): InvoiceResult {
  const base = structuredClone(TEN_LINE_INVOICE) as Record<string, any>;
  if (lines !== 10) base.items = repeatLines(base.items, lines);
  return computeInvoiceResult(normalizeInvoiceRequest(base) as InvoiceRequest, { today: TODAY, number: 'INV-2026-00042' });
}

/** A complete German request (german()) read as a generation reads it, under the XRechnung profile. */
function germanInvoice(lines: number): InvoiceResult {
  const body = german({ items: repeatLines(GERMAN_LINES, lines), global_discount: 5, shipping: 25, profile: 'xrechnung' });
  const request = validateInvoiceRequest(JSON.parse(JSON.stringify(body)), 'body');
  checkEInvoiceCodes(request);
  const result = computeInvoiceResult(request, { today: TODAY, number: 'RE-2026-0042' });
  const { invoice, breakdown } = result;
  // Every pairing must be one the service would answer, or its figure would time a refused document.
  for (const [output, profile] of [['ubl', 'en16931'], ['ubl', 'peppol'], ['ubl', 'xrechnung'], ['cii', 'en16931'], ['cii', 'xrechnung']] as const) {
    checkEInvoiceProfile({ ...invoice, profile }, breakdown, output);
  }
  return result;
}

/** The breakdown from the engine's exact results, the EN 16931 model and the writer: each sample works the breakdown out anew. */
const makeDocument = ({ invoice, exact }: InvoiceResult, syntax: Syntax, profile: 'en16931' | 'peppol' | 'xrechnung') => (): string =>
  WRITERS[syntax](buildEInvoice(invoice, computeVatBreakdown(exact()), kindFor(syntax, profile)));

function measure(invoiceName: string, what: string, run: () => string | void): void {
  const until = performance.now() + WARMUP_MS;
  let out = run();
  while (performance.now() < until) out = run();
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < SAMPLES; i += 1) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  // The process's CPU time (user + system, every thread) per document: unlike the clock, it does
  // not count the time the shared host's other jobs hold the core.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / SAMPLES;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const size = typeof out === 'string' ? `${(Buffer.byteLength(out) / 1024).toFixed(1)} KB` : '—';
  console.log(`| ${invoiceName} | ${what} | ${at(0.5)} | ${at(0.95)} | ${mean.toFixed(3)} | ${(1000 / mean).toFixed(0)} | ${cpuMs.toFixed(3)} | ${size} |`);
}

console.log(`Command: npm run bench:ubl (node bench/ubl.bench.ts), SAMPLES=${SAMPLES}`);
console.log(`Machine: ${cpus()[0]?.model} × ${cpus().length}, Node ${process.version}; ${SAMPLES} documents each after ${WARMUP_MS} ms warm-up`);
console.log('| invoice | document (amounts + model + writer) | p50 ms | p95 ms | mean ms | docs/s (one core) | CPU ms per doc | size |');
console.log('|---|---|---|---|---|---|---|---|');
for (const lines of [10, 100]) {
  const invoice = benchInvoice(lines);
  const name = `bench invoice, ${lines} lines`;
  measure(name, 'UBL en16931', makeDocument(invoice, 'ubl', 'en16931'));
  measure(name, 'CII en16931', makeDocument(invoice, 'cii', 'en16931'));
}
for (const lines of [10, 100]) {
  const invoice = germanInvoice(lines);
  const name = `German, ${lines} lines`;
  measure(name, 'UBL en16931', makeDocument(invoice, 'ubl', 'en16931'));
  measure(name, 'UBL peppol', makeDocument(invoice, 'ubl', 'peppol'));
  measure(name, 'UBL xrechnung', makeDocument(invoice, 'ubl', 'xrechnung'));
  measure(name, 'CII en16931', makeDocument(invoice, 'cii', 'en16931'));
  measure(name, 'CII xrechnung', makeDocument(invoice, 'cii', 'xrechnung'));
  measure(name, 'pre-flight xrechnung alone (checkEInvoiceProfile)', () => { checkEInvoiceProfile(invoice.invoice, () => computeVatBreakdown(invoice.exact()), 'ubl'); });
}
