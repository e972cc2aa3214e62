import SaxonJS from 'saxon-js';

const NAMESPACES = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/**
 * A UBL document parsed by a real XML parser (SaxonJS), queried with XPath (prefixes inv, cac,
 * cbc). `values` gives the string value of every node the expression selects.
 */
export async function readUbl(xml: string): Promise<{ values: (xpath: string) => string[]; value: (xpath: string) => string | undefined }> {
  const doc = await SaxonJS.getResource({ text: xml, type: 'xml' });
  const values = (xpath: string): string[] => {
    const result = SaxonJS.XPath.evaluate(`array { ${xpath} ! string(.) }`, doc, { namespaceContext: NAMESPACES });
    return result as string[];
  };
  return { values, value: (xpath) => values(xpath)[0] };
}
