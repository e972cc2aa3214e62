import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { COMPILED_RULES_DIR, RULE_SET_XSLT, RULE_SETS, compiledRuleSetPath, type RuleSet } from '../src/einvoice-check/rule-set-files.ts';

/**
 * Part of `npm run build`: compiles each official rule set (einvoice-rules/) to the SaxonJS SEF
 * form the service loads, into dist/rule-sets/. A rule set whose compiled file already exists for
 * its XSLT's hash is left alone, so a second build (and so a second `npm start`) compiles nothing;
 * files of older hashes are removed. The service never compiles at run time.
 */
const execFileAsync = promisify(execFile);
const xslt3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');

async function compile(set: RuleSet): Promise<void> {
  const target = compiledRuleSetPath(set);
  const partial = `${target}.${process.pid}.partial`;
  try {
    await execFileAsync(process.execPath, [xslt3, `-xsl:${RULE_SET_XSLT[set]}`, `-export:${partial}`, '-nogo', '-relocate:on'], { maxBuffer: 16 * 1024 * 1024 });
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}

async function main(): Promise<void> {
  mkdirSync(COMPILED_RULES_DIR, { recursive: true });
  const wanted = new Set(RULE_SETS.map((set) => path.basename(compiledRuleSetPath(set))));
  for (const name of readdirSync(COMPILED_RULES_DIR)) if (!wanted.has(name)) rmSync(path.join(COMPILED_RULES_DIR, name), { force: true });
  const missing = RULE_SETS.filter((set) => !existsSync(compiledRuleSetPath(set)));
  const started = Date.now();
  // Two at a time: each compile is one busy core for 10–30 s.
  const queue = [...missing];
  await Promise.all([0, 1].map(async () => {
    for (let set = queue.shift(); set !== undefined; set = queue.shift()) await compile(set);
  }));
  console.log(missing.length === 0
    ? `rule sets: all ${RULE_SETS.length} compiled already (dist/rule-sets/)`
    : `rule sets: compiled ${missing.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s; ${RULE_SETS.length - missing.length} up to date`);
}

await main();
