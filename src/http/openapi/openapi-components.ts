import {
  AllowanceChargeSchema, FeaturesSchema, InvoiceMetaSchema, InvoiceRequestSchema, LineChargeSchema, LineItemSchema,
  PartySchema, PaymentSchema, QrSchema, ShipToSchema, StructuredAddressSchema, TaxComponentSchema,
} from '../../domain/invoice/invoice-request-schema.ts';
import { InvoiceItemSchema, InvoiceQrSchema, InvoiceSchema, ItemTaxSchema, TaxLineSchema } from '../../domain/invoice/invoice-schema.ts';
import { BatchItemResultSchema, BatchResponseSchema } from '../../schemas/batch-response.ts';
import { ErrorObjectSchema, ErrorResponseSchema } from '../../schemas/error-response.ts';
import { GenerateInvoiceResponseSchema } from '../../schemas/generate-invoice-response.ts';
import { HostedInvoiceResponseSchema } from '../../schemas/hosted-invoice-response.ts';
import { MetaSchema, MonthlyUsageSchema, WarningSchema, WindowUsageSchema } from '../../schemas/meta.ts';
import {
  CreateWebhookRequestSchema, WebhookDeletedResponseSchema, WebhookListResponseSchema, WebhookResponseSchema, WebhookSchema,
} from '../../schemas/webhook.ts';
import { BatchGeneratedEventSchema, InvoiceGeneratedEventSchema, WebhookTestEventSchema } from '../../schemas/webhook-event.ts';
import { WebhookAttemptSchema, WebhookDeliveryListResponseSchema, WebhookDeliveryResponseSchema, WebhookDeliverySchema } from '../../schemas/webhook-delivery.ts';
import { BatchRequestSchema } from '../batch-request-schema.ts';

/**
 * The named schemas of the OpenAPI document: each TypeBox schema that validates or
 * serialises a shape is listed here once under the name clients see, and every copy of it in an
 * operation becomes a `$ref` (reference-components.ts). These names are what generated clients
 * call their types, so renaming one is a breaking change for them.
 */
export const OPENAPI_COMPONENTS: Readonly<Record<string, object>> = {
  InvoiceRequest: InvoiceRequestSchema,
  Party: PartySchema,
  StructuredAddress: StructuredAddressSchema,
  ShipTo: ShipToSchema,
  InvoiceMeta: InvoiceMetaSchema,
  LineItem: LineItemSchema,
  TaxComponent: TaxComponentSchema,
  LineCharge: LineChargeSchema,
  AllowanceCharge: AllowanceChargeSchema,
  Payment: PaymentSchema,
  PaymentQr: QrSchema,
  Features: FeaturesSchema,
  InvoiceResult: GenerateInvoiceResponseSchema,
  Invoice: InvoiceSchema,
  InvoiceItem: InvoiceItemSchema,
  ItemTax: ItemTaxSchema,
  TaxLine: TaxLineSchema,
  InvoiceQr: InvoiceQrSchema,
  Meta: MetaSchema,
  Warning: WarningSchema,
  WindowUsage: WindowUsageSchema,
  MonthlyUsage: MonthlyUsageSchema,
  Error: ErrorResponseSchema,
  ErrorDetail: ErrorObjectSchema,
  BatchRequest: BatchRequestSchema,
  BatchResult: BatchResponseSchema,
  BatchItemResult: BatchItemResultSchema,
  HostedInvoiceResult: HostedInvoiceResponseSchema,
  CreateWebhookRequest: CreateWebhookRequestSchema,
  Webhook: WebhookSchema,
  WebhookResult: WebhookResponseSchema,
  WebhookList: WebhookListResponseSchema,
  WebhookDeleted: WebhookDeletedResponseSchema,
  InvoiceGeneratedEvent: InvoiceGeneratedEventSchema,
  BatchGeneratedEvent: BatchGeneratedEventSchema,
  WebhookTestEvent: WebhookTestEventSchema,
  WebhookDelivery: WebhookDeliverySchema,
  WebhookAttempt: WebhookAttemptSchema,
  WebhookDeliveryList: WebhookDeliveryListResponseSchema,
  WebhookDeliveryResult: WebhookDeliveryResponseSchema,
};
