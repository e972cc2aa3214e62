import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';

/**
 * Whether writing to `out` would overwrite `input`: the same path once resolved, or, when both
 * exist, the same file reached through another path (a link, `./` or a case-insensitive disk).
 */
export async function isSameFile(out: string, input: string): Promise<boolean> {
  if (resolve(out) === resolve(input)) return true;
  try {
    const [a, b] = await Promise.all([stat(out), stat(input)]);
    return a.dev === b.dev && a.ino === b.ino;
  } catch {
    return false;
  }
}
