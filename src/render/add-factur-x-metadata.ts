import { ParseSpeeds, PDFDocument, PDFName, PDFRawStream, PDFRef } from '@cantoo/pdf-lib';
import { withFacturXMetadata, type FacturXMetadata } from '../domain/pdf/factur-x-xmp.ts';

/**
 * The one part of D40 Typst cannot write: the Factur-X XMP properties and their extension schema.
 * Typst 0.14 makes the PDF/A-3b file (output intent, embedded fonts, XMP with pdfaid, the
 * attachment with AFRelationship /Alternative in the catalogue's /AF); this step replaces its XMP
 * packet by the same packet with the fx: properties added (factur-x-xmp.ts), as an incremental
 * update (ISO 32000-1, 7.5.6): Typst's bytes stay as they were, and the update holds the new
 * metadata stream, the catalogue that points to it, a cross-reference section and a trailer that
 * repeats the file's /ID. PDF/A allows incremental updates; the file stays PDF/A-3b
 * (test/render/hybrid-pdf.test.ts checks it). Deterministic: the same PDF gives the same bytes.
 */
export async function addFacturXMetadata(pdf: Uint8Array, hybrid: FacturXMetadata): Promise<Uint8Array> {
  // updateMetadata false: pdf-lib would otherwise stamp its own Producer and dates into the Info
  // dictionary, which PDF/A wants to match the XMP. Fastest and objectsPerTick Infinity: pdf-lib
  // otherwise pauses for a timer (>= 1 ms) every 100 objects parsed and 50 written, to keep a
  // browser responsive; this runs on a worker thread, where the pauses only add latency.
  const document = await PDFDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const ref = document.catalog.get(PDFName.of('Metadata'));
  if (!(ref instanceof PDFRef)) throw new Error('the PDF has no metadata stream to extend');
  const stream = document.context.lookup(ref);
  // Typst writes its XMP packet unfiltered, as PDF/A recommends; anything else is not what we made.
  if (!(stream instanceof PDFRawStream) || stream.dict.has(PDFName.of('Filter'))) throw new Error('the PDF\'s metadata stream is not a plain XMP packet');
  const xmp = withFacturXMetadata(Buffer.from(stream.getContents()).toString('utf8'), hybrid);
  document.context.assign(ref, document.context.stream(Buffer.from(xmp, 'utf8'), { Type: 'Metadata', Subtype: 'XML' }));
  document.context.snapshot!.markRefForSave(ref);
  return document.commit({ useObjectStreams: false, objectsPerTick: Infinity });
}
