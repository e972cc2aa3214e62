import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { XRECHNUNG_SPECIFICATION } from '../../../src/domain/documents/document-kinds.ts';
import { KOSIT_SCENARIO_LEVELS, withKositLevels, XRECHNUNG_EXTENSION_SPECIFICATION } from '../../../src/domain/inspect/kosit-scenario-levels.ts';

const SCENARIOS = readFileSync(new URL('../../../einvoice-rules/xrechnung/validator-configuration/scenarios.xml', import.meta.url), 'utf8');

/** The customLevel entries of the scenario with this name, as the vendored file states them. */
function customLevels(name: string): Record<string, string> {
  const scenario = SCENARIOS.split('<scenario>').find((block) => block.includes(`<name>${name}</name>`));
  assert.ok(scenario !== undefined, `scenarios.xml has "${name}"`);
  return Object.fromEntries([...scenario.matchAll(/<customLevel level="(\w+)">([\w-]+)<\/customLevel>/g)].map((m) => [m[2]!, m[1]!]));
}

describe('KoSIT\'s levels for XRechnung', () => {
  it('are those of the scenarios in the vendored scenarios.xml, for the CIUS and its extension', () => {
    assert.deepEqual(KOSIT_SCENARIO_LEVELS.cius['ubl-invoice'], customLevels('EN16931 XRechnung (UBL Invoice)'));
    assert.deepEqual(KOSIT_SCENARIO_LEVELS.cius['ubl-credit-note'], customLevels('EN16931 XRechnung (UBL CreditNote)'));
    assert.deepEqual(KOSIT_SCENARIO_LEVELS.cius.cii, customLevels('EN16931 XRechnung (CII)'));
    assert.deepEqual(KOSIT_SCENARIO_LEVELS.extension['ubl-invoice'], customLevels('EN16931 XRechnung Extension (UBL Invoice)'));
    assert.deepEqual(KOSIT_SCENARIO_LEVELS.extension.cii, customLevels('EN16931 XRechnung Extension (CII)'));
    assert.equal(SCENARIOS.includes('<name>EN16931 XRechnung Extension (UBL CreditNote)</name>'), false);
  });

  const findings = [
    { check: 'en16931', rule: 'BR-CO-16', flag: 'fatal' },
    { check: 'en16931', rule: 'UBL-CR-646', flag: 'warning' },
    { check: 'xrechnung', rule: 'BR-CO-16', flag: 'fatal' },
  ];

  it('apply to an XRechnung document\'s EN 16931 findings by its scenario, and leave other rules as they are', () => {
    assert.deepEqual(withKositLevels(findings, XRECHNUNG_EXTENSION_SPECIFICATION, 'ubl-invoice').map((f) => f.flag), ['information', 'information', 'fatal']);
    assert.deepEqual(withKositLevels(findings, ` ${XRECHNUNG_SPECIFICATION} `, 'ubl-invoice').map((f) => f.flag), ['fatal', 'error', 'fatal']);
    assert.deepEqual(withKositLevels([{ check: 'en16931', rule: 'CII-SR-452', flag: 'warning' }], XRECHNUNG_EXTENSION_SPECIFICATION, 'cii').map((f) => f.flag), ['error']);
  });

  it('do not apply to another profile, or to a UBL credit note claiming the extension (KoSIT has no scenario for it)', () => {
    assert.deepEqual(withKositLevels(findings, 'urn:cen.eu:en16931:2017', 'ubl-invoice'), findings);
    assert.deepEqual(withKositLevels(findings, null, 'ubl-invoice'), findings);
    assert.deepEqual(withKositLevels(findings, XRECHNUNG_EXTENSION_SPECIFICATION, 'ubl-credit-note'), findings);
  });
});
