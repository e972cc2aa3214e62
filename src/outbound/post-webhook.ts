import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type https from 'node:https';
import { isPublicAddress } from './is-public-address.ts';
import { NonPublicAddressError } from './non-public-address-error.ts';
import { networkFailureKind } from './network-failure-kind.ts';
import { outboundHost } from './outbound-host.ts';
import { openPinnedRequest } from './open-pinned-request.ts';
import { resolveCheckedAddresses } from './resolve-checked-addresses.ts';

export interface PostWebhookOptions {
  /** OUTBOUND_ALLOW_HOSTS: hosts exempt from the public-address check (development and tests). */
  readonly allowHosts: readonly string[];
  /** Deadline of the whole attempt: DNS, connection, TLS and the answer (10 s by default). */
  readonly timeoutMs: number;
  /** Keeps connections to receivers open between attempts (TLS handshakes are most of a delivery's cost). */
  readonly agent?: https.Agent;
}

/** An answer body longer than this is not read: the connection is closed instead of kept. */
const MAX_DRAINED_BYTES = 64 * 1024;

/** The delivery log keeps the first 1 KB of each answer. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** How an attempt ended: the HTTP status, or 0 with the reason there was no HTTP answer. */
export interface PostOutcome {
  readonly status: number;
  readonly failure?: 'timeout' | 'non_public_address' | 'dns' | 'tls' | 'connection' | 'invalid_url';
  /** From the start of the attempt (DNS included) to its status and excerpt. */
  readonly durationMs: number;
  /**
   * The first RESPONSE_EXCERPT_BYTES of the answer's body as UTF-8 text (a character cut at the
   * end or invalid bytes become U+FFFD, NUL too, which PostgreSQL text cannot hold); undefined
   * when there was no answer or an empty body. Text, never markup: whoever shows it must not
   * render it as HTML.
   */
  readonly responseExcerpt?: string;
}

/**
 * One delivery attempt (D28): POST the body to the registered https URL and report the status.
 * The host is resolved here, at every attempt, every address it resolves to must be public
 * (unless allow-listed), and the socket is pinned to those addresses and checked once connected,
 * so a DNS answer that changed since registration cannot reach a private address. Redirects are
 * never followed: a 3xx is the attempt's status, a failure. Of the answer's body only the first
 * 1 KB is kept, for the delivery log.
 * Never throws; every failure is a status 0 with a reason for the log.
 *
 * Limits, stated honestly: the guard judges addresses, not networks; a public address that routes
 * into a private network (a NAT or proxy in front of this service) is not detected.
 */
export async function postWebhook(target: string, body: Buffer, headers: OutgoingHttpHeaders, options: PostWebhookOptions): Promise<PostOutcome> {
  const startedAt = performance.now();
  const took = () => Math.round(performance.now() - startedAt);
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { status: 0, failure: 'invalid_url', durationMs: took() };
  }
  if (url.protocol !== 'https:') return { status: 0, failure: 'invalid_url', durationMs: took() };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  let request: ClientRequest | undefined;
  try {
    const { host, allowed } = outboundHost(url, options.allowHosts);
    const addresses = await resolveCheckedAddresses(host, allowed, controller.signal);
    const opened = await openPinnedRequest(url, {
      method: 'POST',
      headers,
      body,
      addresses,
      acceptConnected: allowed ? () => true : isPublicAddress,
      signal: controller.signal,
      ...(options.agent === undefined ? {} : { agent: options.agent }),
    });
    request = opened.request;
    const status = opened.response.statusCode ?? 0;
    // The answer is read for the log's excerpt, and a short one to its end so the connection can
    // serve the next attempt; the status stands whatever happens to the body.
    const answer = await readAnswer(opened.response, options.agent !== undefined);
    if (answer.reusable) request = undefined;
    else opened.response.destroy();
    return { status, durationMs: took(), ...(answer.excerpt === undefined ? {} : { responseExcerpt: answer.excerpt }) };
  } catch (error) {
    return { status: 0, failure: failureOf(error, controller.signal.aborted), durationMs: took() };
  } finally {
    clearTimeout(timer);
    request?.destroy();
  }
}

function failureOf(error: unknown, aborted: boolean): NonNullable<PostOutcome['failure']> {
  if (error instanceof NonPublicAddressError) return 'non_public_address';
  if (aborted) return 'timeout';
  return networkFailureKind(error);
}

interface Answer {
  readonly excerpt: string | undefined;
  /** Read to its end within MAX_DRAINED_BYTES, so the connection may be kept. */
  readonly reusable: boolean;
}

/**
 * Keeps the first RESPONSE_EXCERPT_BYTES of an answer body and, when the connection is to be
 * kept, reads and discards the rest up to MAX_DRAINED_BYTES. Settles at the end of the body, when
 * it is cut off or the deadline destroys it, or as soon as there is nothing more worth reading.
 */
function readAnswer(response: IncomingMessage, keepAlive: boolean): Promise<Answer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let bytes = 0;
    const excerpt = () => (kept === 0 ? undefined : excerptText(Buffer.concat(chunks, kept)));
    const settle = (reusable: boolean) => resolve({ excerpt: excerpt(), reusable });
    response.on('data', (chunk: Buffer) => {
      if (kept < RESPONSE_EXCERPT_BYTES) {
        const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept);
        chunks.push(part);
        kept += part.length;
      }
      bytes += chunk.length;
      if (bytes > MAX_DRAINED_BYTES || (!keepAlive && kept >= RESPONSE_EXCERPT_BYTES)) settle(false);
    });
    response.once('end', () => settle(keepAlive && bytes <= MAX_DRAINED_BYTES));
    response.once('close', () => settle(keepAlive && response.complete && bytes <= MAX_DRAINED_BYTES));
    response.once('error', () => settle(false));
  });
}

/** UTF-8 text of the kept bytes; invalid or cut sequences and NUL become U+FFFD. */
export function excerptText(bytes: Buffer): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes).replaceAll('\u0000', '\uFFFD');
}
