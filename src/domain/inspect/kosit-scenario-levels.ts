import { XRECHNUNG_SPECIFICATION } from '../documents/document-kinds.ts';

/** BT-24 of a document under XRechnung's extension, which builds on the CIUS. */
export const XRECHNUNG_EXTENSION_SPECIFICATION = `${XRECHNUNG_SPECIFICATION}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`;

type Level = 'information' | 'warning' | 'error';
type Root = 'ubl-invoice' | 'ubl-credit-note' | 'cii';

/**
 * The levels KoSIT's validator configuration for XRechnung 3.0.2 gives EN 16931 rules in its
 * scenarios (vendored as einvoice-rules/xrechnung/validator-configuration/scenarios.xml; a test
 * compares this table with the file). The German public sector's receivers judge XRechnung by
 * them. The CIUS makes some warnings fatal and some code-list rules warnings; the extension
 * allows what further rules forbid (third-party payments instead of BR-CO-16, sub-lines, DIGA
 * identifiers, wider code lists) and checks those with its own BR-DEX rules, which the XRechnung
 * rule set holds. KoSIT has no extension scenario for a UBL credit note.
 */
export const KOSIT_SCENARIO_LEVELS: Readonly<Record<'cius' | 'extension', Partial<Record<Root, Readonly<Record<string, Level>>>>>> = {
  cius: {
    'ubl-invoice': { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'UBL-CR-646': 'error' },
    'ubl-credit-note': { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning' },
    cii: { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'CII-SR-452': 'error', 'CII-SR-453': 'error', 'CII-SR-454': 'error' },
  },
  extension: {
    'ubl-invoice': {
      'BR-CL-21': 'information', 'BR-CL-23': 'warning', 'BR-CL-24': 'information', 'BR-CL-10': 'information',
      'BR-CL-11': 'information', 'BR-CL-25': 'information', 'BR-CL-26': 'information', 'BR-CO-16': 'information',
      'UBL-CR-470': 'information', 'UBL-CR-646': 'information',
    },
    cii: {
      'BR-CL-23': 'warning', 'BR-CL-21': 'information', 'BR-CL-11': 'information', 'BR-CL-10': 'information',
      'BR-CL-24': 'information', 'BR-CL-25': 'information', 'BR-CL-26': 'information',
      'CII-SR-452': 'error', 'CII-SR-453': 'error', 'CII-SR-454': 'error',
    },
  },
};

/**
 * The EN 16931 findings of an XRechnung document at the levels of KoSIT's scenario for it (the
 * CIUS or its extension); any other document keeps the rule sets' own levels.
 */
export function withKositLevels<T extends { readonly check: string; readonly rule: string; readonly flag: string }>(
  findings: readonly T[], specificationId: string | null, root: Root,
): T[] {
  const id = specificationId?.trim();
  const scenario = id === XRECHNUNG_SPECIFICATION ? 'cius' : id === XRECHNUNG_EXTENSION_SPECIFICATION ? 'extension' : undefined;
  const levels = scenario === undefined ? undefined : KOSIT_SCENARIO_LEVELS[scenario][root];
  if (levels === undefined) return [...findings];
  return findings.map((f) => (f.check === 'en16931' && levels[f.rule] !== undefined ? { ...f, flag: levels[f.rule]! } : f));
}
