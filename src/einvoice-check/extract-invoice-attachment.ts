import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from '@cantoo/pdf-lib';

/** D51: a hybrid's e-invoice travels under one of these names (Factur-X, ZUGFeRD 1 and 2, XRechnung), in any case. */
const INVOICE_NAMES: readonly string[] = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];
/** An attachment that inflates past this is refused (an attachment bomb). */
export const MAX_ATTACHMENT_BYTES = 50 * 1024 * 1024;
/** Name trees nest; a hostile one could nest without end. */
const MAX_NAME_TREE_DEPTH = 16;
const MAX_ATTACHMENTS = 200;

export type AttachmentOutcome =
  | { readonly kind: 'found'; readonly name: string; readonly xml: string }
  | { readonly kind: 'refused'; readonly reason: string };

interface FileSpec {
  readonly name: string;
  readonly spec: PDFDict;
}

const text = (value: PDFObject | undefined): string | undefined =>
  (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined);

/**
 * The e-invoice XML inside a hybrid PDF: the file specifications of the catalogue's /AF and of its
 * EmbeddedFiles name tree, the first whose name is one a hybrid uses. Refused, with what was found:
 * a PDF that does not parse, one without such an attachment (naming the attachments it has), an
 * attachment in a filter other than FlateDecode, or one inflating past 50 MB.
 */
export async function extractInvoiceAttachment(pdf: Uint8Array): Promise<AttachmentOutcome> {
  try {
    return findAttachment(await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true }));
  } catch (error) {
    // A structure pdf-lib cannot follow (no catalogue, a broken cross-reference, objects of the
    // wrong type) is the document's fault, whichever step finds it.
    return { kind: 'refused', reason: `The PDF could not be read (${(error as Error).message.split('\n')[0]!.slice(0, 200)}).` };
  }
}

function findAttachment(doc: PDFDocument): AttachmentOutcome {
  if (!(doc.context.lookup(doc.context.trailerInfo.Root) instanceof PDFDict)) throw new Error('it has no document catalogue');
  const specs: FileSpec[] = [];
  const add = (value: PDFObject | undefined) => {
    const spec = value === undefined ? undefined : doc.context.lookup(value);
    if (!(spec instanceof PDFDict) || specs.length >= MAX_ATTACHMENTS) return;
    const name = text(spec.lookup(PDFName.of('UF'))) ?? text(spec.lookup(PDFName.of('F'))) ?? '';
    if (!specs.some((s) => s.spec === spec)) specs.push({ name, spec });
  };
  const af = doc.catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  for (let i = 0; i < (af?.size() ?? 0); i += 1) add(af!.get(i));
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const walk = (node: PDFDict, depth: number) => {
    if (depth > MAX_NAME_TREE_DEPTH) return;
    const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let i = 1; i < (pairs?.size() ?? 0); i += 2) add(pairs!.get(i));
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let i = 0; i < (kids?.size() ?? 0); i += 1) {
      const kid = doc.context.lookup(kids!.get(i));
      if (kid instanceof PDFDict) walk(kid, depth + 1);
    }
  };
  if (names !== undefined) walk(names, 0);

  const invoice = specs.find((s) => INVOICE_NAMES.some((n) => n.toLowerCase() === s.name.toLowerCase()));
  if (invoice === undefined) {
    const found = specs.length === 0 ? 'no attachment' : `the attachments ${specs.map((s) => JSON.stringify(s.name.slice(0, 80))).join(', ')}`;
    return { kind: 'refused', reason: `The PDF carries ${found}, and no e-invoice (factur-x.xml, zugferd-invoice.xml or xrechnung.xml).` };
  }
  const stream = invoice.spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
  if (!(stream instanceof PDFRawStream)) return { kind: 'refused', reason: `The attachment ${invoice.name} has no embedded file stream.` };
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters = filter === undefined ? [] : filter instanceof PDFArray ? filter.asArray().map((f) => String(f)) : [String(filter)];
  let bytes: Uint8Array;
  if (filters.length === 0) bytes = stream.contents;
  else if (filters.length === 1 && filters[0] === '/FlateDecode') {
    try {
      bytes = inflateSync(stream.contents, { maxOutputLength: MAX_ATTACHMENT_BYTES });
    } catch (error) {
      const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError;
      return { kind: 'refused', reason: tooLarge
        ? `The attachment ${invoice.name} inflates past ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB; an e-invoice is never that large.`
        : `The attachment ${invoice.name} could not be inflated (${(error as Error).message}).` };
    }
  } else return { kind: 'refused', reason: `The attachment ${invoice.name} is encoded with ${filters.join(' ')}; only FlateDecode is read.` };
  return { kind: 'found', name: invoice.name, xml: new TextDecoder('utf-8').decode(bytes) };
}
