import type { HybridForm } from '../documents/document-kind.ts';

/** The fx: values that differ between hybrids; from the document kind, never from a request. */
export type FacturXMetadata = Pick<HybridForm, 'fileName' | 'conformanceLevel'>;

/** The Factur-X / ZUGFeRD XMP namespace (Factur-X 1.07, ZUGFeRD 2.3: one namespace for both). */
export const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** fx:Version: the version of the Factur-X XMP schema, 1.0 for Factur-X 1.0.x and ZUGFeRD 2.x. */
const FX_VERSION = '1.0';

const property = (name: string, description: string): string =>
  '<rdf:li rdf:parseType="Resource">'
  + `<pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType>`
  + `<pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description>`
  + '</rdf:li>';

/**
 * ISO 19005-3, 6.6.2.3: a property outside the predefined XMP schemas is valid PDF/A only when an
 * extension schema declares it. This one declares the four fx: properties (Factur-X 1.07, 8.2).
 */
const FX_SCHEMA = '<rdf:li rdf:parseType="Resource">'
  + '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>'
  + `<pdfaSchema:namespaceURI>${FACTUR_X_NAMESPACE}</pdfaSchema:namespaceURI>`
  + '<pdfaSchema:prefix>fx</pdfaSchema:prefix>'
  + '<pdfaSchema:property><rdf:Seq>'
  + property('DocumentFileName', 'The name of the embedded XML document')
  + property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')
  + property('Version', 'The actual version of the standard applying to the embedded XML document')
  + property('ConformanceLevel', 'The conformance level of the embedded XML document')
  + '</rdf:Seq></pdfaSchema:property>'
  + '</rdf:li>';

/** Where Typst's packet lists its own extension schemas: the fx schema joins them, in the one Bag. */
const SCHEMAS_END = '</rdf:Bag></pdfaExtension:schemas>';
const RDF_END = '</rdf:RDF>';

/**
 * D40: Typst's PDF/A-3b XMP packet with the Factur-X properties added — fx:DocumentType INVOICE
 * (a credit note too: Factur-X has no other type for it), fx:DocumentFileName, fx:Version 1.0 and
 * fx:ConformanceLevel — and their extension schema declared in the packet's pdfaExtension:schemas.
 * Everything Typst wrote stays as it was. Throws when the packet is not shaped as Typst 0.14 writes
 * it (a PDF/A packet with extension schemas), so an upgrade that changes it fails the tests, not
 * a customer's archive.
 */
export function withFacturXMetadata(xmp: string, hybrid: FacturXMetadata): string {
  const schemasEnd = xmp.indexOf(SCHEMAS_END);
  const rdfEnd = xmp.lastIndexOf(RDF_END);
  if (schemasEnd === -1 || rdfEnd === -1 || rdfEnd < schemasEnd || xmp.includes(FACTUR_X_NAMESPACE)) {
    throw new Error('the PDF/A XMP packet has no extension schemas to join, or already has Factur-X properties');
  }
  const properties = `<rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NAMESPACE}">`
    + '<fx:DocumentType>INVOICE</fx:DocumentType>'
    + `<fx:DocumentFileName>${hybrid.fileName}</fx:DocumentFileName>`
    + `<fx:Version>${FX_VERSION}</fx:Version>`
    + `<fx:ConformanceLevel>${hybrid.conformanceLevel}</fx:ConformanceLevel>`
    + '</rdf:Description>';
  return xmp.slice(0, schemasEnd) + FX_SCHEMA + xmp.slice(schemasEnd, rdfEnd) + properties + xmp.slice(rdfEnd);
}
