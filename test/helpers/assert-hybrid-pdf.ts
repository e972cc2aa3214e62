import assert from 'node:assert/strict';
import { FACTUR_X_NAMESPACE } from '../../src/domain/pdf/factur-x-xmp.ts';
import { checkFacturX, checkPdfA3b } from './check-pdfa.ts';
import { checkEInvoice } from './check-einvoice.ts';
import { pdfAttachments, pdfFonts, qpdfCheck, readXmp, XMP_NAMESPACES } from './pdf-tools.ts';

/** What a hybrid PDF should be. */
export interface ExpectedHybrid {
  readonly fileName: 'factur-x.xml' | 'xrechnung.xml';
  /** The CII `output: "cii"` answered for the same request, when the caller has it. */
  readonly cii?: string;
  /** The invoice's issue date: the PDF's creation and modification date. */
  readonly date?: string;
  /** Run the extracted XML through the schema and the profile's rules (slow: ~0.5 s). */
  readonly rules?: boolean;
}

const XMP = 'http://ns.adobe.com/xap/1.0/';

/**
 * Reads a hybrid PDF back with real tools and asserts everything D40 asks of it: qpdf --check
 * clean; one attachment, named for the profile, byte for byte the CII; /AF,
 * /AFRelationship /Alternative, text/xml (checkFacturX); the XMP as XML with pdfaid part 3
 * conformance B and the four fx: properties, their schema declared; every font embedded
 * (pdffonts); the PDF/A-3b rules of check-pdfa.ts; and, with `rules`, the XML through the EN 16931
 * schema and rules of its profile with 0 fatal. Returns the extracted XML.
 */
export async function assertHybridPdf(pdf: Uint8Array, expected: ExpectedHybrid, where: string): Promise<string> {
  const conformanceLevel = expected.fileName === 'factur-x.xml' ? 'EN 16931' : 'XRECHNUNG';
  const check = await qpdfCheck(pdf);
  assert.ok(check.ok, `${where}: qpdf --check: ${check.output}`);

  const attachments = await pdfAttachments(pdf);
  assert.deepEqual(attachments.map((a) => a.name), [expected.fileName], `${where}: the one attachment`);
  const xml = attachments[0]!.bytes.toString('utf8');
  if (expected.cii !== undefined) assert.ok(attachments[0]!.bytes.equals(Buffer.from(expected.cii, 'utf8')), `${where}: the attachment is the CII answer byte for byte`);

  assert.deepEqual(await checkFacturX(pdf, { fileName: expected.fileName, conformanceLevel }), [], `${where}: Factur-X structure`);
  assert.deepEqual(await checkPdfA3b(pdf), [], `${where}: PDF/A-3b`);

  const xmp = await readXmp(pdf);
  assert.ok(xmp !== undefined, `${where}: an XMP packet`);
  assert.deepEqual(xmp.property(XMP_NAMESPACES.pdfaid, 'part'), ['3'], `${where}: pdfaid:part`);
  assert.deepEqual(xmp.property(XMP_NAMESPACES.pdfaid, 'conformance'), ['B'], `${where}: pdfaid:conformance`);
  assert.deepEqual(xmp.property(FACTUR_X_NAMESPACE, 'DocumentType'), ['INVOICE'], `${where}: fx:DocumentType`);
  assert.deepEqual(xmp.property(FACTUR_X_NAMESPACE, 'DocumentFileName'), [expected.fileName], `${where}: fx:DocumentFileName`);
  assert.deepEqual(xmp.property(FACTUR_X_NAMESPACE, 'Version'), ['1.0'], `${where}: fx:Version`);
  assert.deepEqual(xmp.property(FACTUR_X_NAMESPACE, 'ConformanceLevel'), [conformanceLevel], `${where}: fx:ConformanceLevel`);
  const declared = xmp.evaluate(`//pdfaExtension:schemas/rdf:Bag/rdf:li[pdfaSchema:namespaceURI = '${FACTUR_X_NAMESPACE}']/pdfaSchema:property/rdf:Seq/rdf:li/string(pdfaProperty:name)`).map(String).sort();
  assert.deepEqual(declared, ['ConformanceLevel', 'DocumentFileName', 'DocumentType', 'Version'], `${where}: the fx: extension schema`);
  if (expected.date !== undefined) {
    for (const name of ['CreateDate', 'ModifyDate']) {
      const values: number[] = xmp.property(XMP, name).map((value: string) => Date.parse(value));
      assert.deepEqual(values, [Date.parse(`${expected.date}T00:00:00Z`)], `${where}: xmp:${name} is the issue date, 00:00 UTC`);
    }
  }

  const fonts = await pdfFonts(pdf);
  assert.ok(fonts.length > 0, `${where}: fonts listed`);
  for (const font of fonts) assert.ok(font.embedded, `${where}: ${font.name} embedded`);

  if (expected.rules === true) {
    const profile = expected.fileName === 'factur-x.xml' ? 'en16931' : 'xrechnung';
    const verdict = await checkEInvoice(xml, profile);
    assert.deepEqual(verdict.schema.errors, [], `${where}: CII schema`);
    assert.deepEqual(verdict.rules.fatal.map((f) => `${f.id}: ${f.text}`), [], `${where}: ${profile} rules`);
  }
  return xml;
}
