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
  /** Deadline of the whole attempt: DNS, connection, TLS and the answer (D28: 10 s). */
  readonly timeoutMs: number;
  /** Keeps connections to receivers open between attempts (TLS handshakes are most of a delivery's cost). */
  readonly agent?: https.Agent;
}

/** An answer body longer than this is not read: the connection is closed instead of kept. */
const MAX_DRAINED_BYTES = 64 * 1024;

/** How an attempt ended: the HTTP status, or 0 with the reason there was no HTTP answer. */
export interface PostOutcome {
  readonly status: number;
  readonly failure?: 'timeout' | 'non_public_address' | 'dns' | 'tls' | 'connection' | 'invalid_url';
}

/**
 * One delivery attempt (D28): POST the body to the registered https URL and report the status.
 * The host is resolved here, at every attempt, every address it resolves to must be public
 * (unless allow-listed), and the socket is pinned to those addresses and checked once connected,
 * so a DNS answer that changed since registration cannot reach a private address. Redirects are
 * never followed: a 3xx is the attempt's status, a failure. The answer's body is not read.
 * Never throws; every failure is a status 0 with a reason for the log.
 *
 * Limits, stated honestly: the guard judges addresses, not networks; a public address that routes
 * into a private network (a NAT or proxy in front of this service) is not detected.
 */
export async function postWebhook(target: string, body: Buffer, headers: OutgoingHttpHeaders, options: PostWebhookOptions): Promise<PostOutcome> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { status: 0, failure: 'invalid_url' };
  }
  if (url.protocol !== 'https:') return { status: 0, failure: 'invalid_url' };
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
    // A short answer is read to its end so the connection can serve the next attempt; the status
    // stands whatever happens to the body.
    if (options.agent !== undefined && (await drained(opened.response))) request = undefined;
    else opened.response.destroy();
    return { status };
  } catch (error) {
    return { status: 0, failure: failureOf(error, controller.signal.aborted) };
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

/** Reads and discards an answer body; false when it is too long, cut off or the deadline passed. */
function drained(response: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    response.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_DRAINED_BYTES) resolve(false);
    });
    response.once('end', () => resolve(bytes <= MAX_DRAINED_BYTES));
    response.once('close', () => resolve(response.complete && bytes <= MAX_DRAINED_BYTES));
    response.once('error', () => resolve(false));
  });
}
