import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

/**
 * A maker of fresh temp folders named `<prefix>…`, all removed after the calling test file's
 * tests. Call it at the top level of a test file.
 */
export function tempDirsRemovedAfter(prefix: string): () => string {
  const made: string[] = [];
  after(() => { for (const dir of made) rmSync(dir, { recursive: true, force: true }); });
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
