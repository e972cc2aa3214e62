import { readFile, stat } from 'node:fs/promises';
import { InvoiceRequestSchema } from '../domain/invoice/invoice-request-schema.ts';
import { INVOICE_BODY_LIMIT_BYTES } from '../requests/body-limits.ts';
import { jsonShapeLimits } from '../requests/json-shape-limits.ts';
import { parseJsonBody } from '../requests/parse-json-body.ts';

/** The shape limits POST /api/generate-invoice parses its body with, so a file is refused where a body would be. */
const LIMITS = jsonShapeLimits(InvoiceRequestSchema);

/**
 * A request file read as POST /api/generate-invoice reads its body: at most its body limit (D27),
 * then the same JSON parser with the same limits, so a file the API would refuse is refused with
 * the API's message (invalid_json, a forbidden key). Throws an Error naming the problem.
 */
export async function readRequestFile(path: string): Promise<unknown> {
  let size: number;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new Error('is a directory, not a request file');
    size = info.size;
  } catch (error) {
    throw fileError(error);
  }
  if (size > INVOICE_BODY_LIMIT_BYTES) {
    throw new Error(`is ${size} bytes, more than the ${INVOICE_BODY_LIMIT_BYTES} a request may have: give the logo and signature as https URLs or smaller images`);
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw fileError(error);
  }
  return parseJsonBody(text, LIMITS);
}

function fileError(error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new Error('file not found');
  if (code === 'EACCES' || code === 'EPERM') return new Error('cannot be read: permission denied');
  if (code === 'EISDIR') return new Error('is a directory, not a request file');
  return error instanceof Error ? error : new Error(String(error));
}
