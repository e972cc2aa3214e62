import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';

/** One finding of either linter, reduced to what a failing assertion should print. */
export interface LintProblem {
  readonly rule: string;
  readonly severity: 'error' | 'warning' | 'info' | 'hint';
  readonly message: string;
  readonly where: string;
}

/** @redocly/openapi-core with its `recommended` ruleset, as `redocly lint` runs it by default. */
export async function lintWithRedocly(document: object): Promise<LintProblem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  return problems.map((p) => ({
    rule: p.ruleId,
    severity: p.severity === 'error' ? 'error' : p.severity === 'warn' ? 'warning' : 'info',
    message: p.message,
    where: p.location.map((l) => l.pointer ?? '').join(' '),
  }));
}

const SPECTRAL_SEVERITY = ['error', 'warning', 'info', 'hint'] as const;

/** Spectral with `spectral:oas`, the ruleset `spectral lint` uses for an OpenAPI document. */
export async function lintWithSpectral(document: object): Promise<LintProblem[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, 'recommended']] } as never);
  const results = await spectral.run(new Document(JSON.stringify(document, null, 2), Parsers.Json, 'openapi.json'));
  return results.map((r) => ({
    rule: String(r.code),
    severity: SPECTRAL_SEVERITY[r.severity] ?? 'hint',
    message: r.message,
    where: '#/' + r.path.join('/'),
  }));
}

/** For a one-off look from the shell: lints a document file with both. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { readFileSync } = await import('node:fs');
  const doc = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));
  for (const [name, lint] of [['redocly', lintWithRedocly], ['spectral', lintWithSpectral]] as const) {
    const problems = await lint(doc);
    const count = (s: string) => problems.filter((p) => p.severity === s).length;
    console.log(`${name}: ${count('error')} errors, ${count('warning')} warnings`);
    for (const p of problems) console.log(`  ${p.severity} ${p.rule} ${p.where} ${p.message}`);
  }
}
