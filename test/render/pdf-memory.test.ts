import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { computeInvoice } from '../../src/domain/invoice/compute-invoice.ts';
import { normalizeInvoiceRequest } from '../../src/requests/normalize-invoice-request.ts';
import { buildInvoiceView } from '../../src/domain/pdf/build-invoice-view.ts';
import { ALLOCATOR_SETTINGS, allocatorSettingsToAdd, findJemalloc, JEMALLOC_CONF, v8FlagsToAdd, YOUNG_GENERATION_FLAG } from '../../src/render/allocator-settings.ts';
import { TypstPdfCompiler } from '../../src/render/typst-pdf-compiler.ts';
import type { InvoiceRequest } from '../../src/domain/invoice/invoice-request-schema.ts';
import { freePort } from '../helpers/cluster.ts';

// Memory under PDF load. The figures are measured by bench/pdf.bench.ts and bench/batch.bench.ts
// (docs/performance.md); these tests hold the two mechanisms in place.

const SERVER = path.resolve('dist/server.js');

/** Bytes this process has read so far (all threads), from /proc. */
const bytesRead = () => Number(/^rchar: (\d+)/m.exec(readFileSync('/proc/self/io', 'utf8'))![1]);
const MB = 2 ** 20;

function tenLineView(language: string) {
  const request = {
    from: { name: 'Acme GmbH' }, to: { name: 'Globex Ltd' }, invoice: { currency: 'EUR', language },
    items: Array.from({ length: 10 }, (_, i) => ({ description: `Line ${i + 1}`, quantity: 1, unit_price: 10 + i, tax_rate: 19 })),
  };
  return buildInvoiceView(computeInvoice(normalizeInvoiceRequest(request) as InvoiceRequest, { today: '2026-11-21', number: 'MEM-1' }));
}

function environOf(pid: number): Record<string, string> {
  return Object.fromEntries(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean).map((line) => {
    const at = line.indexOf('=');
    return [line.slice(0, at), line.slice(at + 1)];
  }));
}

async function waitForHealth(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tempDirs: string[] = [];

describe('memory under PDF load', () => {
  after(() => { for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true }); });

  it('allocatorSettingsToAdd: adds the glibc settings on Linux unless the operator chose malloc settings', () => {
    const cases: Array<[string, NodeJS.ProcessEnv, NodeJS.Platform, boolean]> = [
      ['nothing set, Linux', {}, 'linux', true],
      ['nothing set, macOS', {}, 'darwin', false],
      ['operator set MALLOC_ARENA_MAX', { MALLOC_ARENA_MAX: '8' }, 'linux', false],
      ['operator set MALLOC_MMAP_THRESHOLD_', { MALLOC_MMAP_THRESHOLD_: '65536' }, 'linux', false],
      ['operator set a glibc.malloc tunable', { GLIBC_TUNABLES: 'glibc.malloc.arena_max=4' }, 'linux', false],
      ['another tunable only', { GLIBC_TUNABLES: 'glibc.pthread.rseq=0' }, 'linux', true],
    ];
    for (const [name, env, platform, adds] of cases) {
      assert.deepEqual(allocatorSettingsToAdd(env, platform), adds ? ALLOCATOR_SETTINGS : undefined, name);
    }
    assert.equal(ALLOCATOR_SETTINGS.MALLOC_ARENA_MAX, '2');
  });

  it('allocatorSettingsToAdd: jemalloc with its settings where the machine has it, unless the operator chose', () => {
    const lib = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2';
    const jemalloc = { LD_PRELOAD: lib, MALLOC_CONF: JEMALLOC_CONF };
    const cases: Array<[string, NodeJS.ProcessEnv, NodeJS.Platform, object | undefined]> = [
      ['nothing set, Linux', {}, 'linux', jemalloc],
      ['nothing set, macOS', {}, 'darwin', undefined],
      ['operator preloads something', { LD_PRELOAD: '/opt/agent.so' }, 'linux', undefined],
      ['operator set MALLOC_CONF', { MALLOC_CONF: 'narenas:4' }, 'linux', undefined],
      ['operator tuned glibc', { MALLOC_ARENA_MAX: '8' }, 'linux', undefined],
    ];
    for (const [name, env, platform, expected] of cases) assert.deepEqual(allocatorSettingsToAdd(env, platform, lib), expected, name);
    assert.equal(JEMALLOC_CONF, 'dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:2');
  });

  it('v8FlagsToAdd: caps the main thread\'s semi-space unless the operator gave a size', () => {
    const cases: Array<[string, string[], NodeJS.ProcessEnv, boolean]> = [
      ['nothing given', [], {}, true],
      ['other flags only', ['--enable-source-maps'], { NODE_OPTIONS: '--max-old-space-size=512' }, true],
      ['on the command line', ['--max-semi-space-size=32'], {}, false],
      ['with underscores', ['--max_semi_space_size=4'], {}, false],
      ['as two arguments', ['--max-semi-space-size', '4'], {}, false],
      ['in NODE_OPTIONS', [], { NODE_OPTIONS: '--trace-warnings --max-semi-space-size=64' }, false],
    ];
    for (const [name, execArgv, env, adds] of cases) {
      assert.deepEqual(v8FlagsToAdd(execArgv, env), adds ? [YOUNG_GENERATION_FLAG] : [], name);
    }
    assert.equal(YOUNG_GENERATION_FLAG, '--max-semi-space-size=16');
  });

  it('the built service runs with the settings in its own process (same pid), keeps an operator\'s choice, and stops on SIGTERM', async () => {
    // This machine's choice: jemalloc when libjemalloc2 is installed (the Dockerfile installs it), else glibc's settings.
    const lib = findJemalloc();
    const chosen: Record<string, string | undefined> = lib === undefined ? ALLOCATOR_SETTINGS : { LD_PRELOAD: lib, MALLOC_CONF: JEMALLOC_CONF };
    const cases: Array<readonly [Record<string, string>, Record<string, string | undefined>, boolean]> = [
      [{}, chosen, true],
      [{ MALLOC_ARENA_MAX: '4' }, { MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: undefined, MALLOC_TRIM_THRESHOLD_: undefined, LD_PRELOAD: undefined }, true],
      [{ NODE_OPTIONS: '--max-semi-space-size=32' }, chosen, false],
    ];
    for (const [extra, expected, withFlag] of cases) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-mem-'));
      tempDirs.push(dataDir);
      const port = await freePort();
      const child = spawn(process.execPath, [SERVER], { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...extra }, stdio: ['ignore', 'ignore', 'pipe'] });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        await waitForHealth(port);
        // The pid spawn() returned answers: the process was replaced in place, not forked.
        const environ = environOf(child.pid!);
        for (const [name, value] of Object.entries(expected)) assert.equal(environ[name], value, `${name} with ${JSON.stringify(extra)}`);
        // The preloaded allocator is really mapped into the running process, or really absent.
        const mapsJemalloc = readFileSync(`/proc/${child.pid}/maps`, 'utf8').includes('libjemalloc');
        assert.equal(mapsJemalloc, expected.LD_PRELOAD !== undefined, `jemalloc mapped with ${JSON.stringify(extra)}`);
        // The V8 flag is on the running process's own command line, once (no second re-exec).
        const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
        assert.equal(cmdline.filter((arg) => arg === YOUNG_GENERATION_FLAG).length, withFlag ? 1 : 0, `${cmdline.join(' ')} with ${JSON.stringify(extra)}`);
      } finally {
        child.kill('SIGTERM');
      }
      assert.equal(await exited, 0);
    }
  });

  it('a worker reads a font when a document first needs it: Latin invoices never load Noto Sans JP', () => {
    const compiler = new TypstPdfCompiler();
    let before = bytesRead();
    compiler.render(tenLineView('en'), []);
    const forLatin = bytesRead() - before;
    before = bytesRead();
    compiler.render(tenLineView('ja'), []);
    const forJapanese = bytesRead() - before;
    // Noto Sans regular and bold are 1.2 MB; Noto Sans JP's two weights are 10.4 MB.
    assert.ok(forLatin < 4 * MB, `an English invoice read ${(forLatin / MB).toFixed(1)} MB`);
    assert.ok(forJapanese > 8 * MB, `the first Japanese invoice read ${(forJapanese / MB).toFixed(1)} MB (the CJK font, on demand)`);
  });
});
