import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { INVOICE_TITLE } from '../../src/domain/invoice/language-words.ts';
import { LABELS } from '../../src/domain/wording/labels.ts';
import { formatMoney } from '../../src/domain/wording/format-money.ts';
import { body, generateInvoice, signUpWithKey, startAccountsApp, bearer, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { compact, decodeQr, pdfShows, readPdf } from '../helpers/read-pdf.ts';
import { LANGUAGES, MULTI_SCRIPT_DESCRIPTIONS, richInvoice, TEMPLATES } from './pdf-fixtures.ts';

describe('output pdf: 5 templates × 11 languages, read back with a PDF reader', () => {
  let ctx: AccountsApp;
  let key: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    key = bearer((await signUpWithKey(ctx, 'pdf')).apiKey);
  });
  after(async () => ctx.close());

  for (const language of LANGUAGES) {
    it(`${language}: every template renders the invoice with its labels, totals and descriptions`, async () => {
      const l = LABELS[language];
      for (const [t, template] of TEMPLATES.entries()) {
        const number = `PDF-${language}-${t}`;
        const request = richInvoice(language, template, number);
        const json = await generateInvoice(ctx.app, { ...request, output: 'json' }, key);
        assert.equal(json.statusCode, 200, json.body);
        const invoice = body(json).invoice;
        assert.deepEqual(invoice.qr, { source: 'payment', type: 'url' }, 'D25: the JSON says which QR the PDF carries');

        const res = await generateInvoice(ctx.app, request, key);
        assert.equal(res.statusCode, 200, res.body.slice(0, 500));
        assert.equal(res.headers['content-type'], 'application/pdf');
        assert.equal(res.headers['content-disposition'], 'attachment; filename="invoice.pdf"');
        const bytes = res.rawPayload;
        const pdf = readPdf(bytes);
        const where = `${language}/${template}`;
        assert.ok(pdf.pages >= 1 && pdf.pages <= 2, `${where}: ${pdf.pages} pages`);
        assert.equal(pdf.title, `${INVOICE_TITLE[language]} ${number}`, `${where}: the PDF's title`);
        assert.ok(Math.abs(pdf.pageSizePt.width - 595.28) < 1 && Math.abs(pdf.pageSizePt.height - 841.89) < 1, `${where}: A4 by default (D31)`);
        assert.ok(pdf.fonts.length >= 2, where);
        for (const font of pdf.fonts) assert.ok(font.embedded, `${where}: ${font.name} is embedded (D30)`);
        assert.ok(pdf.fonts.every((font) => /^[A-Z]{6}\+/.test(font.name)), `${where}: fonts are subset`);

        const shows = async (phrase: string, what: string) => assert.ok(await pdfShows(bytes, pdf, phrase), `${where}: ${what} "${phrase}" is printed`);
        await shows(number, 'the invoice number');
        await shows(formatMoney(invoice.grand_total, 'EUR', language), 'the grand total as formatted for the language');
        await shows(formatMoney(invoice.balance_due, 'EUR', language), 'the balance due');
        for (const description of MULTI_SCRIPT_DESCRIPTIONS) await shows(description, 'the line description');
        const labels = [
          l.invoice_number, l.invoice_date, l.due_date, l.po_number, l.terms, l.from, l.bill_to, l.ship_to,
          l.tax_id, l.registration_no, l.description, l.quantity, l.unit_price, l.discount, l.tax, l.amount,
          l.subtotal, l.global_discount, l.shipping, l.rounding_adjustment, l.grand_total, l.deposit,
          l.amount_paid, l.balance_due, l.payment_details, l.pay_to, l.bank_name, l.account_name,
          l.account_number, l.routing_number, l.iban, l.swift, l.instructions, l.method_note, l.scan_to_pay,
          l.notes, l.refund_policy, l.signature,
        ];
        for (const label of labels) await shows(label, 'the label');
        // The stamp is rotated, so only its words are looked for (amount_paid < grand total).
        for (const word of l.stamp_partial.split(/\s+/)) assert.ok(compact(pdf.text).includes(compact(word).slice(0, 3)), `${where}: the PARTIAL stamp`);
      }
    });
  }

  it('prints Typst syntax in every text field literally: no user text is ever markup', async () => {
    const evil = ['#read("/etc/passwd")', '#let x = 1', '$x^2$', ']', '\\', '#for i in range(9999) [x]', '= Heading', '*bold* _it_ `raw`', '<label> @ref', '#{ panic("x") }'];
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    const request = richInvoice('en', 'classic', 'EVIL-1') as Record<string, any>;
    delete request.deposit;
    delete request.amount_paid;
    request.from.name = evil.join(' ');
    request.from.address = evil.join('\n');
    request.to.name = deep.slice(0, 200);
    request.notes = deep.slice(0, 2000);
    request.items = evil.map((description) => ({ description, quantity: 1, unit_price: 1 }));
    request.items.push({ description: deep.slice(0, 1000), quantity: 1, unit_price: 1 });
    request.footer = '#read("/etc/passwd")';
    request.payment.instructions = '#import "/etc/passwd"';
    const res = await generateInvoice(ctx.app, request, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const pdf = readPdf(res.rawPayload);
    const text = compact(pdf.text);
    for (const fragment of evil) assert.ok(text.includes(compact(fragment)), `"${fragment}" is printed as it is`);
    assert.ok(text.includes(compact('#import "/etc/passwd"')));
    assert.ok(!text.includes('root:x:0:0'), 'no file was read');
    assert.ok(text.includes('['.repeat(150)), 'deep nesting is printed as brackets (a run without break points goes past the margin, docs/pdf.md)');
  });

  it('flows 100 lines over pages: header on every page, numbered "n / N", totals kept together (D31)', async () => {
    const request = richInvoice('de', 'navy', 'LONG-1') as Record<string, any>;
    request.items = Array.from({ length: 100 }, (_, i) => ({ description: `Position ${i + 1}: Wartung\nzweite Zeile`, quantity: 1.5, unit_price: 12.34 + i, tax_rate: 19 }));
    const res = await generateInvoice(ctx.app, request, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const pdf = readPdf(res.rawPayload);
    assert.ok(pdf.pages >= 3, `pages: ${pdf.pages}`);
    const l = LABELS.de;
    pdf.pageTexts.forEach((text, i) => {
      assert.ok(compact(text).includes(compact(`${i + 1} / ${pdf.pages}`)), `page ${i + 1} is numbered`);
    });
    const withItems = pdf.pageTexts.filter((text) => /Position \d+/.test(text));
    for (const text of withItems) assert.ok(text.includes(l.unit_price), 'the table header repeats on every page with rows');
    for (let i = 1; i <= 100; i += 1) {
      const pagesWithRow = pdf.pageTexts.filter((text) => text.includes(`Position ${i}: Wartung`));
      assert.equal(pagesWithRow.length, 1, `row ${i} is on exactly one page`);
      const page = pagesWithRow[0]!;
      const after = page.slice(page.indexOf(`Position ${i}: Wartung`));
      assert.ok(after.includes('zweite Zeile'), `row ${i} is not split from its second line`);
    }
    const totalsPage = pdf.pageTexts.find((text) => text.includes(l.grand_total));
    assert.ok(totalsPage?.includes(l.subtotal) && totalsPage.includes(l.balance_due), 'subtotal, grand total and balance due are on one page');
  });

  it('hi prints rupee amounts with Indian lakh grouping, ja yen without minor units (D12, D29)', async () => {
    for (const [language, currency, printed] of [['hi', 'INR', '₹12,34,567.50'], ['ja', 'JPY', '￥1,234,568']] as const) {
      const request = richInvoice(language, 'classic', `LAKH-${language}`) as Record<string, any>;
      request.invoice.currency = currency;
      request.items = [{ description: 'परामर्श / コンサルティング', quantity: 1, unit_price: 1234567.5 }];
      for (const key of ['global_discount', 'shipping', 'rounding', 'rounding_increment', 'deposit', 'amount_paid']) delete request[key];
      request.payment = { iban: 'DE89370400440532013000' };
      const res = await generateInvoice(ctx.app, request, key);
      assert.equal(res.statusCode, 200, res.body.slice(0, 500));
      const bytes = res.rawPayload;
      assert.ok(await pdfShows(bytes, readPdf(bytes), printed), `${language}: "${printed}" is printed`);
    }
  });

  it('ar: a line the sender typed in a left-to-right script keeps its order on the right-to-left page', async () => {
    const request = richInvoice('ar', 'classic', 'RTL-LTR-1') as Record<string, any>;
    request.from.phone = '+49 30 1234567';
    request.notes = 'Thank you for your business.';
    request.payment.instructions = 'Quote INV-42, please.';
    const res = await generateInvoice(ctx.app, request, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    // MuPDF returns each line in visual order (a payment row as label then value): without the
    // isolate the paragraph's direction printed "1234567 30 49+" and ".Thank you for your business".
    const lines = readPdf(res.rawPayload).text.split('\n').map((line) => line.trim());
    for (const line of ['+49 30 1234567', '10115 Berlin', 'Thank you for your business.', 'Quote INV-42, please.']) {
      assert.ok(lines.some((printed) => printed.endsWith(line)), `"${line}" is printed in its own order: ${JSON.stringify(lines.filter((l) => /\d{4}|[Tt]hank|Quote/.test(l)))}`);
    }
  });

  it('page_size letter gives US Letter pages', async () => {
    const res = await generateInvoice(ctx.app, { ...richInvoice('en', 'modern', 'LETTER-1'), page_size: 'letter' }, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const { pageSizePt } = readPdf(res.rawPayload);
    assert.ok(Math.abs(pageSizePt.width - 612) < 1 && Math.abs(pageSizePt.height - 792) < 1, JSON.stringify(pageSizePt));
  });

  it('a bad logo is a 400 naming the field, and uses up no invoice number (D15, D26)', async () => {
    const first = await generateInvoice(ctx.app, { ...richInvoice('en', 'classic', 'x'), invoice: { language: 'en' }, output: 'json' }, key);
    const numberBefore = body(first).invoice.number as string;
    const bad = richInvoice('en', 'classic', 'x') as Record<string, any>;
    delete bad.invoice.number;
    bad.from.logo = 'data:image/png;base64,R0lGODlhAQABAAAAACw=';
    const res = await generateInvoice(ctx.app, bad, key);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(body(res).error.code, 'validation_error');
    assert.match(body(res).error.message as string, /logo/);
    const next = await generateInvoice(ctx.app, { ...richInvoice('en', 'classic', 'x'), invoice: { language: 'en' }, output: 'json' }, key);
    const seq = (n: string) => Number(n.split('-').at(-1));
    assert.equal(seq(body(next).invoice.number as string), seq(numberBefore) + 1, 'the refused PDF drew no number');
  });

  it('the printed QR scans to the payment URL in every template, right-to-left too (D25)', async () => {
    for (const [language, template] of [...TEMPLATES.map((t) => ['en', t] as const), ['ar', 'navy'] as const, ['hi', 'bold'] as const]) {
      const res = await generateInvoice(ctx.app, richInvoice(language, template, `QRS-${language}-${template}`), key);
      assert.equal(res.statusCode, 200, res.body.slice(0, 500));
      assert.equal(decodeQr(res.rawPayload), 'https://pay.acme.example/i/42', `${language}/${template}`);
    }
  });

  it('a sepa QR without a value is built from the payment block and scans to the EPC069-12 payload (D25)', async () => {
    const request = richInvoice('de', 'classic', 'SEPA-7') as Record<string, any>;
    request.payment.qr = { type: 'sepa' };
    const json = await generateInvoice(ctx.app, { ...request, output: 'json' }, key);
    assert.equal(json.statusCode, 200, json.body);
    const invoice = body(json).invoice;
    assert.deepEqual(invoice.qr, { source: 'payment', type: 'sepa' });
    const res = await generateInvoice(ctx.app, request, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const lines = decodeQr(res.rawPayload)?.split('\n');
    assert.ok(lines !== undefined, 'a QR is printed and readable');
    assert.deepEqual(lines.slice(0, 8), ['BCD', '002', '1', 'SCT', 'COBADEFFXXX', 'Acme Consulting GmbH', 'DE89370400440532013000', `EUR${invoice.balance_due}`]);
    assert.ok(lines.includes('SEPA-7'), `the invoice number is the remittance text: ${lines.join(' | ')}`);
  });

  it('features.qr false prints no QR', async () => {
    const res = await generateInvoice(ctx.app, { ...richInvoice('en', 'classic', 'NOQR-1'), features: { qr: false } }, key);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    assert.equal(decodeQr(res.rawPayload), undefined);
  });

  it('a bad payment QR is refused before rendering, naming the field (D25)', async () => {
    const request = richInvoice('en', 'classic', 'QR-1') as Record<string, any>;
    request.payment.qr = { type: 'pix', value: '000201' };
    const res = await generateInvoice(ctx.app, request, key);
    assert.equal(res.statusCode, 400, res.body);
    assert.match(body(res).error.message as string, /payment\.qr\.value/);
  });

  it('JSON requests are answered while PDFs render on the worker threads', async () => {
    const pdfs = Array.from({ length: 12 }, (_, i) => generateInvoice(ctx.app, richInvoice('ja', 'bold', `BUSY-${i}`), key));
    let pdfsDone = 0;
    for (const p of pdfs) void p.then(() => { pdfsDone += 1; });
    const json = await generateInvoice(ctx.app, { ...richInvoice('en', 'classic', 'FAST-1'), output: 'json' }, key);
    assert.equal(json.statusCode, 200);
    assert.ok(pdfsDone < pdfs.length, `the JSON answer came before the last PDF (${pdfsDone} of ${pdfs.length} done)`);
    for (const res of await Promise.all(pdfs)) assert.equal(res.statusCode, 200);
  });
});
