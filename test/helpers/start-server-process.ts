import { spawn } from 'node:child_process';
import path from 'node:path';

const SERVER = path.resolve('dist/server.js');

/**
 * Starts the built service (`dist/server.js`, so `npm run build` first) as its own process with
 * exactly PATH and `env`, capturing what it prints: for tests of start-up checks and exit codes.
 */
export function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [SERVER], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
  child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}
