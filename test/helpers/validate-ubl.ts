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

// Vendored OASIS schemas and CEN rules; see test/fixtures/ubl-2.1/README.md.
const PROJECT_DIR = fileURLToPath(new URL('../../', import.meta.url));
const UBL_DIR = path.join(PROJECT_DIR, 'test', 'fixtures', 'ubl-2.1');
const XSLT_PATH = path.join(UBL_DIR, 'en16931', 'EN16931-UBL-validation.xslt');
// Under node_modules so it is never committed, and a fresh `npm install` on CI starts cold.
const SEF_CACHE_DIR = path.join(PROJECT_DIR, 'node_modules', '.cache', 'ubl-en16931');

const INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const SVRL_NS = 'http://purl.oclc.org/dsdl/svrl';
// The usual prefixes, so xmllint's "{urn:…:CommonBasicComponents-2}Note" reads "cbc:Note".
const NS_PREFIXES: Readonly<Record<string, string>> = {
  [INVOICE_NS]: '',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2': 'cac:',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2': 'cbc:',
  'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2': 'ext:',
};

export interface SchemaVerdict {
  valid: boolean;
  /** "line N: message", namespaces shortened to cbc:/cac:/ext:. */
  errors: string[];
}

export interface RuleFailure {
  /** Rule id, e.g. "BR-CO-16". */
  id: string;
  /** XPath of the context node, e.g. "/Invoice[1]/LegalMonetaryTotal[1]". */
  location: string;
  text: string;
}

export interface En16931Result {
  fatal: RuleFailure[];
  warnings: RuleFailure[];
}

interface XsdFiles {
  readonly schema: XMLFileInfo;
  readonly preload: readonly XMLFileInfo[];
}

let xsdFiles: Promise<XsdFiles> | undefined;

function loadXsdFiles(): Promise<XsdFiles> {
  xsdFiles ??= (async () => {
    // The file names keep the maindoc/ and common/ folders because the schema imports
    // "../common/…" relative to itself inside xmllint's in-memory file system.
    const read = async (rel: string): Promise<XMLFileInfo> =>
      ({ fileName: rel, contents: await readFile(path.join(UBL_DIR, 'xsd', rel), 'utf8') });
    const common = (await readdir(path.join(UBL_DIR, 'xsd', 'common'))).filter((n) => n.endsWith('.xsd'));
    return {
      schema: await read('maindoc/UBL-Invoice-2.1.xsd'),
      preload: await Promise.all(common.map((n) => read(`common/${n}`))),
    };
  })();
  return xsdFiles;
}

// xmllint prints "doc-N.xml:LINE: message", then "doc-N.xml validates" or "… fails to validate".
// Other lines (the source excerpt and caret under a parser error) carry no file name and are dropped.
const XMLLINT_LINE = /^doc-(\d+)\.xml(?::(\d+): (.*)| (validates|fails to validate))$/;

function shortenNamespaces(message: string): string {
  return message.replace(/\{([^}]*)\}/g, (whole, ns: string) => NS_PREFIXES[ns] ?? whole);
}

/**
 * XSD-validates UBL 2.1 Invoice documents against the official OASIS UBL-Invoice-2.1.xsd with
 * libxml2 (xmllint-wasm), returning one verdict per document in input order. A document that is
 * not well-formed, or whose root is not a UBL Invoice, is invalid with the reason in `errors`.
 * Cost: the schema is compiled on every call (~0.2–0.5 s), so pass all documents in one call.
 * Throws only when xmllint itself fails (e.g. the schema does not compile).
 */
export async function validateUblSchema(xmls: readonly string[]): Promise<SchemaVerdict[]> {
  if (xmls.length === 0) return [];
  const { schema, preload } = await loadXsdFiles();
  const result = await validateXML({
    xml: xmls.map((contents, i) => ({ fileName: `doc-${i}.xml`, contents })),
    schema,
    preload,
  });
  const verdicts: SchemaVerdict[] = xmls.map(() => ({ valid: false, errors: [] }));
  for (const line of result.rawOutput.split('\n')) {
    const m = XMLLINT_LINE.exec(line);
    const verdict = m ? verdicts[Number(m[1])] : undefined;
    if (!m || !verdict) continue;
    if (m[4] === 'validates') verdict.valid = true;
    else if (m[2] !== undefined) verdict.errors.push(`line ${m[2]}: ${shortenNamespaces(m[3] ?? '')}`);
  }
  for (const v of verdicts) {
    // Never let an unparsed xmllint answer read as a silent failure without a reason.
    if (!v.valid && v.errors.length === 0) v.errors.push(`xmllint gave no reason; its output was: ${result.rawOutput}`);
  }
  return verdicts;
}

const execFileAsync = promisify(execFile);
const require = createRequire(import.meta.url);

async function compileSef(sefPath: string): Promise<void> {
  await mkdir(path.dirname(sefPath), { recursive: true });
  const tmpPath = `${sefPath}.${process.pid}.tmp`;
  try {
    const cli = require.resolve('xslt3/xslt3.js');
    try {
      await execFileAsync(process.execPath, [cli, `-xsl:${XSLT_PATH}`, `-export:${tmpPath}`, '-nogo', '-relocate:on'],
        { maxBuffer: 16 * 1024 * 1024 });
    } catch (e) {
      const stderr = (e as { stderr?: string }).stderr ?? '';
      throw new Error(`xslt3 could not compile ${XSLT_PATH}: ${(e as Error).message}\n${stderr}`);
    }
    // Two test processes may compile at once on a cold cache. Readers only ever see a complete
    // file (rename is atomic); whichever process renames first wins and the other keeps its copy
    // out of the way. Both files are the same compile of the same XSLT, so either is fine.
    if (!existsSync(sefPath)) await rename(tmpPath, sefPath);
  } finally {
    await rm(tmpPath, { force: true });
  }
}

let stylesheet: Promise<unknown> | undefined;

/** The EN 16931 XSLT as a parsed SEF, compiled on first use and read once per process. */
function loadStylesheet(): Promise<unknown> {
  stylesheet ??= (async () => {
    const hash = createHash('sha256').update(await readFile(XSLT_PATH)).digest('hex').slice(0, 12);
    const sefPath = path.join(SEF_CACHE_DIR, `EN16931-UBL-validation-${hash}.sef.json`);
    if (!existsSync(sefPath)) await compileSef(sefPath);
    return JSON.parse(await readFile(sefPath, 'utf8')) as unknown;
  })().catch((e: unknown) => {
    stylesheet = undefined; // let a later call retry instead of replaying the failure
    throw e;
  });
  return stylesheet;
}

// "/*:Invoice[namespace-uri()='…'][1]/*:Note[namespace-uri()='…'][1]" -> "/Invoice[1]/Note[1]"
function shortPath(location: string): string {
  return location.replace(/\[namespace-uri\(\)='[^']*'\]/g, '').replace(/\*:/g, '');
}

/**
 * Runs the official CEN EN 16931 business rules for UBL (schematron 1.3.16 as XSLT) with SaxonJS
 * and returns every failed assert: `fatal` ones make the invoice non-compliant, `warnings` are
 * the rest (mostly UBL-CR-* "element not used by EN 16931"). Run validateUblSchema first: the
 * rules assume a schema-valid document. Throws on ill-formed XML or a root other than a UBL Invoice.
 * Cost: the first call in a cold checkout compiles the XSLT (~10–20 s, cached under
 * node_modules/.cache/ubl-en16931); the first call in a process loads the ~7 MB SEF (~0.5 s);
 * then ~50–300 ms per document, synchronous (it blocks the event loop meanwhile).
 */
export async function checkEn16931(xml: string): Promise<En16931Result> {
  const stylesheetInternal = await loadStylesheet();
  const source = await SaxonJS.getResource({ text: xml, type: 'xml' });
  const rootNs = SaxonJS.XPath.evaluate('namespace-uri(/*)', source);
  // Any other root matches no rule and would come back with zero failures, a false pass.
  if (rootNs !== INVOICE_NS) throw new Error(`root element is not a UBL 2.1 Invoice (namespace "${String(rootNs)}")`);
  const { principalResult: svrl } = SaxonJS.transform({ stylesheetInternal, sourceNode: source, destination: 'document' });
  const failed = SaxonJS.XPath.evaluate(
    'array { //svrl:failed-assert ! map { "id": string(@id), "flag": string(@flag),'
      + ' "location": string(@location), "text": normalize-space(svrl:text) } }',
    svrl, { namespaceContext: { svrl: SVRL_NS } },
  ) as Array<{ id: string; flag: string; location: string; text: string }>;
  const result: En16931Result = { fatal: [], warnings: [] };
  for (const { id, flag, location, text } of failed) {
    // trim(): some rule texts end in no-break spaces, which normalize-space() keeps.
    (flag === 'fatal' ? result.fatal : result.warnings).push({ id, location: shortPath(location), text: text.trim() });
  }
  return result;
}
