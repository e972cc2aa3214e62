import { decodeDataUri } from './decode-data-uri.ts';
import { fetchImage } from './fetch-image.ts';
import { imageError, type ImageField } from './image-error.ts';
import { IMAGE_FETCH_TIMEOUT_MS, MAX_IMAGE_SIDE_PX } from '../domain/images/image-limits.ts';
import { readImageInfo, type ImageFormat } from './read-image-info.ts';

export type { ImageField } from './image-error.ts';
export type { ImageFormat } from './read-image-info.ts';

/** An image ready to embed: its bytes as received, and what they are by their content. */
export interface LoadedImage {
  readonly bytes: Buffer;
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
}

export interface LoadImageOptions {
  /**
   * Hosts exempt from the public-address check, and from nothing else (OUTBOUND_ALLOW_HOSTS):
   * exact names compared without regard to case, for development and tests.
   */
  readonly allowHosts: readonly string[];
  /** Deadline of the whole fetch; D26 fixes it at 5 s (the default). Tests shorten it. */
  readonly timeoutMs?: number;
}

/**
 * Loads a logo or signature (D26) from a data: URI or an https URL and checks that it is a PNG
 * or JPEG by its magic bytes, at most 2.5 MB and at most 4000 × 4000 pixels. Every failure is a
 * validation_error whose message names the field and says the fix; it never rejects with
 * anything else.
 */
export async function loadImage(source: string, field: ImageField, options: LoadImageOptions): Promise<LoadedImage> {
  const bytes = /^data:/i.test(source)
    ? decodeDataUri(source, field)
    : await fetchImage(source, field, { allowHosts: options.allowHosts, timeoutMs: options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS });
  const info = readImageInfo(bytes);
  if (info.kind === 'unsupported') {
    throw imageError(field, 'is not a PNG or JPEG image (judged by its content, not its name or type): convert it to PNG or JPEG');
  }
  if (info.kind === 'unreadable') {
    throw imageError(field, `looks like a ${info.format === 'png' ? 'PNG' : 'JPEG'} but its header is damaged or cut off, so its size cannot be read: export the image again`);
  }
  const { format, width, height } = info;
  if (width < 1 || height < 1 || width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX) {
    throw imageError(field, `is ${width} × ${height} pixels; each side must be 1 to ${MAX_IMAGE_SIDE_PX} pixels: scale the image down`);
  }
  return { bytes, format, width, height };
}
