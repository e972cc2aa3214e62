import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { before, describe, it } from 'node:test';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFString, type PDFObject } from '@cantoo/pdf-lib';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import { addFacturXMetadata } from '../../src/render/add-factur-x-metadata.ts';
import { checkFacturX, checkPdfA3b, FACTUR_X_NAMESPACE, type PdfAFailure } from '../helpers/check-pdfa.ts';
import { readXmp } from '../helpers/pdf-tools.ts';
import { tempDirsRemovedAfter } from '../helpers/temp-dirs.ts';

// The PDF/A-3b checker (test/helpers/check-pdfa.ts) stands in for veraPDF, so it must be shown to
// fail: a real Typst hybrid passes, and each mutant breaks one rule and fails that clause alone
// (or, for a Factur-X-only defect, checkFacturX alone).

const FONT = fileURLToPath(new URL('../../node_modules/@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf', import.meta.url));
const IMAGES_DIR = fileURLToPath(new URL('../fixtures/images/', import.meta.url));
const HYBRID = { fileName: 'factur-x.xml', conformanceLevel: 'EN 16931' } as const;

// What the checks look at: text in an embedded font, a link annotation, RGB and grey colour, a
// gradient, a PNG with transparency (soft mask) and a JPEG, and the CII attachment.
const SOURCE = `#set document(title: "Invoice INV-1", author: "ACME", date: datetime(year: 2026, month: 1, day: 15))
#set text(font: "Noto Sans")
Invoice INV-1, see #link("https://example.com")[the terms]. #text(fill: red)[Overdue] #text(fill: luma(40%))[note]
#rect(fill: rgb("#336699"), width: 2cm, height: 1cm)
#rect(fill: gradient.linear(red, blue), width: 2cm, height: 1cm)
#image("pixel-3x2.png", width: 1cm)
#image("pixel-7x5.jpg", width: 1cm)
#pdf.attach("${HYBRID.fileName}", relationship: "alternative", mime-type: "text/xml", description: "Factur-X invoice")
`;
const CII = '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>';

const tempDir = tempDirsRemovedAfter('check-pdfa-');

/** Typst's PDF of SOURCE: PDF/A-3b when asked, plain otherwise. */
async function typstPdf(pdfStandard: 'a-3b' | undefined): Promise<Uint8Array> {
  const dir = tempDir();
  await writeFile(path.join(dir, 'a.typ'), SOURCE);
  await writeFile(path.join(dir, HYBRID.fileName), CII);
  for (const image of ['pixel-3x2.png', 'pixel-7x5.jpg']) await copyFile(path.join(IMAGES_DIR, image), path.join(dir, image));
  const compiler = NodeCompiler.create({ workspace: dir, fontArgs: [{ fontPaths: [FONT] }] });
  const result = compiler.compile({ mainFilePath: path.join(dir, 'a.typ') });
  const error = result.takeError();
  if (error !== null) throw new Error(`typst: ${JSON.stringify(error.shortDiagnostics)}`);
  return compiler.pdf(result.result!, { pdfTags: false, ...(pdfStandard === undefined ? {} : { pdfStandard }), creationTimestamp: 1_768_435_200 });
}

/** "clause/test" of each failure, once each and in order, so a mismatch shows at a glance. */
const ids = (failures: readonly PdfAFailure[]): string[] => [...new Set(failures.map((f) => `${f.clause}/${f.test}`))];

async function edit(pdf: Uint8Array, change: (doc: PDFDocument) => void): Promise<Uint8Array> {
  // updateMetadata false: pdf-lib would stamp its own Producer and dates into the Info dictionary.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  change(doc);
  return doc.save({ useObjectStreams: false });
}

const setXmp = (doc: PDFDocument, text: string): void => {
  const ref = doc.catalog.get(PDFName.of('Metadata'));
  assert.ok(ref instanceof PDFRef);
  doc.context.assign(ref, doc.context.stream(Buffer.from(text, 'utf8'), { Type: 'Metadata', Subtype: 'XML' }));
};

const fileSpec = (doc: PDFDocument): PDFDict => doc.catalog.lookup(PDFName.of('AF'), PDFArray).lookup(0, PDFDict);
/** The stream a value refers to (pdf-lib's typed lookup has no PDFRawStream overload). */
function rawStream(doc: PDFDocument, value: PDFObject | undefined): PDFRawStream {
  const stream = value === undefined ? undefined : doc.context.lookup(value);
  assert.ok(stream instanceof PDFRawStream);
  return stream;
}

const embeddedFile = (doc: PDFDocument): PDFRawStream => rawStream(doc, fileSpec(doc).lookup(PDFName.of('EF'), PDFDict).get(PDFName.of('F')));

/** Every indirect dictionary (or stream dictionary) with a key of the given name value. */
function dictsWith(doc: PDFDocument, key: string, value: string): PDFDict[] {
  return doc.context.enumerateIndirectObjects().map(([, object]) => (object instanceof PDFRawStream ? object.dict : object))
    .filter((object): object is PDFDict => object instanceof PDFDict && object.get(PDFName.of(key)) === PDFName.of(value));
}

async function qpdfEncrypted(pdf: Uint8Array): Promise<Uint8Array> {
  const dir = tempDir();
  await writeFile(path.join(dir, 'in.pdf'), pdf);
  // An empty user password: every tool still opens it, so only the encryption itself can fail.
  await promisify(execFile)('qpdf', ['--encrypt', '', 'owner', '256', '--', 'in.pdf', 'out.pdf'], { cwd: dir });
  return readFile(path.join(dir, 'out.pdf'));
}

interface Pdfs {
  /** Typst's PDF/A-3b, before addFacturXMetadata. */
  readonly typst: Uint8Array;
  readonly hybrid: Uint8Array;
  /** The XMP packets of hybrid and typst. */
  readonly xmp: string;
  readonly typstXmp: string;
}

interface Mutant {
  readonly name: string;
  /** The "clause/test" ids checkPdfA3b must report, and nothing else. */
  readonly pdfa: readonly string[];
  readonly make: (pdfs: Pdfs) => Promise<Uint8Array>;
  /** What checkFacturX must report, one pattern per problem. */
  readonly facturX: readonly RegExp[];
}

const mutant = (name: string, pdfa: readonly string[], make: Mutant['make'], facturX: readonly RegExp[] = []): Mutant => ({ name, pdfa, make, facturX });
/** A mutant made by changing the hybrid with pdf-lib. */
const edited = (name: string, pdfa: readonly string[], change: (doc: PDFDocument, pdfs: Pdfs) => void, facturX: readonly RegExp[] = []): Mutant =>
  mutant(name, pdfa, (pdfs) => edit(pdfs.hybrid, (doc) => change(doc, pdfs)), facturX);
/** A mutant made by replacing text in the hybrid's XMP packet. */
const xmpEdited = (name: string, pdfa: readonly string[], from: string | RegExp, to: string, facturX: readonly RegExp[] = []): Mutant =>
  edited(name, pdfa, (doc, { xmp }) => {
    assert.notEqual(xmp.replace(from, to), xmp, `${name}: the packet has ${String(from)}`);
    setXmp(doc, xmp.replace(from, to));
  }, facturX);
/** A mutant made by replacing bytes in the hybrid without moving any, so the cross-reference offsets stay right. */
const bytesEdited = (name: string, pdfa: readonly string[], from: RegExp, to: (match: string, ...groups: string[]) => string): Mutant =>
  mutant(name, pdfa, async ({ hybrid }) => {
    const text = Buffer.from(hybrid).toString('latin1');
    const changed = text.replace(from, to);
    assert.ok(changed !== text && changed.length === text.length, `${name}: ${String(from)} replaced in place`);
    return Buffer.from(changed, 'latin1');
  });

const page = (doc: PDFDocument): PDFDict => doc.getPages()[0]!.node;
const resources = (doc: PDFDocument): PDFDict => page(doc).lookup(PDFName.of('Resources'), PDFDict);
const FX_PROPERTIES = `<rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NAMESPACE}">`
  + `<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>${HYBRID.fileName}</fx:DocumentFileName>`
  + `<fx:Version>1.0</fx:Version><fx:ConformanceLevel>${HYBRID.conformanceLevel}</fx:ConformanceLevel></rdf:Description>`;

/** The failures hybrids are most likely to have: each must fail its clause alone. */
const COMMON_MUTANTS: readonly Mutant[] = [
  edited('no /OutputIntents', ['6.2.3/0'], (doc) => doc.catalog.delete(PDFName.of('OutputIntents'))),
  ...['Data', 'Source'].map((relationship) => edited(`/AFRelationship /${relationship} instead of /Alternative`, [],
    (doc) => fileSpec(doc).set(PDFName.of('AFRelationship'), PDFName.of(relationship)), [new RegExp(`AFRelationship is ${relationship}, not /Alternative`)])),
  mutant('fx: properties without the Factur-X extension schema (Typst\'s packet, as if the post-step broke)', ['6.6.2.3.1/1'],
    ({ typst, typstXmp }) => edit(typst, (doc) => setXmp(doc, typstXmp.replace('</rdf:RDF>', `${FX_PROPERTIES}</rdf:RDF>`)))),
  xmpEdited('pdfaid:part 2', ['6.6.4/2'], '<pdfaid:part>3</pdfaid:part>', '<pdfaid:part>2</pdfaid:part>'),
  edited('a font descriptor without FontFile2', ['6.2.11.4.1/1'], (doc) => {
    const descriptors = dictsWith(doc, 'Type', 'FontDescriptor');
    assert.equal(descriptors.length, 1);
    descriptors[0]!.delete(PDFName.of('FontFile2'));
  }),
  mutant('an /Encrypt entry in the trailer (qpdf AES-256, empty user password)', ['6.1.3/2'], ({ hybrid }) => qpdfEncrypted(hybrid)),
  edited('a JavaScript action as the catalogue\'s /OpenAction', ['6.5.1/1'],
    (doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }))),
  edited('a link annotation without the Print flag', ['6.3.2/2'], (doc) => page(doc).lookup(PDFName.of('Annots'), PDFArray).lookup(0, PDFDict).set(PDFName.of('F'), PDFNumber.of(0))),
  edited('a file spec without /UF', ['6.8/2'], (doc) => fileSpec(doc).delete(PDFName.of('UF'))),
  edited('an embedded file without /Subtype', ['6.8/1'], (doc) => embeddedFile(doc).dict.delete(PDFName.of('Subtype')), [/Subtype is missing/]),
  xmpEdited('an xpacket header with encoding=', ['6.6.2.1/3'], /(<\?xpacket begin="[^"]*" id="[^"]*")\?>/, '$1 encoding="UTF-8"?>'),
  edited('the file spec missing from the catalogue\'s /AF', ['6.8/4'], (doc) => doc.catalog.delete(PDFName.of('AF')), [/\/AF does not hold the file spec/]),
];

/** One mutant for each other check, so none of them can pass everything unnoticed. */
const OTHER_MUTANTS: readonly Mutant[] = [
  bytesEdited('a header comment of ASCII bytes', ['6.1.2/2'], /^(%PDF-1\.\d\n%)[\x80-\xff]{4}/, (_, head: string) => `${head}abcd`),
  mutant('bytes after the last %%EOF', ['6.1.3/3'], async ({ hybrid }) => Buffer.concat([hybrid, Buffer.from('\n\n% appended\n')])),
  // The CII ends in ">", so one byte short leaves a byte before "endstream" that qpdf notices.
  bytesEdited('the embedded file\'s /Length one short', ['6.1.7.1/1'], /\/Length (\d+)(\s+\/Type \/EmbeddedFile)/,
    (_, n: string, rest: string) => `/Length ${String(Number(n) - 1).padEnd(n.length)}${rest}`),
  edited('an embedded file stream with /F (external data)', ['6.1.7.1/3'], (doc) => embeddedFile(doc).dict.set(PDFName.of('F'), PDFString.of('elsewhere.xml'))),
  edited('an output profile whose header says scanner (scnr)', ['6.2.3/1'], (doc) => {
    const intent = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict);
    const ref = intent.get(PDFName.of('DestOutputProfile')) as PDFRef;
    const profile = rawStream(doc, ref);
    const bytes = Buffer.from(decodePDFRawStream(profile).decode());
    bytes.write('scnr', 12, 'latin1');
    doc.context.assign(ref, doc.context.flateStream(bytes, { N: 3 }));
  }),
  edited('DeviceCMYK in the page content (an RGB output intent)', ['6.2.4.3/3'], (doc) => {
    const cmyk = doc.context.register(doc.context.stream('q 0 0 0 1 k Q\n'));
    page(doc).set(PDFName.of('Contents'), doc.context.obj([cmyk, page(doc).get(PDFName.of('Contents'))!]));
  }),
  edited('an ExtGState with a transfer function (/TR)', ['6.2.5/1'],
    (doc) => resources(doc).set(PDFName.of('ExtGState'), doc.context.obj({ gs0: { Type: 'ExtGState', TR: 'Identity' } }))),
  edited('an image with /Interpolate true', ['6.2.8/3'], (doc) => dictsWith(doc, 'Subtype', 'Image')[0]!.set(PDFName.of('Interpolate'), doc.context.obj(true))),
  edited('a PostScript XObject', ['6.2.9/3'], (doc) => resources(doc).lookup(PDFName.of('XObject'), PDFDict)
    .set(PDFName.of('ps0'), doc.context.register(doc.context.stream('0 0 moveto', { Type: 'XObject', Subtype: 'PS' })))),
  edited('a CIDFontType2 without /CIDToGIDMap', ['6.2.11.3.2/1'], (doc) => dictsWith(doc, 'Subtype', 'CIDFontType2')[0]!.delete(PDFName.of('CIDToGIDMap'))),
  edited('a Screen annotation', ['6.3.1/1'], (doc) => page(doc).lookup(PDFName.of('Annots'), PDFArray)
    .push(doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Screen', Rect: [0, 0, 10, 10], F: 4 })))),
  edited('/NeedsRendering true', ['6.4.2/2'], (doc) => doc.catalog.set(PDFName.of('NeedsRendering'), doc.context.obj(true))),
  edited('a Named action Print', ['6.5.1/2'], (doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'Named', N: 'Print' }))),
  edited('/AA in the catalogue and a page', ['6.5.2/1', '6.5.2/2'], (doc) => {
    // URI actions, which 6.5.1 allows: only the /AA entries themselves are wrong.
    doc.catalog.set(PDFName.of('AA'), doc.context.obj({ WC: { S: 'URI', URI: PDFString.of('https://example.com/closed') } }));
    page(doc).set(PDFName.of('AA'), doc.context.obj({ O: { S: 'URI', URI: PDFString.of('https://example.com/opened') } }));
  }),
  edited('a metadata stream without /Subtype /XML', ['6.6.2.1/1'], (doc) => rawStream(doc, doc.catalog.get(PDFName.of('Metadata'))).dict.delete(PDFName.of('Subtype'))),
  // Unreadable XMP has no pdfaid and no fx: properties either.
  xmpEdited('an XMP packet that is not well-formed', ['6.6.2.1/4', '6.6.4/1'], '</rdf:RDF>', '</rdf:Bag>', Array(4).fill(/^XMP fx:\w+ is missing/)),
  xmpEdited('an extension schema property without its category', ['6.6.2.3.3/9'], '<pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The name', '<pdfaProperty:description>The name'),
  edited('/PresSteps on a page', ['6.10/2'], (doc) => page(doc).set(PDFName.of('PresSteps'), doc.context.obj({ Type: 'NavNode' }))),
  edited('/Requirements in the catalogue', ['6.11/1'], (doc) => doc.catalog.set(PDFName.of('Requirements'), doc.context.obj([{ Type: 'Requirement', S: 'EnableJavaScripts' }]))),
];

describe('checkPdfA3b and checkFacturX: a Typst PDF/A-3b hybrid passes, each broken rule is caught', () => {
  let pdfs: Pdfs = { typst: new Uint8Array(), hybrid: new Uint8Array(), xmp: '', typstXmp: '' };
  let plain: Uint8Array = new Uint8Array();
  before(async () => {
    const typst = await typstPdf('a-3b');
    const hybrid = await addFacturXMetadata(typst, HYBRID);
    pdfs = { typst, hybrid, xmp: (await readXmp(hybrid))!.text, typstXmp: (await readXmp(typst))!.text };
    plain = await typstPdf(undefined);
  });

  it('the hybrid (Typst a-3b + addFacturXMetadata) passes both', async () => {
    assert.deepEqual(await checkPdfA3b(pdfs.hybrid), []);
    assert.deepEqual(await checkFacturX(pdfs.hybrid, HYBRID), []);
  });

  it('the hybrid rewritten by pdf-lib unchanged still passes, so a mutant fails by its change alone', async () => {
    const rewritten = await edit(pdfs.hybrid, () => {});
    assert.deepEqual(await checkPdfA3b(rewritten), []);
    assert.deepEqual(await checkFacturX(rewritten, HYBRID), []);
  });

  it('Typst\'s PDF/A-3b before the Factur-X step is PDF/A-3b but not Factur-X', async () => {
    assert.deepEqual(await checkPdfA3b(pdfs.typst), []);
    const problems = await checkFacturX(pdfs.typst, HYBRID);
    assert.equal(problems.length, 4, problems.join('\n'));
    assert.ok(problems.every((p) => p.startsWith('XMP fx:')), problems.join('\n'));
  });

  it('a plain Typst PDF fails 6.2.3 (no output intent) and 6.6.4 (no pdfaid)', async () => {
    const failures = ids(await checkPdfA3b(plain));
    assert.ok(failures.includes('6.2.3/0') && failures.includes('6.6.4/1'), failures.join(', '));
  });

  for (const mutant of [...COMMON_MUTANTS, ...OTHER_MUTANTS]) {
    it(`${mutant.name}: ${mutant.pdfa.length === 0 ? 'PDF/A passes' : `fails ${mutant.pdfa.join(', ')}`}, Factur-X ${mutant.facturX.length === 0 ? 'passes' : 'fails'}`, async () => {
      const pdf = await mutant.make(pdfs);
      const failures = await checkPdfA3b(pdf);
      assert.deepEqual(ids(failures), mutant.pdfa, JSON.stringify(failures, null, 2));
      const problems = await checkFacturX(pdf, HYBRID);
      assert.equal(problems.length, mutant.facturX.length, problems.join('\n'));
      mutant.facturX.forEach((pattern, i) => assert.match(problems[i]!, pattern));
    });
  }
});
