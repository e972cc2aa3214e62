/**
 * UBL 2.1 output (issue 5): time to write one document from a computed invoice, for the 10-line
 * invoice of bench/ten-line-invoice.ts and a 100-line one, in process. Run: npm run bench:ubl
 *
 * The figure is buildUblInvoice alone (amounts, address splitting, XML); computing the invoice
 * itself is bench:engine. Each sample is one document, after a warm-up.
 */
import { cpus } from 'node:os';
import { computeInvoice } from '../src/domain/invoice/compute-invoice.ts';
import { normalizeInvoiceRequest } from '../src/domain/invoice/normalize-invoice-request.ts';
import { buildEInvoice } from '../src/domain/einvoice/build-einvoice.ts';
import { writeUbl } from '../src/domain/einvoice/write-ubl.ts';

const buildUblInvoice = (invoice: Invoice): string => writeUbl(buildEInvoice(invoice));
import type { InvoiceRequest } from '../src/domain/invoice/invoice-request-schema.ts';
import type { Invoice } from '../src/domain/invoice/invoice-schema.ts';
import { TEN_LINE_INVOICE } from './ten-line-invoice.ts';

const SAMPLES = Number(process.env.SAMPLES ?? 2000);
const WARMUP_MS = 1500;

function invoice(lines: number): Invoice {
  const base = structuredClone(TEN_LINE_INVOICE) as Record<string, any>;
  if (lines !== 10) base.items = Array.from({ length: lines }, (_, i) => ({ ...base.items[i % base.items.length], description: `${i + 1}. ${base.items[i % base.items.length].description}` }));
  return computeInvoice(normalizeInvoiceRequest(base) as InvoiceRequest, { today: '2026-11-21', number: 'INV-2026-00042' });
}

function measure(name: string, doc: Invoice): void {
  const until = performance.now() + WARMUP_MS;
  let bytes = 0;
  while (performance.now() < until) bytes = buildUblInvoice(doc).length;
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const start = process.hrtime.bigint();
    buildUblInvoice(doc);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(`| ${name} | ${at(0.5)} | ${at(0.95)} | ${mean.toFixed(3)} | ${(1000 / mean).toFixed(0)} | ${(bytes / 1024).toFixed(1)} KB |`);
}

console.log(`Node ${process.version}, ${cpus()[0]?.model} × ${cpus().length}; ${SAMPLES} documents each after ${WARMUP_MS} ms warm-up`);
console.log('| invoice | p50 ms | p95 ms | mean ms | docs/s (one core) | document |');
console.log('|---|---|---|---|---|---|');
measure('10 lines', invoice(10));
measure('100 lines', invoice(100));
