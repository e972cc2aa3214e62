/** Header names of a delivery (docs/webhooks.md). */
export const SIGNATURE_HEADER = 'x-service-signature';

/**
 * A rotation sends two values; a few more leave room for the service to grow without letting a
 * hostile header make the receiver compute many HMACs.
 */
const MAX_SIGNATURES = 8;

/** Node's IncomingHttpHeaders, a plain object, or a fetch Headers. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyWebhookOptions {
  /**
   * Refuse a body whose `created_at` (Unix seconds, the same on every retry) is older than this,
   * against replays. Deliveries are retried for about 21 hours, so 24 hours loses nothing. The
   * signature does not cover X-Service-Timestamp, so only the (signed) body's time is trusted.
   */
  readonly maxAgeS?: number;
  /** Unix ms; for tests. */
  readonly nowMs?: number;
}

/**
 * Whether a delivery was signed with this webhook's secret. X-Service-Signature holds one or more
 * values separated by commas (optional spaces after a comma), each `sha256=` + the lower-case hex
 * HMAC-SHA256 of the raw body bytes, keyed with a whole secret (`whsec_…`) as UTF-8; the delivery is
 * accepted when any value matches `secret`. For 24 hours after a secret rotation the service sends
 * two, `sha256=<new>,sha256=<old>`, so a receiver holding either secret keeps accepting deliveries
 * while it switches over. More than MAX_SIGNATURES values, or any value that is not of that form,
 * refuses the delivery rather than skipping the bad part. Pass the bytes as received, before any
 * JSON parsing: a re-serialised body does not match. Web Crypto's verify compares each MAC in
 * constant time, and runs on Node 18+, Deno, Bun, workers and browsers alike, so the client needs no
 * node:crypto.
 */
export async function verifyWebhookSignature(
  secret: string,
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  options: VerifyWebhookOptions = {},
): Promise<boolean> {
  const received = signatureValues(headerValue(headers, SIGNATURE_HEADER));
  if (received === undefined) return false;
  const body = typeof rawBody === 'string' ? new TextEncoder().encode(rawBody) : new Uint8Array(rawBody);
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  // Every value is checked, so the time taken does not tell which of them matched.
  const matches = await Promise.all(received.map((mac) => crypto.subtle.verify('HMAC', key, mac, body)));
  if (!matches.includes(true)) return false;
  return options.maxAgeS === undefined || isRecent(body, options.maxAgeS, options.nowMs ?? Date.now());
}

/**
 * The MACs of a header of 1 to MAX_SIGNATURES comma-separated `sha256=<64 lower-hex>` values, or
 * undefined when any value (an empty one too) is malformed. Node and fetch Headers join repeated
 * header lines with ", ", which reads here as one header with several values; that is harmless,
 * since each value must still be the body's HMAC under a secret the receiver holds.
 */
function signatureValues(header: string | undefined): Uint8Array<ArrayBuffer>[] | undefined {
  const values = (header ?? '').split(/, */);
  if (values.length > MAX_SIGNATURES) return undefined;
  const macs: Uint8Array<ArrayBuffer>[] = [];
  for (const value of values) {
    const match = /^sha256=([0-9a-f]{64})$/.exec(value);
    if (match === null) return undefined;
    macs.push(hexBytes(match[1]!));
  }
  return macs;
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1] as string | readonly string[] | undefined;
  // A repeated header is ambiguous: refused rather than guessed.
  return typeof value === 'string' ? value : undefined;
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function isRecent(body: Uint8Array, maxAgeS: number, nowMs: number): boolean {
  try {
    const createdAt = (JSON.parse(new TextDecoder().decode(body)) as { created_at?: unknown }).created_at;
    return typeof createdAt === 'number' && nowMs / 1000 - createdAt <= maxAgeS;
  } catch {
    return false;
  }
}
