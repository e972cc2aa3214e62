import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { threadId } from 'node:worker_threads';

/**
 * Preloaded with --import into a process under test: appends the URL of every module the process
 * loads (ESM and CommonJS, built-ins as node:…) to the file LOADED_MODULES_FILE names, one line
 * each, as it is loaded, so a process that exits early or a worker thread that is terminated
 * leaves its list complete. Worker threads inherit the preload and append to the same file.
 */
const out = process.env.LOADED_MODULES_FILE;
if (out === undefined) throw new Error('record-loaded-modules.ts needs LOADED_MODULES_FILE');

registerHooks({
  load(url, context, nextLoad) {
    appendFileSync(out, `${threadId} ${url}\n`);
    return nextLoad(url, context);
  },
});
