import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { RULE_SET_XSLT } from '../../../src/einvoice-check/rule-set-files.ts';

const RULE_FILES: Readonly<Record<string, string>> = {
  'EN 16931 UBL': RULE_SET_XSLT['en16931-ubl'],
  'EN 16931 CII': RULE_SET_XSLT['en16931-cii'],
  'Peppol BIS 3': RULE_SET_XSLT['peppol-ubl'],
  'XRechnung UBL': RULE_SET_XSLT['xrechnung-ubl'],
  'XRechnung CII': RULE_SET_XSLT['xrechnung-cii'],
};

/**
 * The ids of a compiled rule file's fatal asserts: the EN 16931 files are compiled by the ISO
 * skeleton (`<xsl:attribute name="id">` and `<xsl:attribute name="flag">` inside the assert),
 * Peppol's and XRechnung's by SchXslt (`id="…" flag="…"` on it). A start tag's attributes may hold
 * a '>', so it is read attribute by attribute.
 */
function fatalRuleIds(xslt: string): Set<string> {
  const ids = new Set<string>();
  for (const m of xslt.matchAll(/<svrl:failed-assert((?:\s+[\w:.-]+="[^"]*")*)\s*>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const [, attributes = '', content = ''] = m;
    const id = /\sid="([^"]*)"/.exec(attributes)?.[1] ?? /<xsl:attribute name="id">([^<]*)</.exec(content)?.[1];
    const flag = /\sflag="([^"]*)"/.exec(attributes)?.[1] ?? /<xsl:attribute name="flag">([^<]*)</.exec(content)?.[1];
    if (id !== undefined && flag === 'fatal') ids.add(id);
  }
  return ids;
}

/** docs/einvoice.md's inventory: from its heading to the next section of the same level. */
function inventory(): string {
  const doc = readFileSync(fileURLToPath(new URL('../../../docs/einvoice.md', import.meta.url)), 'utf8');
  const start = doc.indexOf('### Every official rule, and how the service holds it');
  assert.ok(start >= 0, 'docs/einvoice.md has its rule inventory');
  const end = doc.indexOf('\n## ', start);
  return doc.slice(start, end < 0 ? undefined : end);
}

describe('docs/einvoice.md names every fatal rule of the official rule sets, and how it is held', () => {
  const text = inventory();
  const named = (id: string) => new RegExp(`(?<![\\w-])${id.replace(/[-]/g, '\\-')}(?![\\w-])`).test(text);

  for (const [set, file] of Object.entries(RULE_FILES)) {
    it(`${set}: every fatal rule id is in the inventory`, () => {
      const ids = fatalRuleIds(readFileSync(file, 'utf8'));
      assert.ok(ids.size >= 60, `${set}: ${ids.size} fatal rules read`);
      // Peppol's ids stand in the docs with their prefix; XRechnung's copies of them too.
      assert.deepEqual([...ids].filter((id) => !named(id)), [], `${set}: not in docs/einvoice.md`);
    });
  }

  it('the counts it states are the rule files\' counts', () => {
    const counts = Object.fromEntries(Object.entries(RULE_FILES).map(([set, file]) => [set, fatalRuleIds(readFileSync(file, 'utf8')).size]));
    assert.match(text, new RegExp(`EN 16931 UBL 1\\.3\\.16 [^|]*\\| ${counts['EN 16931 UBL']} \\|`));
    assert.match(text, new RegExp(`EN 16931 CII 1\\.3\\.16 [^|]*\\| ${counts['EN 16931 CII']} \\|`));
    assert.match(text, new RegExp(`Peppol BIS Billing 3\\.0\\.19 [^|]*\\| ${counts['Peppol BIS 3']} \\|`));
    assert.match(text, new RegExp(`\\| ${counts['XRechnung UBL']} / ${counts['XRechnung CII']} \\|`));
    const distinct = new Set(Object.values(RULE_FILES).flatMap((file) => [...fatalRuleIds(readFileSync(file, 'utf8'))]));
    assert.match(text, new RegExp(`${distinct.size} distinct ids`));
  });
});
