/**
 * Renders every template × language, and a 100-line invoice, to PDF — and, where pdftoppm is
 * installed (Debian: poppler-utils), each first page to PNG — into a folder people can open.
 * Beside the sample invoice, each template × language is rendered as a credit note (with custom
 * fields and a hosted link's QR), a tax-inclusive invoice at two rates and an invoice full of long
 * words, URLs and numbers; every page of every PDF is checked for text outside the printable area
 * or over other text (test/render/pdf-text-boxes.ts), and the script fails when it finds any.
 *
 *   npm run gallery                 # into ./gallery (ignored by git)
 *   npm run gallery -- /some/folder
 *   npm run gallery -- --readme     # the README's four pictures, into docs/gallery (committed)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { computeInvoice } from '../src/domain/invoice/compute-invoice.ts';
import { LANGUAGES, TEMPLATES, type Language } from '../src/domain/invoice/catalog.ts';
import { normalizeInvoiceRequest } from '../src/requests/normalize-invoice-request.ts';
import { pdfInput } from '../src/domain/pdf/pdf-input.ts';
import { TypstPdfCompiler } from '../src/render/typst-pdf-compiler.ts';
import type { InvoiceRequest } from '../src/domain/invoice/invoice-request-schema.ts';
import { creditNoteRequest, longWordsRequest, taxInclusiveRequest } from '../test/render/pdf-fixtures.ts';
import { layoutProblems } from '../test/render/pdf-text-boxes.ts';
import { HOSTED_URL } from '../test/render/render-request.ts';

const CURRENCY: Readonly<Record<Language, string>> = {
  en: 'USD', nl: 'EUR', de: 'EUR', fr: 'EUR', es: 'EUR', pt: 'BRL', ar: 'SAR', ja: 'JPY', ru: 'RUB', it: 'EUR', hi: 'INR',
};

function sample(language: Language, template: string, lines: number): InvoiceRequest {
  const items = [
    { description: 'Strategy workshop', quantity: 2, unit: 'days', unit_price: 1200, tax_rate: 19 },
    { description: 'Implementation', quantity: 37.5, unit: 'hrs', unit_price: 95, discount: 10, tax_rate: 19 },
    { description: 'استشارة فنية', quantity: 1, unit_price: 480, tax_rate: 19 },
    { description: 'वेबसाइट डिज़ाइन सेवा', quantity: 3, unit_price: 150, tax_rate: 7 },
    { description: 'ソフトウェア保守', quantity: 12, unit: 'pcs', unit_price: 14.99, tax_rate: 7 },
    { description: 'Техническая поддержка', quantity: 1, unit_price: 750, tax_rate: 19 },
  ];
  const request = {
    template,
    from: { name: 'Acme Consulting GmbH', address: 'Hauptstraße 1\n10115 Berlin\nGermany', email: 'billing@acme.example', tax_id: 'DE123456789', registration_no: 'HRB 12345' },
    to: { name: 'محمد الأحمد Trading', address: 'दिल्ली 110001\n東京都千代田区', tax_id: 'GB987654321' },
    invoice: { date: '2026-11-02', due_date: '2026-12-02', po_number: 'PO-4711', terms: 'Net 30', currency: CURRENCY[language], language },
    items: lines <= items.length ? items.slice(0, lines) : Array.from({ length: lines }, (_, i) => ({ ...items[i % items.length]!, description: `${i + 1}. ${items[i % items.length]!.description}` })),
    global_discount: 5,
    shipping: 25,
    amount_paid: 500,
    payment: { bank_name: 'Berliner Bank', account_name: 'Acme Consulting GmbH', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', instructions: 'Please quote the invoice number.' },
    notes: 'Thank you for your business.',
    refund_policy: 'Refunds within 14 days.',
    footer: 'Acme Consulting GmbH · Berlin · HRB 12345',
  };
  return normalizeInvoiceRequest(request) as InvoiceRequest;
}

/** The pictures README.md shows, kept in git for it (docs/gallery/, unlike the ignored /gallery/). */
const README_PICTURES = ['classic-en', 'navy-ar', 'modern-hi', 'bold-ja'];
const README_FOLDER = fileURLToPath(new URL('../docs/gallery/', import.meta.url));
/** 72 dpi: an A4 page is 595 × 842 pixels, readable when opened and about 100 KB as PNG. */
const README_DPI = 72;
const GALLERY_DPI = 60;

const readme = process.argv.includes('--readme');
const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;
if (readme && !hasPdftoppm) {
  console.error('npm run gallery -- --readme needs pdftoppm to make the PNGs: install poppler-utils (apt-get install -y poppler-utils).');
  process.exit(1);
}
// With --readme only the PNGs are kept; the PDFs go to a temporary folder.
const pngFolder = readme ? README_FOLDER : path.resolve(process.argv[2] ?? 'gallery');
const pdfFolder = readme ? mkdtempSync(path.join(tmpdir(), 'invoice-gallery-')) : pngFolder;
mkdirSync(pngFolder, { recursive: true });
const compiler = new TypstPdfCompiler();
const jobs: Array<{ name: string; request: InvoiceRequest; hostedQr?: boolean }> = [];
const read = (request: Record<string, unknown>) => normalizeInvoiceRequest(request) as InvoiceRequest;
for (const template of TEMPLATES) for (const language of LANGUAGES) jobs.push({ name: `${template}-${language}`, request: sample(language, template, 6) });
jobs.push({ name: 'classic-en-100-lines', request: sample('en', 'classic', 100) });
for (const template of TEMPLATES) {
  for (const language of LANGUAGES) {
    jobs.push({ name: `credit-note-${template}-${language}`, request: read(creditNoteRequest(language, template)), hostedQr: true });
    jobs.push({ name: `tax-inclusive-${template}-${language}`, request: read(taxInclusiveRequest(language, template)) });
    jobs.push({ name: `long-words-${template}-${language}`, request: read(longWordsRequest(language, template)) });
  }
}
const chosen = readme ? jobs.filter((job) => README_PICTURES.includes(job.name)) : jobs;
const problems: string[] = [];
for (const { name, request, hostedQr } of chosen) {
  const invoice = computeInvoice(request, { today: '2026-11-02', number: 'INV-2026-00042' });
  const file = path.join(pdfFolder, `${name}.pdf`);
  const input = pdfInput(invoice, {}, hostedQr === true ? { source: 'hosted_link', payload: HOSTED_URL } : undefined);
  const pdf = compiler.render(input.view, input.assets, input.file);
  compiler.trimCache();
  writeFileSync(file, pdf);
  for (const problem of layoutProblems(pdf)) problems.push(`${name}: ${problem}`);
  if (hasPdftoppm) {
    const png = spawnSync('pdftoppm', ['-png', '-r', String(readme ? README_DPI : GALLERY_DPI), '-f', '1', '-l', '1', '-singlefile', file, path.join(pngFolder, name)]);
    if (png.status !== 0) throw new Error(`pdftoppm failed on ${file}: ${png.stderr.toString()}`);
  }
}
if (readme) rmSync(pdfFolder, { recursive: true, force: true });
console.log(readme
  ? `${chosen.length} README pictures in ${pngFolder}`
  : `${chosen.length} invoices in ${pngFolder}${hasPdftoppm ? ' (PDF and PNG of the first page)' : ' (PDF only: install pdftoppm for PNG previews)'}`);
if (problems.length > 0) {
  console.error(`${problems.length} layout problems (text off the printable area or over other text):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('Layout checked on every page: no text off the printable area or over other text.');
