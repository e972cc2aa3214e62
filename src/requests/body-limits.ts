/**
 * How many bytes a request body may have, by what it carries. The HTTP routes give them to
 * Fastify as bodyLimit, and the CLI holds a request file to the same figure before reading it, so
 * a file the API would refuse as too large is refused offline too.
 */

/** D27: one invoice may carry two 2.5 MB images as base64, so 8 MB. */
export const INVOICE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/** A batch of 50 invoices may carry two 2.5 MB images each as base64 only up to 32 MB. */
export const BATCH_BODY_LIMIT_BYTES = 32 * 1024 * 1024;
