/**
 * Compiled, never run, by `tsc -p clients/typescript/tsconfig.json` (test/clients/typecheck.test.ts):
 * every method of the client, with no cast, must give the type written beside it, and the
 * `@ts-expect-error` lines must stay errors.
 */
import { ApiError, InvoiceClient, verifyWebhookSignature, type ErrorCode, type Invoice, type InvoiceRequest, type PdfDocument, type XmlDocument } from '../src/index.ts';

/** The codes the document lists, without ErrorCode's open `string & {}` end. */
type DocumentedCode<Code> = Code extends string ? (string extends Code ? never : Code) : never;
// ErrorCode must stay derived from the document's error answers, not collapse to string.
export const knownCodes: DocumentedCode<ErrorCode>[] = ['validation_error', 'e_invoice_incomplete', 'rate_limit_hourly', 'monthly_limit_reached'];
// @ts-expect-error not a code of the document
export const unknownCode: DocumentedCode<ErrorCode> = 'no_such_code';

const client = new InvoiceClient({ baseUrl: 'https://invoices.example.com', apiKey: 'inv_x', retry: { maxRetries: 3 }, timeoutMs: 30_000 });

// `satisfies`, not a type annotation: the object keeps "no output", which picks the JSON overload.
const request = {
  from: { name: 'Acme GmbH', country: 'DE' },
  to: { name: 'Globex Ltd' },
  invoice: { currency: 'EUR', date: '2026-11-02' },
  items: [{ description: 'Consulting', quantity: 12, unit_price: 25, tax_rate: 20 }],
} satisfies InvoiceRequest;

export async function usesEveryMethod(): Promise<void> {
  const json = await client.generateInvoice(request);
  const invoice: Invoice = json.invoice;
  const total: number = invoice.grand_total;
  const requestId: string = json.meta.request_id;
  const anonymous: boolean = json.anonymous;

  const explicitJson = await client.generateInvoice({ ...request, output: 'json' }, { idempotencyKey: 'order-42' });
  const number: string = explicitJson.invoice.number;

  const pdf = await client.generateInvoice({ ...request, output: 'pdf' });
  const bytes: Uint8Array = pdf.bytes;
  const hostedUrl: string | undefined = pdf.hostedUrl;
  const filename: string | undefined = pdf.filename;
  // @ts-expect-error a PDF answer has no invoice object
  void pdf.invoice;

  const ubl: XmlDocument = await client.generateInvoice({ ...request, output: 'ubl', profile: 'peppol' });
  const cii: XmlDocument = await client.generateInvoice({ ...request, output: 'cii' });
  const xml: string = ubl.xml + cii.xml;
  // @ts-expect-error an XML answer is not a PDF
  const notPdf: PdfDocument = ubl;

  // @ts-expect-error 'docx' is not an output of the document
  await client.generateInvoice({ ...request, output: 'docx' });

  const batch = await client.generateBatch({ invoices: [request, { ...request, output: 'json' }] });
  const generated: number = batch.meta.generated;
  const firstNumber: string | undefined = batch.results[0]?.invoice?.number;

  const hostedPdf: PdfDocument = await client.getHostedInvoice(hostedUrl ?? '');
  const hostedJson = await client.getHostedInvoice({ id: 'abc', t: 'sig' }, { format: 'json' });
  const hostedTotal: number = hostedJson.invoice.grand_total;

  const usage = await client.getUsage();
  const documentsUsed: number = usage.usage.monthly.documents_used;
  const account = await client.getAccount();
  const email: string = account.user.email;
  const rotated = await client.generateApiKey();
  const apiKey: string = rotated.api_key;
  const registered: string = (await client.register({ email: 'a@example.com', password: 'long enough' })).message;
  const resent: string = (await client.resendVerification()).message + (await client.resendVerification({ email: 'a@example.com' })).message;
  const forgot: string = (await client.forgotPassword({ email: 'a@example.com' })).message;
  const reset: string = (await client.resetPassword({ token: 't', password: 'long enough' })).message;
  const verified: boolean = await client.verifyEmail('token');
  const signedIn = await client.login({ email: 'a@example.com', password: 'long enough' });
  const session: string = signedIn.session + signedIn.user.email;
  const signedOut: boolean = (await client.logout({ session: signedIn.session })).success;
  // @ts-expect-error register needs a password
  await client.register({ email: 'a@example.com' });
  const health = await client.getHealth();
  const status: string = health.status;

  const created = await client.createWebhook({ url: 'https://example.com/hooks', events: ['invoice.generated', 'batch.generated'] });
  const secret: string | undefined = created.webhook.secret;
  // @ts-expect-error only the two event types exist
  await client.createWebhook({ url: 'https://example.com/hooks', events: ['invoice.deleted'] });
  const listed = await client.listWebhooks();
  const firstUrl: string | undefined = listed.webhooks[0]?.url;
  const one = await client.getWebhook(created.webhook.id);
  const active: boolean = one.webhook.is_active;
  const page = await client.listWebhookDeliveries(created.webhook.id, { status: 'failed', limit: 50 });
  const cursor: string | null = page.next_cursor;
  const firstAttempt = page.deliveries[0]?.attempts[0];
  const answered: string = `${firstAttempt?.status} ${firstAttempt?.duration_ms} ${firstAttempt?.failure ?? ''} ${firstAttempt?.response_body ?? ''}`;
  // @ts-expect-error 'sent' is not a delivery status of the document
  await client.listWebhookDeliveries(created.webhook.id, { status: 'sent' });
  const eventTypes: string[] = [];
  for await (const delivery of client.iterateWebhookDeliveries(created.webhook.id, { status: 'delivered' })) eventTypes.push(delivery.event_type);
  const redelivered = await client.redeliverWebhookDelivery(created.webhook.id, page.deliveries[0]?.id ?? '');
  const redeliveryOf: string | null = redelivered.delivery.redelivery_of;
  const tested = await client.testWebhook(created.webhook.id);
  const testStatus: 'pending' | 'delivered' | 'failed' | 'cancelled' = tested.delivery.status;
  const rotatedSecret = await client.rotateWebhookSecret(created.webhook.id);
  const newSecret: string | undefined = rotatedSecret.webhook.secret;
  const overlapEnds: number | null = rotatedSecret.webhook.previous_secret_expires_at;
  const enabled: boolean = (await client.enableWebhook(created.webhook.id)).webhook.is_active;
  const deleted = await client.deleteWebhook(created.webhook.id);
  const deletedId: string = deleted.id;

  const valid: boolean = await verifyWebhookSignature(secret ?? '', new Uint8Array(), { 'x-service-signature': 'sha256=00' }, { maxAgeS: 86_400 });

  try {
    await client.generateInvoice(request);
  } catch (error) {
    if (error instanceof ApiError) {
      const code: ErrorCode = error.code;
      const known: boolean = code === 'validation_error' || code === 'rate_limit_hourly';
      const retryAfter: number | undefined = error.retryAfter;
      const problems = error.problems?.map((problem) => `${problem.term}: ${problem.message}`);
      void [known, retryAfter, problems, error.upgradeUrl, error.requestId, error.status];
    }
  }
  // An output only known at run time gives the union of the three answers.
  const anyOutput: InvoiceRequest = { ...request, output: Math.random() > 0.5 ? 'pdf' : 'json' };
  const either = await client.generateInvoice(anyOutput);
  if ('kind' in either) void (either.kind === 'pdf' ? either.bytes : either.xml);
  else void either.invoice.number;

  void [registered, resent, forgot, reset, verified, session, signedOut, total, requestId, anonymous, number, bytes, filename, notPdf, xml, generated, firstNumber, hostedPdf, hostedTotal, documentsUsed, email, apiKey, status, firstUrl, active, deletedId, valid,
    cursor, answered, eventTypes, redeliveryOf, testStatus, newSecret, overlapEnds, enabled];
}
