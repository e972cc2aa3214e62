import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { bearer, body, signUp, signUpWithKey, startAccountsApp, type AccountsApp } from '../helpers/accounts-helpers.ts';
import { EINVOICE_FIXTURES } from '../helpers/einvoice-fixtures.ts';
import { makeEInvoice } from '../helpers/make-einvoice.ts';
import { PDFDocument } from '@cantoo/pdf-lib';
import { compact, readPdf } from '../helpers/read-pdf.ts';

const PEPPOL_EXAMPLE = readFileSync(new URL('../fixtures/einvoice/examples/peppol-base-example.xml', import.meta.url), 'utf8');
const XRECHNUNG = makeEInvoice({ ...EINVOICE_FIXTURES[0]!.request, output: 'cii', profile: 'xrechnung' }).xml;

let ctx: AccountsApp;
let apiKey: string;
before(async () => {
  ctx = await startAccountsApp();
  apiKey = (await signUpWithKey(ctx)).apiKey;
});
after(() => ctx.close());

const inspect = (payload: string | Buffer, headers: Record<string, string> = bearer(apiKey), contentType = 'application/xml') =>
  ctx.app.inject({ method: 'POST', url: '/api/inspect-invoice', headers: { ...headers, 'content-type': contentType }, payload });

describe('POST /api/inspect-invoice: a received document, checked and read', () => {
  it('reads a Peppol example: valid, its profile named, its totals agreeing with the recomputation', async () => {
    const res = await inspect(PEPPOL_EXAMPLE);
    assert.equal(res.statusCode, 200, res.body);
    const answer = body(res);
    assert.deepEqual(answer.document, {
      syntax: 'ubl', type: 'invoice', container: 'xml', attachment: null,
      customization_id: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0', profile: 'peppol',
    });
    assert.equal(answer.verdict.valid, true);
    assert.deepEqual(answer.verdict.checks, ['schema', 'en16931', 'peppol']);
    assert.equal(answer.totals.agree, true);
    assert.equal(answer.totals.document.payable, answer.totals.computed.payable);
    assert.equal(answer.invoice.invoice.number, 'Snippet1');
  });

  it('answers a document that breaks the rules with 200 and each problem named, with its term and location', async () => {
    const broken = XRECHNUNG.replace(/<ram:DuePayableAmount>[^<]*</, '<ram:DuePayableAmount>1.00<');
    const res = await inspect(broken);
    assert.equal(res.statusCode, 200, res.body);
    const { verdict, document, totals } = body(res);
    assert.equal(document.profile, 'xrechnung');
    assert.deepEqual(verdict.checks, ['schema', 'en16931', 'xrechnung']);
    assert.equal(verdict.valid, false);
    const rule = verdict.problems.find((p: { rule: string }) => p.rule === 'BR-CO-16');
    assert.ok(rule !== undefined, JSON.stringify(verdict.problems));
    assert.equal(rule.severity, 'fatal');
    assert.equal(rule.term, 'BT-115');
    assert.match(rule.location, /SpecifiedTradeSettlementHeaderMonetarySummation/);
    assert.equal(totals.agree, false);
    assert.deepEqual(totals.differences.map((d: { term: string }) => d.term), ['BT-115']);
  });

  it('reports a schema violation with its line as a fatal "schema" problem', async () => {
    const res = await inspect(PEPPOL_EXAMPLE.replace('<cbc:IssueDate>', '<cbc:Unknown>x</cbc:Unknown><cbc:IssueDate>'));
    assert.equal(res.statusCode, 200, res.body);
    const problem = body(res).verdict.problems.find((p: { rule: string }) => p.rule === 'schema');
    assert.ok(problem !== undefined);
    assert.match(problem.message, /Unknown.*not expected/);
  });

  it('answers a readable copy as a PDF with Accept: application/pdf, in the language and template asked for', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/inspect-invoice?language=de&template=modern', headers: { ...bearer(apiKey), 'content-type': 'application/xml', accept: 'application/pdf' }, payload: PEPPOL_EXAMPLE });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.equal(res.headers['content-type'], 'application/pdf');
    // Compared without white space: a long heading wraps where the layout puts it.
    const text = compact(readPdf(res.rawPayload).text);
    for (const phrase of ['Lesekopie – das Original ist die XML-Datei', 'Snippet1', 'Angaben des Originals, die diese Kopie nicht zeigt', 'BT-19 /cbc:AccountingCost: 4025:123:4343']) {
      assert.ok(text.includes(compact(phrase)), `${phrase} is printed`);
    }
  });

  it('reads a document in a currency the service does not support, and says why it has no totals', async () => {
    const res = await inspect(PEPPOL_EXAMPLE.replaceAll('EUR', 'HUF'));
    assert.equal(res.statusCode, 200, res.body);
    const answer = body(res);
    assert.equal(answer.invoice.invoice.currency, 'HUF', 'kept as written, not read as another currency');
    assert.equal(answer.totals, null);
    assert.ok(answer.not_carried.some((n: { path: string; value: string }) => n.path === 'totals' && /"HUF" is not supported/.test(n.value)));
  });

  it('meters one document per inspection', async () => {
    const usage = async () => body(await ctx.app.inject({ method: 'GET', url: '/api/auth/usage', headers: bearer(apiKey) })).usage.monthly;
    const before = await usage();
    assert.equal((await inspect(PEPPOL_EXAMPLE)).statusCode, 200);
    const after = await usage();
    assert.equal(after.documents_used - before.documents_used, 1, JSON.stringify({ before, after }));
  });
});

describe('POST /api/inspect-invoice refuses what it must not read', () => {
  const refused = async (payload: string, pattern: RegExp, contentType?: string) => {
    const res = await inspect(payload, bearer(apiKey), contentType);
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(body(res).error.code, 'invalid_document');
    assert.match(body(res).error.message, pattern);
  };

  it('refuses an anonymous caller (403 auth_required) and an unconfirmed account (403 unverified_account)', async () => {
    const anonymous = await inspect(PEPPOL_EXAMPLE, {});
    assert.equal(anonymous.statusCode, 403);
    assert.equal(body(anonymous).error.code, 'auth_required');
    const unverified = await signUp(ctx, { verify: false });
    const res = await inspect(PEPPOL_EXAMPLE, { cookie: `inv_session=${unverified.sessionId}`, origin: 'http://127.0.0.1:3000' });
    assert.equal(res.statusCode, 403, res.body);
    assert.equal(body(res).error.code, 'unverified_account');
  });

  it('refuses a DOCTYPE unread: external entities (XXE) and entity expansion (billion laughs)', async () => {
    await refused(`<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&xxe;</Invoice>`, /DOCTYPE/);
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]><lolz>&lol9;</lolz>`;
    await refused(laughs, /DOCTYPE/);
  });

  it('refuses a body that is not XML, an XML that is no e-invoice, and one nested deeper than any e-invoice', async () => {
    await refused('%PDF-1.7 not xml', /not XML/);
    await refused('<?xml version="1.0"?><note><to>x</to></note>', /root element is \{\}note/);
    await refused(`<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">${'<a>'.repeat(100)}${'</a>'.repeat(100)}</Invoice>`, /nested more than 64 deep/);
    await refused('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><cbc:ID>1</Invoice>', /namespace prefix "cbc" is not declared|does not close/);
  });

  it('refuses another content type, naming what to send', async () => {
    await refused('{"a":1}', /application\/xml/, 'application/json');
    await refused('%PDF-1.7', /The PDF could not be read/, 'application/pdf');
  });
});

describe('POST /api/inspect-invoice reads hybrid PDFs and refuses hostile ones', () => {
  let hybrid: Buffer;
  before(async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/generate-invoice', headers: bearer(apiKey), payload: { ...EINVOICE_FIXTURES[0]!.request, output: 'pdf', profile: 'factur-x', features: { hosted_link: false } } });
    assert.equal(res.statusCode, 200, res.body);
    hybrid = res.rawPayload;
  });
  const pdfWith = async (attachments: ReadonlyArray<readonly [string, Uint8Array]>) => {
    const doc = await PDFDocument.create();
    doc.addPage();
    for (const [name, bytes] of attachments) await doc.attach(bytes, name, { mimeType: 'application/xml' });
    return Buffer.from(await doc.save());
  };
  const refusedPdf = async (pdf: Buffer, pattern: RegExp) => {
    const res = await inspect(pdf, bearer(apiKey), 'application/pdf');
    assert.equal(res.statusCode, 400, res.body.slice(0, 500));
    assert.equal(body(res).error.code, 'invalid_document');
    assert.match(body(res).error.message, pattern);
  };

  it('reads the factur-x.xml of a hybrid the service made: the same verdict as its XML', async () => {
    const res = await inspect(hybrid, bearer(apiKey), 'application/pdf');
    assert.equal(res.statusCode, 200, res.body);
    const answer = body(res);
    assert.equal(answer.document.container, 'pdf');
    assert.equal(answer.document.attachment, 'factur-x.xml');
    assert.equal(answer.document.profile, 'factur-x');
    assert.equal(answer.verdict.valid, true, JSON.stringify(answer.verdict.problems));
    assert.equal(answer.totals.agree, true);
  });

  it('refuses a PDF without an e-invoice, naming the attachments it has', async () => {
    await refusedPdf(await pdfWith([]), /carries no attachment/);
    await refusedPdf(await pdfWith([['notes.xml', Buffer.from('<notes/>')]]), /the attachments "notes.xml", and no e-invoice/);
  });

  it('refuses an attachment that is XML but no e-invoice, and one with a DOCTYPE', async () => {
    await refusedPdf(await pdfWith([['factur-x.xml', Buffer.from('<?xml version="1.0"?><note/>')]]), /root element is \{\}note/);
    await refusedPdf(await pdfWith([['factur-x.xml', Buffer.from('<!DOCTYPE x [<!ENTITY a "b">]><x/>')]]), /factur-x.xml declares a DOCTYPE/);
  });

  it('refuses an attachment bomb: a small stream inflating past 50 MB', async () => {
    const bomb = await pdfWith([['factur-x.xml', new Uint8Array(60 * 1024 * 1024)]]);
    assert.ok(bomb.length < 1024 * 1024, `the bomb is ${bomb.length} bytes`);
    await refusedPdf(bomb, /inflates past 50 MB/);
  });

  it('refuses a PDF whose cross-reference table and objects are broken, without a 500', async () => {
    const text = hybrid.toString('latin1');
    const broken = Buffer.from(text.replace(/xref[\s\S]*$/, 'xref\n0 x\ngarbage\ntrailer\n<< /Root 999 0 R >>\nstartxref\n12\n%%EOF').replace(/\/Names/g, '/Nxmes').replace(/\/AF /g, '/AX '), 'latin1');
    await refusedPdf(broken, /PDF could not be read|no attachment|no e-invoice/);
  });
});
