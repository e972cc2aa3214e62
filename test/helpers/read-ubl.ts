import SaxonJS from 'saxon-js';

const NAMESPACES = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/**
 * A UBL or CII document parsed by a real XML parser (SaxonJS), queried with XPath (prefixes inv,
 * cn, cac, cbc for UBL; rsm, ram, udt for CII). `values` gives the string value of every node the expression selects.
 */
export async function readUbl(xml: string): Promise<{ values: (xpath: string) => string[]; value: (xpath: string) => string | undefined }> {
  const doc = await SaxonJS.getResource({ text: xml, type: 'xml' });
  const values = (xpath: string): string[] => {
    const result = SaxonJS.XPath.evaluate(`array { ${xpath} ! string(.) }`, doc, { namespaceContext: NAMESPACES });
    return result as string[];
  };
  return { values, value: (xpath) => values(xpath)[0] };
}
