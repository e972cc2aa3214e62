import { isJpeg, readJpegSize } from './read-jpeg-size.ts';
import { isPng, readPngSize } from './read-png-size.ts';

export type ImageFormat = 'png' | 'jpeg';

/**
 * What the bytes are, judged by their magic numbers only (never by a file name, a data: URI label
 * or a Content-Type header).
 * - `unsupported`: neither PNG nor JPEG (GIF, WebP, SVG, HTML error pages …)
 * - `unreadable`: PNG or JPEG by signature, but the header holding the size is missing or broken
 */
export type ImageInfo =
  | { readonly kind: 'image'; readonly format: ImageFormat; readonly width: number; readonly height: number }
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'unreadable'; readonly format: ImageFormat };

export function readImageInfo(bytes: Buffer): ImageInfo {
  if (isPng(bytes)) {
    const size = readPngSize(bytes);
    return size === undefined ? { kind: 'unreadable', format: 'png' } : { kind: 'image', format: 'png', ...size };
  }
  if (isJpeg(bytes)) {
    const size = readJpegSize(bytes);
    return size === undefined ? { kind: 'unreadable', format: 'jpeg' } : { kind: 'image', format: 'jpeg', ...size };
  }
  return { kind: 'unsupported' };
}
