/**
 * That every hybrid PDF of the e-invoice fixtures carries an e-invoice the official checker passes:
 * for every fixture of test/helpers/einvoice-fixtures.ts that carries the data for CII en16931 or
 * CII xrechnung, the hybrid PDF of that profile (factur-x, xrechnung) is made as a generation makes
 * it — by the CLI's offline render (src/cli/render-offline.ts: the route's reading, code lists,
 * pre-flight (D39), totals, the PDF format on a real worker pool) — and its attachment is extracted
 * with pdfdetach (poppler-utils) and run through the official checker
 * (../shared/einvoice/check-einvoice.mjs, which needs xmllint: Debian libxml2-utils).
 *
 *   node scripts/check-hybrid-fixtures.ts        # KEEP=1 keeps the folder of PDFs and XMLs
 *
 * Prints per profile: hybrids made, attachments checked, schema-valid, fatal; exit 1 on any fatal
 * failure. A one-off check beside the suite, whose hybrid tests use the vendored rules.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { renderOffline } from '../src/cli/render-offline.ts';
import { createPdfWorkerPool } from '../src/render/pdf-worker-pool.ts';
import { EINVOICE_FIXTURES } from '../test/helpers/einvoice-fixtures.ts';

const run = promisify(execFile);
const PROJECT_DIR = fileURLToPath(new URL('../', import.meta.url));
const CHECKER = process.env.EINVOICE_CHECKER ?? path.resolve(PROJECT_DIR, '..', 'shared', 'einvoice', 'check-einvoice.mjs');
const HYBRIDS = [{ profile: 'factur-x', cii: 'en16931', file: 'factur-x.xml' }, { profile: 'xrechnung', cii: 'xrechnung', file: 'xrechnung.xml' }] as const;

const dir = mkdtempSync(path.join(tmpdir(), 'hybrid-fixtures-'));
const pool = createPdfWorkerPool({ size: 2 });
let failed = false;
try {
  for (const hybrid of HYBRIDS) {
    const files: string[] = [];
    for (const [index, fixture] of EINVOICE_FIXTURES.entries()) {
      if (!fixture.pairings.some((p) => p.output === 'cii' && p.profile === hybrid.cii)) continue;
      // The CLI's offline render: the request read, checked and made as a generation makes it.
      const { document: pdf } = await renderOffline(fixture.request, {
        overrides: { output: 'pdf', profile: hybrid.profile },
        number: `TEST-${index}`,
        nowMs: Date.parse('2026-11-25T00:00:00Z'),
      }, { pdfRenderer: () => pool, onFailure: (reason) => console.error(reason) });
      const pdfFile = path.join(dir, `${hybrid.profile}-${index}.pdf`);
      writeFileSync(pdfFile, pdf);
      const out = path.join(dir, `${hybrid.profile}-${index}`);
      mkdirSync(out);
      await run('pdfdetach', ['-saveall', '-o', out, pdfFile]);
      const xml = path.join(dir, `${hybrid.profile}-${index}.xml`);
      writeFileSync(xml, readFileSync(path.join(out, hybrid.file)));
      rmSync(out, { recursive: true });
      files.push(xml);
    }
    const { stdout } = await run('node', [CHECKER, '--profile', hybrid.cii, '--json', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as Record<string, { schema: { ok: boolean; errors: unknown[] }; rules: Record<string, { fatal: unknown[]; warnings: unknown[] }> }>;
    const results = Object.entries(report);
    const fatalOf = (rules: Record<string, { fatal: unknown[] }>) => Object.values(rules).reduce((sum, set) => sum + set.fatal.length, 0);
    const fatal = results.reduce((sum, [, r]) => sum + fatalOf(r.rules), 0);
    const warnings = results.reduce((sum, [, r]) => sum + Object.values(r.rules).reduce((n, set) => n + set.warnings.length, 0), 0);
    const valid = results.filter(([, r]) => r.schema.ok).length;
    console.log(`${hybrid.profile}: ${files.length} hybrids, ${results.length} attachments checked (${hybrid.cii} rules), ${valid} schema-valid, ${fatal} fatal, ${warnings} warnings`);
    if (fatal > 0 || valid !== files.length || results.length !== files.length) {
      failed = true;
      console.log(JSON.stringify(results.filter(([, r]) => !r.schema.ok || fatalOf(r.rules) > 0), null, 2).slice(0, 5000));
    }
  }
} finally {
  await pool.close();
  if (process.env.KEEP === undefined) rmSync(dir, { recursive: true });
  else console.log(`kept ${dir}`);
}
process.exit(failed ? 1 : 0);
