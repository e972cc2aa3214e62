/**
 * The differential e-invoice fuzzer (docs/einvoice.md, "Differential fuzzing"): random requests
 * for every output/profile pairing, in which every string field of the request schema is by turns
 * absent, empty, blank, at its maximum length, padded or realistic, with boundary dates, unusual
 * but legal codes and identifiers, payment means with and without what they need, Skonto terms,
 * credit notes, allowances, charges and misspelt keys. Each is sent to the real app in process;
 * every answer must be a 200 whose document passes the official schema and its profile's rules
 * with 0 fatal (the hybrid PDF's CII, and for a JSON pre-flight the same request as ubl/cii,
 * which must agree with it), or a 400/422 naming a field. Faults are shrunk by fast-check.
 *
 *   npm run fuzz:einvoices                                  # seed 1, 5,000 requests
 *   node scripts/fuzz-einvoices.ts --seed 7 --runs 13000    # runs: requests in all, shared by the pairings
 *   node scripts/fuzz-einvoices.ts --seed 7 --pairing ubl/peppol --path 41:3:0   # replay one counterexample
 *   node scripts/fuzz-einvoices.ts --json report.json       # also write the full report
 *
 * Prints per pairing the requests, the 200s checked with 0 fatal, the 4xx by code and how many
 * named a field, the requests owed a 200, and the faults; then each fault's smallest request as
 * JSON with its seed and path, and the markdown section for docs/einvoice.md. Exit 1 on a fault.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { bearer, generateInvoice, signUpWithKey, startAccountsApp } from '../test/helpers/accounts-helpers.ts';
import { eInvoiceFuzzCaseArb } from '../test/helpers/einvoice-fuzz-arbitrary.ts';
import { FUZZ_PAIRINGS } from '../test/helpers/einvoice-fuzz-pairings.ts';
import { fuzzReportMarkdown } from '../test/helpers/fuzz-report-markdown.ts';
import { judgeEInvoiceAnswer } from '../test/helpers/judge-einvoice-answer.ts';
import { runEInvoiceFuzz } from '../test/helpers/run-einvoice-fuzz.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '5000' },
    pairing: { type: 'string', multiple: true },
    path: { type: 'string' },
    'shrink-budget': { type: 'string', default: '150' },
    'max-shrinks': { type: 'string', default: '40' },
    json: { type: 'string' },
  },
});
const seed = Number(values.seed);
const pairings = values.pairing === undefined ? FUZZ_PAIRINGS : FUZZ_PAIRINGS.filter((p) => values.pairing!.includes(p.name));
if (!Number.isInteger(seed) || pairings.length === 0) {
  console.error(`--seed takes an integer; --pairing one of ${FUZZ_PAIRINGS.map((p) => p.name).join(', ')}`);
  process.exit(2);
}

if (values.path !== undefined) {
  // Replays one request (and its shrink steps) exactly as the run drew it, and prints the judgement.
  const pairing = pairings[0]!;
  const ctx = await startAccountsApp();
  try {
    const { apiKey } = await signUpWithKey(ctx, 'fuzz');
    await fc.check(fc.asyncProperty(eInvoiceFuzzCaseArb(pairing), async (c) => {
      const j = await judgeEInvoiceAnswer((body) => generateInvoice(ctx.app, body, bearer(apiKey)), pairing, c, { deferSchema: false });
      console.log(JSON.stringify({ pairing: pairing.name, base: c.base, labels: c.labels, expect: c.expect, status: j.status, code: j.code, findings: j.findings, body: c.body }, null, 2));
      return true;
    }), { seed: seed + FUZZ_PAIRINGS.indexOf(pairing), path: values.path, numRuns: 1 });
  } finally {
    await ctx.close();
  }
  process.exit(0);
}

const runsPerPairing = Math.ceil(Number(values.runs) / pairings.length);
const command = `node scripts/fuzz-einvoices.ts --seed ${seed} --runs ${runsPerPairing * pairings.length}${values.pairing === undefined ? '' : values.pairing.map((p) => ` --pairing ${p}`).join('')}`;
console.log(`${command}: ${runsPerPairing} requests for each of ${pairings.length} pairings`);
const report = await runEInvoiceFuzz({
  seed, runsPerPairing, pairings,
  shrinkBudget: Number(values['shrink-budget']), maxShrinks: Number(values['max-shrinks']),
  log: (line) => console.log(`  ${line}`),
});

for (const c of report.counterexamples) {
  console.log(`\nFAULT ${c.signature}\n  ${c.pairing}, ${c.shrunk ? 'shrunk' : 'not shrunk'}; replay: node scripts/fuzz-einvoices.ts --seed ${seed} --pairing ${c.pairing} --path ${c.path}`);
  console.log(`  ${c.detail}\n  base: ${c.base}; varied: ${c.labels.join('; ') || 'nothing'}`);
  console.log(`  ${JSON.stringify(c.body)}`);
}
let commit = 'outside a git checkout';
try {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  commit = `commit ${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') === '' ? '' : ' with uncommitted changes'}`;
} catch {
  // A copy without .git: the run is still recorded, without its commit.
}
console.log(`\n${fuzzReportMarkdown(report, command, `${commit}, ${new Date().toISOString().slice(0, 10)}`)}\n`);
const summary = {
  seed, runsPerPairing, seconds: Math.round(report.ms / 1000),
  pairings: report.pairings.map(({ pairing, tried, ok, okClean, documents, refused, refusedNamingField, owed, owedOk, failedRequests, faults, ms }) =>
    ({ pairing, tried, ok, okClean, documents, refused, refusedNamingField, owed, owedOk, failedRequests, faults, msPerRequest: Math.round(ms / tried) })),
  faults: report.counterexamples.map(({ signature, pairing, path }) => ({ signature, pairing, path })),
};
console.log(JSON.stringify(summary));
if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
process.exit(report.counterexamples.length > 0 ? 1 : 0);
