import { readFile } from 'node:fs/promises';
import { AppError } from '../errors/app-error.ts';
import { createCheckWorkerPool } from '../einvoice-check/check-worker-pool.ts';
import { utcDate } from '../lib/utc-date.ts';
import { inspectReceivedDocument, type ReceivedBody } from '../use-cases/inspect/inspect-received-document.ts';
import type { Inspection } from '../use-cases/inspect/inspection.ts';
import type { CliIo } from './cli-io.ts';
import type { CliCommand } from './parse-cli-command.ts';

/** As the service: at most 10 MB of document. */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

type Result = { readonly file: string; readonly inspection: Inspection } | { readonly file: string; readonly error: string };

/**
 * `invoice inspect FILE…`: each file read as POST /api/inspect-invoice reads its body (a PDF by its
 * first bytes, anything else as XML), on this machine, with the same checker. Exit 1 when a file is
 * invalid or refused.
 */
export async function runInspect(command: Extract<CliCommand, { name: 'inspect' }>, io: CliIo): Promise<number> {
  const checker = createCheckWorkerPool({ size: Math.min(2, command.inputs.length) });
  const results: Result[] = [];
  try {
    for (const file of command.inputs) results.push(await inspectFile(checker, file));
  } finally {
    await checker.close();
  }
  if (command.json) {
    io.stdout.write(`${JSON.stringify(results.map((r) => ('error' in r ? { file: r.file, error: r.error } : { file: r.file, ...r.inspection })), null, 2)}\n`);
  } else {
    io.stdout.write(table(results));
  }
  return results.every((r) => 'inspection' in r && r.inspection.verdict.valid) ? 0 : 1;
}

async function inspectFile(checker: ReturnType<typeof createCheckWorkerPool>, file: string): Promise<Result> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return { file, error: `cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  if (bytes.length > MAX_FILE_BYTES) return { file, error: `${bytes.length} bytes: more than the 10 MB an e-invoice may have` };
  const body: ReceivedBody = bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? { container: 'pdf', pdf: bytes } : { container: 'xml', xml: bytes.toString('utf8') };
  try {
    return { file, inspection: await inspectReceivedDocument(checker, body, utcDate(Date.now())) };
  } catch (error) {
    if (error instanceof AppError) return { file, error: error.message };
    throw error;
  }
}

function table(results: readonly Result[]): string {
  const rows = results.map((r) => {
    if ('error' in r) return [r.file, '-', '-', 'REFUSED', '-', '-', '-'];
    const { document, verdict, totals } = r.inspection;
    const fatal = verdict.problems.filter((p) => p.severity === 'fatal').length;
    return [r.file, document.syntax.toUpperCase() + (document.container === 'pdf' ? ' in PDF' : ''), document.profile ?? '-', verdict.valid ? 'valid' : 'INVALID', String(fatal), String(verdict.problems.length - fatal), totals === null ? 'not computed' : totals.agree ? 'agree' : 'DIFFER'];
  });
  const header = ['file', 'syntax', 'profile', 'verdict', 'fatal', 'warnings', 'totals'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd();
  const out = [line(header), ...rows.map(line), ''];
  for (const r of results) {
    if ('error' in r) {
      out.push(`${r.file}: ${r.error}`);
      continue;
    }
    for (const p of r.inspection.verdict.problems) out.push(`${r.file}: ${p.severity} ${p.rule}${p.term === null ? '' : ` (${p.term})`} at ${p.location}: ${p.message}`);
    for (const d of r.inspection.totals?.differences ?? []) out.push(`${r.file}: total ${d.term} is ${d.document ?? 'not stated'}, the service computes ${d.computed}`);
  }
  return `${out.join('\n')}\n`;
}
