export { ApiError } from './api-error.ts';
export type { RetryOptions } from './fetch-with-retries.ts';
export type { PdfDocument, XmlDocument } from './document-file.ts';
export { InvoiceClient, type DeliveryListOptions, type GenerationOptions, type InvoiceClientOptions, type RequestOptions } from './invoice-client.ts';
export type * from './operation-types.ts';
export type { paths, operations } from './generated/openapi.ts';
export { verifyWebhookSignature, type VerifyWebhookOptions, type WebhookHeaders } from './verify-webhook-signature.ts';
