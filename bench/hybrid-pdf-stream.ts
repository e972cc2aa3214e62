/**
 * bench:pdf's hybrid stream: a Factur-X PDF beside the plain PDF of the same invoice on the
 * service's worker pool, in the same run and interleaved, so a change in the shared host's load
 * falls on both. The bound it checks: a hybrid costs at most 30 % more than a plain PDF.
 *
 * Both arms time the same step, from the computed invoice to the PDF's bytes (generatePdf), so a
 * hybrid's figure holds all it does beyond a plain PDF: the pre-flight, the CII, the larger render
 * input, the worker's printable view, Typst's PDF/A-3b export with the attachment, the XMP update
 * and the copy of the larger PDF back. Every document is new to the pool (its own number, and lines as the stream
 * says), the plain and the hybrid included: the hybrid never finds the plain one's layout cached.
 */
import type { PdfRenderer } from '../src/render/pdf-renderer.ts';
import type { DocumentPorts } from '../src/use-cases/documents/document-maker.ts';
import { docsPerSecond } from './docs-per-second.ts';
import { ARMS, freshInvoice, generatePdf, HYBRID_CASES, HYBRID_MIXED, STREAMS, type Arm, type Stream } from './hybrid-pdf-invoices.ts';
import { latencySummary, type LatencySummary } from './latency-summary.ts';

export interface HybridStreamResult {
  /** Per stream and case name, per arm. */
  readonly latency: Record<Stream, Record<string, Record<Arm, LatencySummary>>>;
  /** Per stream, per arm, over the mixed 10-line cases. */
  readonly rate: Record<Stream, Record<Arm, number>>;
  /**
   * CPU ms per document in those runs, all threads of the process (main, workers, GC): less moved
   * than the clock by other jobs on a shared host, which take cores away but not CPU time.
   */
  readonly cpuMs: Record<Stream, Record<Arm, number>>;
  /** Mean PDF bytes per case (catalogue stream), per arm. */
  readonly bytes: Record<string, Record<Arm, number>>;
  /** Process RSS at the end, after the workers have made hybrids too (pdf-lib's heap is theirs). */
  readonly rssMb: number;
}

export interface HybridStreamOptions {
  /** Documents per arm, case and stream (half for 100 lines). */
  readonly latencyDocs: number;
  /** docs/s: each arm and stream runs four rounds of half this many documents. */
  readonly throughputDocs: number;
  readonly workers: number;
}

export async function measureHybridStream(pool: PdfRenderer, options: HybridStreamOptions): Promise<HybridStreamResult> {
  const ports: DocumentPorts = { pdfRenderer: () => pool, onFailure: (reason) => console.error(`hybrid stream: ${reason}`) };
  const latency = { catalogue: {}, 'all-new': {} } as HybridStreamResult['latency'];
  const bytes: HybridStreamResult['bytes'] = {};
  // Warm-up, as for the plain streams: the workers' first hybrids also compile pdf-lib's code.
  for (let i = 0; i < 40; i += 1) await generatePdf(freshInvoice(HYBRID_MIXED[i % HYBRID_MIXED.length]!, ARMS[i % 2]!, 'catalogue'), ports);
  for (const stream of STREAMS) {
    for (const c of HYBRID_CASES) {
      const times: Record<Arm, number[]> = { plain: [], hybrid: [] };
      const size: Record<Arm, number> = { plain: 0, hybrid: 0 };
      const count = c.lines === 100 ? options.latencyDocs / 2 : options.latencyDocs;
      for (let i = 0; i < count; i += 1) {
        // Alternate which arm goes first: the first of a pair may pay for the previous cache trim.
        for (const arm of i % 2 === 0 ? ARMS : [...ARMS].reverse()) {
          const invoice = freshInvoice(c, arm, stream);
          const start = performance.now();
          const pdf = await generatePdf(invoice, ports);
          times[arm].push(performance.now() - start);
          size[arm] += pdf.byteLength / count;
        }
      }
      latency[stream][c.name] = { plain: latencySummary(times.plain), hybrid: latencySummary(times.hybrid) };
      if (stream === 'catalogue') bytes[c.name] = size;
    }
  }
  const rate = { catalogue: {}, 'all-new': {} } as HybridStreamResult['rate'];
  const cpuMs = { catalogue: {}, 'all-new': {} } as HybridStreamResult['cpuMs'];
  for (const stream of STREAMS) {
    // Eight rounds in the order plain, hybrid, hybrid, plain, twice, so a drift in the host's load
    // falls on both arms alike; an arm's rate is its documents over its time.
    const seconds: Record<Arm, number> = { plain: 0, hybrid: 0 };
    const cpu: Record<Arm, number> = { plain: 0, hybrid: 0 };
    const perRound = Math.ceil(options.throughputDocs / 2);
    for (const arm of ['plain', 'hybrid', 'hybrid', 'plain', 'plain', 'hybrid', 'hybrid', 'plain'] as const) {
      const invoices = Array.from({ length: perRound }, (_, i) => freshInvoice(HYBRID_MIXED[i % HYBRID_MIXED.length]!, arm, stream));
      const cpuBefore = process.cpuUsage();
      seconds[arm] += perRound / await docsPerSecond(perRound, options.workers, (i) => invoices[i]!, (invoice) => generatePdf(invoice, ports));
      const { user, system } = process.cpuUsage(cpuBefore);
      cpu[arm] += (user + system) / 1000;
    }
    rate[stream] = { plain: (4 * perRound) / seconds.plain, hybrid: (4 * perRound) / seconds.hybrid };
    cpuMs[stream] = { plain: cpu.plain / (4 * perRound), hybrid: cpu.hybrid / (4 * perRound) };
  }
  return { latency, rate, cpuMs, bytes, rssMb: process.memoryUsage().rss / 2 ** 20 };
}

const ms = (x: LatencySummary) => `${x.p50.toFixed(1)} / ${x.p95.toFixed(1)}`;
const ratio = (hybrid: number, plain: number) => `${(hybrid / plain).toFixed(2)}×`;

export function printHybridStream(result: HybridStreamResult, cores: number): void {
  console.log(`\nHybrid PDFs (Factur-X EN 16931, PDF/A-3b) beside plain PDFs of the same invoices, interleaved; docs/s over the mixed en/ar/hi/ja 10-line cases on ${cores} cores`);
  console.log('| stream | document | plain p50 / p95 ms | hybrid p50 / p95 ms | hybrid ÷ plain, p50 | hybrid ÷ plain, mean |');
  console.log('|---|---|---|---|---|---|');
  for (const stream of STREAMS) {
    for (const c of HYBRID_CASES) {
      const { plain, hybrid } = result.latency[stream][c.name]!;
      console.log(`| ${stream} | ${c.name} | ${ms(plain)} | ${ms(hybrid)} | ${ratio(hybrid.p50, plain.p50)} | ${ratio(hybrid.mean, plain.mean)} |`);
    }
    const { plain, hybrid } = result.rate[stream];
    const cpu = result.cpuMs[stream];
    console.log(`| ${stream} | docs/s, mixed, ${cores} cores | ${plain.toFixed(0)} | ${hybrid.toFixed(0)} | ${ratio(plain, hybrid)} (plain ÷ hybrid docs/s) | |`);
    console.log(`| ${stream} | CPU ms per document, mixed, all threads | ${cpu.plain.toFixed(2)} | ${cpu.hybrid.toFixed(2)} | | ${ratio(cpu.hybrid, cpu.plain)} |`);
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`PDF size, plain → hybrid: ${HYBRID_CASES.map((c) => `${c.name} ${kb(result.bytes[c.name]!.plain)} → ${kb(result.bytes[c.name]!.hybrid)}`).join('; ')}`);
  console.log(`process RSS after the hybrid stream: ${result.rssMb.toFixed(0)} MB`);
}
