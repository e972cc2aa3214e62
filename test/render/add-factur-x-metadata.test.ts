import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kindFor } from '../../src/domain/documents/kind-for.ts';
import { computeInvoice } from '../../src/domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../../src/domain/invoice/invoice-request-schema.ts';
import { pdfInput } from '../../src/domain/pdf/pdf-input.ts';
import { addFacturXMetadata } from '../../src/render/add-factur-x-metadata.ts';
import { TypstPdfCompiler } from '../../src/render/typst-pdf-compiler.ts';
import { german } from '../helpers/einvoice-fixtures.ts';
import { readXmp } from '../helpers/pdf-tools.ts';

const HYBRID = kindFor('pdf', 'factur-x').hybrid!;
const compiler = new TypstPdfCompiler();
const invoice = computeInvoice(german() as InvoiceRequest, { today: '2026-11-02', number: 'RE-2026-0001' });

/** What Typst alone makes of the hybrid: PDF/A-3b with the attachment, before the XMP step. */
function typstHybrid(): Buffer {
  const input = pdfInput(invoice, {}, undefined, { xml: '<rsm:CrossIndustryInvoice/>', hybrid: HYBRID });
  return compiler.render(input.view, input.assets, input.file);
}

describe('the Factur-X XMP step (D40, docs/pdf.md)', () => {
  it('is an incremental update: Typst\'s bytes stay as the file\'s start, the new trailer repeats the /ID and points back', async () => {
    const typst = typstHybrid();
    const finished = Buffer.from(addFacturXMetadata(typst, HYBRID));
    assert.ok(finished.subarray(0, typst.length).equals(typst), 'Typst\'s file is a prefix of the finished one');
    const update = finished.subarray(typst.length).toString('latin1');
    const ids = (text: string) => /\/ID\s*\[\s*(\S+)\s*(\S+)\s*\]/.exec(text)?.slice(1);
    assert.deepEqual(ids(update), ids(typst.toString('latin1')), 'the update\'s trailer repeats the file identifiers (ISO 19005-3, 6.1.3)');
    const previous = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(typst.toString('latin1'))![1];
    assert.match(update, new RegExp(`/Prev ${previous}\\b`), 'the update points back to Typst\'s cross-reference table');
    assert.match(update, /%%EOF\s*$/);
    assert.equal((update.match(/ 0 obj/g) ?? []).length, 1, 'one object: the metadata stream, under its old number, so the catalogue stays as Typst wrote it');
    const before = await readXmp(typst);
    const after = await readXmp(finished);
    assert.deepEqual(after!.property('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#', 'ConformanceLevel'), ['EN 16931']);
    assert.deepEqual(before!.property('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#', 'ConformanceLevel'), [], 'Typst writes none');
  });

  it('gives the same bytes for the same PDF', () => {
    const typst = typstHybrid();
    assert.ok(Buffer.from(addFacturXMetadata(typst, HYBRID)).equals(Buffer.from(addFacturXMetadata(typst, HYBRID))));
  });

  it('refuses a PDF that is not Typst\'s PDF/A: a plain PDF has no extension schemas to join (the render fails as pdf_error)', () => {
    const input = pdfInput(invoice, {}, undefined);
    const plain = compiler.render(input.view, input.assets, input.file);
    assert.throws(() => addFacturXMetadata(plain, HYBRID), /no extension schemas/);
    assert.throws(() => addFacturXMetadata(Buffer.from('%PDF-1.7\nnot a pdf'), HYBRID), /does not end in a trailer/);
  });
});
