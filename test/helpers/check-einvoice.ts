import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SaxonJS from 'saxon-js';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

// Checks e-invoices as the official checker check-einvoice.mjs (kept outside this repository) does
// (same schemas, rule sets per profile and fatal/warning split), from the artefacts the service
// itself vendors (einvoice-rules/, see its README) but by a path of its own: xmllint-wasm in place
// of the xmllint binary, and each XSLT compiled here with xslt3. The tests use it as the second
// opinion on what the service's own checker (src/einvoice-check/) reports.

export type EInvoiceProfile = 'en16931' | 'peppol' | 'xrechnung';
export type Syntax = 'ubl' | 'cii';
export type RuleSet = 'en16931-ubl' | 'en16931-cii' | 'peppol-ubl' | 'xrechnung-ubl' | 'xrechnung-cii';

export interface SchemaVerdict {
  valid: boolean;
  /** "line N: message", namespaces shortened to cbc:/cac:/ext: (UBL) and rsm:/ram:/udt:/qdt: (CII). */
  errors: string[];
}

export interface RuleFailure {
  /** Rule id, e.g. "BR-CO-16". */
  id: string;
  /** XPath of the context node, e.g. "/Invoice[1]/LegalMonetaryTotal[1]". */
  location: string;
  text: string;
  /** The rule set that reported it. */
  set: RuleSet;
}

export interface RuleSetResult {
  fatal: RuleFailure[];
  warnings: RuleFailure[];
}

export interface RuleResult extends RuleSetResult {
  syntax: Syntax;
  /** The same failures split by rule set, one entry per set the profile runs for the syntax. */
  bySet: Partial<Record<RuleSet, RuleSetResult>>;
}

export interface EInvoiceCheck {
  schema: SchemaVerdict;
  rules: RuleResult;
}

const PROJECT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const RULES_DIR = path.join(PROJECT_DIR, 'einvoice-rules');
// Under node_modules so it is never committed, and a fresh `npm install` on CI starts cold.
const SEF_CACHE_DIR = path.join(PROJECT_DIR, 'node_modules', '.cache', 'einvoice-rules');

const RULE_XSLTS: Readonly<Record<RuleSet, string>> = {
  'en16931-ubl': path.join(RULES_DIR, 'en16931', 'EN16931-UBL-validation.xslt'),
  'en16931-cii': path.join(RULES_DIR, 'en16931', 'en16931-cii.xslt'),
  'peppol-ubl': path.join(RULES_DIR, 'peppol', 'peppol-ubl.xsl'),
  'xrechnung-ubl': path.join(RULES_DIR, 'xrechnung', 'xrechnung-ubl.xsl'),
  'xrechnung-cii': path.join(RULES_DIR, 'xrechnung', 'xrechnung-cii.xsl'),
};

// As the official checker: Peppol defines no CII syntax; XRechnung's sets carry the Peppol rules it keeps.
const PROFILE_RULE_SETS: Readonly<Record<EInvoiceProfile, Readonly<Record<Syntax, readonly RuleSet[] | null>>>> = {
  en16931: { ubl: ['en16931-ubl'], cii: ['en16931-cii'] },
  peppol: { ubl: ['en16931-ubl', 'peppol-ubl'], cii: null },
  xrechnung: { ubl: ['en16931-ubl', 'xrechnung-ubl'], cii: ['en16931-cii', 'xrechnung-cii'] },
};

interface DocumentKind {
  readonly syntax: Syntax;
  /** Folder and file names as xmllint sees them: the XSDs import each other by relative path. */
  readonly dir: string;
  readonly schema: string;
  readonly preload: readonly string[] | 'folder';
}

const INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
const CII_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const UBL_COMMON = path.join(RULES_DIR, 'ubl-2.1', 'xsd');
const DOCUMENT_KINDS: ReadonlyMap<string, DocumentKind> = new Map(Object.entries({
  [INVOICE_NS]: { syntax: 'ubl', dir: UBL_COMMON, schema: 'maindoc/UBL-Invoice-2.1.xsd', preload: 'folder' },
  [CREDIT_NOTE_NS]: { syntax: 'ubl', dir: UBL_COMMON, schema: 'maindoc/UBL-CreditNote-2.1.xsd', preload: 'folder' },
  [CII_NS]: {
    syntax: 'cii',
    dir: path.join(RULES_DIR, 'cii-d16b'),
    schema: 'CrossIndustryInvoice_100pD16B.xsd',
    preload: ['QualifiedDataType', 'ReusableAggregateBusinessInformationEntity', 'UnqualifiedDataType']
      .map((module) => `CrossIndustryInvoice_${module}_100pD16B.xsd`),
  },
}));
const KNOWN_ROOTS = 'a UBL 2.1 Invoice or CreditNote, nor a CII D16B CrossIndustryInvoice';

// The usual prefixes, so xmllint's "{urn:…:CommonBasicComponents-2}Note" reads "cbc:Note".
const NS_PREFIXES: ReadonlyMap<string, string> = new Map(Object.entries({
  [INVOICE_NS]: '',
  [CREDIT_NOTE_NS]: '',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac:',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc:',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext:',
  [CII_NS]: 'rsm:',
  'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100': 'ram:',
  'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100': 'udt:',
  'urn:un:unece:uncefact:data:standard:QualifiedDataType:100': 'qdt:',
}));

const xsdFiles = new Map<string, Promise<{ schema: XMLFileInfo; preload: XMLFileInfo[] }>>();

function loadXsdFiles(kind: DocumentKind): Promise<{ schema: XMLFileInfo; preload: XMLFileInfo[] }> {
  let files = xsdFiles.get(kind.schema);
  if (!files) {
    files = (async () => {
      const read = async (rel: string): Promise<XMLFileInfo> => ({ fileName: rel, contents: await readFile(path.join(kind.dir, rel), 'utf8') });
      const preload = kind.preload === 'folder'
        ? (await readdir(path.join(kind.dir, 'common'))).filter((n) => n.endsWith('.xsd')).map((n) => `common/${n}`)
        : kind.preload;
      return { schema: await read(kind.schema), preload: await Promise.all(preload.map(read)) };
    })();
    xsdFiles.set(kind.schema, files);
  }
  return files;
}

// A regex rather than a parser, so that an ill-formed document whose root can still be read goes
// to its schema and xmllint names the parse error. A wrong guess cannot pass a document: xmllint
// rejects a root whose namespace the schema does not declare.
const ROOT_TAG = /^(?:\uFEFF)?(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*<(?:([\w.-]+):)?[\w.-]+((?:[^>"']|"[^"]*"|'[^']*')*)\/?>/;

function sniffRootNamespace(xml: string): string | undefined {
  const m = ROOT_TAG.exec(xml);
  if (!m) return undefined;
  const declared = new RegExp(`\\sxmlns${m[1] ? `:${m[1]}` : ''}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(m[2] ?? '');
  return declared ? (declared[1] ?? declared[2]) : '';
}

// xmllint prints "doc-N.xml:LINE: message", then "doc-N.xml validates" or "… fails to validate".
// Other lines (the source excerpt and caret under a parser error) carry no file name and are dropped.
const XMLLINT_LINE = /^doc-(\d+)\.xml(?::(\d+): (.*)| (validates|fails to validate))$/;

const shortenNamespaces = (message: string): string =>
  message.replace(/\{([^}]*)\}/g, (whole, ns: string) => NS_PREFIXES.get(ns) ?? whole);

/** Runs xmllint once over `docs` (index → xml); with no schema it only parses them. */
async function runXmllint(docs: ReadonlyMap<number, string>, kind: DocumentKind | undefined, verdicts: SchemaVerdict[]): Promise<void> {
  const files = kind ? await loadXsdFiles(kind) : { schema: [], preload: [] };
  const result = await validateXML({
    xml: [...docs].map(([i, contents]) => ({ fileName: `doc-${i}.xml`, contents })),
    schema: files.schema,
    preload: files.preload,
  });
  for (const line of result.rawOutput.split('\n')) {
    const m = XMLLINT_LINE.exec(line);
    const verdict = m ? verdicts[Number(m[1])] : undefined;
    if (!m || !verdict) continue;
    if (m[4] === 'validates') verdict.valid = true;
    else if (m[2] !== undefined) verdict.errors.push(`line ${m[2]}: ${shortenNamespaces(m[3] ?? '')}`);
  }
  for (const [i] of docs) {
    const v = verdicts[i]!;
    // Never let an unparsed xmllint answer read as a silent failure without a reason.
    if (kind && !v.valid && v.errors.length === 0) v.errors.push(`xmllint gave no reason; its output was: ${result.rawOutput}`);
  }
}

/**
 * XSD-validates UBL 2.1 Invoice / CreditNote and CII D16B documents with libxml2 (xmllint-wasm),
 * one verdict per document in input order; the root element's namespace picks the schema. A
 * document that is not well-formed, or whose root is none of those, is invalid with the reason in
 * `errors`. Cost: each schema needed compiles once per call (a call takes ~0.5–1 s), so pass all
 * documents in one call. Throws only when xmllint itself fails (e.g. a schema does not compile).
 */
export async function validateSchema(xmls: readonly string[]): Promise<SchemaVerdict[]> {
  const verdicts: SchemaVerdict[] = xmls.map(() => ({ valid: false, errors: [] }));
  const groups = new Map<DocumentKind | undefined, Map<number, string>>();
  const roots: Array<string | undefined> = [];
  xmls.forEach((xml, i) => {
    roots[i] = sniffRootNamespace(xml);
    const kind = DOCUMENT_KINDS.get(roots[i] ?? '');
    if (!groups.has(kind)) groups.set(kind, new Map());
    groups.get(kind)!.set(i, xml);
  });
  await Promise.all([...groups].map(([kind, docs]) => runXmllint(docs, kind, verdicts)));
  for (const [i] of groups.get(undefined) ?? []) {
    // Parsed without a schema: a parse error is the reason if there is one, else the root.
    const v = verdicts[i]!;
    if (v.errors.length === 0) {
      v.errors.push(roots[i] === undefined ? 'no root element found' : `root element is not ${KNOWN_ROOTS} (namespace "${roots[i]}")`);
    }
  }
  return verdicts;
}

const execFileAsync = promisify(execFile);
const require = createRequire(import.meta.url);

async function compileSef(xsltPath: string, sefPath: string): Promise<void> {
  await mkdir(path.dirname(sefPath), { recursive: true });
  const tmpPath = `${sefPath}.${process.pid}.tmp`;
  try {
    const cli = require.resolve('xslt3/xslt3.js');
    try {
      await execFileAsync(process.execPath, [cli, `-xsl:${xsltPath}`, `-export:${tmpPath}`, '-nogo', '-relocate:on'],
        { maxBuffer: 16 * 1024 * 1024 });
    } catch (e) {
      const stderr = (e as { stderr?: string }).stderr ?? '';
      throw new Error(`xslt3 could not compile ${xsltPath}: ${(e as Error).message}\n${stderr}`);
    }
    // Two test processes may compile at once on a cold cache. Readers only ever see a complete
    // file (rename is atomic); whichever process renames first wins and the other keeps its copy
    // out of the way. Both files are the same compile of the same XSLT, so either is fine.
    if (!existsSync(sefPath)) await rename(tmpPath, sefPath);
  } finally {
    await rm(tmpPath, { force: true });
  }
}

const stylesheets = new Map<RuleSet, Promise<unknown>>();

/** A rule set's XSLT as a parsed SEF: compiled on first use (cached by the XSLT's hash), read once per process. */
function loadStylesheet(set: RuleSet): Promise<unknown> {
  let stylesheet = stylesheets.get(set);
  if (!stylesheet) {
    stylesheet = (async () => {
      const hash = createHash('sha256').update(await readFile(RULE_XSLTS[set])).digest('hex').slice(0, 12);
      const sefPath = path.join(SEF_CACHE_DIR, `${set}-${hash}.sef.json`);
      if (!existsSync(sefPath)) await compileSef(RULE_XSLTS[set], sefPath);
      return JSON.parse(await readFile(sefPath, 'utf8')) as unknown;
    })().catch((e: unknown) => {
      stylesheets.delete(set); // let a later call retry instead of replaying the failure
      throw e;
    });
    stylesheets.set(set, stylesheet);
  }
  return stylesheet;
}

// "/*:Invoice[namespace-uri()='…'][1]/*:Note[…][1]" or "/Q{…}Invoice[1]/Q{…}Note[1]" -> "/Invoice[1]/Note[1]"
const shortPath = (location: string): string =>
  location.replace(/\[namespace-uri\(\)='[^']*'\]/g, '').replace(/Q\{[^}]*\}/g, '').replace(/\*:/g, '');

/**
 * The official checker's split of an SVRL finding: fatal when its flag (or its role, when it has no
 * flag) is fatal or error in any case, or when it has neither; everything else (warning,
 * information, …) is a warning. Exported for its table test: the vendored rules use only the flags
 * fatal, warning and information, so the other branches are never reached through them.
 */
export function isFatalFinding({ flag, role }: { readonly flag: string; readonly role: string }): boolean {
  return ['fatal', 'error'].includes((flag || role || 'fatal').toLowerCase());
}

const SVRL_NS = 'http://purl.oclc.org/dsdl/svrl';
const SVRL_FINDINGS = 'array { (//svrl:failed-assert | //svrl:successful-report) ! map { "id": string(@id),'
  + ' "flag": string(@flag), "role": string(@role), "location": string(@location), "text": normalize-space(svrl:text) } }';

/**
 * Runs a profile's official business rules (schematron compiled to XSLT) with SaxonJS: the
 * EN 16931 rules for the document's syntax, plus Peppol BIS 3 (UBL only) or XRechnung's. Every
 * failed assert and successful report is returned; `fatal` ones (flag, or role, fatal/error/none)
 * make the document non-compliant, `warnings` are the rest. Run validateSchema too: the rules
 * assume a schema-valid document. Throws on ill-formed XML, an unknown root, or a profile with no
 * rules for the syntax (peppol on CII). Cost: the first use of a rule set in a cold checkout
 * compiles it (~10–30 s, cached under node_modules/.cache/einvoice-rules); the first use in a
 * process loads its SEF (~0.3–1 s); then ~0.1–0.3 s per document and profile, synchronous (it
 * blocks the event loop meanwhile).
 */
export async function checkRules(xml: string, profile: EInvoiceProfile = 'en16931'): Promise<RuleResult> {
  const source = await SaxonJS.getResource({ text: xml, type: 'xml' }).catch((e: unknown) => {
    throw new Error(`document is not well-formed XML: ${(e as Error).message}`, { cause: e });
  });
  const rootNs = String(SaxonJS.XPath.evaluate('namespace-uri(/*)', source));
  // Any other root matches no rule and would come back with zero failures, a false pass.
  const kind = DOCUMENT_KINDS.get(rootNs);
  if (!kind) throw new Error(`root element is not ${KNOWN_ROOTS} (namespace "${rootNs}")`);
  const sets = PROFILE_RULE_SETS[profile][kind.syntax];
  if (!sets) throw new Error(`profile ${profile} has no rules for ${kind.syntax.toUpperCase()} documents`);
  // Loaded together, so that on a cold cache a profile's sets compile in parallel.
  const stylesheetsInternal = await Promise.all(sets.map(loadStylesheet));
  const result: RuleResult = { syntax: kind.syntax, fatal: [], warnings: [], bySet: {} };
  for (const [i, set] of sets.entries()) {
    const stylesheetInternal = stylesheetsInternal[i];
    const { principalResult: svrl } = SaxonJS.transform({ stylesheetInternal, sourceNode: source, destination: 'document' });
    const findings = SaxonJS.XPath.evaluate(SVRL_FINDINGS, svrl, { namespaceContext: { svrl: SVRL_NS } }) as
      Array<{ id: string; flag: string; role: string; location: string; text: string }>;
    const bySet: RuleSetResult = { fatal: [], warnings: [] };
    for (const { id, flag, role, location, text } of findings) {
      // trim(): some rule texts end in no-break spaces, which normalize-space() keeps.
      const failure: RuleFailure = { id, location: shortPath(location), text: text.trim(), set };
      (isFatalFinding({ flag, role }) ? bySet.fatal : bySet.warnings).push(failure);
    }
    result.bySet[set] = bySet;
    result.fatal.push(...bySet.fatal);
    result.warnings.push(...bySet.warnings);
  }
  return result;
}

/** Schema and rules of one document under a profile, as the official checker reports them. */
export async function checkEInvoice(xml: string, profile: EInvoiceProfile): Promise<EInvoiceCheck> {
  const [schema] = await validateSchema([xml]);
  return { schema: schema!, rules: await checkRules(xml, profile) };
}

/** checkEInvoice for many documents: every schema compiles once for the lot, then the rules run per document. */
export async function checkEInvoices(docs: readonly { xml: string; profile: EInvoiceProfile }[]): Promise<EInvoiceCheck[]> {
  const schemas = await validateSchema(docs.map((d) => d.xml));
  const checks: EInvoiceCheck[] = [];
  for (const [i, { xml, profile }] of docs.entries()) checks.push({ schema: schemas[i]!, rules: await checkRules(xml, profile) });
  return checks;
}
