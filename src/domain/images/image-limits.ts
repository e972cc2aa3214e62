/**
 * The bounds of D26 for logo and signature images, in one place so the fetcher, the data: URI
 * decoder and the docs cannot drift apart.
 */

/** 2.5 MB read as 2.5 × 1024 × 1024 bytes: the most image bytes kept, decoded or downloaded. */
export const MAX_IMAGE_BYTES = 2_621_440;

/** Widest and tallest accepted image, in pixels (each side 1..4000). */
export const MAX_IMAGE_SIDE_PX = 4000;

/** Deadline of one whole fetch: DNS, connect, TLS, every redirect and the body. */
export const IMAGE_FETCH_TIMEOUT_MS = 5000;

/** Redirects followed before giving up (a chain of 3 is fine, a 4th is refused). */
export const MAX_IMAGE_REDIRECTS = 3;
