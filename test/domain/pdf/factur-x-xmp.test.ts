import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kindFor, pdfKindOf } from '../../../src/domain/documents/kind-for.ts';
import { FACTUR_X_NAMESPACE, withFacturXMetadata } from '../../../src/domain/pdf/factur-x-xmp.ts';
import { parseXmp, XMP_NAMESPACES } from '../../helpers/pdf-tools.ts';

/** The shape of Typst 0.14's PDF/A packet, cut down: one Description with its extension schemas. */
const TYPST_PACKET = '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
  + '<rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">'
  + '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource"><pdfaSchema:schema>XMP Media Management schema</pdfaSchema:schema><pdfaSchema:namespaceURI>http://ns.adobe.com/xap/1.0/mm/</pdfaSchema:namespaceURI><pdfaSchema:prefix>xmpMM</pdfaSchema:prefix>'
  + '<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaProperty:category>internal</pdfaProperty:category><pdfaProperty:description>UUID based identifier</pdfaProperty:description><pdfaProperty:name>InstanceID</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType></rdf:li></rdf:Seq></pdfaSchema:property></rdf:li></rdf:Bag></pdfaExtension:schemas>'
  + '<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance><xmpMM:InstanceID>abc</xmpMM:InstanceID></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="r"?>';

describe('the Factur-X XMP properties (D40)', () => {
  it('the two hybrid profiles and their files; en16931 and peppol have no hybrid form', () => {
    const hybrid = (profile: string | undefined) => { const kind = pdfKindOf(profile); return kind.hybrid === undefined ? undefined : { ruleProfile: kind.rules, fileName: kind.hybrid.fileName, conformanceLevel: kind.hybrid.conformanceLevel }; };
    assert.deepEqual(hybrid('factur-x'), { ruleProfile: 'en16931', fileName: 'factur-x.xml', conformanceLevel: 'EN 16931' });
    assert.deepEqual(hybrid('xrechnung'), { ruleProfile: 'xrechnung', fileName: 'xrechnung.xml', conformanceLevel: 'XRECHNUNG' });
    assert.equal(hybrid('en16931'), undefined);
    assert.equal(hybrid('peppol'), undefined);
    assert.equal(hybrid(undefined), undefined);
  });

  for (const profile of ['factur-x', 'xrechnung'] as const) {
    it(`${profile}: adds the four fx: properties and declares them in the packet's one extension-schema Bag, keeping Typst's properties`, async () => {
      const hybrid = kindFor('pdf', profile).hybrid!;
      const xmp = await parseXmp(withFacturXMetadata(TYPST_PACKET, hybrid));
      assert.deepEqual(xmp.property(FACTUR_X_NAMESPACE, 'DocumentType'), ['INVOICE']);
      assert.deepEqual(xmp.property(FACTUR_X_NAMESPACE, 'DocumentFileName'), [hybrid.fileName]);
      assert.deepEqual(xmp.property(FACTUR_X_NAMESPACE, 'Version'), ['1.0']);
      assert.deepEqual(xmp.property(FACTUR_X_NAMESPACE, 'ConformanceLevel'), [hybrid.conformanceLevel]);
      assert.deepEqual(xmp.property(XMP_NAMESPACES.pdfaid, 'part'), ['3'], 'Typst\'s identification stays');
      assert.equal(xmp.evaluate('//pdfaExtension:schemas').length, 1, 'one schemas property, not a second one beside Typst\'s');
      const schemas = xmp.evaluate('//pdfaExtension:schemas/rdf:Bag/rdf:li/string(pdfaSchema:namespaceURI)').map(String);
      assert.deepEqual(schemas, ['http://ns.adobe.com/xap/1.0/mm/', FACTUR_X_NAMESPACE]);
      const fields = xmp.evaluate(`//rdf:li[pdfaSchema:namespaceURI = '${FACTUR_X_NAMESPACE}']/pdfaSchema:property/rdf:Seq/rdf:li`)
        .map((li) => ['name', 'valueType', 'category'].map((field) => String(xmp.evaluate(`string(pdfaProperty:${field})`, li)[0])).join(' '));
      assert.deepEqual(fields, ['DocumentFileName Text external', 'DocumentType Text external', 'Version Text external', 'ConformanceLevel Text external']);
      assert.equal(xmp.evaluate(`//rdf:li[pdfaSchema:namespaceURI = '${FACTUR_X_NAMESPACE}']/string(pdfaSchema:prefix)`)[0], 'fx');
    });
  }

  it('refuses a packet it was not made for, rather than writing metadata a validator rejects', () => {
    const plain = TYPST_PACKET.replace(/<pdfaExtension:schemas>.*<\/pdfaExtension:schemas>/, '');
    assert.throws(() => withFacturXMetadata(plain, kindFor('pdf', 'factur-x').hybrid!), /no extension schemas/);
    const twice = withFacturXMetadata(TYPST_PACKET, kindFor('pdf', 'factur-x').hybrid!);
    assert.throws(() => withFacturXMetadata(twice, kindFor('pdf', 'factur-x').hybrid!), /already has Factur-X/);
  });
});
