import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The official business rule sets the service runs, each for one syntax. */
export type RuleSet = 'en16931-ubl' | 'en16931-cii' | 'peppol-ubl' | 'xrechnung-ubl' | 'xrechnung-cii';

export const RULE_SETS: readonly RuleSet[] = ['en16931-ubl', 'en16931-cii', 'peppol-ubl', 'xrechnung-ubl', 'xrechnung-cii'];

/** The vendored official artefacts (einvoice-rules/README.md): the same path from src/ and dist/. */
export const RULES_DIR = fileURLToPath(new URL('../../einvoice-rules/', import.meta.url));

/** Where the build puts the compiled rule sets (SaxonJS SEF files), from src/ and dist/ alike. */
export const COMPILED_RULES_DIR = fileURLToPath(new URL('../../dist/rule-sets/', import.meta.url));

/** Each rule set's XSLT (schematron compiled by its publisher or by SchXslt), as vendored. */
export const RULE_SET_XSLT: Readonly<Record<RuleSet, string>> = {
  'en16931-ubl': path.join(RULES_DIR, 'en16931', 'EN16931-UBL-validation.xslt'),
  'en16931-cii': path.join(RULES_DIR, 'en16931', 'en16931-cii.xslt'),
  'peppol-ubl': path.join(RULES_DIR, 'peppol', 'peppol-ubl.xsl'),
  'xrechnung-ubl': path.join(RULES_DIR, 'xrechnung', 'xrechnung-ubl.xsl'),
  'xrechnung-cii': path.join(RULES_DIR, 'xrechnung', 'xrechnung-cii.xsl'),
};

/** The root schema of each syntax; it imports its modules by relative path. */
export const SCHEMA_FILES = {
  'ubl-invoice': path.join(RULES_DIR, 'ubl-2.1', 'xsd', 'maindoc', 'UBL-Invoice-2.1.xsd'),
  'ubl-credit-note': path.join(RULES_DIR, 'ubl-2.1', 'xsd', 'maindoc', 'UBL-CreditNote-2.1.xsd'),
  cii: path.join(RULES_DIR, 'cii-d16b', 'CrossIndustryInvoice_100pD16B.xsd'),
} as const;

export type SchemaName = keyof typeof SCHEMA_FILES;

const SAXON_VERSION = (JSON.parse(readFileSync(fileURLToPath(new URL('../../node_modules/saxon-js/package.json', import.meta.url)), 'utf8')) as { version: string }).version;

/**
 * The compiled file of a rule set, named by a hash of its XSLT and of the SaxonJS version that
 * compiles and runs it: a changed source or compiler gives a new name, so a build compiles exactly
 * what changed and a start never reads a stale compile.
 */
export function compiledRuleSetPath(set: RuleSet): string {
  const hash = createHash('sha256').update(readFileSync(RULE_SET_XSLT[set])).update(`saxon-js ${SAXON_VERSION}`).digest('hex').slice(0, 16);
  return path.join(COMPILED_RULES_DIR, `${set}-${hash}.sef.json`);
}
