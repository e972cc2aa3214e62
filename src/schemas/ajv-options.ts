import type { FormatOptions } from 'ajv-formats';

/**
 * The validator's options, written once for every place an InvoiceRequest is validated: the routes
 * (Fastify's validator, app.ts), each invoice of a batch (validate-invoice-request.ts) and the web
 * app's live totals, whose validator is generated from the same schema with these options when the
 * bundle is built (web/invoice-request-validator-plugin.ts). So an invoice is judged alike wherever
 * it is checked.
 *
 * Types are strict: "12" is not a quantity. Defaults are applied by the domain, where they are
 * tested, not silently by the validator. Nothing is removed; the first failure is reported.
 */
export const AJV_OPTIONS = Object.freeze({
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  allErrors: false,
} as const);

/**
 * ajv-formats: the date's form only ('fast'); whether it is a real calendar date is the engine's
 * check (check-dates.ts), so it is not done twice per request.
 */
export const AJV_FORMATS_OPTIONS: FormatOptions = Object.freeze<FormatOptions>({ mode: 'fast', formats: ['date'] });
