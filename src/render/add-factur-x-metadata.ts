import {
  PDFContext, PDFCrossRefSection, PDFDict, PDFName, PDFNumber, PDFObjectParser, PDFRawStream, PDFRef, PDFTrailer, PDFTrailerDict,
} from '@cantoo/pdf-lib';
import { withFacturXMetadata, type FacturXMetadata } from '../domain/pdf/factur-x-xmp.ts';

/** The end of a file as Typst 0.14 writes it: its classic cross-reference table's offset. */
const START_XREF = /startxref\s+(\d+)\s+%%EOF\s*$/;
const TAIL = 1024;

/** An object's offset from the cross-reference table at `xref` (ISO 32000-1, 7.5.4: 20-byte entries). */
function offsetOf(pdf: Buffer, xref: number, objectNumber: number): number {
  if (pdf.toString('latin1', xref, xref + 4) !== 'xref') throw new Error('the PDF\'s cross-reference is not a table as Typst writes it');
  let at = xref + 4;
  for (;;) {
    const header = /^\s*(\d+) (\d+)\s*\n/.exec(pdf.toString('latin1', at, at + 40));
    if (header === null) throw new Error(`object ${objectNumber} is not in the cross-reference table`);
    const [first, count] = [Number(header[1]), Number(header[2])];
    at += header[0].length;
    if (objectNumber >= first && objectNumber < first + count) {
      const entry = pdf.toString('latin1', at + (objectNumber - first) * 20, at + (objectNumber - first) * 20 + 18);
      if (!entry.endsWith(' n')) throw new Error(`object ${objectNumber} is not in use`);
      return Number(entry.slice(0, 10));
    }
    at += count * 20;
  }
}

/** The indirect object at `offset` ("N G obj …"), parsed by pdf-lib. */
function objectAt(pdf: Buffer, offset: number, context: PDFContext): unknown {
  const header = /^(\d+) (\d+) obj\s*/.exec(pdf.toString('latin1', offset, offset + 32));
  if (header === null) throw new Error(`no object at offset ${offset}`);
  return PDFObjectParser.forBytes(pdf.subarray(offset + header[0].length), context).parseObject();
}

/**
 * The one part of D40 Typst cannot write: the Factur-X XMP properties and their extension schema.
 * Typst 0.14 makes the PDF/A-3b file (output intent, embedded fonts, XMP with pdfaid, the
 * attachment with AFRelationship /Alternative in the catalogue's /AF); this step replaces its XMP
 * packet by the same packet with the fx: properties added (factur-x-xmp.ts), as an incremental
 * update (ISO 32000-1, 7.5.6): Typst's bytes stay as they were, and after them come the new
 * metadata stream under the old one's object number, a cross-reference section for it and a
 * trailer that repeats the file's /Root, /Info and /ID and points back with /Prev. PDF/A allows
 * incremental updates; the file stays PDF/A-3b (test/render/add-factur-x-metadata.test.ts,
 * test/http/hybrid-pdf-http.test.ts).
 *
 * pdf-lib (@cantoo/pdf-lib) parses the trailer, the catalogue and the metadata stream and writes
 * the stream, the section and the trailer; only the objects it needs are read, through the
 * cross-reference table, because loading the whole document (PDFDocument.load and commit) took
 * about half of a hybrid's extra cost (docs/performance.md). Deterministic: the same PDF gives the
 * same bytes. Throws for a file not shaped as Typst 0.14 writes PDF/A, so an upgrade that changes
 * it fails the tests rather than a customer's archive.
 */
export function addFacturXMetadata(pdf: Uint8Array, hybrid: FacturXMetadata): Uint8Array {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const tailAt = Math.max(0, bytes.length - TAIL);
  const tail = bytes.toString('latin1', tailAt);
  const end = START_XREF.exec(tail);
  const trailerAt = tail.lastIndexOf('trailer');
  if (end === null || trailerAt === -1) throw new Error('the PDF does not end in a trailer and startxref as Typst writes it');
  const context = PDFContext.create();
  const trailer = PDFObjectParser.forBytes(bytes.subarray(tailAt + trailerAt + 'trailer'.length), context).parseObject();
  if (!(trailer instanceof PDFDict)) throw new Error('the PDF\'s trailer is not a dictionary');
  const xref = Number(end[1]);
  const root = trailer.get(PDFName.of('Root'));
  if (!(root instanceof PDFRef)) throw new Error('the PDF\'s trailer names no catalogue');
  const catalog = objectAt(bytes, offsetOf(bytes, xref, root.objectNumber), context);
  const metadata = catalog instanceof PDFDict ? catalog.get(PDFName.of('Metadata')) : undefined;
  if (!(metadata instanceof PDFRef)) throw new Error('the PDF has no metadata stream to extend');
  const stream = objectAt(bytes, offsetOf(bytes, xref, metadata.objectNumber), context);
  // Typst writes its XMP packet unfiltered, as PDF/A recommends; anything else is not what we made.
  if (!(stream instanceof PDFRawStream) || stream.dict.has(PDFName.of('Filter'))) throw new Error('the PDF\'s metadata stream is not a plain XMP packet');
  const xmp = Buffer.from(withFacturXMetadata(Buffer.from(stream.getContents()).toString('utf8'), hybrid), 'utf8');

  const replaced = PDFRawStream.of(context.obj({ Type: 'Metadata', Subtype: 'XML', Length: xmp.length }), xmp);
  const object = Buffer.concat([Buffer.from(`\n${metadata.objectNumber} ${metadata.generationNumber} obj\n`, 'latin1'), serialized(replaced), Buffer.from('\nendobj\n', 'latin1')]);
  const section = PDFCrossRefSection.create();
  section.addEntry(metadata, bytes.length + 1);
  const newTrailer = context.obj({});
  for (const key of ['Size', 'Root', 'Info', 'ID']) {
    const value = trailer.get(PDFName.of(key));
    if (value !== undefined) newTrailer.set(PDFName.of(key), value);
  }
  newTrailer.set(PDFName.of('Prev'), PDFNumber.of(xref));
  const sectionAt = bytes.length + object.length;
  return Buffer.concat([
    bytes,
    object,
    serialized(section),
    serialized(PDFTrailerDict.of(newTrailer)),
    Buffer.from('\n', 'latin1'),
    serialized(PDFTrailer.forLastCrossRefSectionOffset(sectionAt)),
  ]);
}

/** The bytes pdf-lib writes for an object, a cross-reference section or a trailer. */
function serialized(part: { sizeInBytes(): number; copyBytesInto(buffer: Uint8Array, offset: number): number }): Buffer {
  const buffer = Buffer.alloc(part.sizeInBytes());
  part.copyBytesInto(buffer, 0);
  return buffer;
}
