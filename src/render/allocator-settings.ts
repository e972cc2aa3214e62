/**
 * glibc malloc settings for a process that renders PDFs (issue 20 point 14, docs/performance.md
 * "Memory under PDF load"). Typst allocates and frees tens of MB per document in the worker
 * thread that renders it, and keeps its layout cache for the next documents in between. glibc
 * gives every thread its own arenas and returns free memory to the system only from the top of
 * an arena, so each worker's arenas kept the high-water mark of its largest documents: 100–200 MB
 * per worker resident, of which 15–35 MB was in use (measured with malloc_info). These settings:
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
 * The variables to add to `env` before the process starts again, or undefined when there is
 * nothing to do: not Linux, or the operator already chose a malloc setting (any of the above or
 * a glibc.malloc tunable), which is then left exactly as given. Pure.
 */
export function allocatorSettingsToAdd(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Readonly<Record<string, string>> | undefined {
  if (platform !== 'linux') return undefined;
  if (Object.keys(ALLOCATOR_SETTINGS).some((name) => env[name] !== undefined)) return undefined;
  if (env.GLIBC_TUNABLES?.includes('glibc.malloc.') === true) return undefined;
  return ALLOCATOR_SETTINGS;
}

/**
 * Replaces the current process with the same command and ALLOCATOR_SETTINGS added to its
 * environment (process.execve: same pid, same stdio, nothing runs twice), when they are missing.
 * Call before anything else starts: execve refuses once worker threads run. On musl (Alpine) the
 * variables are ignored and cost one exec at start.
 */
export function execWithAllocatorSettings(): void {
  const add = allocatorSettingsToAdd(process.env, process.platform);
  if (add === undefined || typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, ...add });
}
