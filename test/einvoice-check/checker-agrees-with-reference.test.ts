import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { severityOf } from '../../src/domain/inspect/verdict.ts';
import { createCheckWorkerPool } from '../../src/einvoice-check/check-worker-pool.ts';
import type { RuleSet, SchemaName } from '../../src/einvoice-check/rule-set-files.ts';
import { checkEInvoice, type EInvoiceProfile } from '../helpers/check-einvoice.ts';
import { EINVOICE_FIXTURES } from '../helpers/einvoice-fixtures.ts';
import { makeEInvoice } from '../helpers/make-einvoice.ts';

// The service's checker (libxml2 in a worker, rule sets compiled at build time) and the tests'
// reference path (xmllint-wasm, each XSLT compiled by the helper, as the official checker
// check-einvoice.mjs runs them) must find the same: the same schema verdict and the same fatal and
// warning rule ids, on valid documents and broken ones alike.

const checker = createCheckWorkerPool({ size: 2 });
after(() => checker.close());

const RULE_SETS: Readonly<Record<EInvoiceProfile, Readonly<Record<'ubl' | 'cii', readonly RuleSet[]>>>> = {
  en16931: { ubl: ['en16931-ubl'], cii: ['en16931-cii'] },
  peppol: { ubl: ['en16931-ubl', 'peppol-ubl'], cii: [] },
  xrechnung: { ubl: ['en16931-ubl', 'xrechnung-ubl'], cii: ['en16931-cii', 'xrechnung-cii'] },
};

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const generated = makeEInvoice({ ...EINVOICE_FIXTURES[0]!.request, output: 'ubl', profile: 'xrechnung' }).xml;
const generatedCii = makeEInvoice({ ...EINVOICE_FIXTURES[0]!.request, output: 'cii', profile: 'xrechnung' }).xml;
const CASES: ReadonlyArray<{ name: string; xml: string; profile: EInvoiceProfile }> = [
  { name: 'the OASIS UBL example (36 fatal rules)', xml: fixture('ubl-2.1/examples/UBL-Invoice-2.1-Example.xml'), profile: 'en16931' },
  { name: 'a Peppol example under XRechnung (fails its demands)', xml: fixture('einvoice/examples/peppol-base-example.xml'), profile: 'xrechnung' },
  { name: 'a CEN CII example under XRechnung', xml: fixture('einvoice/examples/CII_example1.xml'), profile: 'xrechnung' },
  { name: 'a generated XRechnung UBL with a wrong total and an unknown element', xml: generated.replace(/<cbc:PayableAmount currencyID="EUR">[^<]*</, '<cbc:PayableAmount currencyID="EUR">1.00<').replace('<cbc:IssueDate>', '<cbc:Unknown>x</cbc:Unknown><cbc:IssueDate>'), profile: 'xrechnung' },
  { name: 'a generated XRechnung CII with a wrong total', xml: generatedCii.replace(/<ram:DuePayableAmount>[^<]*</, '<ram:DuePayableAmount>1.00<'), profile: 'xrechnung' },
  { name: 'a Peppol credit note under Peppol', xml: fixture('einvoice/examples/peppol-base-creditnote-correction.xml'), profile: 'peppol' },
];

const ids = (rules: ReadonlyArray<{ id?: string; rule?: string }>) => rules.map((r) => r.id ?? r.rule ?? '').sort();

describe('the service\'s checker agrees with the reference path on the same documents', () => {
  for (const { name, xml, profile } of CASES) {
    it(name, async () => {
      const reference = await checkEInvoice(xml, profile);
      const syntax = reference.rules.syntax;
      const schema: SchemaName = syntax === 'cii' ? 'cii' : xml.includes('CreditNote-2') ? 'ubl-credit-note' : 'ubl-invoice';
      const outcome = await checker.check(xml, schema, RULE_SETS[profile][syntax]);
      assert.ok(outcome.wellFormed);
      assert.equal((outcome.schema ?? []).length === 0, reference.schema.valid, 'schema verdict');
      const fatal = outcome.findings.filter((f) => severityOf(f.flag) === 'fatal');
      const warnings = outcome.findings.filter((f) => severityOf(f.flag) === 'warning');
      assert.deepEqual(ids(fatal), ids(reference.rules.fatal), 'fatal rule ids');
      assert.deepEqual(ids(warnings), ids(reference.rules.warnings), 'warning rule ids');
    });
  }
});

describe('the rule sets are compiled by the build, once', () => {
  it('a second run of the build\'s compile step compiles nothing', () => {
    const output = execFileSync(process.execPath, ['scripts/compile-rule-sets.ts'], { cwd: new URL('../../', import.meta.url), encoding: 'utf8' });
    assert.match(output, /all 5 compiled already/);
  });
});
