import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SaxonJS from 'saxon-js';

// Thin wrappers over qpdf 11 and poppler-utils (Debian packages), so PDF tests read a file with
// tools that did not write it. Each call writes the bytes to a fresh temp folder and removes it.

const execFileAsync = promisify(execFile);
const MAX_TOOL_OUTPUT_BYTES = 512 * 1024 * 1024;

interface ToolRun { readonly code: number; readonly stdout: string; readonly stderr: string }

/** Runs a tool; a non-zero exit is returned, not thrown (qpdf exits 3 for "succeeded with warnings"). */
async function run(command: string, args: readonly string[], cwd?: string): Promise<ToolRun> {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, { cwd, maxBuffer: MAX_TOOL_OUTPUT_BYTES, encoding: 'utf8' });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function withPdfFile<T>(pdf: Uint8Array, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-tools-'));
  try {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// qpdf --check and poppler's pdfdetach / pdffonts
// ---------------------------------------------------------------------------------------------

/** The summary of a clean check, which says "errors" (over two lines) without reporting one. */
const NO_ERRORS_SUMMARY = /No syntax or stream encoding errors found; the file may still contain\s+errors that qpdf cannot detect/;

/**
 * `qpdf --check`: ok when it exits 0 and prints no warning or error (a wrong stream /Length is a
 * warning). Run in the temp folder, so messages name the file "in.pdf", not a random path.
 */
export async function qpdfCheck(pdf: Uint8Array): Promise<{ ok: boolean; output: string }> {
  return withPdfFile(pdf, async (file, dir) => {
    const result = await run('qpdf', ['--check', path.basename(file)], dir);
    const output = `${result.stdout}${result.stderr}`;
    const complaints = output.replace(NO_ERRORS_SUMMARY, '').split('\n').filter((line) => /WARNING|error/i.test(line));
    return { ok: result.code === 0 && complaints.length === 0, output };
  });
}

/** Every embedded file poppler finds (the /EmbeddedFiles name tree and file attachment annotations), in its order. */
export async function pdfAttachments(pdf: Uint8Array): Promise<Array<{ name: string; bytes: Buffer }>> {
  return withPdfFile(pdf, async (file, dir) => {
    const list = await run('pdfdetach', ['-enc', 'UTF-8', '-list', file]);
    if (list.code !== 0) throw new Error(`pdfdetach -list: ${list.stderr}`);
    const names = list.stdout.split('\n').flatMap((line) => /^(\d+): (.*)$/.exec(line)?.slice(1, 3) ?? []);
    const attachments: Array<{ name: string; bytes: Buffer }> = [];
    // One -save per number rather than -saveall: two attachments with the same name would
    // overwrite each other in one folder, and a name could hold a path.
    for (let i = 0; i < names.length; i += 2) {
      const target = path.join(dir, `attachment-${names[i]}`);
      const saved = await run('pdfdetach', ['-save', names[i]!, '-o', target, file]);
      if (saved.code !== 0) throw new Error(`pdfdetach -save ${names[i]}: ${saved.stderr}`);
      attachments.push({ name: names[i + 1]!, bytes: await readFile(target) });
    }
    return attachments;
  });
}

export interface PdfFontRow {
  readonly name: string;
  /** pdffonts' type column, e.g. "CID TrueType", "Type 3". */
  readonly type: string;
  readonly embedded: boolean;
  readonly subset: boolean;
  /** Has a ToUnicode map (or a known encoding), so text copies out. */
  readonly unicode: boolean;
}

/** `pdffonts`: the fonts the pages use, one row each, columns cut where the header's dashes are. */
export async function pdfFonts(pdf: Uint8Array): Promise<PdfFontRow[]> {
  return withPdfFile(pdf, async (file) => {
    const result = await run('pdffonts', [file]);
    if (result.code !== 0) throw new Error(`pdffonts: ${result.stderr}`);
    const [, dashes, ...rows] = result.stdout.split('\n');
    if (dashes === undefined) return [];
    const columns = [...dashes.matchAll(/-+/g)].map((m) => [m.index, m.index + m[0].length] as const);
    return rows.filter((row) => row.trim() !== '').map((row) => {
      const cell = (i: number): string => row.slice(columns[i]![0], columns[i]![1]).trim();
      return { name: cell(0), type: cell(1), embedded: cell(3) === 'yes', subset: cell(4) === 'yes', unicode: cell(5) === 'yes' };
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The object graph, from qpdf's JSON (qpdf manual, "qpdf JSON", version 2)
// ---------------------------------------------------------------------------------------------

/**
 * A PDF object as qpdf's JSON v2 writes it: names as "/Name" (escapes decoded, so /text#2Fxml is
 * "/text/xml"), strings as "u:text" or "b:hex", references as "12 0 R", dictionary keys with
 * their slash. Streams become PdfStream.
 */
export type PdfValue = null | boolean | number | string | readonly PdfValue[] | PdfDict | PdfStream;
export type PdfDict = { readonly [key: string]: PdfValue };

export class PdfStream {
  /** The dictionary as written in the file, /Length, /Filter and /DecodeParms included. */
  readonly dict: PdfDict;
  /** The data with qpdf's generalized filters undone (Flate, LZW, ASCII85, ASCIIHex, RunLength). */
  readonly data: Buffer;
  /** False when a filter is left (DCT, JPX, JBIG2, CCITT, or data qpdf could not decode). */
  readonly decoded: boolean;

  constructor(dict: PdfDict, data: Buffer, decoded: boolean) {
    this.dict = dict;
    this.data = data;
    this.decoded = decoded;
  }
}

const REFERENCE = /^\d+ \d+ R$/;

export const isReference = (value: PdfValue | undefined): value is string => typeof value === 'string' && REFERENCE.test(value);
export const isDict = (value: PdfValue | undefined): value is PdfDict =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof PdfStream);

/** A name's text without its slash, or undefined for anything else. */
export function nameOf(value: PdfValue | undefined): string | undefined {
  return typeof value === 'string' && value.startsWith('/') ? value.slice(1) : undefined;
}

/** A string's text ("u:" as given, "b:" bytes read as Latin-1), or undefined for anything else. */
export function textOf(value: PdfValue | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('u:')) return value.slice(2);
  if (value.startsWith('b:')) return Buffer.from(value.slice(2), 'hex').toString('latin1');
  return undefined;
}

export interface PdfObjects {
  /** The trailer qpdf reads: the last one in the file, so an incremental update's. */
  readonly trailer: PdfDict;
  readonly catalog: PdfDict;
  /** Page dictionaries in page order. */
  readonly pages: ReadonlyArray<{ readonly ref: string; readonly dict: PdfDict }>;
  /** qpdf's view of the file's encryption ("encrypt" in its JSON). */
  readonly encrypted: boolean;
  /** The object a reference points to (or the value itself when it is not one); undefined when missing. */
  resolve(value: PdfValue | undefined): PdfValue | undefined;
  /** resolve, then a dictionary (a stream's dictionary too) or undefined. */
  dict(value: PdfValue | undefined): PdfDict | undefined;
  /** resolve, then a stream or undefined. */
  stream(value: PdfValue | undefined): PdfStream | undefined;
  /** resolve, then an array (empty for anything else). */
  array(value: PdfValue | undefined): readonly PdfValue[];
  /** Every indirect object, by reference ("12 0 R"). */
  readonly objects: ReadonlyMap<string, PdfValue>;
}

interface QpdfJson {
  readonly qpdf: [unknown, Record<string, { value?: PdfValue; stream?: { dict: PdfDict; data?: string } }>];
  readonly pages: ReadonlyArray<{ readonly object: string }>;
  readonly encrypt: { readonly encrypted: boolean };
}

async function qpdfJson(file: string, args: readonly string[]): Promise<QpdfJson> {
  const result = await run('qpdf', ['--json=2', ...args, file]);
  // Exit 3 is "succeeded with warnings": the JSON is still complete, and qpdfCheck reports them.
  if (result.code !== 0 && result.code !== 3) throw new Error(`qpdf --json: ${result.stderr}`);
  return JSON.parse(result.stdout) as QpdfJson;
}

/**
 * The object graph from `qpdf --json=2`, read twice: once with stream data decoded (qpdf drops
 * /Filter and /Length from those dictionaries) and once undecoded for the dictionaries as written,
 * which PDF/A's filter and /F rules are about. Objects of an encrypted file are decrypted.
 */
export async function pdfObjects(pdf: Uint8Array): Promise<PdfObjects> {
  const [written, decoded] = await withPdfFile(pdf, (file) => Promise.all([
    qpdfJson(file, ['--json-stream-data=none', '--decode-level=none']),
    qpdfJson(file, ['--json-key=qpdf', '--json-stream-data=inline', '--decode-level=generalized']),
  ]));
  const objects = new Map<string, PdfValue>();
  let trailer: PdfDict = {};
  for (const [key, entry] of Object.entries(decoded.qpdf[1])) {
    if (key === 'trailer') {
      trailer = isDict(entry.value) ? entry.value : {};
      continue;
    }
    if (!key.startsWith('obj:')) continue;
    const ref = key.slice(4);
    if (entry.stream !== undefined) {
      const asWritten = written.qpdf[1][key]?.stream?.dict ?? entry.stream.dict;
      objects.set(ref, new PdfStream(asWritten, Buffer.from(entry.stream.data ?? '', 'base64'), !('/Filter' in entry.stream.dict)));
    } else {
      objects.set(ref, entry.value ?? null);
    }
  }
  const resolve = (value: PdfValue | undefined): PdfValue | undefined => (isReference(value) ? objects.get(value) : value);
  const dict = (value: PdfValue | undefined): PdfDict | undefined => {
    const target = resolve(value);
    if (target instanceof PdfStream) return target.dict;
    return isDict(target) ? target : undefined;
  };
  const stream = (value: PdfValue | undefined): PdfStream | undefined => {
    const target = resolve(value);
    return target instanceof PdfStream ? target : undefined;
  };
  const array = (value: PdfValue | undefined): readonly PdfValue[] => {
    const target = resolve(value);
    return Array.isArray(target) ? target : [];
  };
  return {
    trailer,
    catalog: dict(trailer['/Root']) ?? {},
    pages: written.pages.map((page) => ({ ref: page.object, dict: dict(page.object) ?? {} })),
    encrypted: written.encrypt.encrypted,
    resolve,
    dict,
    stream,
    array,
    objects,
  };
}

// ---------------------------------------------------------------------------------------------
// XMP
// ---------------------------------------------------------------------------------------------

/** Prefixes bound in every Xmp.evaluate: RDF and the PDF/A schemas (ISO 19005-1, 6.7.2; ISO 19005-3, 6.6). */
export const XMP_NAMESPACES = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  pdfaExtension: 'http://www.aiim.org/pdfa/ns/extension/',
  pdfaSchema: 'http://www.aiim.org/pdfa/ns/schema#',
  pdfaProperty: 'http://www.aiim.org/pdfa/ns/property#',
  pdfaType: 'http://www.aiim.org/pdfa/ns/type#',
  pdfaField: 'http://www.aiim.org/pdfa/ns/field#',
} as const;

export interface Xmp {
  /** The packet as text, xpacket processing instructions included. */
  readonly text: string;
  /** The parsed XDM document (saxon-js), for XPath. */
  readonly document: unknown;
  /** The values of a top-level property (element or attribute form of rdf:Description), as strings. */
  property(namespaceUri: string, localName: string): string[];
  /** An XPath 3.1 expression, from the document or a node it returned, as an array; XMP_NAMESPACES are bound. */
  evaluate(xpath: string, context?: unknown, namespaces?: Readonly<Record<string, string>>): unknown[];
}

/** An XPath string literal of any text: quotes doubled. */
export const xpathString = (text: string): string => `'${text.replaceAll('\'', '\'\'')}'`;

/** saxon-js gives one item bare, several as an array and none as null or []. */
const asArray = (result: unknown): unknown[] => (result === null || result === undefined ? [] : Array.isArray(result) ? result : [result]);

/** Parses an XMP packet; throws when it is not well-formed XML. */
export async function parseXmp(text: string): Promise<Xmp> {
  const document = await SaxonJS.getResource({ text, type: 'xml' });
  const evaluate = (xpath: string, context: unknown = document, namespaces: Readonly<Record<string, string>> = {}): unknown[] =>
    asArray(SaxonJS.XPath.evaluate(xpath, context, { namespaceContext: { ...XMP_NAMESPACES, ...namespaces } }));
  const property = (namespaceUri: string, localName: string): string[] => {
    const match = `[namespace-uri() = ${xpathString(namespaceUri)} and local-name() = ${xpathString(localName)}]`;
    return evaluate(`for $p in //rdf:RDF/rdf:Description/(*${match} | @*${match}) return string($p)`).map(String);
  };
  return { text, document, property, evaluate };
}

/** The catalogue's /Metadata stream, read and parsed; undefined when the catalogue has none. */
export async function readXmp(pdf: Uint8Array): Promise<Xmp | undefined> {
  const objects = await pdfObjects(pdf);
  const stream = objects.stream(objects.catalog['/Metadata']);
  return stream === undefined ? undefined : parseXmp(stream.data.toString('utf8'));
}
