/**
 * Fingerprints of every answer the generation gives for a fixed corpus, so a restructuring can be
 * shown to change no byte: every e-invoice fixture under every output/profile pairing (plain PDF
 * and JSON included), then random requests of the differential fuzzer's arbitrary for each
 * pairing. Each request goes through the real app in process, on a fixed clock, with the hosted
 * link off (its id is random); a line per request gives its status, its error code and the
 * SHA-256 of the answer's body (a JSON answer without `meta`, which carries the request id).
 *
 *   node scripts/document-digests.ts --out before.txt           # then after the change:
 *   node scripts/document-digests.ts --out after.txt && diff before.txt after.txt
 *   node scripts/document-digests.ts --seed 3 --runs 200 --out x.txt
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { bearer, generateInvoice, signUpWithKey, startAccountsApp } from '../test/helpers/accounts-helpers.ts';
import { EINVOICE_FIXTURES } from '../test/helpers/einvoice-fixtures.ts';
import { eInvoiceFuzzCaseArb } from '../test/helpers/einvoice-fuzz-arbitrary.ts';
import { FUZZ_PAIRINGS, type FuzzPairing } from '../test/helpers/einvoice-fuzz-pairings.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    runs: { type: 'string', default: '100' },
    out: { type: 'string' },
  },
});
const seed = Number(values.seed);
const runsPerPairing = Number(values.runs);
const NOW_MS = Date.UTC(2026, 10, 25, 12, 0, 0);

/** The fuzzer's pairings, and the two that make no e-invoice: a plain PDF and a JSON answer. */
const PAIRINGS: readonly Pick<FuzzPairing, 'name' | 'output' | 'profile'>[] = [
  ...FUZZ_PAIRINGS,
  { name: 'pdf/-', output: 'pdf', profile: undefined },
  { name: 'json/-', output: 'json', profile: undefined },
];

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const ctx = await startAccountsApp({ clock: () => NOW_MS });
const lines: string[] = [];
try {
  const { apiKey } = await signUpWithKey(ctx, 'digests');
  const send = async (key: string, body: Record<string, any>) => {
    const res = await generateInvoice(ctx.app, { ...body, features: { ...body.features, hosted_link: false } }, bearer(apiKey));
    const type = String(res.headers['content-type'] ?? '');
    let digest: string;
    let code = '-';
    if (type.startsWith('application/json')) {
      const json = res.json() as Record<string, any>;
      code = json.error?.code ?? '-';
      delete json.meta;
      digest = sha256(JSON.stringify(json));
    } else {
      digest = sha256(res.rawPayload);
    }
    lines.push(`${key} ${res.statusCode} ${code} ${digest}`);
  };
  for (const fixture of EINVOICE_FIXTURES) {
    for (const pairing of PAIRINGS) {
      await send(`fixture:${fixture.name.replaceAll(" ", "_")}:${pairing.name}`, { ...fixture.request, output: pairing.output, ...(pairing.profile === undefined ? {} : { profile: pairing.profile }) });
    }
  }
  for (const [index, pairing] of FUZZ_PAIRINGS.entries()) {
    const cases = fc.sample(eInvoiceFuzzCaseArb(pairing), { seed: seed + index, numRuns: runsPerPairing });
    for (const [i, c] of cases.entries()) await send(`fuzz:${pairing.name}:${i}`, c.body);
  }
} finally {
  await ctx.close();
}
const text = `${lines.join('\n')}\n`;
if (values.out !== undefined) writeFileSync(values.out, text);
const statuses = new Map<string, number>();
for (const line of lines) {
  const status = line.split(' ')[1]!;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}
console.log(`${lines.length} requests (${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}); digest of all: ${sha256(text)}`);
