import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Re-extracts the closed code lists of src/domain/einvoice/code-lists.ts from the official rule
 * files and compares them with the constants, so a rule update can be diffed:
 *
 *   node scripts/extract-code-lists.ts [ROOT] [--literals]
 *
 * ROOT holds `ubl-2.1/en16931/` and `einvoice/rules/` as ../shared does (the default) and as
 * test/fixtures/ does. It prints each list's size and source rule, what differs between the UBL,
 * CII, Peppol and XRechnung rules, and what differs from the constants; `--literals` also prints
 * each list as the template literal the constants are written in. Exits 1 when a constant differs.
 *
 * A list is found by the id of the assertion that tests it, never by position: the rule files are
 * compiled Schematron, the EN 16931 ones by the ISO skeleton (`<svrl:failed-assert test="…">` with
 * `<xsl:attribute name="id">`), Peppol and XRechnung by SchXslt (`id="…"` with
 * `<xsl:attribute name="test">`). What it reads in a test: `contains(' a b ', concat(…))` (or
 * `substring-before(…)`), `tokenize('a b', '\s')`, a chain of `@x = 'a' or @x = 'b'`, and `$name` of a variable holding one
 * of these (or a `('a', 'b')` sequence, or a `concat` of such variables). Anything else is not seen.
 */

/** The rule files, by the name the sources below use. */
export type RuleFile = 'en16931-ubl' | 'en16931-cii' | 'peppol-ubl' | 'xrechnung-ubl';

/**
 * Where the rule files are under root: the project's own einvoice-rules/ folder, or the official
 * checker's layout (ubl-2.1/en16931/ and einvoice/rules/ side by side).
 */
export function ruleFilePaths(root: string): Record<RuleFile, string> {
  if (existsSync(path.join(root, 'en16931', 'EN16931-UBL-validation.xslt'))) {
    return {
      'en16931-ubl': path.join(root, 'en16931', 'EN16931-UBL-validation.xslt'),
      'en16931-cii': path.join(root, 'en16931', 'en16931-cii.xslt'),
      'peppol-ubl': path.join(root, 'peppol', 'peppol-ubl.xsl'),
      'xrechnung-ubl': path.join(root, 'xrechnung', 'xrechnung-ubl.xsl'),
    };
  }
  return {
    'en16931-ubl': path.join(root, 'ubl-2.1', 'en16931', 'EN16931-UBL-validation.xslt'),
    'en16931-cii': path.join(root, 'einvoice', 'rules', 'en16931-cii.xslt'),
    'peppol-ubl': path.join(root, 'einvoice', 'rules', 'peppol-ubl.xsl'),
    'xrechnung-ubl': path.join(root, 'einvoice', 'rules', 'xrechnung-ubl.xsl'),
  };
}

/** One code list tested by one assertion. */
export interface AssertList {
  /** The assertion's id, e.g. "BR-CL-25". */
  readonly rule: string;
  /** The element the list applies to when the test picks one with `self::` (BR-CL-01 in UBL). */
  readonly guard: string | undefined;
  /** The variable the list came from, if any. */
  readonly variable: string | undefined;
  readonly codes: readonly string[];
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g, (_, name: string | undefined, dec: string | undefined, hex: string | undefined) =>
    name !== undefined ? ENTITIES[name]! : String.fromCodePoint(dec !== undefined ? Number(dec) : parseInt(hex!, 16)));
}

const words = (list: string): string[] => list.trim().split(/\s+/).filter((code) => code !== '');

/**
 * The codes `contains(list, concat(' ', x, ' '))` accepts: only those with a space on both sides,
 * so a list string that does not end in a space does not accept its last code (XRechnung's ICD list).
 */
const containsCodes = (list: string): string[] => words(list).filter((code) => list.includes(` ${code} `));

/** A list variable: a string searched with contains(), or a sequence of codes. */
type ListValue = { readonly text: string } | { readonly codes: readonly string[] };

const codesOf = (value: ListValue): readonly string[] => ('text' in value ? containsCodes(value.text) : value.codes);

/** A variable's select expression as a list, or undefined when it is not one. */
function readListExpression(select: string, variables: ReadonlyMap<string, ListValue>): ListValue | undefined {
  const text = select.trim();
  let match = /^tokenize\(\s*'([^']*)'\s*,\s*'\\s\+?'\s*\)$/.exec(text);
  if (match !== null) return { codes: words(match[1]!) };
  match = /^'(\s[^']*)'$/.exec(text); // ' a b …': a list for contains()
  if (match !== null) return { text: match[1]! };
  if (/^\(\s*'[^']*'(?:\s*,\s*'[^']*')*\s*\)$/.test(text)) return { codes: [...text.matchAll(/'([^']*)'/g)].map((m) => m[1]!) };
  match = /^concat\(\s*(\$[\w.-]+(?:\s*,\s*\$[\w.-]+)*)\s*\)$/.exec(text);
  if (match !== null) {
    const parts = match[1]!.split(',').map((name) => variables.get(name.trim().slice(1)));
    if (parts.every((part) => part !== undefined && 'text' in part)) return { text: parts.map((part) => (part as { text: string }).text).join('') };
  }
  return undefined;
}

function readListValues(xslt: string): Map<string, ListValue> {
  const variables = new Map<string, ListValue>();
  for (const m of xslt.matchAll(/<xsl:variable\s+name="([^"]+)"[^>]*?\sselect="([^"]*)"/g)) {
    const value = readListExpression(unescapeXml(m[2]!), variables);
    if (value === undefined) continue;
    const known = variables.get(m[1]!);
    if (known !== undefined && codesOf(known).join(' ') !== codesOf(value).join(' ')) throw new Error(`variable $${m[1]} is defined twice with different lists`);
    variables.set(m[1]!, value);
  }
  return variables;
}

/**
 * The variables of a rule file that hold code lists, by name, as the tests that use them accept
 * them. Local variables are included: a name defined twice with different lists is refused.
 */
export function readListVariables(xslt: string): Map<string, readonly string[]> {
  return new Map([...readListValues(xslt)].map(([name, value]) => [name, codesOf(value)]));
}

/** Every code list an assertion of the rule file tests, in the file's order. */
export function readAssertLists(xslt: string): AssertList[] {
  const variables = readListVariables(xslt);
  const lists: AssertList[] = [];
  // Attribute values may hold a literal '>', so the start tag is read attribute by attribute.
  for (const m of xslt.matchAll(/<svrl:failed-assert((?:\s+[\w:.-]+="[^"]*")*)\s*>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const [, attributes = '', body = ''] = m;
    const rule = /\sid="([^"]*)"/.exec(attributes)?.[1] ?? /<xsl:attribute name="id">([^<]*)<\/xsl:attribute>/.exec(body)?.[1];
    const rawTest = /\stest="([^"]*)"/.exec(attributes)?.[1] ?? /<xsl:attribute name="test">([^<]*)<\/xsl:attribute>/.exec(body)?.[1];
    if (rule === undefined || rawTest === undefined) continue;
    const test = unescapeXml(rawTest);
    const guardAt = (index: number) => [...test.slice(0, index).matchAll(/self::([\w:]+)/g)].at(-1)?.[1];
    const found: { index: number; variable?: string; codes: readonly string[] }[] = [];
    for (const l of test.matchAll(/contains\(\s*'([^']*)'\s*,\s*concat\(/g)) found.push({ index: l.index, codes: containsCodes(l[1]!) });
    // UBL's BR-CL-08: the code between a note's first two '#'.
    for (const l of test.matchAll(/contains\(\s*'([^']*)'\s*,\s*substring-before\(/g)) found.push({ index: l.index, codes: words(l[1]!) });
    for (const l of test.matchAll(/tokenize\(\s*'([^']*)'\s*,\s*'\\s\+?'\s*\)/g)) found.push({ index: l.index, codes: words(l[1]!) });
    for (const l of test.matchAll(/\$([\w.-]+)/g)) {
      const codes = variables.get(l[1]!);
      if (codes !== undefined) found.push({ index: l.index, variable: l[1]!, codes });
    }
    // BR-CL-24: `@mimeCode = 'a' or @mimeCode = 'b' …` and nothing else.
    const equalities = /^[\s(]*(@[\w:]+)\s*=\s*'[^']*'(?:\s+or\s+\1\s*=\s*'[^']*')+[\s)]*$/.exec(test);
    if (found.length === 0 && equalities !== null) found.push({ index: 0, codes: [...test.matchAll(/=\s*'([^']*)'/g)].map((e) => e[1]!) });
    for (const { index, variable, codes } of found.sort((a, b) => a.index - b.index)) lists.push({ rule, guard: guardAt(index), variable, codes });
  }
  return lists;
}

/** Where one constant of code-lists.ts comes from. */
export interface CodeListSource {
  readonly file: RuleFile;
  /** Assertion ids that test the list; all of them must test the same codes. */
  readonly rules: readonly string[];
  /** Only the list under `self::<guard>` (UBL's BR-CL-01 has one list per document type). */
  readonly guard?: string;
  /** Only the list of this variable, when a rule tests more than one (XRechnung adds ' SEPA '). */
  readonly variable?: string;
  /** Codes the rule accepts beside the list under a condition of its own, left out of it. */
  readonly besides?: readonly string[];
}

/** The constants of src/domain/einvoice/code-lists.ts and where each is read. */
export const CODE_LIST_SOURCES = {
  EAS_CODES: { file: 'en16931-ubl', rules: ['BR-CL-25'] },
  // BR-CL-10 also accepts SEPA, for the seller's or payee's bank-assigned creditor id only.
  ICD_CODES: { file: 'en16931-ubl', rules: ['BR-CL-10', 'BR-CL-11', 'BR-CL-21', 'BR-CL-26'], besides: ['SEPA'] },
  VATEX_CODES: { file: 'en16931-ubl', rules: ['BR-CL-22'] },
  PAYMENT_MEANS_CODES: { file: 'en16931-ubl', rules: ['BR-CL-16'] },
  ALLOWANCE_REASON_CODES: { file: 'en16931-ubl', rules: ['BR-CL-19'] },
  CHARGE_REASON_CODES: { file: 'en16931-ubl', rules: ['BR-CL-20'] },
  VAT_CATEGORY_CODES: { file: 'en16931-ubl', rules: ['BR-CL-17', 'BR-CL-18'] },
  REC20_UNIT_CODES: { file: 'en16931-ubl', rules: ['BR-CL-23'] },
  CURRENCY_CODES: { file: 'en16931-ubl', rules: ['BR-CL-03', 'BR-CL-04', 'BR-CL-05'] },
  ISO3166_COUNTRY_CODES: { file: 'en16931-ubl', rules: ['BR-CL-14', 'BR-CL-15'] },
  INVOICE_TYPE_CODES: { file: 'en16931-ubl', rules: ['BR-CL-01'], guard: 'cbc:InvoiceTypeCode' },
  CREDIT_NOTE_TYPE_CODES: { file: 'en16931-ubl', rules: ['BR-CL-01'], guard: 'cbc:CreditNoteTypeCode' },
  VAT_POINT_DATE_CODES: { file: 'en16931-ubl', rules: ['BR-CL-06'] },
  CII_VAT_POINT_DATE_CODES: { file: 'en16931-cii', rules: ['BR-CL-06'] },
  MIME_CODES: { file: 'en16931-ubl', rules: ['BR-CL-24'] },
  NOTE_SUBJECT_CODES: { file: 'en16931-ubl', rules: ['BR-CL-08'] },
  PEPPOL_EAS_CODES: { file: 'peppol-ubl', rules: ['PEPPOL-EN16931-CL008'], variable: 'eaid' },
  PEPPOL_INVOICE_TYPE_CODES: { file: 'peppol-ubl', rules: ['PEPPOL-EN16931-P0100'] },
  PEPPOL_CREDIT_NOTE_TYPE_CODES: { file: 'peppol-ubl', rules: ['PEPPOL-EN16931-P0101'] },
  XRECHNUNG_INVOICE_TYPE_CODES: { file: 'xrechnung-ubl', rules: ['BR-DE-17'] },
} as const satisfies Record<string, CodeListSource>;

export type CodeListName = keyof typeof CODE_LIST_SOURCES;

/** The codes of one source, refusing a source whose rules disagree or test nothing. */
export function pickList(lists: readonly AssertList[], source: CodeListSource): string[] {
  const picked = lists.filter((l) => source.rules.includes(l.rule)
    && (source.guard === undefined || l.guard === source.guard)
    && (source.variable === undefined || l.variable === source.variable)
    && l.codes.join(' ') !== source.besides?.join(' '));
  const distinct = new Set(picked.map((l) => [...new Set(l.codes)].sort().join(' ')));
  const missing = source.rules.filter((rule) => !picked.some((l) => l.rule === rule));
  if (missing.length > 0) throw new Error(`${source.file}: no code list found for ${missing.join(', ')}`);
  if (distinct.size > 1) throw new Error(`${source.file}: ${source.rules.join(', ')} test ${distinct.size} different lists`);
  return [...new Set(picked[0]!.codes)];
}

/** Every constant's codes as the rule files under root have them. */
export function extractCodeLists(root: string): Record<CodeListName, string[]> {
  const paths = ruleFilePaths(root);
  const cache = new Map<RuleFile, AssertList[]>();
  const listsOf = (file: RuleFile) => {
    if (!cache.has(file)) cache.set(file, readAssertLists(readFileSync(paths[file], 'utf8')));
    return cache.get(file)!;
  };
  const entries = Object.entries(CODE_LIST_SOURCES).map(([name, source]) => [name, pickList(listsOf(source.file), source)]);
  return Object.fromEntries(entries) as Record<CodeListName, string[]>;
}

/** Codes in `a` and not in `b`, in a's order. */
function missingFrom(a: Iterable<string>, b: ReadonlySet<string>): string[] {
  return [...a].filter((code) => !b.has(code));
}

/** The same list as one rule file and another have it, where they differ. */
interface Comparison { readonly what: string; readonly a: readonly string[]; readonly b: readonly string[] }

/** Lists tested by the same rule id in the EN 16931 UBL and CII files, and in Peppol and XRechnung. */
function crossFileComparisons(root: string): Comparison[] {
  const paths = ruleFilePaths(root);
  const read = (file: RuleFile) => readAssertLists(readFileSync(paths[file], 'utf8'));
  const ubl = read('en16931-ubl');
  const cii = read('en16931-cii');
  const peppol = readListVariables(readFileSync(paths['peppol-ubl'], 'utf8'));
  const xrechnung = readListVariables(readFileSync(paths['xrechnung-ubl'], 'utf8'));
  const union = (lists: readonly AssertList[], rule: string) => [...new Set(lists.filter((l) => l.rule === rule && l.codes.length > 1).flatMap((l) => l.codes))];
  const rules = [...new Set(ubl.filter((l) => l.rule.startsWith('BR-CL-')).map((l) => l.rule))];
  const comparisons: Comparison[] = rules.map((rule) => ({ what: `${rule}: EN 16931 UBL → CII`, a: union(ubl, rule), b: union(cii, rule) }));
  const versus = (what: string, en: readonly string[], other: readonly string[] | undefined) => {
    if (other !== undefined) comparisons.push({ what, a: en, b: other });
  };
  versus('EAS: EN 16931 BR-CL-25 → Peppol $eaid', union(ubl, 'BR-CL-25'), peppol.get('eaid'));
  versus('ISO 4217: EN 16931 BR-CL-03 → Peppol $ISO4217', union(ubl, 'BR-CL-03'), peppol.get('ISO4217'));
  versus('ISO 3166: EN 16931 BR-CL-14 → Peppol $ISO3166', union(ubl, 'BR-CL-14'), peppol.get('ISO3166'));
  versus('MIME: EN 16931 BR-CL-24 → Peppol $MIMECODE', union(ubl, 'BR-CL-24'), peppol.get('MIMECODE'));
  versus('UNCL 2005: EN 16931 BR-CL-06 → Peppol $UNCL2005', union(ubl, 'BR-CL-06'), peppol.get('UNCL2005'));
  versus('UNCL 5189: EN 16931 BR-CL-19 → Peppol $UNCL5189', union(ubl, 'BR-CL-19'), peppol.get('UNCL5189'));
  versus('UNCL 7161: EN 16931 BR-CL-20 → Peppol $UNCL7161', union(ubl, 'BR-CL-20'), peppol.get('UNCL7161'));
  versus('UNCL 5305: EN 16931 BR-CL-17 → Peppol $UNCL5305', union(ubl, 'BR-CL-17'), peppol.get('UNCL5305'));
  versus('ICD: EN 16931 BR-CL-10 → XRechnung $ISO-6523-ICD-EXT-CODES (BR-DEX-04)', union(ubl, 'BR-CL-10'), xrechnung.get('ISO-6523-ICD-EXT-CODES'));
  versus('EAS: EN 16931 BR-CL-25 → XRechnung $CEF-EAS-EXT-CODES (BR-DEX-07)', union(ubl, 'BR-CL-25'), xrechnung.get('CEF-EAS-EXT-CODES'));
  versus('UNCL 7143: EN 16931 BR-CL-13 → XRechnung $UNTDID-7143-CVD-CODES', union(ubl, 'BR-CL-13'), xrechnung.get('UNTDID-7143-CVD-CODES'));
  return comparisons;
}

function describeDifference(a: readonly string[], b: readonly string[]): string | undefined {
  const removed = missingFrom(a, new Set(b));
  const added = missingFrom(b, new Set(a));
  if (removed.length === 0 && added.length === 0) return undefined;
  const show = (codes: string[]) => (codes.length > 40 ? `${codes.slice(0, 40).join(' ')} … (${codes.length})` : codes.join(' '));
  return [removed.length > 0 ? `lacks ${show(removed)}` : '', added.length > 0 ? `adds ${show(added)}` : ''].filter(Boolean).join('; ');
}

/** A list as the constants write it: a template literal wrapped at 118 columns. */
export function formatLiteral(codes: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const code of codes) {
    if (line !== '' && line.length + code.length + 1 > 118) { lines.push(line); line = ''; }
    line = line === '' ? code : `${line} ${code}`;
  }
  if (line !== '') lines.push(line);
  return `codes(\`\n${lines.join('\n')}\n\`)`;
}

async function main(args: readonly string[]): Promise<number> {
  const repo = path.resolve(import.meta.dirname, '..');
  const root = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? path.join(repo, '..', 'shared'));
  if (!existsSync(ruleFilePaths(root)['en16931-ubl'])) throw new Error(`no rule files under ${root}`);
  const extracted = extractCodeLists(root);
  const constants: Record<string, ReadonlySet<string>> = await import('../src/domain/einvoice/code-lists.ts');
  let differs = false;
  console.log(`Code lists under ${root}:`);
  for (const [name, codes] of Object.entries(extracted)) {
    const source: CodeListSource = CODE_LIST_SOURCES[name as CodeListName];
    const constant = constants[name];
    const difference = constant === undefined ? 'not a constant of code-lists.ts' : describeDifference([...constant], codes);
    if (difference !== undefined) differs = true;
    console.log(`  ${name.padEnd(30)} ${String(codes.length).padStart(5)}  ${source.file} ${source.rules.join('/')}${difference === undefined ? '' : `  ≠ constant: ${difference}`}`);
    if (args.includes('--literals')) console.log(`${formatLiteral(codes)}\n`);
  }
  console.log('\nThe same list in other rule files:');
  for (const { what, a, b } of crossFileComparisons(root)) console.log(`  ${what}: ${describeDifference(a, b) ?? 'same'}`);
  return differs ? 1 : 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
