import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
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

describe('the client type-checks', () => {
  it('with a program that calls every method with no cast (clients/typescript/type-tests)', async () => {
    assert.equal(await typecheck('-p', 'clients/typescript/tsconfig.json'), '');
  });

  it('as published: src alone, without Node\'s types (fetch and Web Crypto only)', async () => {
    assert.equal(await typecheck('-p', 'clients/typescript/tsconfig.build.json', '--noEmit'), '');
  });
});
