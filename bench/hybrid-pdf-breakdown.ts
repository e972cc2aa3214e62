/**
 * Where a hybrid PDF's extra time goes: the steps of generatePdf run one by one in this thread,
 * without the pool, on new plain and hybrid invoices taken in turn, each step timed. The copy of
 * the PDF from the worker is stood in for by structuredClone of its bytes here (the real copy
 * serialises in the worker and deserialises in the main thread). Only the hybrid has a pre-flight,
 * a CII, a printable view (U+FFFD for what its fonts lack, as pdf-worker.ts does) and an XMP step.
 */
import { planEInvoice } from '../src/domain/einvoice/check-einvoice-profile.ts';
import { kindFor } from '../src/domain/documents/kind-for.ts';
import type { InvoiceResult } from '../src/domain/invoice/compute-invoice.ts';
import { pdfInput } from '../src/domain/pdf/pdf-input.ts';
import { printableView, type FontCoverage } from '../src/domain/pdf/printable-view.ts';
import { addFacturXMetadata } from '../src/render/add-factur-x-metadata.ts';
import { printableCoverage } from '../src/render/font-coverage.ts';
import { TypstPdfCompiler } from '../src/render/typst-pdf-compiler.ts';
import type { DocumentPorts } from '../src/use-cases/documents/document-maker.ts';
import { prepareEInvoiceXml } from '../src/use-cases/documents/prepare-einvoice-xml.ts';
import { ARMS, freshInvoice, HYBRID_CASES, STREAMS, type Arm } from './hybrid-pdf-invoices.ts';

const STEPS = ['pre-flight', 'CII', 'render input', 'printable view', 'Typst', 'XMP', 'copy back'] as const;
type Step = typeof STEPS[number];

interface Measured {
  /** ms per step; a step the arm does not have is 0. */
  readonly times: Record<Step, number>;
  /** The PDF's bytes as Typst wrote it, and as sent (with a hybrid's XMP update). */
  readonly typstBytes: number;
  readonly bytes: number;
}

const noSteps = () => Object.fromEntries(STEPS.map((step) => [step, 0])) as Record<Step, number>;

let fonts: FontCoverage | undefined;

async function timedSteps({ invoice, breakdown }: InvoiceResult, compiler: TypstPdfCompiler, ports: DocumentPorts): Promise<Measured> {
  const times = noSteps();
  const time = async <T>(step: Step, run: () => T | Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await run();
    times[step] = performance.now() - start;
    return result;
  };
  const plan = await time('pre-flight', () => planEInvoice(invoice, breakdown, kindFor('pdf', invoice.profile)));
  const hybrid = plan.kind.hybrid;
  const xml = hybrid === undefined ? undefined : await time('CII', () => prepareEInvoiceXml({ ...plan.kind, syntax: 'cii' }, { invoice, breakdown, document: plan.document }, ports)({ invoice, images: {}, qr: undefined }));
  const input = await time('render input', () => pdfInput(invoice, {}, undefined, xml === undefined || hybrid === undefined ? undefined : { xml, hybrid }));
  fonts ??= printableCoverage();
  const coverage = fonts;
  const view = input.file.hybrid === undefined ? input.view : await time('printable view', () => printableView(input.view, coverage));
  const typst = await time('Typst', () => compiler.render(view, input.assets, input.file));
  const pdf = input.file.hybrid === undefined ? typst : await time('XMP', () => addFacturXMetadata(typst, input.file.hybrid!));
  await time('copy back', () => structuredClone(pdf));
  compiler.trimCache();
  return { times, typstBytes: typst.byteLength, bytes: pdf.byteLength };
}

/** Per case and stream, per arm: mean ms per step and the last document's sizes. */
export type HybridBreakdown = Record<string, Record<Arm, Measured>>;

/** Mean ms per step and arm, per case and stream ("en, 10 lines, all-new"), over `count` documents an arm. */
export async function measureHybridBreakdown(count: number): Promise<HybridBreakdown> {
  const compiler = new TypstPdfCompiler();
  const ports: DocumentPorts = { pdfRenderer: () => { throw new Error('the breakdown renders in process'); }, onFailure: (reason) => console.error(`breakdown: ${reason}`) };
  const result: HybridBreakdown = {};
  for (const c of HYBRID_CASES.filter((hc) => hc.name.startsWith('en') || hc.name.startsWith('ja'))) {
    for (const stream of STREAMS) {
      // Warm-up: pdf-lib's code is still being optimised over the first few dozen hybrids.
      for (let i = 0; i < 40; i += 1) await timedSteps(freshInvoice(c, ARMS[i % 2]!, stream), compiler, ports);
      const means: Record<Arm, Record<Step, number>> = { plain: noSteps(), hybrid: noSteps() };
      const last = {} as Record<Arm, Measured>;
      for (let i = 0; i < count; i += 1) {
        for (const arm of i % 2 === 0 ? ARMS : [...ARMS].reverse()) {
          last[arm] = await timedSteps(freshInvoice(c, arm, stream), compiler, ports);
          for (const step of STEPS) means[arm][step] += last[arm].times[step] / count;
        }
      }
      result[`${c.name}, ${stream}`] = { plain: { ...last.plain, times: means.plain }, hybrid: { ...last.hybrid, times: means.hybrid } };
    }
  }
  return result;
}

export function printHybridBreakdown(breakdown: HybridBreakdown): void {
  console.log('\nWhere the hybrid\'s extra time goes: mean ms per step, in process on one core (plain → hybrid; the pool adds the hand-off)');
  console.log(`| document | ${STEPS.join(' | ')} | total | extra | KB: plain → hybrid from Typst → with XMP |`);
  console.log(`|---|${STEPS.map(() => '---|').join('')}---|---|---|`);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const [name, { plain, hybrid }] of Object.entries(breakdown)) {
    const total = (arm: Measured) => STEPS.reduce((sum, step) => sum + arm.times[step], 0);
    const cell = (step: Step) => `${plain.times[step].toFixed(2)} → ${hybrid.times[step].toFixed(2)}`;
    console.log(`| ${name} | ${STEPS.map(cell).join(' | ')} | ${total(plain).toFixed(2)} → ${total(hybrid).toFixed(2)} | +${(100 * (total(hybrid) / total(plain) - 1)).toFixed(0)} % | ${kb(plain.bytes)} → ${kb(hybrid.typstBytes)} → ${kb(hybrid.bytes)} |`);
  }
}
