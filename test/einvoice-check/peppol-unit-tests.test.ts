import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { examineDocument } from '../../src/domain/inspect/examine-document.ts';
import { severityOf } from '../../src/domain/inspect/verdict.ts';
import { withoutKnownFalseAlarms } from '../../src/domain/inspect/without-known-false-alarms.ts';
import { createCheckWorkerPool } from '../../src/einvoice-check/check-worker-pool.ts';

// The Peppol BIS 3 rule set's own unit tests (OpenPEPPOL/peppol-bis-invoice-3, rules/unit-UBL-*):
// each file names the rules in its scope, and each of its tests a document fragment with the rules
// that must pass on it (<success>), fail (<error>) or warn (<warning>). The service's checker must
// give exactly that for every rule in scope.

const DIR = fileURLToPath(new URL('../fixtures/peppol-unit/', import.meta.url));
const checker = createCheckWorkerPool({ size: 2 });
after(() => checker.close());

interface UnitTest { readonly description: string; readonly xml: string; readonly expect: ReadonlyMap<string, 'success' | 'fatal' | 'warning'> }

function unitTests(text: string): { scope: string[]; tests: UnitTest[] } {
  const header = /<assert>([\s\S]*?)<\/assert>/.exec(text)?.[1] ?? '';
  const scope = [...header.matchAll(/<scope>([^<]+)<\/scope>/g)].map((m) => m[1]!.trim());
  const tests = [...text.matchAll(/<test(?:\s[^>]*)?>(?:\s|<!--[\s\S]*?-->)*<assert>([\s\S]*?)<\/assert>([\s\S]*?)<\/test>/g)].map((m): UnitTest => {
    const expect = new Map<string, 'success' | 'fatal' | 'warning'>();
    for (const [, tag, id] of m[1]!.matchAll(/<(success|error|warning)>([^<]+)<\/\1>/g)) expect.set(id!.trim(), tag === 'error' ? 'fatal' : tag as 'success' | 'warning');
    return { description: /<description>([\s\S]*?)<\/description>/.exec(m[1]!)?.[1]?.trim() ?? '', xml: m[2]!.trim(), expect };
  });
  return { scope, tests };
}

for (const folder of readdirSync(DIR).filter((name) => name.startsWith('unit-UBL-')).sort()) {
  describe(`Peppol's unit tests, ${folder}`, () => {
    for (const file of readdirSync(path.join(DIR, folder)).filter((name) => name.endsWith('.xml')).sort()) {
      it(file, async () => {
        const { scope, tests } = unitTests(readFileSync(path.join(DIR, folder, file), 'utf8'));
        assert.ok(tests.length > 0, 'the file has tests');
        for (const test of tests) {
          const outcome = await checker.check(test.xml, undefined, ['peppol-ubl']);
          assert.ok(outcome.wellFormed, `${test.description}: not well-formed`);
          // As the service reports them: SaxonJS's known false alarms dropped where the exact check disagrees.
          const read = examineDocument(test.xml, false);
          const findings = withoutKnownFalseAlarms(outcome.findings, read.kind === 'read' ? read.invoice : undefined);
          const fired = new Map<string, 'fatal' | 'warning'>();
          for (const f of findings) if (scope.includes(f.rule)) fired.set(f.rule, severityOf(f.flag));
          for (const [rule, expected] of test.expect) {
            assert.equal(fired.get(rule) ?? 'success', expected, `${file}, "${test.description}": ${rule}`);
          }
        }
      });
    }
  });
}
