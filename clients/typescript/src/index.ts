export { ApiError } from './api-error.ts';
export type { RetryOptions } from './fetch-with-retries.ts';
export { InvoiceClient, type GenerationOptions, type InvoiceClientOptions, type PdfDocument, type RequestOptions, type XmlDocument } from './invoice-client.ts';
export type * from './operation-types.ts';
export type { paths, operations } from './generated/openapi.ts';
export { verifyWebhookSignature, type VerifyWebhookOptions, type WebhookHeaders } from './verify-webhook-signature.ts';
