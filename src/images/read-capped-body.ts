import type { IncomingMessage } from 'node:http';
import { imageError, type ImageField } from './image-error.ts';
import { MAX_IMAGE_BYTES } from '../domain/images/image-limits.ts';

/**
 * The whole body, refused as soon as it passes MAX_IMAGE_BYTES: a declared Content-Length over the
 * cap is refused before reading, and a body without one (or lying about it) is cut off by counting,
 * so no more than the cap plus one chunk is ever held in memory. Leaving the loop destroys the
 * response and with it the socket.
 */
export async function readCappedBody(response: IncomingMessage, field: ImageField): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_IMAGE_BYTES) {
    response.destroy();
    throw tooLarge(field);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > MAX_IMAGE_BYTES) throw tooLarge(field);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

function tooLarge(field: ImageField) {
  return imageError(field, `is larger than 2.5 MB (${MAX_IMAGE_BYTES} bytes) at its URL; the download was stopped: use a smaller PNG or JPEG`);
}
