import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, extname, join } from 'node:path';
import type { PdfRenderer } from '../render/pdf-renderer.ts';
import { createPdfWorkerPool } from '../render/pdf-worker-pool.ts';
import type { DocumentPorts } from '../use-cases/documents/document-maker.ts';
import type { CliCommand } from './parse-cli-command.ts';
import type { CliIo } from './cli-io.ts';
import { describeFailure } from './describe-failure.ts';
import { isSameFile } from './is-same-file.ts';
import { createProgressReporter } from './progress-reporter.ts';
import { readRequestFile } from './read-request-file.ts';
import { renderOffline } from './render-offline.ts';
import { writeDocument } from './write-document.ts';

type RenderCommand = Extract<CliCommand, { name: 'render' }>;

/**
 * `invoice render`: one file to -o or standard output, or many into --out-dir, going on past a
 * bad file. The PDF worker pool starts on the first PDF and is closed at the end.
 * Exit status: 0 all written, 1 one or more failed, 2 bad usage (two inputs with one name, or
 * -o naming the input).
 */
export async function runRender(command: RenderCommand, io: CliIo): Promise<number> {
  const parallel = Math.max(1, Math.min(command.inputs.length, availableParallelism()));
  let renderer: PdfRenderer | undefined;
  const pdfRenderer = () => (renderer ??= createPdfWorkerPool({
    size: parallel,
    // The caller of the API only sees pdf_error (D16); here the machine is the user's own.
    onFailure: (reason) => io.stderr.write(`PDF renderer: ${reason}\n`),
  }));
  const nowMs = Date.now();
  const render = async (input: string, note: (text: string) => void) => {
    const ports: DocumentPorts = { pdfRenderer, onFailure: (reason) => note(`document failed: ${reason}`) };
    const raw = await readRequestFile(input);
    const made = await renderOffline(raw, { overrides: command.overrides, number: command.number, nowMs }, ports);
    for (const text of made.notes) note(text);
    return made;
  };
  try {
    return command.outDir === undefined
      ? await renderOne(command, io, render)
      : await renderMany(command, command.outDir, io, parallel, render);
  } finally {
    await renderer?.close();
  }
}

type Render = (input: string, note: (text: string) => void) => ReturnType<typeof renderOffline>;

async function renderOne(command: RenderCommand, io: CliIo, render: Render): Promise<number> {
  const input = command.inputs[0]!;
  if (command.out !== undefined && await isSameFile(command.out, input)) {
    io.stderr.write(`invoice: -o ${command.out} is the request file itself, which writing would destroy: choose another output file\n`);
    return 2;
  }
  try {
    const made = await render(input, (text) => io.stderr.write(`${input}: note: ${text}\n`));
    await writeDocument(made.document, command.out, io.stdout);
    return 0;
  } catch (error) {
    io.stderr.write(`${input}: ${describeFailure(error)}\n`);
    return 1;
  }
}

async function renderMany(command: RenderCommand, outDir: string, io: CliIo, parallel: number, render: Render): Promise<number> {
  const stems = new Map<string, string>();
  for (const input of command.inputs) {
    const stem = basename(input, extname(input));
    const other = stems.get(stem);
    if (other !== undefined) {
      io.stderr.write(`${other} and ${input} would both be written as ${stem}.*: rename one, or render them into different folders\n`);
      return 2;
    }
    stems.set(stem, input);
  }
  try {
    await mkdir(outDir, { recursive: true });
  } catch (error) {
    io.stderr.write(`cannot create ${outDir}: ${(error as Error).message}\n`);
    return 1;
  }
  const progress = createProgressReporter(io.stderr, command.inputs.length);
  const queue = [...command.inputs];
  let failed = 0;
  const worker = async () => {
    for (let input = queue.shift(); input !== undefined; input = queue.shift()) {
      const current = input;
      try {
        const made = await render(current, (text) => progress.note(current, text));
        const out = join(outDir, `${basename(current, extname(current))}${made.extension}`);
        if (await isSameFile(out, current)) throw new Error(`would overwrite itself as ${out}: choose another --out-dir`);
        await writeDocument(made.document, out, io.stdout);
        progress.written(current, out);
      } catch (error) {
        failed += 1;
        progress.failed(current, describeFailure(error));
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  progress.finish();
  return failed === 0 ? 0 : 1;
}
