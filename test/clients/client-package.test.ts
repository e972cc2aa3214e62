import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const ROOT = new URL('../../', import.meta.url);
const TSC = new URL('node_modules/typescript/bin/tsc', ROOT).pathname;

/** tsc's output for a project, '' when it passes. */
async function typecheck(...args: string[]): Promise<string> {
  try {
    await promisify(execFile)(process.execPath, [TSC, ...args], { cwd: ROOT.pathname });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe('the client package', () => {
  it('with a program that calls every method with no cast (clients/typescript/type-tests)', async () => {
    assert.equal(await typecheck('-p', 'clients/typescript/tsconfig.json'), '');
  });

  it('as published: src alone, without Node\'s types (fetch and Web Crypto only)', async () => {
    assert.equal(await typecheck('-p', 'clients/typescript/tsconfig.build.json', '--noEmit'), '');
  });

  it('builds to JavaScript and declarations that its package.json exports, and the build loads', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'invoice-client-dist-'));
    try {
      assert.equal(await typecheck('-p', 'clients/typescript/tsconfig.build.json', '--outDir', outDir), '');
      const manifest = JSON.parse(readFileSync(new URL('clients/typescript/package.json', ROOT), 'utf8')) as { type: string; exports: { '.': { types: string; default: string } }; dependencies?: unknown };
      assert.equal(manifest.type, 'module');
      assert.equal(manifest.dependencies, undefined, 'no runtime dependency');
      const inDist = (file: string) => path.join(outDir, path.relative('./dist', file));
      assert.ok(existsSync(inDist(manifest.exports['.'].types)));
      const built = await import(pathToFileURL(inDist(manifest.exports['.'].default)).href) as Record<string, unknown>;
      assert.deepEqual(Object.keys(built).sort(), ['ApiError', 'InvoiceClient', 'verifyWebhookSignature']);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
