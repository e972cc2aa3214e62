import { existsSync } from 'node:fs';

/**
 * glibc malloc settings for a process that renders PDFs (docs/performance.md "Memory under PDF
 * load"). Typst allocates and frees tens of MB per document in the worker thread that renders it,
 * and keeps its layout cache for the next documents in between. glibc gives every thread its own
 * arenas and returns free memory to the system only from the top of an arena, so each worker's
 * arenas kept the high-water mark of its largest documents: 100–200 MB per worker resident, of
 * which 15–35 MB was in use (measured with malloc_info). These settings:
 * - MALLOC_ARENA_MAX=2: the render workers share arenas, so one worker's free memory serves the
 *   other instead of each keeping its own peak;
 * - MALLOC_MMAP_THRESHOLD_=131072: blocks of 128 KiB and more are mapped on their own and given
 *   back when freed. Without it glibc raises the threshold to the largest block freed so far
 *   (a font file, a big PDF: megabytes), after which such blocks stay in the arenas;
 * - MALLOC_TRIM_THRESHOLD_=131072: free memory at the top of an arena goes back from 128 KiB on.
 * glibc reads them only when the process starts, so they cannot be set from inside.
 */
export const ALLOCATOR_SETTINGS: Readonly<Record<string, string>> = Object.freeze({
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
});

/**
 * jemalloc, where the machine has it (Debian and Ubuntu: package libjemalloc2; the Dockerfile
 * installs it), instead of glibc's malloc. glibc's settings above left `bench:pdf` at 292–394 MB
 * in 18 of 20 runs and 403 and 480 MB in two: small blocks fragment glibc's main arena (106–135
 * MB of it) in a pattern that depends on how the two workers' documents interleave, and no glibc
 * variable moved it (docs/performance.md). jemalloc hands unused pages back on its own clock:
 * - dirty_decay_ms:1000: freed pages are purged after about a second, not ten;
 * - muzzy_decay_ms:0: and then returned to the system at once;
 * - narenas:2: two arenas, as MALLOC_ARENA_MAX=2 does for glibc.
 * Measured on the same machine: peak 314 MB with catalogue/all-new rates of 328/187 docs/s, where
 * glibc with its settings gave 219/137. Loaded through LD_PRELOAD, so it must be set before the
 * process starts, as glibc's variables must.
 */
export const JEMALLOC_CONF = 'dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:2';

/** Where Debian and Ubuntu (amd64, arm64) and Fedora-like systems install jemalloc's library. */
export const JEMALLOC_PATHS: readonly string[] = Object.freeze([
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
]);

/** The variables that mean the operator chose the allocator or its settings: then nothing is added. */
const OPERATOR_CHOICES = [...Object.keys(ALLOCATOR_SETTINGS), 'LD_PRELOAD', 'MALLOC_CONF'];

/**
 * The variables to add to `env` before the process starts again, or undefined when there is
 * nothing to do: not Linux, or the operator already chose (any variable above, LD_PRELOAD,
 * MALLOC_CONF or a glibc.malloc tunable), which is then left exactly as given. With `jemalloc`
 * (the library's path, when the machine has it) that allocator and JEMALLOC_CONF, else glibc's
 * ALLOCATOR_SETTINGS. Pure.
 */
export function allocatorSettingsToAdd(env: NodeJS.ProcessEnv, platform: NodeJS.Platform, jemalloc?: string): Readonly<Record<string, string>> | undefined {
  if (platform !== 'linux') return undefined;
  if (OPERATOR_CHOICES.some((name) => env[name] !== undefined)) return undefined;
  if (env.GLIBC_TUNABLES?.includes('glibc.malloc.') === true) return undefined;
  return jemalloc === undefined ? ALLOCATOR_SETTINGS : { LD_PRELOAD: jemalloc, MALLOC_CONF: JEMALLOC_CONF };
}

/** The first of JEMALLOC_PATHS that exists, or undefined. */
export function findJemalloc(): string | undefined {
  return JEMALLOC_PATHS.find((file) => existsSync(file));
}

/**
 * V8's young generation of the main thread. Without a limit V8 doubles a busy isolate's semi-spaces
 * up to 64 MB each on this 64-bit build (no pointer compression): a batch of 50 invoices keeps
 * enough objects alive for a few hundred ms that the main thread's new space grew 16 → 32 → 64 MB,
 * in two steps of ~30 MB each, and never gave the pages back. Capping a semi-space at 16 MB, the
 * size it already has at start, took the batch benchmark's peak from 388–428 MB to 310–319 MB
 * (docs/performance.md). 8 MB saved ~20 MB more, but the smaller the new space the more often the
 * JSON path scavenges; 32 MB left the batch at 339–354 MB. The workers' young generation made no
 * difference (measured with resourceLimits). A flag, not v8.setFlagsFromString: V8 sizes the heap
 * once, at isolate start.
 */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=16';

/**
 * The V8 flags to add to the command line, or none when the operator already gave a
 * semi-space size (on the command line or in NODE_OPTIONS; V8 takes `-` or `_` in a name). Pure.
 */
export function v8FlagsToAdd(execArgv: readonly string[], env: NodeJS.ProcessEnv): readonly string[] {
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((arg) => /^--max[-_]semi[-_]space[-_]size(=|$)/.test(arg))) return [];
  return [YOUNG_GENERATION_FLAG];
}

/**
 * Replaces the current process with the same command plus the allocator's settings (its
 * environment: jemalloc or glibc's, allocatorSettingsToAdd) and YOUNG_GENERATION_FLAG (its V8 flags), when anything is missing.
 * process.execve: same pid, same stdio, nothing runs twice; the new process finds both in place
 * and goes on. Call before anything else starts: execve refuses once worker threads run. On musl
 * (Alpine) the malloc variables are ignored; where execve does not exist (Windows) nothing changes.
 */
export function execWithAllocatorSettings(): void {
  if (typeof process.execve !== 'function') return;
  const env = allocatorSettingsToAdd(process.env, process.platform, process.platform === 'linux' ? findJemalloc() : undefined);
  const flags = v8FlagsToAdd(process.execArgv, process.env);
  if (env === undefined && flags.length === 0) return;
  process.execve(process.execPath, [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, ...env });
}
