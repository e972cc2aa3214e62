/**
 * The InvoiceRequest validator that web/invoice-request-validator-plugin.ts generates when the
 * bundle is built: Ajv's standalone code for src/domain/invoice/invoice-request-schema.ts (D44).
 */
declare module 'virtual:invoice-request-validator' {
  /** The part of an Ajv error the service's mapValidationError reads. */
  interface ValidatorIssue {
    keyword: string;
    instancePath: string;
    params: Record<string, unknown>;
    message?: string;
  }
  /** True when the (normalised) body is a valid InvoiceRequest; else `errors[0]` is the first failure. */
  export const validate: ((data: unknown) => boolean) & { errors?: ValidatorIssue[] | null };
}
