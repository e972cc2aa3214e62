import type { CliIo } from './cli-io.ts';

/** Tells the user how a run over many files goes, on standard error. */
export interface ProgressReporter {
  written(input: string, output: string): void;
  failed(input: string, reason: string): void;
  note(input: string, note: string): void;
  /** The last line: how many were written and which failed. */
  finish(): void;
}

const BAR_WIDTH = 30;

/**
 * A progress bar redrawn in place when standard error is a terminal; plain lines otherwise, so a
 * log or a CI job reads one line per file. Failures and notes are lines in both.
 */
export function createProgressReporter(stderr: CliIo['stderr'], total: number): ProgressReporter {
  const tty = stderr.isTTY === true;
  let done = 0;
  const failures: string[] = [];
  const line = (text: string) => {
    stderr.write(tty ? `\r\x1b[2K${text}\n` : `${text}\n`);
    if (tty) drawBar();
  };
  const drawBar = () => {
    const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
    stderr.write(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${total}`);
  };
  if (tty) drawBar();
  return {
    written(input, output) {
      done += 1;
      if (tty) drawBar();
      else line(`${input} -> ${output}`);
    },
    failed(input, reason) {
      done += 1;
      failures.push(input);
      line(`${input}: failed: ${reason}`);
    },
    note(input, note) {
      line(`${input}: note: ${note}`);
    },
    finish() {
      if (tty) stderr.write('\r\x1b[2K');
      const written = done - failures.length;
      stderr.write(failures.length === 0
        ? `${written} of ${total} written\n`
        : `${written} of ${total} written, ${failures.length} failed: ${failures.join(', ')}\n`);
    },
  };
}
