import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { createProgressReporter } from '../../src/cli/progress-reporter.ts';

/** A standard error that records what is written, a terminal or not. */
function stderr(isTTY: boolean): Writable & { isTTY: boolean; text: () => string } {
  let text = '';
  const stream = new Writable({ write(chunk: Buffer, _encoding, done) { text += chunk.toString(); done(); } });
  return Object.assign(stream, { isTTY, text: () => text });
}

describe('createProgressReporter', () => {
  it('on a terminal: a bar redrawn in place, failures as lines above it, the summary last', () => {
    const out = stderr(true);
    const progress = createProgressReporter(out, 2);
    progress.written('a.json', 'out/a.pdf');
    progress.failed('b.json', 'invalid_json: nope');
    progress.finish();
    const text = out.text();
    assert.match(text, /^\r\x1b\[2K\[\.{30}\] 0\/2/);
    assert.match(text, /\r\x1b\[2K\[#{15}\.{15}\] 1\/2/);
    assert.match(text, /\r\x1b\[2Kb\.json: failed: invalid_json: nope\n/);
    assert.doesNotMatch(text, /a\.json -> /);
    assert.ok(text.endsWith('\r\x1b[2K1 of 2 written, 1 failed: b.json\n'), JSON.stringify(text));
  });

  it('elsewhere: one plain line per file, no control characters', () => {
    const out = stderr(false);
    const progress = createProgressReporter(out, 2);
    progress.written('a.json', 'out/a.pdf');
    progress.note('b.json', 'features.hosted_link is ignored offline');
    progress.written('b.json', 'out/b.pdf');
    progress.finish();
    assert.equal(out.text(), 'a.json -> out/a.pdf\nb.json: note: features.hosted_link is ignored offline\nb.json -> out/b.pdf\n2 of 2 written\n');
  });
});
