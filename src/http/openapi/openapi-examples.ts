import { computeInvoice } from '../../domain/invoice/compute-invoice.ts';
import type { InvoiceRequest } from '../../domain/invoice/invoice-request-schema.ts';
import { ERROR_EXAMPLES } from './error-examples.ts';

/** A German consultancy invoice: the request example of the document, and of tests that need a realistic one. */
export const GERMAN_INVOICE_REQUEST = {
  from: { name: 'Muster Beratung GmbH', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE', tax_id: 'DE123456789', email: 'rechnung@muster-beratung.de' },
  to: { name: 'Beispiel AG', address: 'Marktplatz 5\n80331 München', country: 'DE', tax_id: 'DE987654321' },
  invoice: { currency: 'EUR', language: 'de', date: '2026-11-27', due_date: '2026-12-11', terms: 'Zahlbar innerhalb von 14 Tagen ohne Abzug.' },
  items: [
    { description: 'Beratung Prozessanalyse', quantity: 8, unit: 'Std', unit_price: 120, tax_rate: 19 },
    { description: 'Fachbuch „Rechnungswesen“', quantity: 2, unit: 'Stk', unit_price: 39.9, tax_rate: 7 },
  ],
  payment: { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', account_name: 'Muster Beratung GmbH' },
  template: 'modern',
} as const satisfies InvoiceRequest;

const EXAMPLE_LINK = 'https://invoices.example.com/api/i/4f8Kq2LmN0pR7sT9vX1yZb?t=Jc9o2ZK0aQ1x7mVd8u3sLr5yTb6wHn4eGf0iPk2qMzA';

/** Computed by the engine from the request example, so the answer example always matches the rules. */
const exampleInvoice = () => ({
  ...computeInvoice(GERMAN_INVOICE_REQUEST as InvoiceRequest, { today: '2026-11-27', number: 'INV-2026-00042' }),
  hosted_url: EXAMPLE_LINK,
  hosted_expires_at: 1_764_806_400,
});

const EXAMPLE_META = {
  request_id: 'req_7Yx2Qm4Lp9Rt1Vb6',
  processing_ms: 12,
  credits_remaining: { hourly: 38, weekly: 391 },
  rate_limits: { hourly: { limit: 40, used: 2, reset_at: 1_764_244_800 }, weekly: { limit: 400, used: 9, reset_at: 1_764_547_200 }, monthly_equivalent: 1733 },
  monthly: { documents_used: 12.3, documents_limit: 100, pdfs_used: 4, pdfs_limit: 50, reset_at: 1_764_547_200 },
};

const WEBHOOK = {
  id: 'wh_4f8Kq2LmN0pR7sT9vX1yZb', url: 'https://example.com/hooks/invoices', events: ['invoice.generated'], is_active: true,
  created_at: 1_764_241_200, last_delivery_at: null, last_status: null, secret_hint: 'x9Qa', previous_secret_expires_at: null,
};

const DELIVERY = {
  id: 'Qm3Lx7Rt5Vb1Nc9Zs4Yw6J', event_id: 'evt_7fGx2Kp9QmLw3RtYz0aBcD', event_type: 'invoice.generated', status: 'delivered',
  created_at: 1_764_241_260, attempt_count: 2,
  attempts: [
    { attempted_at: 1_764_241_260, status: 503, duration_ms: 412, failure: null, response_body: 'Service Unavailable' },
    { attempted_at: 1_764_241_321, status: 200, duration_ms: 87, failure: null, response_body: '{"received":true}' },
  ],
  next_attempt_at: null, finished_at: 1_764_241_321, redelivery_of: null,
};

type Json = Record<string, any>;

/**
 * Realistic examples on the main requests and answers, added to the finished document:
 * a `$ref` body cannot carry examples of its own. spectral:oas checks each against its schema
 * (oas3-valid-media-example), so an example that drifts from the schema fails the suite.
 */
export function addOpenApiExamples(doc: Json): Json {
  const invoice = exampleInvoice();
  const op = (path: string, method: string): Json | undefined => doc.paths?.[path]?.[method];
  const json = (media: Json | undefined, value: unknown) => { if (media !== undefined) media.example = value; };

  const generate = op('/api/generate-invoice', 'post');
  if (generate !== undefined) {
    generate.requestBody.content['application/json'].examples = {
      json: { summary: 'A German invoice, computed as JSON', value: GERMAN_INVOICE_REQUEST },
      pdf: { summary: 'The same invoice as a PDF', value: { ...GERMAN_INVOICE_REQUEST, output: 'pdf' } },
      xrechnung: { summary: 'The same invoice as an XRechnung CII', value: { ...GERMAN_INVOICE_REQUEST, output: 'cii', profile: 'xrechnung', from: { ...GERMAN_INVOICE_REQUEST.from, contact: { name: 'Anna Schmidt', phone: '+49 30 1234567', email: 'anna.schmidt@muster-beratung.de' } }, to: { ...GERMAN_INVOICE_REQUEST.to, email: 'einkauf@beispiel.de' }, invoice: { ...GERMAN_INVOICE_REQUEST.invoice, buyer_reference: '04011000-12345-67' } } },
    };
    const ok = generate.responses['200'].content;
    json(ok['application/json'], { success: true, invoice, meta: EXAMPLE_META, anonymous: false });
    json(ok['application/pdf'], '%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\n… (binary, about 40 KB)');
    json(ok['application/xml'], '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" …>\n  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>\n  <cbc:ID>INV-2026-00042</cbc:ID>\n  …\n</Invoice>');
  }
  const batch = op('/api/batch', 'post');
  if (batch !== undefined) {
    // The second invoice is well-formed but its total is beyond any amount (calculation_error): it fails alone.
    const tooLarge = { ...GERMAN_INVOICE_REQUEST, items: [{ description: 'Lizenz', quantity: 1_000_000_000, unit_price: 1_000_000 }] };
    json(batch.requestBody.content['application/json'], { invoices: [GERMAN_INVOICE_REQUEST, tooLarge] });
    json(batch.responses['200'].content['application/json'], {
      success: true, count: 2,
      results: [
        { index: 0, success: true, invoice },
        { index: 1, success: false, error: { code: 'calculation_error', message: ERROR_EXAMPLES.calculation_error } },
      ],
      meta: { requested: 2, generated: 1, rate_limited: false },
    });
  }
  const hosted = op('/api/i/{id}', 'get');
  if (hosted !== undefined) {
    json(hosted.responses['200'].content['application/json'], { success: true, invoice, meta: { request_id: EXAMPLE_META.request_id, processing_ms: 3 }, anonymous: false });
    json(hosted.responses['200'].content['application/pdf'], '%PDF-1.7\n… (binary)');
  }
  const create = op('/api/webhooks', 'post');
  if (create !== undefined) {
    json(create.requestBody.content['application/json'], { url: WEBHOOK.url, events: ['invoice.generated', 'batch.generated'] });
    json(create.responses['201'].content['application/json'], { success: true, webhook: { ...WEBHOOK, secret: 'whsec_8d2Kf0Qm3Lx7Rt5Vb1Nc9Zs4Yw6Ju2Hp0Ge8Ai3Oq1' } });
  }
  json(op('/api/webhooks', 'get')?.responses['200'].content['application/json'], { success: true, webhooks: [WEBHOOK] });
  json(op('/api/webhooks/{id}', 'get')?.responses['200'].content['application/json'], { success: true, webhook: WEBHOOK });
  json(op('/api/webhooks/{id}', 'delete')?.responses['200'].content['application/json'], { success: true, id: WEBHOOK.id });
  json(op('/api/webhooks/{id}/deliveries', 'get')?.responses['200'].content['application/json'], { success: true, deliveries: [DELIVERY], next_cursor: 'MTc2NDI0MTI2MDAwMC5RbTNMeDdSdDVWYjFOYzlaczRZdzZK' });
  json(op('/api/webhooks/{id}/deliveries/{delivery_id}/redeliver', 'post')?.responses['202'].content['application/json'], {
    success: true,
    delivery: { ...DELIVERY, id: 'Zs4Yw6JQm3Lx7Rt5Vb1Nc9', status: 'pending', created_at: 1_764_244_800, attempt_count: 0, attempts: [], next_attempt_at: 1_764_244_800, finished_at: null, redelivery_of: DELIVERY.id },
  });
  json(op('/api/webhooks/{id}/test', 'post')?.responses['200'].content['application/json'], {
    success: true,
    delivery: { ...DELIVERY, id: 'Vb1Nc9Zs4Yw6JQm3Lx7Rt5', event_id: 'evt_2KpQ9mLw3RtYz0aBcD7fGx', event_type: 'webhook.test', attempt_count: 1, attempts: [DELIVERY.attempts[1]], finished_at: 1_764_241_321 },
  });
  json(op('/api/webhooks/{id}/rotate-secret', 'post')?.responses['200'].content['application/json'], {
    success: true,
    webhook: { ...WEBHOOK, secret_hint: 'Rt5V', previous_secret_expires_at: 1_764_331_200, secret: 'whsec_Lx7Rt5Vb1Nc9Zs4Yw6Ju2Hp0Ge8Ai3Oq1d2Kf0QmRt5V' },
  });
  json(op('/api/webhooks/{id}/enable', 'post')?.responses['200'].content['application/json'], { success: true, webhook: WEBHOOK });
  return doc;
}
