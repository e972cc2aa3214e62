import fc from 'fast-check';
import { bearer, generateInvoice, signUpWithKey, startAccountsApp } from './accounts-helpers.ts';
import { schemaFindings, type Finding } from './einvoice-document-findings.ts';
import { eInvoiceFuzzCaseArb, type FuzzCase } from './einvoice-fuzz-arbitrary.ts';
import { FUZZ_PAIRINGS, type FuzzPairing } from './einvoice-fuzz-pairings.ts';
import { judgeEInvoiceAnswer, type Send } from './judge-einvoice-answer.ts';

export interface FuzzOptions {
  readonly seed: number;
  readonly runsPerPairing: number;
  readonly pairings?: readonly FuzzPairing[];
  /** Requests one shrink may send before it settles for the smallest failure found so far. */
  readonly shrinkBudget?: number;
  /** Distinct faults shrunk (the first occurrence of each); the others are reported unshrunk. */
  readonly maxShrinks?: number;
  readonly log?: (line: string) => void;
}

export interface PairingStats {
  readonly pairing: string;
  /** fast-check's seed for this pairing: the run's seed plus the pairing's index. */
  readonly seed: number;
  tried: number;
  ok: number;
  /** 200s whose documents passed the schema and the rules with 0 fatal, and no other fault. */
  okClean: number;
  documents: number;
  refused: Record<string, number>;
  refusedNamingField: number;
  /** Requests owed a 200 (complete and legal for the profile), and how many got one. */
  owed: number;
  owedOk: number;
  failedRequests: number;
  faults: Record<string, number>;
  ms: number;
}

export interface Counterexample {
  readonly signature: string;
  readonly pairing: string;
  readonly seed: number;
  /** fast-check's counterexample path: replays it with --pairing and --path. */
  readonly path: string;
  readonly shrunk: boolean;
  readonly base: string;
  readonly labels: readonly string[];
  readonly detail: string;
  readonly body: Record<string, unknown>;
}

export interface FuzzReport {
  readonly seed: number;
  readonly runsPerPairing: number;
  readonly pairings: PairingStats[];
  readonly counterexamples: Counterexample[];
  readonly ms: number;
}

interface Occurrence { readonly pairing: FuzzPairing; readonly seed: number; readonly index: number; readonly c: FuzzCase; readonly finding: Finding }

/**
 * The differential fuzzer: for each output/profile pairing, `runsPerPairing` random requests
 * (eInvoiceFuzzCaseArb, fast-check seeded per pairing) sent in process to the real app (SQLite in
 * a temp folder, an account with an API key, the real PDF renderer), each answer judged
 * (judgeEInvoiceAnswer); schemas are checked in one batch per pairing. Then the first request of
 * each distinct fault is shrunk by fast-check, replayed from its path, to the smallest request
 * that still shows that fault.
 */
export async function runEInvoiceFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const ctx = await startAccountsApp();
  try {
    const { apiKey } = await signUpWithKey(ctx, 'fuzz');
    const send: Send = (body) => generateInvoice(ctx.app, body, bearer(apiKey));
    const pairings = options.pairings ?? FUZZ_PAIRINGS;
    const stats: PairingStats[] = [];
    const first = new Map<string, Occurrence>();
    for (const pairing of pairings) {
      const seed = options.seed + FUZZ_PAIRINGS.indexOf(pairing);
      stats.push(await fuzzPairing(send, pairing, seed, options.runsPerPairing, first));
      const s = stats.at(-1)!;
      log(`${pairing.name.padEnd(14)} ${s.tried} requests, ${s.ok} × 200, ${s.failedRequests} with a fault, ${(s.ms / s.tried).toFixed(0)} ms each`);
    }
    const counterexamples: Counterexample[] = [];
    let shrinks = 0;
    for (const [signature, o] of first) {
      const shrink = shrinks < (options.maxShrinks ?? 40);
      if (shrink) shrinks += 1;
      const found = shrink ? await shrinkFault(send, o, signature, options.shrinkBudget ?? 150) : undefined;
      const c = found?.c ?? o.c;
      counterexamples.push({
        signature, pairing: o.pairing.name, seed: o.seed, path: found?.path ?? String(o.index), shrunk: found !== undefined,
        base: c.base, labels: c.labels, detail: found?.detail ?? o.finding.detail, body: c.body,
      });
      log(`${found === undefined ? 'found' : 'shrunk'}: ${signature} (${o.pairing.name})`);
    }
    return { seed: options.seed, runsPerPairing: options.runsPerPairing, pairings: stats, counterexamples, ms: performance.now() - started };
  } finally {
    await ctx.close();
  }
}

async function fuzzPairing(send: Send, pairing: FuzzPairing, seed: number, runs: number, first: Map<string, Occurrence>): Promise<PairingStats> {
  const s: PairingStats = {
    pairing: pairing.name, seed, tried: 0, ok: 0, okClean: 0, documents: 0, refused: {}, refusedNamingField: 0, owed: 0, owedOk: 0, failedRequests: 0, faults: {}, ms: 0,
  };
  const started = performance.now();
  const cases: Array<{ c: FuzzCase; status: number; findings: Finding[] }> = [];
  const pending: Array<{ xml: string; where: string; at: number }> = [];
  let index = 0;
  await fc.check(fc.asyncProperty(eInvoiceFuzzCaseArb(pairing), async (c) => {
    const j = await judgeEInvoiceAnswer(send, pairing, c, { deferSchema: true });
    cases.push({ c, status: j.status, findings: j.findings });
    pending.push(...j.pendingSchema.map((p) => ({ ...p, at: index })));
    index += 1;
    s.tried += 1;
    s.documents += j.documents;
    if (j.status === 200) s.ok += 1;
    else if (j.code !== undefined && j.status < 500) {
      s.refused[`${j.status} ${j.code}`] = (s.refused[`${j.status} ${j.code}`] ?? 0) + 1;
      if (j.namesField === true) s.refusedNamingField += 1;
    }
    if (c.expect.kind === 'complete') {
      s.owed += 1;
      if (j.status === 200) s.owedOk += 1;
    }
    return true;
  }), { seed, numRuns: runs });
  const schemas = await schemaFindings(pending.map((p) => p.xml));
  schemas.forEach((list, i) => cases[pending[i]!.at]!.findings.push(...list.map((f) => ({ ...f, detail: `${pending[i]!.where}: ${f.detail}` }))));
  cases.forEach(({ c, status, findings }, i) => {
    if (status === 200 && findings.length === 0) s.okClean += 1;
    if (findings.length > 0) s.failedRequests += 1;
    // A fault counts once per request, however often its document shows it.
    for (const finding of new Map(findings.map((f) => [f.signature, f])).values()) {
      s.faults[finding.signature] = (s.faults[finding.signature] ?? 0) + 1;
      if (!first.has(finding.signature)) first.set(finding.signature, { pairing, seed, index: i, c, finding });
    }
  });
  s.ms = performance.now() - started;
  return s;
}

/** fast-check replays the request at its path and shrinks it while the same fault shows. */
async function shrinkFault(send: Send, o: Occurrence, signature: string, budget: number): Promise<{ c: FuzzCase; path: string; detail: string } | undefined> {
  let calls = 0;
  let detail = o.finding.detail;
  const deferSchema = !signature.startsWith('schema');
  const result = await fc.check(fc.asyncProperty(eInvoiceFuzzCaseArb(o.pairing), async (c) => {
    // Out of budget: "passes", so fast-check stops at the smallest failure found so far.
    if (++calls > budget) return true;
    const found = (await judgeEInvoiceAnswer(send, o.pairing, c, { deferSchema })).findings.find((f) => f.signature === signature);
    if (found !== undefined) detail = found.detail;
    return found === undefined;
  }), { seed: o.seed, path: String(o.index), numRuns: 1 });
  if (!result.failed || result.counterexample === null) return undefined;
  return { c: result.counterexample[0], path: result.counterexamplePath ?? String(o.index), detail };
}
