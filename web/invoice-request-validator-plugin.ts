import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import { AJV_FORMATS_OPTIONS, AJV_OPTIONS } from '../src/schemas/ajv-options.ts';
import { InvoiceRequestSchema } from '../src/domain/invoice/invoice-request-schema.ts';

/** What web code imports to validate an InvoiceRequest (typed in web/src/invoice-request-validator.d.ts). */
export const INVOICE_REQUEST_VALIDATOR_ID = 'virtual:invoice-request-validator';
const RESOLVED_ID = `\0${INVOICE_REQUEST_VALIDATOR_ID}`;

/**
 * The server's InvoiceRequest validator as a module of plain code (D44). The server compiles the
 * schema with Ajv when it starts, which builds the checking function with `new Function`; the web
 * pages' CSP has no 'unsafe-eval', so the browser cannot. Here the same schema is compiled by the
 * same Ajv with the same options and format (src/schemas/ajv-options.ts) while the bundle is built,
 * and Ajv writes the function it compiled out as source ("standalone" code): the browser runs the
 * checks the server runs and gets the same first failure, which the server's own
 * mapValidationError turns into the same message.
 */
export function invoiceRequestValidatorPlugin(): Plugin {
  return {
    name: 'invoice-request-validator',
    resolveId: (id) => (id === INVOICE_REQUEST_VALIDATOR_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: true } });
      ajvFormats.default(ajv, AJV_FORMATS_OPTIONS);
      return standaloneCode.default(ajv, ajv.compile(InvoiceRequestSchema));
    },
  };
}
