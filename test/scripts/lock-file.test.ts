import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

// `npm ci` refuses a lock file that lacks an optional dependency some package declares
// ("package.json and package-lock.json are not in sync"), even when the missing one is another
// platform's binary (Typst's, rolldown's, lightningcss's). A lock written on one machine with a
// pruned tree lacked them; this test reads the lock as npm ci does.

interface LockPackage {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as { lockfileVersion: number; packages: Record<string, LockPackage> };

/** Where Node's resolution would find `name` from the package at `from` (its own node_modules, then its parents'). */
function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir === '' ? '' : `${dir}/`}node_modules/${name}`] !== undefined) return true;
    if (dir === '') return false;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at < 0 ? '' : dir.slice(0, at);
  }
}

test('the lock file names every optional dependency of every locked package, for every platform', () => {
  assert.equal(lock.lockfileVersion, 3);
  const missing: string[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolves(where, name)) missing.push(`${where || '(root)'} → ${name}`);
    }
  }
  assert.deepEqual(missing, [], 'run npm install on a full tree and commit package-lock.json');
});

test('the Typst compiler binary is locked for the platforms the service is documented to run on', () => {
  for (const platform of ['linux-x64-gnu', 'linux-arm64-gnu', 'linux-x64-musl', 'darwin-arm64', 'darwin-x64', 'win32-x64-msvc']) {
    assert.ok(lock.packages[`node_modules/@myriaddreamin/typst-ts-node-compiler-${platform}`], platform);
  }
});
