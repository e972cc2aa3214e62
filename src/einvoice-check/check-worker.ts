import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { ParseOption, XmlDocument, XmlParseError, XmlValidateError, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { fsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';
import SaxonJS from 'saxon-js';
import { examineDocument } from '../domain/inspect/examine-document.ts';
import { scanXmlProlog } from '../domain/inspect/scan-xml-prolog.ts';
import { extractInvoiceAttachment } from './extract-invoice-attachment.ts';
import type { CheckJob, CheckOutcome, ExamineOutcome, RuleFinding, SchemaViolation } from './check-job.ts';
import { RULES_DIR, SCHEMA_FILES, compiledRuleSetPath, type RuleSet, type SchemaName } from './rule-set-files.ts';

// libxml2 may open files only to follow a schema's imports inside the vendored folder: a document
// cannot make it read anything else (a DOCTYPE is refused before a document gets here, and
// NONET and NO_XXE stay on besides).
xmlRegisterInputProvider({
  ...fsInputProviders,
  match: (filename) => {
    const resolved = path.resolve(filename.startsWith('file:') ? new URL(filename).pathname : filename);
    return resolved.startsWith(RULES_DIR) && fsInputProviders.match(resolved);
  },
});

const PARSE_OPTIONS = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

const validators = new Map<SchemaName, XsdValidator>();
function validatorOf(name: SchemaName): XsdValidator {
  let validator = validators.get(name);
  if (validator === undefined) {
    const file = SCHEMA_FILES[name];
    using xsd = XmlDocument.fromBuffer(readFileSync(file), { url: file, option: PARSE_OPTIONS });
    validator = XsdValidator.fromDoc(xsd);
    validators.set(name, validator);
  }
  return validator;
}

const stylesheets = new Map<RuleSet, unknown>();
function stylesheetOf(set: RuleSet): unknown {
  let stylesheet = stylesheets.get(set);
  if (stylesheet === undefined) {
    stylesheet = JSON.parse(readFileSync(compiledRuleSetPath(set), 'utf8')) as unknown;
    stylesheets.set(set, stylesheet);
  }
  return stylesheet;
}

// "/*:Invoice[namespace-uri()='…'][1]/*:Note[…][1]" or "/Q{…}Invoice[1]/Q{…}Note[1]" -> "/Invoice[1]/Note[1]"
const shortPath = (location: string): string =>
  location.replace(/\[namespace-uri\(\)='[^']*'\]/g, '').replace(/Q\{[^}]*\}/g, '').replace(/\*:/g, '');

const SVRL_NS = 'http://purl.oclc.org/dsdl/svrl';
const SVRL_FINDINGS = 'array { (//svrl:failed-assert | //svrl:successful-report) ! map { "id": string(@id),'
  + ' "flag": string((@flag, @role)[1]), "location": string(@location), "text": normalize-space(svrl:text) } }';

function checkSchema(name: SchemaName, xml: string): CheckOutcome {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml, { option: PARSE_OPTIONS });
  } catch (error) {
    const detail = error instanceof XmlParseError ? error.details[0] : undefined;
    return { wellFormed: false, error: (detail?.message ?? (error as Error).message).trim(), line: detail?.line ?? 0 };
  }
  try {
    validatorOf(name).validate(doc);
    return { wellFormed: true, schema: [], findings: [] };
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    const schema: SchemaViolation[] = error.details.map((d) => ({ message: d.message.trim(), line: d.line, location: d.xpath ?? undefined }));
    return { wellFormed: true, schema, findings: [] };
  } finally {
    doc.dispose();
  }
}

async function checkRules(xml: string, sets: readonly RuleSet[]): Promise<RuleFinding[]> {
  if (sets.length === 0) return [];
  const source = await SaxonJS.getResource({ text: xml, type: 'xml' });
  const findings: RuleFinding[] = [];
  for (const set of sets) {
    const { principalResult: svrl } = SaxonJS.transform({ stylesheetInternal: stylesheetOf(set), sourceNode: source, destination: 'document' });
    const found = SaxonJS.XPath.evaluate(SVRL_FINDINGS, svrl, { namespaceContext: { svrl: SVRL_NS } }) as Array<{ id: string; flag: string; location: string; text: string }>;
    // trim(): some rule texts end in no-break spaces, which normalize-space() keeps.
    for (const f of found) findings.push({ set, rule: f.id, flag: f.flag, location: shortPath(f.location), text: f.text.trim() });
  }
  return findings;
}

async function check(xml: string, schema: SchemaName | undefined, ruleSets: readonly RuleSet[]): Promise<CheckOutcome> {
  const schemaOutcome = schema === undefined ? undefined : checkSchema(schema, xml);
  if (schemaOutcome !== undefined && !schemaOutcome.wellFormed) return schemaOutcome;
  return { wellFormed: true, schema: schemaOutcome?.schema, findings: await checkRules(xml, ruleSets) };
}

/** The rule sets of each check a syntax can have; the schema is run apart. */
const RULE_SETS_OF: Readonly<Record<'ubl' | 'cii', Partial<Record<string, RuleSet>>>> = {
  ubl: { en16931: 'en16931-ubl', peppol: 'peppol-ubl', xrechnung: 'xrechnung-ubl' },
  cii: { en16931: 'en16931-cii', xrechnung: 'xrechnung-cii' },
};

async function examine(xml: string, inPdf: boolean): Promise<ExamineOutcome> {
  const examination = examineDocument(xml, inPdf);
  if (examination.kind === 'refused') return { examination, outcome: undefined };
  const schema: SchemaName = examination.root;
  const ruleSets = examination.checks.flatMap((name) => RULE_SETS_OF[examination.syntax][name] ?? []);
  return { examination, outcome: await check(xml, schema, ruleSets) };
}

/** A hybrid PDF's attachment, examined; its prolog is scanned here, as the route does for XML. */
async function examinePdf(pdf: Uint8Array): Promise<ExamineOutcome> {
  const found = await extractInvoiceAttachment(pdf);
  if (found.kind === 'refused') return { examination: { kind: 'refused', reason: found.reason }, outcome: undefined };
  const prolog = scanXmlProlog(found.xml);
  if (prolog.kind !== 'root') {
    const reason = prolog.kind === 'doctype' ? 'declares a DOCTYPE' : `is not XML (found ${prolog.found})`;
    return { examination: { kind: 'refused', reason: `The attachment ${found.name} ${reason}.` }, outcome: undefined };
  }
  return { ...(await examine(found.xml, true)), attachment: found };
}

parentPort!.on('message', async (job: CheckJob & { readonly id: number }) => {
  let reply: object;
  try {
    const result = job.kind === 'examine' ? await examine(job.xml, job.inPdf)
      : job.kind === 'examine-pdf' ? await examinePdf(job.pdf)
        : await check(job.xml, job.schema, job.ruleSets);
    reply = { id: job.id, ok: true, ...result };
  } catch (error) {
    reply = { id: job.id, ok: false, error: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});

// Every schema and rule set is loaded before the first job: a worker answers in document time.
for (const name of Object.keys(SCHEMA_FILES) as SchemaName[]) validatorOf(name);
parentPort!.postMessage({ ready: true });
