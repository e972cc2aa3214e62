import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { InvoiceRequestSchema } from '../../src/domain/invoice/invoice-request-schema.ts';
import { validInvoice } from '../helpers/build-test-app.ts';
import { checkEInvoices } from '../helpers/check-einvoice.ts';
import { bearer, body, generateInvoice, signUpWithKey, startAccountsApp, type AccountsApp, type Json } from '../helpers/accounts-helpers.ts';

/**
 * D47: every text of a request is trimmed; an optional text left empty is absent, a required one
 * is refused naming it, and a blank code or number is refused rather than taken for its default.
 * Before, "" or "   " in most optional text fields was written into the e-invoice as an empty
 * element (PEPPOL-EN16931-R008), and a blank party name or item description passed the schema.
 */

interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  enum?: unknown[];
}

/**
 * Every optional free-text field of the request, read from the schema here (apart from the code
 * under test): a string that is no enumeration and no number written as text (`lines[]`: the
 * elements of a list of texts). `items[]` stands for every line.
 */
function optionalTextPaths(node: SchemaNode, prefix = ''): string[] {
  const out: string[] = [];
  const required = new Set(node.required ?? []);
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const path = prefix === '' ? name : `${prefix}.${name}`;
    const branches = property.anyOf ?? [property];
    const takesNumber = branches.some((b) => b.type === 'number');
    for (const branch of branches) {
      if (branch.type === 'string' && branch.enum === undefined && !takesNumber && !required.has(name)) out.push(path);
      if (branch.type === 'object') out.push(...optionalTextPaths(branch, path));
      if (branch.type === 'array' && branch.items?.type === 'object') out.push(...optionalTextPaths(branch.items, `${path}[]`));
      if (branch.type === 'array' && branch.items?.type === 'string') out.push(`${path}[]`);
    }
  }
  return out;
}

const OPTIONAL_TEXT = optionalTextPaths(JSON.parse(JSON.stringify(InvoiceRequestSchema)) as SchemaNode);
const BLANKS = ['', ' ', '   ', '\t', '\n', ' \r\n\t '];

/**
 * A request with every optional object present and every optional text field set, built by
 * `text(path, value)`: the value, or a blank one for the paths in `blank` (noted in `covered`).
 * Two variants (address as parts or as text, the payment by account or by card with a SEPA QR)
 * cover what one request cannot hold at once.
 */
function fullRequest(variant: 'parts' | 'text', blank: (path: string) => boolean, covered: Set<string>): Json {
  let n = 0;
  const text = (path: string, value: string): string => {
    if (!blank(path)) return value;
    covered.add(path);
    return BLANKS[n++ % BLANKS.length]!;
  };
  const address = (who: string, country: string) => (variant === 'parts'
    ? {
      lines: [text(`${who}.address.lines[]`, 'Hauptstr. 1'), text(`${who}.address.lines[]`, 'Hof 2')],
      city: text(`${who}.address.city`, 'Berlin'), postal_code: text(`${who}.address.postal_code`, '10115'),
      region: text(`${who}.address.region`, 'BE'), country: text(`${who}.address.country`, country),
    }
    : text(`${who}.address`, 'Hauptstr. 1\n10115 Berlin'));
  const party = (who: 'from' | 'to', name: string, country: string) => ({
    name,
    address: address(who, country),
    email: text(`${who}.email`, `billing@${who}.example`), phone: text(`${who}.phone`, '+49 30 1234567'),
    tax_id: text(`${who}.tax_id`, who === 'from' ? 'DE123456789' : 'GB123456789'),
    tax_registration_id: text(`${who}.tax_registration_id`, '12/345/67890'),
    registration_no: text(`${who}.registration_no`, 'HRB 1'), registration_scheme: text(`${who}.registration_scheme`, '0002'),
    identifier: { value: '4000001000005', scheme: text(`${who}.identifier.scheme`, '0088') },
    electronic_address: { scheme: 'EM', value: `einvoice@${who}.example` },
    contact: { name: text(`${who}.contact.name`, 'Desk'), phone: text(`${who}.contact.phone`, '+49 30 1'), email: text(`${who}.contact.email`, `desk@${who}.example`) },
    website: text(`${who}.website`, `https://${who}.example`), country: text(`${who}.country`, country),
    logo: text(`${who}.logo`, 'https://logo.example/l.png'),
  });
  const period = (where: string) => ({ start: text(`${where}.start`, '2026-10-01'), end: text(`${where}.end`, '2026-10-31') });
  const lineCommon = (i: number) => ({
    description: `Line ${i}`, quantity: 2, unit: text('items[].unit', 'hrs'), unit_price: 50,
    item_id: text('items[].item_id', `SKU-${i}`), note: text('items[].note', 'A note'), unit_code: text('items[].unit_code', 'HUR'),
    tax_exemption_reason: text('items[].tax_exemption_reason', 'Exempt'), tax_exemption_code: text('items[].tax_exemption_code', 'VATEX-EU-132'),
    period: period('items[].period'),
    charges: [{ amount: 1, reason: text('items[].charges[].reason', 'Packing'), reason_code: text('items[].charges[].reason_code', 'ABL') }],
  });
  const adjustment = (kind: 'allowances' | 'charges', code: string) => ({
    amount: 5, reason: text(`${kind}[].reason`, 'Agreed'), reason_code: text(`${kind}[].reason_code`, code), tax_category: 'S', tax_rate: 19,
  });
  const payment = variant === 'parts'
    ? {
      pay_to: text('payment.pay_to', 'Acme'), bank_name: text('payment.bank_name', 'Bank'), account_name: text('payment.account_name', 'Acme GmbH'),
      account_number: text('payment.account_number', '123'), routing_number: text('payment.routing_number', '456'),
      iban: text('payment.iban', 'DE89370400440532013000'), swift: text('payment.swift', 'COBADEFFXXX'),
      instructions: text('payment.instructions', 'Quote the number'), method_note: text('payment.method_note', 'Transfer'),
      means_code: text('payment.means_code', '58'), mandate_reference: text('payment.mandate_reference', 'M-1'),
      creditor_id: text('payment.creditor_id', 'DE98ZZZ09999999999'), debtor_iban: text('payment.debtor_iban', 'DE02120300000000202051'),
    }
    : {
      pay_to: 'Acme GmbH', account_name: 'Acme GmbH', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', means_code: '48',
      card: { last4: '1234', holder: text('payment.card.holder', 'A. Holder'), network: text('payment.card.network', 'VISA') },
      qr: { type: 'sepa', value: text('payment.qr.value', 'BCD\n002\n1\nSCT') },
    };
  return {
    from: party('from', 'Acme GmbH', 'DE'),
    to: party('to', 'Globex Ltd', 'DE'),
    ship_to: { name: 'Dock 4', address: address('ship_to', 'DE'), country: text('ship_to.country', 'DE') },
    invoice: {
      number: text('invoice.number', `N-${variant}`), date: text('invoice.date', '2026-11-02'), due_date: text('invoice.due_date', '2026-12-02'),
      po_number: text('invoice.po_number', 'PO-1'), terms: text('invoice.terms', 'Net 30'), currency: 'EUR', title: text('invoice.title', 'Invoice'),
      buyer_reference: text('invoice.buyer_reference', 'BR-1'), delivery_date: text('invoice.delivery_date', '2026-10-30'), period: period('invoice.period'),
      contract_reference: text('invoice.contract_reference', 'C-1'), project_reference: text('invoice.project_reference', 'P-1'),
    },
    items: [
      { ...lineCommon(0), tax_rate: 19 },
      { ...lineCommon(1), taxes: [{ name: text('items[].taxes[].name', 'MwSt.'), rate: 19 }] },
    ],
    tax_exemption_reason: text('tax_exemption_reason', 'Exempt'), tax_exemption_code: text('tax_exemption_code', 'VATEX-EU-132'),
    shipping: 4.95, shipping_label: text('shipping_label', 'Freight'),
    global_taxes: [{ name: text('global_taxes[].name', 'MwSt.'), rate: 19 }],
    shipping_taxes: [{ name: text('shipping_taxes[].name', 'MwSt.'), rate: 19 }],
    allowances: [adjustment('allowances', '95')],
    charges: [adjustment('charges', 'FC')],
    payment,
    accent_color: text('accent_color', '#1A73E8'), signature: text('signature', 'https://logo.example/s.png'),
    billing_reference: { number: 'F-0', date: text('billing_reference.date', '2026-10-02') },
    notes: text('notes', 'Thank you'), refund_policy: text('refund_policy', '14 days'), footer: text('footer', 'Acme GmbH'),
    custom_fields: [{ label: 'Cost centre', value: text('custom_fields[].value', '42') }],
  };
}

/**
 * What an e-invoice needs to pass EN 16931 and a credit of allowances needs to be valid: blanked
 * in the JSON-only request instead (the countries, the seller's VAT id), or the reason where the
 * code is blank and the code where the reason is.
 */
const KEPT_FOR_THE_EINVOICE = new Set(['from.country', 'to.country', 'from.address.country', 'to.address.country', 'from.tax_id', 'allowances[].reason_code', 'charges[].reason_code', 'items[].charges[].reason_code']);
/** An allowance or charge needs a reason or a code: the reasons are kept where the codes go blank. */
const REASONS = new Set(['allowances[].reason', 'charges[].reason', 'items[].charges[].reason']);
/** Optional texts that have a default: blank takes the default, as absent does (never the blank). */
const DEFAULTED = new Set(['invoice.number', 'invoice.date', 'invoice.title', 'shipping_label', 'items[].taxes[].name', 'global_taxes[].name', 'shipping_taxes[].name']);

function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => strings(v, path === '' ? k : `${path}.${k}`));
  return [];
}

/** Where the JSON answer echoes a request path: invoice metadata at the top, lines by index. */
function echoedAt(invoice: Json, path: string): unknown[] {
  const parts = path.replace(/^invoice\./, '').split('.');
  let nodes: unknown[] = [invoice];
  for (const part of parts) {
    const list = part.endsWith('[]');
    const name = list ? part.slice(0, -2) : part;
    nodes = nodes.flatMap((node) => {
      const next = typeof node === 'object' && node !== null ? (node as Json)[name] : undefined;
      return list ? (Array.isArray(next) ? next : []) : [next];
    });
  }
  return nodes;
}

describe('blank text (D47)', () => {
  let ctx: AccountsApp;
  let key: Record<string, string>;
  before(async () => {
    ctx = await startAccountsApp();
    key = bearer((await signUpWithKey(ctx, 'blank-text')).apiKey);
  });
  after(async () => { await ctx?.close(); });

  it('the schema walk finds the optional text fields (a change of the schema shows here)', () => {
    assert.ok(OPTIONAL_TEXT.length > 80, `${OPTIONAL_TEXT.length} fields`);
    for (const path of ['notes', 'from.phone', 'to.address.lines[]', 'items[].note', 'payment.qr.value', 'custom_fields[].value', 'invoice.terms']) {
      assert.ok(OPTIONAL_TEXT.includes(path), path);
    }
  });

  it('blank in every optional text field: absent in the JSON answer, and the UBL and CII pass EN 16931 with no empty element', async () => {
    const blanked = [new Set<string>(), new Set<string>(), new Set<string>()] as const;
    const requests = [
      fullRequest('parts', (path) => !KEPT_FOR_THE_EINVOICE.has(path), blanked[0]),
      fullRequest('text', (path) => !KEPT_FOR_THE_EINVOICE.has(path), blanked[1]),
      // JSON only: everything blank, countries and VAT id too; the reasons kept where the codes are blank.
      fullRequest('parts', (path) => !REASONS.has(path), blanked[2]),
    ];
    const covered = new Set(blanked.flatMap((set) => [...set]));
    assert.deepEqual(OPTIONAL_TEXT.filter((path) => !covered.has(path)), [], 'every optional text field is sent blank in one of the requests');

    const documents: { xml: string; profile: 'en16931' }[] = [];
    for (const [i, request] of requests.entries()) {
      const json = await generateInvoice(ctx.app, { ...structuredClone(request), features: { hosted_link: false } }, key);
      assert.equal(json.statusCode, 200, `request ${i}: ${json.body.slice(0, 600)}`);
      const invoice = body(json).invoice as Json;
      for (const [path, value] of strings(invoice)) {
        assert.ok(value === value.trim() && value !== '', `request ${i}: ${path} is echoed as ${JSON.stringify(value)}`);
      }
      for (const path of blanked[i]!) {
        if (DEFAULTED.has(path)) continue;
        for (const echoed of echoedAt(invoice, path)) assert.equal(echoed, undefined, `request ${i}: ${path} is echoed`);
      }
      if (i === 2) continue;
      for (const output of ['ubl', 'cii'] as const) {
        const res = await generateInvoice(ctx.app, { ...structuredClone(request), output, profile: 'en16931', features: { hosted_link: false } }, key);
        assert.equal(res.statusCode, 200, `request ${i} as ${output}: ${res.body.slice(0, 600)}`);
        const xml = res.body;
        assert.doesNotMatch(xml, /<([\w:]+)(\s[^>]*)?\/>/, `request ${i} as ${output}: a self-closed (empty) element`);
        assert.doesNotMatch(xml, /<([\w:]+)(\s[^>]*)?>\s*<\/\1>/, `request ${i} as ${output}: an empty element`);
        documents.push({ xml, profile: 'en16931' });
      }
    }
    const checks = await checkEInvoices(documents);
    for (const [i, check] of checks.entries()) {
      assert.equal(check.schema.valid, true, `document ${i}: ${check.schema.errors.join('; ')}`);
      assert.deepEqual(check.rules.fatal, [], `document ${i}`);
    }
  });

  it('a text is trimmed wherever it is, metadata aside', async () => {
    const res = await generateInvoice(ctx.app, {
      ...validInvoice(), from: { name: '  Acme GmbH\n', tax_id: ' DE123456789 ', country: 'DE' }, notes: '\tThank you  ',
      custom_fields: [{ label: ' Cost centre ', value: ' 42 ' }], metadata: { ' key ': ' value ' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const invoice = body(res).invoice;
    assert.deepEqual([invoice.from.name, invoice.from.tax_id, invoice.notes], ['Acme GmbH', 'DE123456789', 'Thank you']);
    assert.deepEqual(invoice.custom_fields, [{ label: 'Cost centre', value: '42' }]);
    assert.deepEqual(invoice.metadata, { ' key ': ' value ' }, 'the caller\'s opaque data, echoed as sent');
  });

  const required: { name: string; edit: (b: Json) => void; field: string; code?: string; says: RegExp }[] = [
    { name: 'a party\'s name', edit: (b) => { b.from.name = '   '; }, field: 'from.name', says: /send its text/ },
    { name: 'the buyer\'s name, empty', edit: (b) => { b.to.name = ''; }, field: 'to.name', says: /send its text/ },
    { name: 'the delivery party\'s name', edit: (b) => { b.ship_to = { name: '\n' }; }, field: 'ship_to.name', says: /send its text/ },
    { name: 'an item\'s description', edit: (b) => { b.items[1].description = ' \t '; }, field: 'items[1].description', says: /send its text/ },
    { name: 'a party\'s name of control characters only', edit: (b) => { b.from.name = '\u0007\u0000'; }, field: 'from.name', says: /send its text/ },
    { name: 'an item\'s description of zero-width marks only', edit: (b) => { b.items[0].description = '\u200b\u200e\ufeff'; }, field: 'items[0].description', says: /send its text/ },
    { name: 'a billing reference\'s number', edit: (b) => { b.billing_reference = { number: ' ' }; }, field: 'billing_reference.number', says: /send its text/ },
    { name: 'an identifier\'s value', edit: (b) => { b.from.identifier = { value: ' ', scheme: '0088' }; }, field: 'from.identifier.value', says: /send its text/ },
    { name: 'an electronic address\'s value', edit: (b) => { b.to.electronic_address = { scheme: 'EM', value: '  ' }; }, field: 'to.electronic_address.value', says: /send its text/ },
    { name: 'an electronic address\'s scheme', edit: (b) => { b.to.electronic_address = { scheme: ' ', value: 'x@y.example' }; }, field: 'to.electronic_address.scheme', says: /send a value/ },
    { name: 'a custom field\'s label', edit: (b) => { b.custom_fields = [{ label: 'Ok', value: 'v' }, { label: ' ', value: 'v' }]; }, field: 'custom_fields[1].label', says: /send its text/ },
    { name: 'a card\'s last four digits', edit: (b) => { b.payment = { means_code: '48', card: { last4: ' ' } }; }, field: 'payment.card.last4', says: /send a value/ },
    { name: 'the currency (never USD by default)', edit: (b) => { b.invoice.currency = ' '; }, field: 'invoice.currency', code: 'invalid_currency', says: /use one of USD, EUR/ },
    { name: 'the language', edit: (b) => { b.invoice.language = ''; }, field: 'invoice.language', code: 'invalid_language', says: /use one of en, / },
    { name: 'the template', edit: (b) => { b.template = ' '; }, field: 'template', code: 'invalid_template', says: /use one of classic/ },
    { name: 'the output', edit: (b) => { b.output = ' '; }, field: 'output', code: 'invalid_output', says: /use one of json/ },
    { name: 'a discount type', edit: (b) => { b.items[0].discount_type = ' '; }, field: 'items[0].discount_type', says: /use one of percent, amount/ },
    { name: 'a QR type', edit: (b) => { b.payment = { qr: { type: ' ', value: 'x' } }; }, field: 'payment.qr.type', code: 'invalid_qr_type', says: /use one of / },
    { name: 'a unit price as an empty string (never 0)', edit: (b) => { b.items[1].unit_price = ''; }, field: 'items[1].unit_price', says: /send a number/ },
    { name: 'a quantity as blank text', edit: (b) => { b.items[0].quantity = '  '; }, field: 'items[0].quantity', says: /send a number/ },
    { name: 'a tax rate as blank text', edit: (b) => { b.items[0].tax_rate = ' '; }, field: 'items[0].tax_rate', says: /send a number/ },
    { name: 'a tax component\'s rate', edit: (b) => { delete b.items[0].tax_rate; b.items[0].taxes = [{ name: 'GST', rate: ' ' }]; }, field: 'items[0].taxes[0].rate', says: /send a number/ },
  ];
  for (const { name, edit, field, code = 'validation_error', says } of required) {
    it(`blank ${name} → 400 naming ${field}, saying it is blank and what to send`, async () => {
      const request = validInvoice() as Json;
      edit(request);
      const res = await generateInvoice(ctx.app, request, key);
      assert.equal(res.statusCode, 400, res.body);
      const error = body(res).error;
      assert.equal(error.code, code, error.message);
      assert.ok(error.message.startsWith(`${field} must not be empty or only white space: `), error.message);
      assert.match(error.message, says);
    });
  }

  it('a batch item with a blank required text fails alone, naming it', async () => {
    const blankName = { ...validInvoice(), to: { name: '  ', country: 'GB' } };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/batch', payload: { invoices: [blankName, validInvoice()] }, headers: key });
    assert.equal(res.statusCode, 200, res.body);
    const [first, second] = body(res).results as Json[];
    assert.deepEqual(first!.error, { code: 'validation_error', message: 'to.name must not be empty or only white space: send its text.' });
    assert.equal(second!.success, true);
  });
});
