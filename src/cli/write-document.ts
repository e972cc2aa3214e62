import { writeFile } from 'node:fs/promises';
import type { CliIo } from './cli-io.ts';

/**
 * Writes a document to `out`, or to standard output when there is none. Binary bytes are not
 * written to a terminal, where they would only garble it.
 */
export async function writeDocument(document: Uint8Array | string, out: string | undefined, stdout: CliIo['stdout']): Promise<void> {
  if (out !== undefined) {
    try {
      await writeFile(out, document);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(code === 'ENOENT' ? `cannot write ${out}: its folder does not exist` : `cannot write ${out}: ${(error as Error).message}`);
    }
    return;
  }
  if (typeof document !== 'string' && stdout.isTTY === true) {
    throw new Error('not writing binary bytes to the terminal: pass -o <file>, or redirect standard output');
  }
  await new Promise<void>((resolve, reject) => {
    stdout.write(document, (error) => (error ? reject(error) : resolve()));
  });
}
