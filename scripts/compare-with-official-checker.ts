import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { severityOf } from '../src/domain/inspect/verdict.ts';
import { createCheckWorkerPool } from '../src/einvoice-check/check-worker-pool.ts';
import type { RuleSet } from '../src/einvoice-check/rule-set-files.ts';

/**
 * Runs the service's checker and the official checker (check-einvoice.mjs, kept outside this
 * repository, with the xmllint binary) on the same files and prints where they differ: the
 * schema verdict, and the fatal and warning rule ids of each rule set. Its results are in
 * docs/inspect.md. The official checker is not part of the repository, so this is a script, not a
 * test; test/einvoice-check/checker-agrees-with-reference.test.ts holds the same comparison against
 * the tests' own reference path.
 *
 *   node scripts/compare-with-official-checker.ts --checker ../shared/einvoice/check-einvoice.mjs --profile xrechnung FILE_OR_DIR…
 */
const args = process.argv.slice(2);
const option = (name: string) => { const i = args.indexOf(name); return i === -1 ? undefined : args.splice(i, 2)[1]; };
const officialChecker = path.resolve(option('--checker') ?? '../shared/einvoice/check-einvoice.mjs');
const profile = (option('--profile') ?? 'en16931') as 'en16931' | 'peppol' | 'xrechnung';
if (!existsSync(officialChecker)) throw new Error(`no official checker at ${officialChecker}`);
const files = args.flatMap((arg) => (statSync(arg).isDirectory() ? readdirSync(arg).filter((n) => n.endsWith('.xml')).sort().map((n) => path.join(arg, n)) : [arg]));

const SETS: Record<string, Record<'ubl' | 'cii', RuleSet[]>> = {
  en16931: { ubl: ['en16931-ubl'], cii: ['en16931-cii'] },
  peppol: { ubl: ['en16931-ubl', 'peppol-ubl'], cii: [] },
  xrechnung: { ubl: ['en16931-ubl', 'xrechnung-ubl'], cii: ['en16931-cii', 'xrechnung-cii'] },
};
type Report = Record<string, { syntax: 'ubl' | 'cii'; schema: { ok: boolean | null }; rules: Record<string, { fatal: { id: string }[]; warnings: { id: string }[] }> }>;
// Exit status 1 only says that a file has a fatal failure; 2 is the checker's own failure.
const run = spawnSync(process.execPath, [officialChecker, '--profile', profile, '--json', ...files], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
if (run.status !== 0 && run.status !== 1) throw new Error(`the official checker failed (${run.status}): ${run.stderr}`);
const official = JSON.parse(run.stdout) as Report;

const checker = createCheckWorkerPool({ size: 2 });
let same = 0;
const differing: string[] = [];
for (const file of files) {
  const theirs = official[file]!;
  const xml = readFileSync(file, 'utf8');
  const schema = theirs.syntax === 'cii' ? 'cii' : /<(\w+:)?CreditNote[\s>]/.test(xml) ? 'ubl-credit-note' : 'ubl-invoice';
  const ours = await checker.check(xml, schema, SETS[profile]![theirs.syntax]);
  const problems: string[] = [];
  if (!ours.wellFormed) problems.push('not well-formed for the service');
  else {
    if (((ours.schema ?? []).length === 0) !== theirs.schema.ok) problems.push(`schema: service ${(ours.schema ?? []).length === 0}, official ${theirs.schema.ok}`);
    for (const set of SETS[profile]![theirs.syntax]) {
      const mine = ours.findings.filter((f) => f.set === set);
      const key = (list: { id: string }[]) => list.map((f) => f.id).sort().join(' ');
      const fatal = key(mine.filter((f) => severityOf(f.flag) === 'fatal').map((f) => ({ id: f.rule })));
      const warnings = key(mine.filter((f) => severityOf(f.flag) === 'warning').map((f) => ({ id: f.rule })));
      if (fatal !== key(theirs.rules[set]?.fatal ?? [])) problems.push(`${set} fatal: service [${fatal}], official [${key(theirs.rules[set]?.fatal ?? [])}]`);
      if (warnings !== key(theirs.rules[set]?.warnings ?? [])) problems.push(`${set} warnings: service [${warnings}], official [${key(theirs.rules[set]?.warnings ?? [])}]`);
    }
  }
  if (problems.length === 0) same += 1;
  else differing.push(`${path.basename(file)}: ${problems.join('; ')}`);
}
await checker.close();
console.log(`${same} of ${files.length} files: the same schema verdict and rule ids (profile ${profile})`);
for (const line of differing) console.log(`  ${line}`);
