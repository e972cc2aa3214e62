/**
 * Renders every template × language, and a 100-line invoice, to PDF — and, where pdftoppm is
 * installed (Debian: poppler-utils), each first page to PNG — into a folder people can open.
 *
 *   npm run gallery                 # into ./gallery
 *   npm run gallery -- /some/folder
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { computeInvoice } from '../src/domain/invoice/compute-invoice.ts';
import { LANGUAGES, TEMPLATES, type Language } from '../src/domain/invoice/catalog.ts';
import { normalizeInvoiceRequest } from '../src/domain/invoice/normalize-invoice-request.ts';
import { buildInvoiceView } from '../src/domain/pdf/build-invoice-view.ts';
import { TypstPdfCompiler } from '../src/render/typst-pdf-compiler.ts';
import type { InvoiceRequest } from '../src/schemas/invoice-request.ts';

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

const folder = path.resolve(process.argv[2] ?? 'gallery');
mkdirSync(folder, { recursive: true });
const compiler = new TypstPdfCompiler();
const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;
const jobs: Array<{ name: string; request: InvoiceRequest }> = [];
for (const template of TEMPLATES) for (const language of LANGUAGES) jobs.push({ name: `${template}-${language}`, request: sample(language, template, 6) });
jobs.push({ name: 'classic-en-100-lines', request: sample('en', 'classic', 100) });
for (const { name, request } of jobs) {
  const invoice = computeInvoice(request, { today: '2026-11-02', number: 'INV-2026-00042' });
  const file = path.join(folder, `${name}.pdf`);
  writeFileSync(file, compiler.render(buildInvoiceView(invoice), []));
  compiler.trimCache();
  if (hasPdftoppm) spawnSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, path.join(folder, name)]);
}
console.log(`${jobs.length} invoices in ${folder}${hasPdftoppm ? ' (PDF and PNG of the first page)' : ' (PDF only: install pdftoppm for PNG previews)'}`);
