import type { FuzzReport } from './run-einvoice-fuzz.ts';

const percent = (n: number, of: number): string => (of === 0 ? '–' : `${Math.round((100 * n) / of)} %`);

/**
 * The recorded-run table of docs/einvoice.md: per pairing the requests, the 200s (and how many of
 * them passed every check), the refusals by code and how many named a field, the requests owed a
 * 200 and the faults; then the faults by signature. Printed by scripts/fuzz-einvoices.ts so the
 * section can be replaced by a new run's output as it is.
 */
export function fuzzReportMarkdown(report: FuzzReport, command: string, recorded: string): string {
  const total = report.pairings.reduce((a, s) => ({
    tried: a.tried + s.tried, ok: a.ok + s.ok, okClean: a.okClean + s.okClean, documents: a.documents + s.documents,
    refused: a.refused + Object.values(s.refused).reduce((x, y) => x + y, 0), named: a.named + s.refusedNamingField,
    owed: a.owed + s.owed, owedOk: a.owedOk + s.owedOk, failed: a.failed + s.failedRequests, ms: a.ms + s.ms,
  }), { tried: 0, ok: 0, okClean: 0, documents: 0, refused: 0, named: 0, owed: 0, owedOk: 0, failed: 0, ms: 0 });
  const lines = [
    `\`${command}\` (${recorded}) — seed ${report.seed}, ${report.runsPerPairing} requests per pairing, ${total.tried} requests, ${total.documents} e-invoice documents checked, ${(report.ms / 1000).toFixed(0)} s in all (${(total.ms / total.tried).toFixed(0)} ms per request, ${(total.ms / Math.max(total.documents, 1)).toFixed(0)} ms per document, one process).`,
    '',
    '| pairing | requests | 200 | 200 with 0 fatal and no fault | documents checked | 4xx by code | 4xx naming a field | owed a 200: got it | requests with a fault |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|',
    ...report.pairings.map((s) => {
      const refused = Object.values(s.refused).reduce((x, y) => x + y, 0);
      const codes = Object.entries(s.refused).sort((a, b) => b[1] - a[1]).map(([code, n]) => `${code}: ${n}`).join(', ') || '–';
      return `| ${s.pairing} | ${s.tried} | ${s.ok} (${percent(s.ok, s.tried)}) | ${s.okClean} | ${s.documents} | ${codes} | ${s.refusedNamingField} of ${refused} | ${s.owedOk} of ${s.owed} | ${s.failedRequests} |`;
    }),
    `| **all** | ${total.tried} | ${total.ok} (${percent(total.ok, total.tried)}) | ${total.okClean} | ${total.documents} | ${total.refused} refused | ${total.named} of ${total.refused} | ${total.owedOk} of ${total.owed} | ${total.failed} |`,
  ];
  const faults = new Map<string, Array<[string, number]>>();
  for (const s of report.pairings) for (const [signature, n] of Object.entries(s.faults)) faults.set(signature, [...(faults.get(signature) ?? []), [s.pairing, n]]);
  lines.push('');
  if (faults.size === 0) lines.push('No fault: every 200 passed the schema and its profile\'s rules with 0 fatal, every refusal named a field.');
  else {
    lines.push('| fault | requests (pairing: count) |', '|---|---|');
    for (const [signature, where] of [...faults].sort((a, b) => b[1].reduce((x, [, n]) => x + n, 0) - a[1].reduce((x, [, n]) => x + n, 0))) {
      lines.push(`| ${signature.replaceAll('|', '\\|')} | ${where.map(([p, n]) => `${p}: ${n}`).join(', ')} |`);
    }
  }
  return lines.join('\n');
}
