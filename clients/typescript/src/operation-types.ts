/**
 * Names for the shapes the client takes and gives, read from the generated `paths` by URL and
 * method, never by component name: the document's component names may change (they were def-0,
 * def-1 once), its paths and operations are the stable contract.
 */
import type { paths } from './generated/openapi.ts';

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type RequestBodyOf<Operation> = Operation extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;
type ResponsesOf<Operation> = Operation extends { responses: infer Responses } ? Responses : never;
/** The statuses of success; 202 is a redelivery's "queued". */
type Success = 200 | 201 | 202 | '200' | '201' | '202';
/** The JSON body of the operation's 2xx answer. */
type SuccessOf<Operation> = JsonOf<ResponsesOf<Operation>[Extract<keyof ResponsesOf<Operation>, Success>]>;
/** The JSON bodies of every other status (one per status, or the 4XX and 5XX ranges). */
type FailureOf<Operation> = { [Status in Exclude<keyof ResponsesOf<Operation>, Success>]: JsonOf<ResponsesOf<Operation>[Status]> }[Exclude<keyof ResponsesOf<Operation>, Success>];

type GenerateInvoice = paths['/api/generate-invoice']['post'];
type HostedInvoice = paths['/api/i/{id}']['get'];

/** The body of POST /api/generate-invoice, and each element of a batch. */
export type InvoiceRequest = RequestBodyOf<GenerateInvoice>;
export type InvoiceOutput = NonNullable<InvoiceRequest['output']>;
/** The JSON answer of a generation: `{success, invoice, meta, anonymous}`. */
export type GeneratedInvoice = SuccessOf<GenerateInvoice>;
export type Invoice = GeneratedInvoice['invoice'];
export type InvoiceMeta = GeneratedInvoice['meta'];

export type BatchRequest = RequestBodyOf<paths['/api/batch']['post']>;
export type BatchResponse = SuccessOf<paths['/api/batch']['post']>;

export type HostedInvoiceFormat = NonNullable<NonNullable<HostedInvoice['parameters']['query']>['format']>;
export type HostedInvoiceJson = JsonOf<ResponsesOf<HostedInvoice>[200]>;

export type UsageResponse = SuccessOf<paths['/api/auth/usage']['get']>;
export type InspectionResponse = SuccessOf<paths['/api/inspect-invoice']['post']>;
export type AccountResponse = SuccessOf<paths['/api/auth/me']['get']>;
export type ApiKeyResponse = SuccessOf<paths['/api/auth/generate-api-key']['post']>;
export type HealthResponse = SuccessOf<paths['/api/health']['get']>;

export type LoginRequest = RequestBodyOf<paths['/api/auth/login']['post']>;
export type LoginResponse = SuccessOf<paths['/api/auth/login']['post']>;
export type LogoutResponse = SuccessOf<paths['/api/auth/logout']['post']>;
export type RegisterRequest = RequestBodyOf<paths['/api/auth/register']['post']>;
export type RegisteredResponse = SuccessOf<paths['/api/auth/register']['post']>;
export type ResendVerificationRequest = NonNullable<RequestBodyOf<paths['/api/auth/resend-verification']['post']>>;
export type ForgotPasswordRequest = RequestBodyOf<paths['/api/auth/forgot-password']['post']>;
export type ResetPasswordRequest = RequestBodyOf<paths['/api/auth/reset-password']['post']>;
/** `{success: true, message}` of resend-verification, forgot-password and reset-password. */
export type MessageResponse = SuccessOf<paths['/api/auth/forgot-password']['post']>;

export type CreateWebhookRequest = RequestBodyOf<paths['/api/webhooks']['post']>;
export type CreatedWebhookResponse = SuccessOf<paths['/api/webhooks']['post']>;
export type WebhookListResponse = SuccessOf<paths['/api/webhooks']['get']>;
export type WebhookResponse = SuccessOf<paths['/api/webhooks/{id}']['get']>;
export type DeletedWebhookResponse = SuccessOf<paths['/api/webhooks/{id}']['delete']>;
export type Webhook = WebhookResponse['webhook'];

type ListDeliveries = paths['/api/webhooks/{id}/deliveries']['get'];
/** `{success, deliveries, next_cursor}`: one page of a webhook's delivery log, newest first. */
export type WebhookDeliveryListResponse = SuccessOf<ListDeliveries>;
export type WebhookDelivery = WebhookDeliveryListResponse['deliveries'][number];
/** One attempt: HTTP status (0 for none), duration, failure, and the first 1 KB of the answer as text. */
export type WebhookAttempt = WebhookDelivery['attempts'][number];
export type WebhookDeliveryStatus = WebhookDelivery['status'];
/** `{success, delivery}` of redeliver (the new pending delivery) and of test (its one attempt). */
export type WebhookDeliveryResponse = SuccessOf<paths['/api/webhooks/{id}/deliveries/{delivery_id}/redeliver']['post']>;
/** `{success, webhook}` whose webhook carries the new `secret`, shown this once. */
export type RotatedWebhookSecretResponse = SuccessOf<paths['/api/webhooks/{id}/rotate-secret']['post']>;

type CodeOf<Body> = Body extends { error: { code: infer Code } } ? Code : never;
type GenerationErrorCode = CodeOf<FailureOf<GenerateInvoice>>;
/**
 * The service's error codes as the document lists them; `(string & {})` keeps a code added later
 * (or a proxy's answer, 'unexpected_response') assignable without losing the completion.
 */
export type ErrorCode = ([GenerationErrorCode] extends [never] ? string : GenerationErrorCode) | (string & {});
