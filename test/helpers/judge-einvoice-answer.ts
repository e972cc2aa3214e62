import type { LightMyRequestResponse } from 'fastify';
import type { EInvoiceProfile } from './check-einvoice.ts';
import { jsonAgreementFindings, ruleFindings, schemaFindings, type Finding } from './einvoice-document-findings.ts';
import type { FuzzCase } from './einvoice-fuzz-arbitrary.ts';
import type { FuzzPairing } from './einvoice-fuzz-pairings.ts';
import { pdfAttachments } from './pdf-tools.ts';
import { abstractPath, REQUEST_FIELD_PATHS } from './request-schema-fields.ts';

type Json = Record<string, any>;

/** A document whose schema check waits for the batch (xmllint compiles its schema once per run). */
export interface PendingSchema {
  readonly xml: string;
  readonly where: string;
}

export interface Judgement {
  readonly status: number;
  /** The error code of a 4xx/5xx. */
  readonly code: string | undefined;
  /** For a 4xx: whether it names a field (error.problems / error.unknown_fields, or a path in the message). */
  readonly namesField: boolean | undefined;
  /** e-invoice documents checked behind this answer (the answer, the hybrid's CII, a JSON pre-flight's ubl/cii). */
  readonly documents: number;
  readonly findings: Finding[];
  readonly pendingSchema: PendingSchema[];
}

export type Send = (body: Json) => Promise<LightMyRequestResponse>;

/** The error codes a refused request may carry: a field is wrong, or the calculation cannot be done. */
const REFUSALS: Readonly<Record<number, (code: string) => boolean>> = {
  400: (code) => code === 'validation_error' || code === 'e_invoice_incomplete' || code.startsWith('invalid_'),
  422: (code) => code === 'calculation_error',
};
/** Top-level fields a message may name without a dot: a bare "from" or "items" is ordinary English. */
const BARE_NAMES = new Set([...REQUEST_FIELD_PATHS].filter((p) => !/[.[]/.test(p) && p.includes('_')).concat(['output', 'profile', 'shipping', 'deposit', 'rounding', 'notes', 'footer', 'signature', 'template', 'metadata']));
const PATH_TOKEN = /[A-Za-z_$][\w$]*(?:\[\d+\])?(?:\.[A-Za-z_$][\w$]*(?:\[\d+\])?)*/g;
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every path of the body as sent (misspelt keys included), abstract. */
function sentPaths(body: unknown, path = '', into = new Set<string>()): Set<string> {
  if (Array.isArray(body)) body.forEach((v) => sentPaths(v, `${path}[]`, into));
  else if (typeof body === 'object' && body !== null) {
    for (const [k, v] of Object.entries(body)) {
      const at = path === '' ? k : `${path}.${k}`;
      into.add(snake(at));
      if (k !== 'metadata') sentPaths(v, at, into);
    }
  }
  return into;
}

/** An error names the field path to fix. */
function namesField(error: Json, body: Json): boolean {
  const listed = [...(error.problems ?? []), ...(error.unknown_fields ?? [])] as Json[];
  if (listed.length > 0) return listed.every((p) => typeof p.field === 'string' && p.field.trim() !== '');
  const sent = sentPaths(body);
  const message = String(error.message ?? '');
  // "items is required": a bare top-level name that opens the message is the field it is about.
  if (REQUEST_FIELD_PATHS.has(snake(/^[\w$]+/.exec(message)?.[0] ?? ''))) return true;
  for (const token of message.match(PATH_TOKEN) ?? []) {
    const path = abstractPath(snake(token));
    const dotted = /[.[]/.test(path);
    if ((REQUEST_FIELD_PATHS.has(path) && (dotted || BARE_NAMES.has(path))) || (dotted && sent.has(path))) return true;
  }
  return false;
}

function errorOf(res: LightMyRequestResponse): Json | undefined {
  try {
    return (res.json() as Json).error as Json | undefined;
  } catch {
    return undefined;
  }
}

const firstField = (error: Json | undefined): string =>
  abstractPath(String(error?.problems?.[0]?.field ?? error?.unknown_fields?.[0]?.field ?? (String(error?.message ?? '').match(PATH_TOKEN) ?? []).find((t) => /[.[]/.test(t)) ?? '-'));

const mediaTypes: Readonly<Record<string, string>> = { ubl: 'application/xml', cii: 'application/xml', pdf: 'application/pdf', json: 'application/json' };

/**
 * Sends one fuzzed request and judges the answer against the contract: a 200 whose document(s)
 * pass the official schema and the profile's rules with 0 fatal and carry no empty element, or
 * a 400/422 whose error names a field; never a 5xx or another status. On top, what the case owes
 * (a 200 for a complete request, a refusal for a misspelt key), D48 for ubl without a profile,
 * and for a JSON pre-flight that the ubl/cii answers of the same request agree with it.
 */
export async function judgeEInvoiceAnswer(send: Send, pairing: FuzzPairing, c: FuzzCase, options: { deferSchema: boolean }): Promise<Judgement> {
  const findings: Finding[] = [];
  const pendingSchema: PendingSchema[] = [];
  const documents: Array<{ xml: string; profile: EInvoiceProfile | undefined; where: string }> = [];
  const res = await send(c.body);
  const error = res.statusCode === 200 ? undefined : errorOf(res);
  const code = error?.code as string | undefined;
  let named: boolean | undefined;

  if (res.statusCode >= 500) findings.push({ signature: `${res.statusCode} ${code ?? 'without a code'}`, detail: res.body.slice(0, 300) });
  else if (res.statusCode !== 200) {
    if (error === undefined || typeof code !== 'string') findings.push({ signature: `${res.statusCode} without an error body`, detail: res.body.slice(0, 300) });
    else {
      if (!REFUSALS[res.statusCode]?.(code)) findings.push({ signature: `unexpected ${res.statusCode} ${code}`, detail: String(error.message).slice(0, 300) });
      named = namesField(error, c.body);
      if (!named) findings.push({ signature: `${code} names no field`, detail: String(error.message).slice(0, 300) });
      const seen = new Set<string>();
      for (const p of (error.problems ?? []) as Json[]) {
        const key = `${String(p.field)} ${p.term ?? ''}`;
        if (seen.has(key)) findings.push({ signature: `problem listed twice: ${key}`, detail: String(error.message).slice(0, 300) });
        seen.add(key);
      }
      if (pairing.name === 'ubl/-' && code === 'e_invoice_incomplete') {
        findings.push({ signature: 'ubl without a profile refused as e_invoice_incomplete (D48: plain UBL 2.1)', detail: String(error.message).slice(0, 300) });
      }
    }
    if (c.expect.kind === 'complete' && !(pairing.name === 'ubl/-' && code === 'e_invoice_incomplete')) findings.push({ signature: `refused a complete request: ${code} ${firstField(error)}`, detail: String(error?.message ?? res.body).slice(0, 400) });
    if (c.expect.kind === 'typo' && c.expect.alone && !JSON.stringify(error ?? {}).includes(c.expect.path)) {
      findings.push({ signature: 'misspelt key not named', detail: `${c.expect.path}: ${String(error?.message).slice(0, 300)}` });
    }
  } else {
    if (c.expect.kind === 'typo') findings.push({ signature: 'accepted a misspelt key (D46)', detail: `${c.expect.path} answered 200` });
    if (!String(res.headers['content-type']).startsWith(mediaTypes[pairing.output]!)) {
      findings.push({ signature: `${pairing.output} answered as ${String(res.headers['content-type'])}`, detail: '' });
    } else if (pairing.output === 'ubl' || pairing.output === 'cii') {
      const plain = pairing.profile === undefined && String(res.headers['x-warnings'] ?? '').includes('not_en16931');
      documents.push({ xml: res.body, profile: plain ? undefined : pairing.ruleProfile, where: plain ? `${pairing.name} (plain UBL 2.1)` : pairing.name });
    } else if (pairing.output === 'pdf') {
      await judgeHybrid(send, pairing, c, res, documents, findings);
    } else {
      await judgePreflight(send, pairing, c, res, documents, findings);
    }
  }
  if (pairing.output === 'json' && res.statusCode >= 400 && res.statusCode < 500 && code !== undefined) {
    const answers = await Promise.all(pairing.checks.map((check) => send({ ...c.body, output: check.output, profile: check.profile })));
    if (!answers.some((a) => a.statusCode === res.statusCode && errorOf(a)?.code === code)) {
      findings.push({ signature: `JSON pre-flight ${code}, but ${pairing.checks.map((k) => k.output).join('/')} not`, detail: answers.map((a) => `${a.statusCode} ${errorOf(a)?.code ?? ''}`).join(', ') });
    }
  }

  for (const d of documents) {
    findings.push(...await ruleFindings(d.xml, d.profile, d.where));
    pendingSchema.push({ xml: d.xml, where: d.where });
  }
  if (!options.deferSchema && pendingSchema.length > 0) {
    (await schemaFindings(pendingSchema.map((p) => p.xml))).forEach((list, i) => findings.push(...list.map((f) => ({ ...f, detail: `${pendingSchema[i]!.where}: ${f.detail}` }))));
    pendingSchema.length = 0;
  }
  return { status: res.statusCode, code, namesField: named, documents: documents.length, findings, pendingSchema };
}

/** The hybrid carries one attachment named for its profile, byte for byte what output "cii" answers. */
async function judgeHybrid(send: Send, pairing: FuzzPairing, c: FuzzCase, res: LightMyRequestResponse, documents: Array<{ xml: string; profile: EInvoiceProfile | undefined; where: string }>, findings: Finding[]): Promise<void> {
  const fileName = pairing.profile === 'factur-x' ? 'factur-x.xml' : 'xrechnung.xml';
  const attachments = await pdfAttachments(res.rawPayload);
  if (attachments.length !== 1 || attachments[0]!.name !== fileName) {
    findings.push({ signature: 'hybrid PDF without its one attachment', detail: `attachments: ${attachments.map((a) => a.name).join(', ') || 'none'}` });
    return;
  }
  const xml = attachments[0]!.bytes.toString('utf8');
  documents.push({ xml, profile: pairing.ruleProfile, where: `${pairing.name} (${fileName})` });
  // Without a number of its own (none, or a blank one, which counts as none) each request draws
  // the next one, so only a numbered request can be compared.
  const number: unknown = c.body.invoice?.number ?? c.body.number;
  if (number === undefined || (typeof number === 'string' && number.trim() === '')) return;
  const cii = await send({ ...c.body, output: 'cii', profile: pairing.ruleProfile });
  if (cii.statusCode !== 200) findings.push({ signature: `hybrid PDF 200, but cii ${cii.statusCode} ${errorOf(cii)?.code ?? ''}`, detail: String(errorOf(cii)?.message ?? '').slice(0, 300) });
  else if (cii.body !== xml) findings.push({ signature: 'hybrid attachment differs from the cii answer (D40)', detail: `${xml.length} vs ${cii.body.length} characters` });
}

/** D39: a 200 JSON pre-flight promises the documents; each must be a 200 that agrees with the JSON on money. */
async function judgePreflight(send: Send, pairing: FuzzPairing, c: FuzzCase, res: LightMyRequestResponse, documents: Array<{ xml: string; profile: EInvoiceProfile | undefined; where: string }>, findings: Finding[]): Promise<void> {
  const invoice = (res.json() as Json).invoice as Json;
  for (const check of pairing.checks) {
    const answer = await send({ ...c.body, output: check.output, profile: check.profile });
    const where = `${pairing.name} → ${check.output}/${check.profile}`;
    if (answer.statusCode !== 200) {
      findings.push({ signature: `JSON pre-flight 200, but ${check.output} ${answer.statusCode} ${errorOf(answer)?.code ?? ''}`, detail: `${where}: ${String(errorOf(answer)?.message ?? '').slice(0, 300)}` });
      continue;
    }
    documents.push({ xml: answer.body, profile: check.profile, where });
    findings.push(...jsonAgreementFindings(invoice, answer.body, c.body, where));
  }
}
