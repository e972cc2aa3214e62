import { PDFDocument } from '@cantoo/pdf-lib';
import { german } from '../test/helpers/einvoice-fixtures.ts';
import { makeEInvoice } from '../test/helpers/make-einvoice.ts';

const LINE = { description: 'Beratung', quantity: 3, unit: 'Std.', unit_price: 95.5, tax_rate: 19 };
const lines = (count: number) => Array.from({ length: count }, (_, i) => ({ ...LINE, description: `${i + 1}. Beratung`, tax_rate: i % 3 === 0 ? 7 : 19 }));

/** A German XRechnung of `count` lines at 7 and 19 %, as the inspection benchmarks receive it. */
export const xrechnung = (count: number, output: 'ubl' | 'cii'): string => makeEInvoice({ ...german({ items: lines(count) }), output, profile: 'xrechnung' }).xml;

/** That XML inside a one-page PDF as its xrechnung.xml attachment: a hybrid to read. */
export async function hybridOf(xml: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  await doc.attach(Buffer.from(xml), 'xrechnung.xml', { mimeType: 'application/xml' });
  return doc.save();
}
