import {
  isDict, isReference, nameOf, parseXmp, pdfAttachments, pdfObjects, PdfStream, qpdfCheck, textOf,
  XMP_NAMESPACES, type PdfDict, type PdfObjects, type PdfValue, type Xmp,
} from './pdf-tools.ts';

/*
 * A PDF/A-3b conformance check for the rules hybrid e-invoices break most often, because veraPDF
 * (the reference validator, Java) cannot be installed where these tests run. Clause and test
 * numbers are veraPDF's for ISO 19005-3 (its PDFA-3B validation profile), so a failure here can be
 * looked up there. Test 0 marks a check of our own, reported under the clause it serves.
 *
 * | Clause      | Tests     | What is checked                                                                  |
 * |-------------|-----------|----------------------------------------------------------------------------------|
 * | 6.1         | 0         | qpdf --check finds no damage (ours: PDF/A presumes valid ISO 32000-1 syntax)     |
 * | 6.1.2       | 1, 2      | %PDF-1.n at byte 0, then a comment line of four or more bytes above 127          |
 * | 6.1.3       | 1, 2, 3   | last trailer has /ID; no /Encrypt; nothing after the last %%EOF but one EOL      |
 * | 6.1.7.1     | 1, 3      | stream /Length right (qpdf --check); no /F, /FFilter, /FDecodeParms              |
 * | 6.1.7.2     | 1         | only standard filters, no LZWDecode, Crypt only as Identity                      |
 * | 6.2.3       | 0, 1, 2, 3| a GTS_PDFA1 output intent (ours); its ICC profile mntr/prtr, RGB/GRAY/CMYK, v<5  |
 * | 6.2.4.3     | 2, 3, 4   | DeviceRGB/CMYK/Gray used only with a matching output intent (or a Default space)  |
 * | 6.2.5       | 1, 2, 3   | ExtGState without TR, TR2 other than /Default, HTP                               |
 * | 6.2.8       | 1–5       | images: no Alternates, no OPI, Interpolate not true, BitsPerComponent 1/2/4/8/16  |
 * | 6.2.9       | 1, 2, 3   | no PostScript XObjects, no Subtype2 /PS or /PS in forms, no reference XObjects    |
 * | 6.2.11.3.2  | 1         | an embedded CIDFontType2 has /CIDToGIDMap                                        |
 * | 6.2.11.4.1  | 1         | every font program embedded (FontFile, FontFile2 or FontFile3; Type3 excepted)    |
 * | 6.3.1       | 1         | annotation types: none outside ISO 32000-1, no 3D, Sound, Screen, Movie           |
 * | 6.3.2       | 1, 2      | annotations have /F with Print set and Hidden, Invisible, NoView, ToggleNoView clear |
 * | 6.4.2       | 1, 2      | no XFA, no NeedsRendering                                                        |
 * | 6.5.1       | 1, 2      | no Launch, JavaScript, … actions; Named actions only Next/Prev/First/LastPage    |
 * | 6.5.2       | 1, 2      | no /AA in the catalogue or a page                                                |
 * | 6.6.2.1     | 1–5       | catalogue /Metadata (Type Metadata, Subtype XML); xpacket without bytes=/encoding=; well-formed UTF-8 |
 * | 6.6.2.3.1   | 1         | every XMP property outside the predefined schemas declared by an extension schema |
 * | 6.6.2.3.3   | 1–10      | extension schemas: schema, namespaceURI, prefix; each property's name, valueType, category, description |
 * | 6.6.4       | 1–5       | pdfaid:part 3 and pdfaid:conformance B, with the pdfaid prefix                    |
 * | 6.8         | 1–4       | embedded files: MIME /Subtype; file spec with F, UF, AFRelationship, in an /AF array |
 * | 6.10        | 1, 2      | no AlternatePresentations, no PresSteps                                          |
 * | 6.11        | 1         | no Requirements                                                                  |
 *
 * Not covered, so a pass here is not veraPDF's pass: 6.1.4–6.1.6, 6.1.7.1 test 2, 6.1.8–6.1.13
 * (xref and object syntax, string and name forms, implementation limits); 6.2.2 (undefined
 * operators, inherited resources); 6.2.4.2 and 6.2.4.4 (ICC input profiles, spot colours);
 * 6.2.5 tests 4–6 (halftones); 6.2.6; 6.2.8.3 (JPEG2000); 6.2.10 (blend modes, page groups
 * without an output intent); 6.2.11.2, 6.2.11.3.1, 6.2.11.3.3, 6.2.11.4.1 test 2, 6.2.11.4.2,
 * 6.2.11.5, 6.2.11.6, 6.2.11.8 (font dictionaries, CMaps, glyphs present, CIDSet, widths,
 * TrueType cmaps, .notdef); 6.3.3 (appearance streams); 6.4.1 and 6.4.3 (form fields,
 * signatures); 6.6.2.3.1 test 2 (value types of property values); 6.6.2.3.3 tests 11–18 (value
 * type declarations); 6.9 (optional content). A property in a predefined namespace is accepted
 * whatever its name. veraPDF exempts fonts used only in text render mode 3; this checker does not.
 */

export interface PdfAFailure {
  /** ISO 19005-3 clause as veraPDF numbers it, e.g. "6.2.11.4.1". */
  readonly clause: string;
  /** veraPDF's test number within the clause; 0 for a check of our own. */
  readonly test: number;
  readonly message: string;
}

type Family = 'RGB' | 'CMYK' | 'Gray';

/** What the checks read, gathered once. */
interface Pdf {
  readonly bytes: Buffer;
  readonly objects: PdfObjects;
  readonly qpdf: { readonly ok: boolean; readonly output: string };
  /** Every dictionary reachable from the trailer (a stream's too), with the last keys that led to it. */
  readonly reachable: readonly Reached[];
  /** The colour space of the PDF/A output intent's ICC profile, when there is one. */
  readonly outputFamily: Family | undefined;
  readonly xmp: XmpPacket;
}

interface Reached {
  readonly dict: PdfDict;
  readonly stream?: PdfStream;
  readonly ref?: string;
  /** Up to three keys ("[]" for an array element) from its parent to it, as first found. */
  readonly keys: readonly string[];
}

/** The catalogue's metadata stream: absent, unparsable (with why), or parsed. */
type XmpPacket =
  | { readonly state: 'missing' }
  | { readonly state: 'broken'; readonly stream: PdfStream; readonly error: string }
  | { readonly state: 'parsed'; readonly stream: PdfStream; readonly xmp: Xmp };

const fail = (clause: string, test: number, message: string): PdfAFailure => ({ clause, test, message });

/** Every PDF/A-3b failure found, in the table's order; an empty array when the file passes. */
export async function checkPdfA3b(pdf: Uint8Array): Promise<PdfAFailure[]> {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const [objects, qpdf] = await Promise.all([pdfObjects(bytes).catch(() => undefined), qpdfCheck(bytes)]);
  if (objects === undefined) return [fail('6.1', 0, `qpdf cannot read the file: ${qpdf.output}`)];
  const gathered: Pdf = { bytes, objects, qpdf, reachable: reachableDicts(objects), outputFamily: outputIntentFamily(objects), xmp: await readPacket(objects) };
  // One line per distinct finding: a colour operator used a thousand times is one failure.
  const distinct = new Map(CHECKS.flatMap((check) => check(gathered)).map((f) => [`${f.clause} ${f.test} ${f.message}`, f]));
  return [...distinct.values()];
}

// ---------------------------------------------------------------------------------------------
// Gathering
// ---------------------------------------------------------------------------------------------

/** Walks the object graph from the trailer, each indirect object once (veraPDF checks only what is reachable). */
function reachableDicts(objects: PdfObjects): Reached[] {
  const found: Reached[] = [];
  const seen = new Set<string>();
  const pending: Array<{ value: PdfValue | undefined; keys: readonly string[]; ref?: string }> = [{ value: objects.trailer, keys: ['trailer'] }];
  const children = (entries: ReadonlyArray<[string, PdfValue]>, keys: readonly string[]): void => {
    for (const [key, value] of entries) pending.push({ value, keys: [...keys.slice(-2), key] });
  };
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { value, keys, ref } = item;
    if (isReference(value)) {
      if (!seen.has(value)) pending.push({ value: objects.objects.get(value), keys, ref: value });
      seen.add(value);
    } else if (value instanceof PdfStream) {
      found.push({ dict: value.dict, stream: value, keys, ...(ref === undefined ? {} : { ref }) });
      children(Object.entries(value.dict), keys);
    } else if (Array.isArray(value)) {
      children(value.map((v) => ['[]', v] as [string, PdfValue]), keys);
    } else if (isDict(value)) {
      found.push({ dict: value, keys, ...(ref === undefined ? {} : { ref }) });
      children(Object.entries(value), keys);
    }
  }
  return found;
}

/** The PDF/A output intents: catalogue /OutputIntents entries with /S /GTS_PDFA1. */
function pdfaOutputIntents(objects: PdfObjects): PdfDict[] {
  return objects.array(objects.catalog['/OutputIntents']).map((v) => objects.dict(v)).filter((d): d is PdfDict => d !== undefined && nameOf(d['/S']) === 'GTS_PDFA1');
}

/** An ICC profile's header: device class at bytes 12–15, colour space at 16–19, major version at 8. */
function iccHeader(data: Buffer): { deviceClass: string; colourSpace: string; major: number } {
  return { deviceClass: data.toString('latin1', 12, 16), colourSpace: data.toString('latin1', 16, 20), major: data[8] ?? 0 };
}

const ICC_FAMILIES: Readonly<Record<string, Family>> = { 'RGB ': 'RGB', CMYK: 'CMYK', GRAY: 'Gray' };

function outputIntentFamily(objects: PdfObjects): Family | undefined {
  const [intent] = pdfaOutputIntents(objects);
  const profile = objects.stream(intent?.['/DestOutputProfile']);
  return profile === undefined ? undefined : ICC_FAMILIES[iccHeader(profile.data).colourSpace];
}

async function readPacket(objects: PdfObjects): Promise<XmpPacket> {
  const stream = objects.stream(objects.catalog['/Metadata']);
  if (stream === undefined) return { state: 'missing' };
  try {
    return { state: 'parsed', stream, xmp: await parseXmp(new TextDecoder('utf-8', { fatal: true }).decode(stream.data)) };
  } catch (error) {
    return { state: 'broken', stream, error: (error as Error).message };
  }
}

/** A page's key, from the page or the nearest page-tree node above it that has it (ISO 32000-1, 7.7.3.4). */
function inherited(objects: PdfObjects, page: PdfDict, key: string): PdfValue | undefined {
  let node: PdfDict | undefined = page;
  for (let depth = 0; node !== undefined && depth < 64; depth += 1) {
    if (key in node) return node[key];
    node = objects.dict(node['/Parent']);
  }
  return undefined;
}

const annotations = (objects: PdfObjects): PdfDict[] =>
  objects.pages.flatMap(({ dict }) => objects.array(dict['/Annots']).map((a) => objects.dict(a)).filter((a): a is PdfDict => a !== undefined));

const streamsWith = (pdf: Pdf, subtype: string): Reached[] => pdf.reachable.filter((r) => r.stream !== undefined && nameOf(r.dict['/Subtype']) === subtype);

// ---------------------------------------------------------------------------------------------
// 6.1 File structure
// ---------------------------------------------------------------------------------------------

/** qpdf --check's warnings about one stream's /Length: it looked for endstream and recovered the length. */
const LENGTH_WARNING = /object (\d+) (\d+), offset \d+\): (expected endstream|attempting to recover stream length|recovered stream length)/;

const qpdfComplaints = (pdf: Pdf): string[] => (pdf.qpdf.ok ? [] : pdf.qpdf.output.split('\n')
  .filter((l) => /WARNING|error/i.test(l) && !/operation succeeded with warnings|^No syntax or stream encoding errors|^errors that qpdf cannot detect/.test(l)));

/** 6.1: ours. PDF/A takes valid ISO 32000-1 syntax as given; qpdf reports damage (xref, objects). */
function qpdfFindsNoDamage(pdf: Pdf): PdfAFailure[] {
  const damage = qpdfComplaints(pdf).filter((l) => !LENGTH_WARNING.test(l));
  return damage.length === 0 ? [] : [fail('6.1', 0, `qpdf --check: ${damage.join(' | ')}`)];
}

/** 6.1.2: "%PDF-1.n" at byte 0 and one EOL, then "%" and at least four bytes above 127. */
function fileHeader(pdf: Pdf): PdfAFailure[] {
  const head = /^%PDF-1\.[0-7](\r\n|\r|\n)/.exec(pdf.bytes.toString('latin1', 0, 32));
  if (head === null) return [fail('6.1.2', 1, 'the file does not start with "%PDF-1.n" and one end-of-line')];
  const comment = pdf.bytes.subarray(head[0].length, head[0].length + 5);
  const binary = comment[0] === 0x25 && comment.length === 5 && [...comment.subarray(1)].every((b) => b > 127);
  return binary ? [] : [fail('6.1.2', 2, 'the header is not followed by a comment of four bytes above 127')];
}

/** 6.1.3: the last trailer has /ID; no /Encrypt; after the last %%EOF at most one EOL. */
function trailer(pdf: Pdf): PdfAFailure[] {
  const failures: PdfAFailure[] = [];
  const id = pdf.objects.array(pdf.objects.trailer['/ID']);
  if (id.length === 0) failures.push(fail('6.1.3', 1, 'the last trailer has no /ID'));
  if ('/Encrypt' in pdf.objects.trailer || pdf.objects.encrypted) failures.push(fail('6.1.3', 2, 'the trailer has /Encrypt'));
  const eof = pdf.bytes.lastIndexOf('%%EOF');
  const after = eof === -1 ? '' : pdf.bytes.toString('latin1', eof + 5);
  if (eof === -1 || !/^(\r\n|\r|\n)?$/.test(after)) failures.push(fail('6.1.3', 3, `${after.length} bytes follow the last %%EOF`));
  return failures;
}

/** 6.1.7.1: /Length matches the data (qpdf --check); no external stream keys F, FFilter, FDecodeParms. */
function streamDictionaries(pdf: Pdf): PdfAFailure[] {
  const wrongLengths = new Set(qpdfComplaints(pdf).map((l) => LENGTH_WARNING.exec(l)).filter((m) => m !== null).map((m) => `${m[1]} ${m[2]} R`));
  const failures = [...wrongLengths].map((ref) => fail('6.1.7.1', 1, `stream ${ref}: /Length does not match the data (qpdf --check)`));
  for (const { dict, ref } of pdf.reachable.filter((r) => r.stream !== undefined)) {
    const external = ['/F', '/FFilter', '/FDecodeParms'].filter((k) => k in dict);
    if (external.length > 0) failures.push(fail('6.1.7.1', 3, `stream ${ref ?? '(direct)'} has ${external.join(', ')}`));
  }
  return failures;
}

const ALLOWED_FILTERS = new Set(['ASCIIHexDecode', 'ASCII85Decode', 'FlateDecode', 'RunLengthDecode', 'CCITTFaxDecode', 'JBIG2Decode', 'DCTDecode', 'JPXDecode']);

/** 6.1.7.2: standard filters only, never LZWDecode; Crypt only when its /Name is /Identity. */
function streamFilters(pdf: Pdf): PdfAFailure[] {
  const failures: PdfAFailure[] = [];
  for (const { dict, ref } of pdf.reachable.filter((r) => r.stream !== undefined)) {
    const filters = Array.isArray(dict['/Filter']) ? dict['/Filter'] : [dict['/Filter']];
    const parms = Array.isArray(dict['/DecodeParms']) ? dict['/DecodeParms'] : [dict['/DecodeParms']];
    filters.forEach((filter, i) => {
      const name = nameOf(pdf.objects.resolve(filter));
      if (name === undefined || ALLOWED_FILTERS.has(name)) return;
      if (name === 'Crypt' && nameOf(pdf.objects.dict(parms[i])?.['/Name']) === 'Identity') return;
      failures.push(fail('6.1.7.2', 1, `stream ${ref ?? '(direct)'} uses the filter ${name}`));
    });
  }
  return failures;
}

// ---------------------------------------------------------------------------------------------
// 6.2 Graphics
// ---------------------------------------------------------------------------------------------

/** 6.2.3: a PDF/A output intent (ours); its profile an RGB, CMYK or GRAY output or monitor profile below v5; one profile for all. */
function outputIntents(pdf: Pdf): PdfAFailure[] {
  const { objects } = pdf;
  const intents = objects.array(objects.catalog['/OutputIntents']).map((v) => objects.dict(v)).filter((d): d is PdfDict => d !== undefined);
  const failures: PdfAFailure[] = [];
  if (!pdfaOutputIntents(objects).some((i) => objects.stream(i['/DestOutputProfile']) !== undefined)) {
    // Stricter than veraPDF, which asks for an intent only when device colour is used: Typst
    // writes one, and a file without it is not what we made.
    failures.push(fail('6.2.3', 0, 'no /OutputIntents entry with /S /GTS_PDFA1 and a /DestOutputProfile'));
  }
  for (const intent of intents) {
    const profile = objects.stream(intent['/DestOutputProfile']);
    if (profile !== undefined) {
      const { deviceClass, colourSpace, major } = iccHeader(profile.data);
      if (!['prtr', 'mntr'].includes(deviceClass) || !(colourSpace in ICC_FAMILIES) || major >= 5) {
        failures.push(fail('6.2.3', 1, `output intent profile: device class "${deviceClass}", colour space "${colourSpace}", version ${major}`));
      }
    }
    if (nameOf(intent['/S']) === 'GTS_PDFX' && '/DestOutputProfileRef' in intent) failures.push(fail('6.2.3', 3, 'a GTS_PDFX output intent has /DestOutputProfileRef'));
  }
  const profiles = new Set(intents.map((i) => i['/DestOutputProfile']).filter((p) => p !== undefined).map(String));
  if (profiles.size > 1) failures.push(fail('6.2.3', 2, `the output intents use ${profiles.size} different profiles`));
  return failures;
}

const DEVICE_SPACES: Readonly<Record<string, Family>> = { DeviceRGB: 'RGB', RGB: 'RGB', DeviceCMYK: 'CMYK', CMYK: 'CMYK', DeviceGray: 'Gray', G: 'Gray' };
const DEFAULT_SPACES: Readonly<Record<Family, string>> = { RGB: '/DefaultRGB', CMYK: '/DefaultCMYK', Gray: '/DefaultGray' };

/** The device colour spaces a colour space paints in: itself, an Indexed or Pattern base, a Separation or DeviceN alternate. */
function deviceFamilies(objects: PdfObjects, space: PdfValue | undefined, resources?: PdfDict, depth = 0): Family[] {
  if (depth > 8) return [];
  const name = nameOf(objects.resolve(space));
  if (name !== undefined) {
    const device = DEVICE_SPACES[name];
    if (device !== undefined) return [device];
    const named = objects.dict(resources?.['/ColorSpace'])?.[`/${name}`];
    return named === undefined ? [] : deviceFamilies(objects, named, undefined, depth + 1);
  }
  const [kind, ...rest] = objects.array(space);
  const inner = { Indexed: rest[0], Pattern: rest[0], Separation: rest[1], DeviceN: rest[1] }[nameOf(kind) ?? ''];
  return inner === undefined ? [] : deviceFamilies(objects, inner, undefined, depth + 1);
}

interface Painting { readonly stream: PdfStream; readonly resources: PdfDict | undefined; readonly where: string }

/**
 * Every device colour space the pages paint with, following what veraPDF follows: content
 * operators, named colour spaces, shadings, patterns, images and forms drawn with Do, Type3
 * glyphs, transparency groups and annotation appearances. A Default colour space in the
 * resources exempts its family (ISO 32000-1, 8.6.5.6).
 */
function deviceColourUses(pdf: Pdf): Array<{ family: Family; where: string }> {
  const { objects } = pdf;
  const uses: Array<{ family: Family; where: string }> = [];
  const queue: Painting[] = [];
  objects.pages.forEach(({ dict }, i) => {
    const resources = objects.dict(inherited(objects, dict, '/Resources'));
    const contents = objects.resolve(dict['/Contents']);
    for (const part of Array.isArray(contents) ? contents : [contents]) {
      const stream = objects.stream(part);
      if (stream !== undefined) queue.push({ stream, resources, where: `page ${i + 1}` });
    }
    for (const family of deviceFamilies(objects, objects.dict(dict['/Group'])?.['/CS'], resources)) uses.push({ family, where: `page ${i + 1} transparency group` });
  });
  for (const annot of annotations(objects)) {
    for (const state of Object.values(objects.dict(annot['/AP']) ?? {})) {
      const appearances = objects.stream(state) !== undefined ? [state] : Object.values(objects.dict(state) ?? {});
      for (const a of appearances) {
        const stream = objects.stream(a);
        if (stream !== undefined) queue.push({ stream, resources: objects.dict(stream.dict['/Resources']), where: `${nameOf(annot['/Subtype'])} annotation appearance` });
      }
    }
  }
  const seen = new Set<PdfStream>();
  for (let painting = queue.shift(); painting !== undefined; painting = queue.shift()) {
    if (seen.has(painting.stream)) continue;
    seen.add(painting.stream);
    uses.push(...paintingUses(objects, painting, queue));
  }
  return uses;
}

/** One content stream's device colour uses; forms, tiling patterns and Type3 glyphs it draws join the queue. */
function paintingUses(objects: PdfObjects, { stream, resources, where }: Painting, queue: Painting[]): Array<{ family: Family; where: string }> {
  const uses: Array<{ family: Family; where: string }> = [];
  const exempt = new Set((Object.keys(DEFAULT_SPACES) as Family[]).filter((f) => objects.dict(resources?.['/ColorSpace'])?.[DEFAULT_SPACES[f]] !== undefined));
  const use = (families: Family[], what: string): void => {
    for (const family of families) if (!exempt.has(family)) uses.push({ family, where: `${where}: ${what}` });
  };
  const resource = (kind: string, name: string | undefined): PdfValue | undefined => objects.dict(resources?.[kind])?.[name ?? ''];
  const drawn = (value: PdfValue | undefined, what: string): void => {
    const target = objects.stream(value);
    if (target !== undefined) queue.push({ stream: target, resources: objects.dict(target.dict['/Resources']) ?? resources, where: `${where} > ${what}` });
  };
  for (const { operator, operands } of contentOperators(stream.data)) {
    const last = operands.at(-1);
    if (operator === 'rg' || operator === 'RG') use(['RGB'], operator);
    else if (operator === 'k' || operator === 'K') use(['CMYK'], operator);
    else if (operator === 'g' || operator === 'G') use(['Gray'], operator);
    else if (operator === 'cs' || operator === 'CS') use(deviceFamilies(objects, last, resources), `${last} ${operator}`);
    else if (operator === 'sh') use(deviceFamilies(objects, objects.dict(resource('/Shading', last))?.['/ColorSpace']), `shading ${last}`);
    else if ((operator === 'scn' || operator === 'SCN') && nameOf(last) !== undefined) {
      const pattern = objects.resolve(resource('/Pattern', last));
      if (pattern instanceof PdfStream) drawn(pattern, `pattern ${last}`);
      else use(deviceFamilies(objects, objects.dict(objects.dict(pattern)?.['/Shading'])?.['/ColorSpace']), `pattern ${last}`);
    } else if (operator === 'Do') {
      const xobject = resource('/XObject', last);
      const dict = objects.dict(xobject);
      if (nameOf(dict?.['/Subtype']) === 'Image' && dict?.['/ImageMask'] !== true) use(deviceFamilies(objects, dict?.['/ColorSpace']), `image ${last}`);
      if (nameOf(dict?.['/Subtype']) === 'Form') {
        use(deviceFamilies(objects, objects.dict(dict?.['/Group'])?.['/CS']), `form ${last} group`);
        drawn(xobject, `form ${last}`);
      }
    } else if (operator === 'BI') {
      use(inlineImageFamilies(objects, operands, resources), 'inline image');
    } else if (operator === 'Tf') {
      const font = objects.dict(resource('/Font', operands[0]));
      if (nameOf(font?.['/Subtype']) === 'Type3') {
        for (const glyph of Object.values(objects.dict(font?.['/CharProcs']) ?? {})) {
          const target = objects.stream(glyph);
          if (target !== undefined) queue.push({ stream: target, resources: objects.dict(font?.['/Resources']) ?? resources, where: `${where} > Type3 font ${operands[0]}` });
        }
      }
    }
  }
  return uses;
}

/** An inline image's colour space from its BI … ID tokens (/CS or /ColorSpace, a name or [/Indexed base …]); none for a mask. */
function inlineImageFamilies(objects: PdfObjects, tokens: readonly string[], resources: PdfDict | undefined): Family[] {
  const mask = tokens.findIndex((t) => t === '/IM' || t === '/ImageMask');
  if (mask !== -1 && tokens[mask + 1] === 'true') return [];
  const key = tokens.findIndex((t) => t === '/CS' || t === '/ColorSpace');
  if (key === -1) return [];
  const value = tokens[key + 1] === '[' && (tokens[key + 2] === '/I' || tokens[key + 2] === '/Indexed') ? tokens[key + 3] : tokens[key + 1];
  return deviceFamilies(objects, value, resources);
}

const FAMILY_RULES: Readonly<Record<Family, { test: number; space: string; needs: string }>> = {
  RGB: { test: 2, space: 'DeviceRGB', needs: 'an RGB' },
  CMYK: { test: 3, space: 'DeviceCMYK', needs: 'a CMYK' },
  Gray: { test: 4, space: 'DeviceGray', needs: 'any' },
};

/** 6.2.4.3: DeviceRGB only with an RGB output intent, DeviceCMYK only with a CMYK one, DeviceGray with any. */
function deviceColour(pdf: Pdf): PdfAFailure[] {
  return deviceColourUses(pdf)
    .filter(({ family }) => (family === 'Gray' ? pdf.outputFamily === undefined : pdf.outputFamily !== family))
    .map(({ family, where }) => {
      const rule = FAMILY_RULES[family];
      return fail('6.2.4.3', rule.test, `${rule.space} used (${where}) without ${rule.needs} PDF/A output intent`);
    });
}

/** 6.2.5: no transfer functions (TR; TR2 other than /Default) and no halftone phase (HTP) in an ExtGState. */
function extGStates(pdf: Pdf): PdfAFailure[] {
  const states = pdf.reachable.filter((r) => r.keys.at(-2) === '/ExtGState' || nameOf(r.dict['/Type']) === 'ExtGState');
  return states.flatMap(({ dict, ref }) => {
    const where = `ExtGState ${ref ?? '(direct)'}`;
    return [
      ...('/TR' in dict ? [fail('6.2.5', 1, `${where} has /TR`)] : []),
      ...('/TR2' in dict && nameOf(dict['/TR2']) !== 'Default' ? [fail('6.2.5', 2, `${where} has /TR2 other than /Default`)] : []),
      ...('/HTP' in dict ? [fail('6.2.5', 3, `${where} has /HTP`)] : []),
    ];
  });
}

/** 6.2.8: image XObjects without Alternates or OPI, not interpolated, 1/2/4/8/16 bits (masks 1). */
function images(pdf: Pdf): PdfAFailure[] {
  return streamsWith(pdf, 'Image').flatMap(({ dict, ref }) => {
    const where = `image ${ref ?? '(direct)'}`;
    const bits = pdf.objects.resolve(dict['/BitsPerComponent']);
    const mask = dict['/ImageMask'] === true;
    return [
      ...('/Alternates' in dict ? [fail('6.2.8', 1, `${where} has /Alternates`)] : []),
      ...('/OPI' in dict ? [fail('6.2.8', 2, `${where} has /OPI`)] : []),
      ...(pdf.objects.resolve(dict['/Interpolate']) === true ? [fail('6.2.8', 3, `${where} has /Interpolate true`)] : []),
      ...(!mask && bits !== undefined && ![1, 2, 4, 8, 16].includes(Number(bits)) ? [fail('6.2.8', 4, `${where} has /BitsPerComponent ${bits}`)] : []),
      ...(mask && bits !== undefined && bits !== 1 ? [fail('6.2.8', 5, `image mask ${ref ?? '(direct)'} has /BitsPerComponent ${bits}`)] : []),
    ];
  });
}

/** 6.2.9: no PostScript: forms without OPI, /Subtype2 /PS or /PS; no reference XObjects; no PS XObjects. */
function xobjects(pdf: Pdf): PdfAFailure[] {
  const forms = streamsWith(pdf, 'Form').flatMap(({ dict, ref }) => [
    ...('/OPI' in dict || '/PS' in dict || nameOf(dict['/Subtype2']) === 'PS' ? [fail('6.2.9', 1, `form XObject ${ref ?? '(direct)'} has /OPI, /PS or /Subtype2 /PS`)] : []),
    ...('/Ref' in dict ? [fail('6.2.9', 2, `form XObject ${ref ?? '(direct)'} is a reference XObject (/Ref)`)] : []),
  ]);
  const postScript = streamsWith(pdf, 'PS').map(({ ref }) => fail('6.2.9', 3, `PostScript XObject ${ref ?? '(direct)'}`));
  return [...forms, ...postScript];
}

/** Font dictionaries: reachable dictionaries typed /Font, or entries of a resources' /Font. */
const fonts = (pdf: Pdf): Reached[] => pdf.reachable.filter((r) => nameOf(r.dict['/Type']) === 'Font' || (r.keys.at(-2) === '/Font' && '/Subtype' in r.dict));

/** 6.2.11.3.2: an embedded Type 2 CIDFont maps CIDs to glyphs with /CIDToGIDMap. */
function cidToGidMaps(pdf: Pdf): PdfAFailure[] {
  return fonts(pdf).filter(({ dict }) => nameOf(dict['/Subtype']) === 'CIDFontType2' && !('/CIDToGIDMap' in dict) && hasFontFile(pdf.objects, dict))
    .map(({ dict }) => fail('6.2.11.3.2', 1, `CIDFontType2 ${nameOf(dict['/BaseFont']) ?? '?'} has no /CIDToGIDMap`));
}

const hasFontFile = (objects: PdfObjects, font: PdfDict): boolean => {
  const descriptor = objects.dict(font['/FontDescriptor']);
  return ['/FontFile', '/FontFile2', '/FontFile3'].some((key) => objects.stream(descriptor?.[key]) !== undefined);
};

/** 6.2.11.4.1: every font program embedded; a Type0 font's is its descendant's, Type3 glyphs are content. */
function embeddedFonts(pdf: Pdf): PdfAFailure[] {
  return fonts(pdf).filter(({ dict }) => !['Type3', 'Type0'].includes(nameOf(dict['/Subtype']) ?? '') && !hasFontFile(pdf.objects, dict))
    .map(({ dict }) => fail('6.2.11.4.1', 1, `font ${nameOf(dict['/BaseFont']) ?? '?'} (${nameOf(dict['/Subtype']) ?? '?'}) has no embedded font program`));
}

// ---------------------------------------------------------------------------------------------
// 6.3 Annotations, 6.4 forms, 6.5 actions
// ---------------------------------------------------------------------------------------------

const ANNOTATION_TYPES = new Set(['Text', 'Link', 'FreeText', 'Line', 'Square', 'Circle', 'Polygon', 'PolyLine', 'Highlight', 'Underline', 'Squiggly',
  'StrikeOut', 'Stamp', 'Caret', 'Ink', 'Popup', 'FileAttachment', 'Widget', 'PrinterMark', 'TrapNet', 'Watermark', 'Redact']);

/** 6.3.1: ISO 32000-1 annotation types only, and not 3D, Sound, Screen or Movie. */
function annotationTypes(pdf: Pdf): PdfAFailure[] {
  return annotations(pdf.objects).filter((a) => !ANNOTATION_TYPES.has(nameOf(a['/Subtype']) ?? ''))
    .map((a) => fail('6.3.1', 1, `annotation type ${nameOf(a['/Subtype']) ?? '(none)'} is not allowed`));
}

const PRINT = 4;
const HIDDEN_FLAGS = 1 | 2 | 32 | 256; // Invisible, Hidden, NoView, ToggleNoView

/** 6.3.2: an annotation (Popup excepted) has /F, with Print set and Invisible, Hidden, NoView, ToggleNoView clear. */
function annotationFlags(pdf: Pdf): PdfAFailure[] {
  return annotations(pdf.objects).flatMap((a) => {
    const type = nameOf(a['/Subtype']) ?? '(none)';
    const flags = pdf.objects.resolve(a['/F']);
    if (flags === undefined) return type === 'Popup' ? [] : [fail('6.3.2', 1, `${type} annotation has no /F`)];
    const value = Number(flags);
    return (value & PRINT) === PRINT && (value & HIDDEN_FLAGS) === 0 ? [] : [fail('6.3.2', 2, `${type} annotation has /F ${value}: Print must be set, Hidden, Invisible, NoView and ToggleNoView clear`)];
  });
}

/** 6.4.2: no XFA form, no NeedsRendering. */
function dynamicForms(pdf: Pdf): PdfAFailure[] {
  const { catalog } = pdf.objects;
  return [
    ...('/XFA' in (pdf.objects.dict(catalog['/AcroForm']) ?? {}) ? [fail('6.4.2', 1, 'the interactive form has /XFA')] : []),
    ...(pdf.objects.resolve(catalog['/NeedsRendering']) === true ? [fail('6.4.2', 2, 'the catalogue has /NeedsRendering true')] : []),
  ];
}

const ALLOWED_ACTIONS = new Set(['GoTo', 'GoToR', 'GoToE', 'Thread', 'URI', 'Named', 'SubmitForm']);
const ALLOWED_NAMED = new Set(['NextPage', 'PrevPage', 'FirstPage', 'LastPage']);

/** Where actions live: /A, /OpenAction, /Next (or its array), an /AA entry, or anything typed /Action. */
const isAction = ({ dict, keys }: Reached): boolean => '/S' in dict && (nameOf(dict['/Type']) === 'Action'
  || ['/A', '/OpenAction', '/Next'].includes(keys.at(-1) ?? '') || (keys.at(-1) === '[]' && keys.at(-2) === '/Next') || keys.at(-2) === '/AA');

/** 6.5.1: no Launch, Sound, Movie, ResetForm, ImportData, Hide, SetOCGState, Rendition, Trans, GoTo3DView, JavaScript; Named only page moves. */
function actions(pdf: Pdf): PdfAFailure[] {
  return pdf.reachable.filter(isAction).flatMap(({ dict, keys }) => {
    const type = nameOf(dict['/S']) ?? '(none)';
    const where = keys.slice(-2).join(' ');
    if (!ALLOWED_ACTIONS.has(type)) return [fail('6.5.1', 1, `${type} action (${where}) is not allowed`)];
    const named = nameOf(dict['/N']) ?? '(none)';
    return type === 'Named' && !ALLOWED_NAMED.has(named) ? [fail('6.5.1', 2, `Named action ${named} is not allowed`)] : [];
  });
}

/** 6.5.2: no additional actions (/AA) in the catalogue or a page. */
function additionalActions(pdf: Pdf): PdfAFailure[] {
  const pages = pdf.objects.pages.flatMap(({ dict }, i) => ('/AA' in dict ? [fail('6.5.2', 2, `page ${i + 1} has /AA`)] : []));
  return [...('/AA' in pdf.objects.catalog ? [fail('6.5.2', 1, 'the catalogue has /AA')] : []), ...pages];
}

// ---------------------------------------------------------------------------------------------
// 6.6 Metadata
// ---------------------------------------------------------------------------------------------

/** 6.6.2.1: a catalogue /Metadata stream typed Metadata/XML; XMP packets with no bytes= or encoding= in the header, well-formed, UTF-8. */
function metadataStreams(pdf: Pdf): PdfAFailure[] {
  const failures: PdfAFailure[] = [];
  const main = pdf.xmp;
  if (main.state === 'missing' || nameOf(main.stream.dict['/Type']) !== 'Metadata' || nameOf(main.stream.dict['/Subtype']) !== 'XML') {
    failures.push(fail('6.6.2.1', 1, 'the catalogue has no /Metadata stream with /Type /Metadata and /Subtype /XML'));
  }
  const mainStream = main.state === 'missing' ? undefined : main.stream;
  const packets = new Set([mainStream, ...pdf.reachable.filter((r) => nameOf(r.dict['/Type']) === 'Metadata').map((r) => r.stream)]);
  for (const stream of packets) {
    if (stream === undefined) continue;
    const where = stream === mainStream ? 'the catalogue\'s XMP packet' : 'an XMP packet';
    const header = /<\?xpacket\s+begin\s*=[^?]*\?>/.exec(stream.data.toString('latin1'))?.[0] ?? '';
    if (/\sbytes\s*=/.test(header)) failures.push(fail('6.6.2.1', 2, `${where}: the xpacket header has a bytes attribute`));
    if (/\sencoding\s*=/.test(header)) failures.push(fail('6.6.2.1', 3, `${where}: the xpacket header has an encoding attribute`));
    if (!isUtf8(stream.data)) failures.push(fail('6.6.2.1', 5, `${where} is not UTF-8`));
  }
  if (main.state === 'broken' && isUtf8(main.stream.data)) failures.push(fail('6.6.2.1', 4, `the XMP packet is not well-formed XML: ${main.error}`));
  return failures;
}

/** UTF-8 and no UTF-16 or UTF-32 byte order mark (those decode as UTF-8 bytes too). */
function isUtf8(data: Buffer): boolean {
  if (data.subarray(0, 2).equals(Buffer.from([0xfe, 0xff])) || data.subarray(0, 2).equals(Buffer.from([0xff, 0xfe]))) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** Namespaces of the schemas XMP 2005 and ISO 19005 predefine: their properties need no extension schema. */
const PREDEFINED_NAMESPACES = new Set([
  'http://purl.org/dc/elements/1.1/', 'http://ns.adobe.com/xap/1.0/', 'http://ns.adobe.com/xap/1.0/rights/', 'http://ns.adobe.com/xap/1.0/mm/',
  'http://ns.adobe.com/xap/1.0/bj/', 'http://ns.adobe.com/xap/1.0/t/pg/', 'http://ns.adobe.com/xmp/1.0/DynamicMedia/', 'http://ns.adobe.com/pdf/1.3/',
  'http://ns.adobe.com/photoshop/1.0/', 'http://ns.adobe.com/camera-raw-settings/1.0/', 'http://ns.adobe.com/tiff/1.0/', 'http://ns.adobe.com/exif/1.0/',
  'http://ns.adobe.com/exif/1.0/aux/', XMP_NAMESPACES.pdfaid, XMP_NAMESPACES.pdfaExtension,
]);

/** XMP 2005's value types, alone or in a Bag, Seq or Alt, plus Lang Alt and choices. */
const PREDEFINED_VALUE_TYPE = /^((Bag|Seq|Alt) )?(Boolean|Date|Integer|Real|Text|AgentName|GUID|Locale|MIMEType|ProperName|RenditionClass|ResourceRef|URI|URL|XPath|Dimensions|Font|Colorant|Thumbnail|Job|ResourceEvent|Version|Rational|GPSCoordinate|OECF\/SFR|Flash|CFAPattern|DeviceSettings|Lang Alt|((Open|Closed) )?Choice( of \w+)?)$/;

interface XmpField { readonly value: string; readonly prefix: string }

/** A field of an XMP struct: a child element or attribute, of the node or of an rdf:Description in it. */
function field(xmp: Xmp, node: unknown, qname: string): XmpField | undefined {
  const [found] = xmp.evaluate(`(${qname} | @${qname} | rdf:Description/${qname} | rdf:Description/@${qname})[1]`, node);
  if (found === undefined) return undefined;
  return { value: String(xmp.evaluate('string(.)', found)[0] ?? ''), prefix: String(xmp.evaluate('string(prefix-from-QName(node-name(.)))', found)[0] ?? '') };
}

interface ExtensionSchema { readonly namespaceUri: string; readonly properties: ReadonlySet<string> }

/** The pdfaExtension:schemas entries, with what 6.6.2.3.3 finds wrong in each. */
function extensionSchemas(xmp: Xmp): { schemas: ExtensionSchema[]; failures: PdfAFailure[] } {
  const failures: PdfAFailure[] = [];
  const containers = xmp.evaluate('//rdf:Description/pdfaExtension:schemas');
  for (const container of containers) {
    if (xmp.evaluate('rdf:Bag', container).length !== 1 || String(xmp.evaluate('prefix-from-QName(node-name(.))', container)[0]) !== 'pdfaExtension') {
      failures.push(fail('6.6.2.3.3', 1, 'pdfaExtension:schemas is not an rdf:Bag with the prefix pdfaExtension'));
    }
  }
  const definedTypes = new Set(xmp.evaluate('//pdfaType:type | //@pdfaType:type').map((n) => String(xmp.evaluate('string(.)', n)[0])));
  const schemas: ExtensionSchema[] = [];
  for (const entry of xmp.evaluate('//pdfaExtension:schemas/rdf:Bag/rdf:li')) {
    const fields = (['schema', 'namespaceURI', 'prefix'] as const).map((name, i) => ({ name, test: i + 2, found: field(xmp, entry, `pdfaSchema:${name}`) }));
    const namespaceUri = fields[1]!.found?.value ?? '';
    const label = `extension schema ${namespaceUri || '(no namespaceURI)'}`;
    for (const { name, test, found } of fields) {
      if (found === undefined || found.value.trim() === '' || found.prefix !== 'pdfaSchema') failures.push(fail('6.6.2.3.3', test, `${label}: pdfaSchema:${name} missing, empty or not so prefixed`));
    }
    if (xmp.evaluate('(., rdf:Description)/pdfaSchema:property[not(rdf:Seq)]', entry).length > 0) failures.push(fail('6.6.2.3.3', 5, `${label}: pdfaSchema:property is not an rdf:Seq`));
    if (xmp.evaluate('(., rdf:Description)/pdfaSchema:valueType[not(rdf:Seq)]', entry).length > 0) failures.push(fail('6.6.2.3.3', 6, `${label}: pdfaSchema:valueType is not an rdf:Seq`));
    const properties = new Set<string>();
    for (const property of xmp.evaluate('(., rdf:Description)/pdfaSchema:property/rdf:Seq/rdf:li', entry)) {
      const [name, valueType, category, description] = ['name', 'valueType', 'category', 'description'].map((f) => field(xmp, property, `pdfaProperty:${f}`));
      const where = `${label}, property ${name?.value ?? '(no name)'}`;
      const bad = (found: XmpField | undefined): boolean => found === undefined || found.value.trim() === '' || found.prefix !== 'pdfaProperty';
      if (bad(name)) failures.push(fail('6.6.2.3.3', 7, `${where}: pdfaProperty:name missing, empty or not so prefixed`));
      if (bad(valueType) || !(PREDEFINED_VALUE_TYPE.test(valueType!.value) || definedTypes.has(valueType!.value))) failures.push(fail('6.6.2.3.3', 8, `${where}: pdfaProperty:valueType missing or not a defined type`));
      if (bad(category) || !['external', 'internal'].includes(category!.value)) failures.push(fail('6.6.2.3.3', 9, `${where}: pdfaProperty:category missing or not external/internal`));
      if (bad(description)) failures.push(fail('6.6.2.3.3', 10, `${where}: pdfaProperty:description missing`));
      if (name !== undefined) properties.add(name.value);
    }
    schemas.push({ namespaceUri, properties });
  }
  return { schemas, failures };
}

/** The top-level properties of the packet (children and attributes of rdf:Description), as namespace and local name. */
function topLevelProperties(xmp: Xmp): Array<{ namespaceUri: string; name: string }> {
  const expression = 'for $p in //rdf:RDF/rdf:Description/(* | @*[namespace-uri() != "" and namespace-uri() != "http://www.w3.org/1999/02/22-rdf-syntax-ns#" and namespace-uri() != "http://www.w3.org/XML/1998/namespace"])'
    + ' return concat(namespace-uri($p), codepoints-to-string(10), local-name($p))';
  return xmp.evaluate(expression).map((s) => {
    const [namespaceUri = '', name = ''] = String(s).split('\n');
    return { namespaceUri, name };
  });
}

/** 6.6.2.3.1 and 6.6.2.3.3: properties outside the predefined schemas are declared, and the declarations are complete. */
function xmpExtensionSchemas(pdf: Pdf): PdfAFailure[] {
  if (pdf.xmp.state !== 'parsed') return [];
  const { xmp } = pdf.xmp;
  const { schemas, failures } = extensionSchemas(xmp);
  for (const { namespaceUri, name } of topLevelProperties(xmp)) {
    if (PREDEFINED_NAMESPACES.has(namespaceUri)) continue;
    if (schemas.some((s) => s.namespaceUri === namespaceUri && s.properties.has(name))) continue;
    failures.push(fail('6.6.2.3.1', 1, `XMP property ${name} of ${namespaceUri} is in no predefined schema and no extension schema`));
  }
  return failures;
}

/**
 * 6.6.4: pdfaid:part 3 and pdfaid:conformance B, prefixed pdfaid. veraPDF's 3B profile also
 * accepts A and U (they include B), but a file claiming them would be validated as 3A or 3U,
 * which this checker cannot do: so it holds a file to the level it can check.
 */
function pdfaIdentification(pdf: Pdf): PdfAFailure[] {
  if (pdf.xmp.state !== 'parsed') return [fail('6.6.4', 1, 'no readable XMP packet, so no PDF/A identification')];
  const { xmp } = pdf.xmp;
  const [part] = xmp.property(XMP_NAMESPACES.pdfaid, 'part');
  const [conformance] = xmp.property(XMP_NAMESPACES.pdfaid, 'conformance');
  if (part === undefined || conformance === undefined) return [fail('6.6.4', 1, 'the XMP has no pdfaid:part and pdfaid:conformance')];
  const prefixes = (name: string): string[] => xmp.evaluate(`for $p in //rdf:RDF/rdf:Description/(pdfaid:${name} | @pdfaid:${name}) return string(prefix-from-QName(node-name($p)))`).map(String);
  return [
    ...(part.trim() === '3' ? [] : [fail('6.6.4', 2, `pdfaid:part is ${part}, not 3`)]),
    ...(conformance.trim() === 'B' ? [] : [fail('6.6.4', 3, `pdfaid:conformance is ${conformance}, not B`)]),
    ...(prefixes('part').every((p) => p === 'pdfaid') ? [] : [fail('6.6.4', 4, 'pdfaid:part is not prefixed pdfaid')]),
    ...(prefixes('conformance').every((p) => p === 'pdfaid') ? [] : [fail('6.6.4', 5, 'pdfaid:conformance is not prefixed pdfaid')]),
  ];
}

// ---------------------------------------------------------------------------------------------
// 6.8 Embedded files, 6.10 alternate presentations, 6.11 requirements
// ---------------------------------------------------------------------------------------------

const MIME_TYPE = /^[-\w+.]+\/[-\w+.]+$/;

/** 6.8: an embedded file has a MIME /Subtype; its file spec has F and UF, an AFRelationship, and is in an /AF array. */
function embeddedFiles(pdf: Pdf): PdfAFailure[] {
  const { objects } = pdf;
  const associated = new Set(pdf.reachable.flatMap(({ dict }) => objects.array(dict['/AF'])).filter(isReference));
  const failures: PdfAFailure[] = [];
  const checkedStreams = new Set<string>();
  for (const { dict, ref } of pdf.reachable.filter((r) => '/EF' in r.dict)) {
    const name = textOf(dict['/UF']) ?? textOf(dict['/F']) ?? '(unnamed)';
    for (const [, stream] of Object.entries(objects.dict(dict['/EF']) ?? {})) {
      if (isReference(stream) && checkedStreams.has(stream)) continue;
      if (isReference(stream)) checkedStreams.add(stream);
      const subtype = nameOf(objects.dict(stream)?.['/Subtype']);
      if (subtype === undefined || !MIME_TYPE.test(subtype)) failures.push(fail('6.8', 1, `embedded file ${name} has no MIME type in /Subtype (${subtype ?? 'none'})`));
    }
    if (!('/F' in dict && '/UF' in dict)) failures.push(fail('6.8', 2, `file specification of ${name} lacks ${'/F' in dict ? 'UF' : 'F'}`));
    if (nameOf(dict['/AFRelationship']) === undefined) failures.push(fail('6.8', 3, `file specification of ${name} has no /AFRelationship name`));
    if (ref === undefined || !associated.has(ref)) failures.push(fail('6.8', 4, `file specification of ${name} is in no /AF array`));
  }
  return failures;
}

/** 6.10: no alternate presentations (slide shows) and no presentation steps. */
function presentations(pdf: Pdf): PdfAFailure[] {
  const names = pdf.objects.dict(pdf.objects.catalog['/Names']) ?? {};
  const pages = pdf.objects.pages.flatMap(({ dict }, i) => ('/PresSteps' in dict ? [fail('6.10', 2, `page ${i + 1} has /PresSteps`)] : []));
  return [...('/AlternatePresentations' in names ? [fail('6.10', 1, 'the name dictionary has /AlternatePresentations')] : []), ...pages];
}

/** 6.11: no /Requirements in the catalogue. */
function requirements(pdf: Pdf): PdfAFailure[] {
  return '/Requirements' in pdf.objects.catalog ? [fail('6.11', 1, 'the catalogue has /Requirements')] : [];
}

const CHECKS: ReadonlyArray<(pdf: Pdf) => PdfAFailure[]> = [
  qpdfFindsNoDamage, fileHeader, trailer, streamDictionaries, streamFilters,
  outputIntents, deviceColour, extGStates, images, xobjects, cidToGidMaps, embeddedFonts,
  annotationTypes, annotationFlags, dynamicForms, actions, additionalActions,
  metadataStreams, xmpExtensionSchemas, pdfaIdentification,
  embeddedFiles, presentations, requirements,
];

// ---------------------------------------------------------------------------------------------
// Content streams
// ---------------------------------------------------------------------------------------------

const WHITESPACE = new Set(['\0', '\t', '\n', '\f', '\r', ' ']);
const DELIMITERS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);
const OPERAND = /^([+-]?(\d+\.?\d*|\.\d+)|true|false|null)$/;

/**
 * A content stream's operators with their operands as tokens: names as "/Name" (#xx decoded),
 * numbers as written, strings as "()", arrays and dictionaries as their bracket tokens. An inline
 * image comes as operator "BI" with its dictionary's tokens; its data is skipped.
 */
export function* contentOperators(data: Buffer): Generator<{ operator: string; operands: string[] }> {
  const text = data.toString('latin1');
  let operands: string[] = [];
  let i = 0;
  const regularEnd = (from: number): number => {
    let end = from;
    while (end < text.length && !WHITESPACE.has(text[end]!) && !DELIMITERS.has(text[end]!)) end += 1;
    return end;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (WHITESPACE.has(c)) {
      i += 1;
    } else if (c === '%') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i += 1;
    } else if (c === '(') {
      i = literalStringEnd(text, i);
      operands.push('()');
    } else if (c === '<' || c === '>') {
      const double = text[i + 1] === c;
      if (c === '<' && !double) i = text.indexOf('>', i) === -1 ? text.length : text.indexOf('>', i) + 1;
      else i += double ? 2 : 1;
      operands.push(double ? c + c : '<>');
    } else if (c === '/') {
      const end = regularEnd(i + 1);
      operands.push(`/${text.slice(i + 1, end).replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))}`);
      i = end;
    } else if (DELIMITERS.has(c)) {
      operands.push(c);
      i += 1;
    } else {
      const end = Math.max(regularEnd(i), i + 1);
      const token = text.slice(i, end);
      i = end;
      if (OPERAND.test(token)) {
        operands.push(token);
      } else if (token === 'BI') {
        operands = [];
      } else if (token === 'ID') {
        yield { operator: 'BI', operands };
        operands = [];
        i = inlineImageEnd(text, i + 1);
      } else {
        yield { operator: token, operands };
        operands = [];
      }
    }
  }
}

/** The index after a literal string's closing parenthesis: nested pairs balance, a backslash escapes. */
function literalStringEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === '(') depth += 1;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The index after an inline image's EI: the first EI between white-space characters after the data starts. */
function inlineImageEnd(text: string, from: number): number {
  const match = /[\0\t\n\f\r ]EI(?=[\0\t\n\f\r ]|$)/g;
  match.lastIndex = from;
  const found = match.exec(text);
  return found === null ? text.length : found.index + found[0].length;
}

// ---------------------------------------------------------------------------------------------
// Factur-X / ZUGFeRD
// ---------------------------------------------------------------------------------------------

/**
 * The Factur-X XMP namespace (Factur-X 1.07, 8.2; ZUGFeRD 2.3 uses it too). Written out here, not
 * imported from src/, so a typo there (a lost "#") fails the check instead of passing it.
 */
export const FACTUR_X_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** The entries of a name tree (ISO 32000-1, 7.9.6): /Names pairs of this node and its /Kids. */
function nameTree(objects: PdfObjects, node: PdfValue | undefined, depth = 0): Array<[string, PdfValue]> {
  const dict = objects.dict(node);
  if (dict === undefined || depth > 32) return [];
  const names = objects.array(dict['/Names']);
  const pairs: Array<[string, PdfValue]> = [];
  for (let i = 0; i + 1 < names.length; i += 2) pairs.push([textOf(names[i]) ?? '', names[i + 1]!]);
  return [...pairs, ...objects.array(dict['/Kids']).flatMap((kid) => nameTree(objects, kid, depth + 1))];
}

/**
 * What Factur-X 1.07 / ZUGFeRD 2.3 ask of the hybrid beyond PDF/A-3: one attachment of the
 * profile's file name, related as /Alternative, in the catalogue's /AF, typed text/xml with a
 * modification date; and the fx: XMP properties naming it. Returns what is wrong, [] when nothing.
 */
export async function checkFacturX(pdf: Uint8Array, expected: { fileName: string; conformanceLevel: string }): Promise<string[]> {
  const [objects, attachments] = await Promise.all([pdfObjects(pdf), pdfAttachments(pdf)]);
  const problems: string[] = [];
  const named = attachments.filter((a) => a.name === expected.fileName);
  if (named.length !== 1) problems.push(`${named.length} attachments named ${expected.fileName}, not 1 (attachments: ${attachments.map((a) => a.name).join(', ') || 'none'})`);
  const entry = nameTree(objects, objects.dict(objects.catalog['/Names'])?.['/EmbeddedFiles']).find(([name]) => name === expected.fileName);
  const fileSpec = objects.dict(entry?.[1]);
  if (entry === undefined || fileSpec === undefined) {
    problems.push(`no /EmbeddedFiles entry named ${expected.fileName}`);
  } else {
    const relationship = nameOf(fileSpec['/AFRelationship']);
    if (relationship !== 'Alternative') problems.push(`the file spec's /AFRelationship is ${relationship ?? 'missing'}, not /Alternative`);
    if (!objects.array(objects.catalog['/AF']).includes(entry[1])) problems.push('the catalogue\'s /AF does not hold the file spec');
    const stream = objects.dict(objects.dict(fileSpec['/EF'])?.['/F']);
    const subtype = nameOf(stream?.['/Subtype']);
    if (subtype !== 'text/xml') problems.push(`the embedded file's /Subtype is ${subtype ?? 'missing'}, not /text#2Fxml`);
    if (objects.dict(stream?.['/Params'])?.['/ModDate'] === undefined) problems.push('the embedded file has no /Params /ModDate');
  }
  const metadata = objects.stream(objects.catalog['/Metadata']);
  const xmp = metadata === undefined ? undefined : await parseXmp(metadata.data.toString('utf8')).catch(() => undefined);
  const wanted: ReadonlyArray<[string, string]> = [['DocumentType', 'INVOICE'], ['DocumentFileName', expected.fileName], ['Version', '1.0'], ['ConformanceLevel', expected.conformanceLevel]];
  for (const [name, value] of wanted) {
    const found = xmp?.property(FACTUR_X_NAMESPACE, name) ?? [];
    if (found.length !== 1 || found[0]!.trim() !== value) problems.push(`XMP fx:${name} is ${found.length === 0 ? 'missing' : JSON.stringify(found)}, not ${JSON.stringify(value)}`);
  }
  return problems;
}
