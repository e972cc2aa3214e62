import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** The source entry, run by type stripping: the bin (dist/cli.js) is this file built. */
export const CLI = path.resolve('src/cli.ts');

export interface CliRun {
  readonly code: number | null;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/**
 * Runs `invoice <args>` as a child process on the project's Node, with only PATH and `env` in its
 * environment, so no INVOICE_API_* of the developer's leaks in.
 */
export function runInvoiceCli(args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr }));
  });
}

/** Writes `request` as JSON into `dir` under `name` and returns its path. */
export function writeRequest(dir: string, name: string, request: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof request === 'string' ? request : JSON.stringify(request));
  return file;
}
