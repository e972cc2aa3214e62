/**
 * In-process micro-benchmark of computeInvoice (target: ≤ 10 µs for a realistic 10-line invoice).
 * Run: npx node bench/engine.bench.ts [iterations]
 *
 * Each sample times a batch of calls with process.hrtime.bigint() (one call is too short for the
 * timer), so p50/p99 are over per-batch means; the mean is over all calls.
 */
import { cpus } from 'node:os';
import { computeInvoice } from '../src/domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../src/domain/invoice/invoice-request-schema.ts';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';

const ITERATIONS = Number(process.argv[2] ?? 200_000);
const BATCH_SIZE = 50;
/** Warm-up long enough for V8 to finish optimizing on a busy 2-core machine (background compiler). */
const WARMUP_MS = 1500;
const ctx = { today: '2025-06-30', number: 'INV-2025-00042' };

const party = (name: string) => ({ name, address: '1 Main Street\n10115 Berlin', email: `${name.toLowerCase()}@example.com`, tax_id: 'DE123456789' });

/** 10 lines: 19 % and 7 % lines, a 0 % line, fractional quantities, a percent line discount, a global discount, shipping. */
const tenLines: InvoiceRequest = {
  from: party('Seller'),
  to: party('Buyer'),
  invoice: { currency: 'EUR', language: 'de', date: '2025-06-30', due_date: '2025-07-30' },
  items: [
    { description: 'Consulting', quantity: 12.5, unit: 'hrs', unit_price: 95, tax_rate: 19 },
    { description: 'Workshop', quantity: 1, unit_price: 1200, discount: 10, tax_rate: 19 },
    { description: 'Books', quantity: 3, unit_price: 24.9, tax_rate: 7 },
    { description: 'Travel', quantity: 1, unit_price: 312.4, tax_rate: 0 },
    { description: 'Licences', quantity: 5, unit_price: 49.99, tax_rate: 19 },
    { description: 'Support', quantity: 7.25, unit: 'hrs', unit_price: 80, tax_rate: 19 },
    { description: 'Food', quantity: 14, unit_price: 12.5, tax_rate: 7 },
    { description: 'Hosting', quantity: 12, unit_price: 19.99, tax_rate: 19 },
    { description: 'Cables', quantity: 4, unit_price: 7.49, tax_rate: 19 },
    { description: 'Magazines', quantity: 2, unit_price: 5.6, tax_rate: 7 },
  ],
  global_discount: 5,
  shipping: 9.95,
  amount_paid: 100,
};

const hundredLines: InvoiceRequest = {
  ...tenLines,
  items: Array.from({ length: 100 }, (_, i) => tenLines.items[i % 10]!),
};

function bench(label: string, request: InvoiceRequest): void {
  let sink = 0;
  const warmupEnd = performance.now() + WARMUP_MS;
  while (performance.now() < warmupEnd) {
    for (let i = 0; i < 1000; i += 1) sink += computeInvoice(request, ctx).grand_total;
  }
  const batches = Math.ceil(ITERATIONS / BATCH_SIZE);
  const samplesUs = new Float64Array(batches);
  const start = process.hrtime.bigint();
  for (let b = 0; b < batches; b += 1) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < BATCH_SIZE; i += 1) sink += computeInvoice(request, ctx).grand_total;
    samplesUs[b] = Number(process.hrtime.bigint() - t0) / 1000 / BATCH_SIZE;
  }
  const totalUs = Number(process.hrtime.bigint() - start) / 1000;
  samplesUs.sort();
  const at = (q: number) => samplesUs[Math.min(batches - 1, Math.floor(q * batches))]!;
  const mean = totalUs / (batches * BATCH_SIZE);
  console.log(
    `${label.padEnd(18)} mean ${mean.toFixed(2)} µs  p50 ${at(0.5).toFixed(2)} µs  p99 ${at(0.99).toFixed(2)} µs  (${batches * BATCH_SIZE} invoices, checksum ${sink.toFixed(2)})`,
  );
}

console.log(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}`);
bench('10-line invoice', tenLines);
// The invoice of the HTTP benchmark (bench/ten-line-invoice.ts), so the two figures can be compared.
bench('10-line (HTTP)', TEN_LINE_INVOICE as InvoiceRequest);
bench('100-line invoice', hundredLines);
