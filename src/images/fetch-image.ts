import type { ClientRequest } from 'node:http';
import { isAppError } from '../errors/app-error.ts';
import { imageError, notPublicAddressError, type ImageField } from './image-error.ts';
import { MAX_IMAGE_REDIRECTS } from '../domain/images/image-limits.ts';
import { isPublicAddress } from '../outbound/is-public-address.ts';
import { NonPublicAddressError } from '../outbound/non-public-address-error.ts';
import { networkFailureKind } from '../outbound/network-failure-kind.ts';
import { outboundHost } from '../outbound/outbound-host.ts';
import { openPinnedRequest } from '../outbound/open-pinned-request.ts';
import { readCappedBody } from './read-capped-body.ts';
import { resolveCheckedAddresses } from '../outbound/resolve-checked-addresses.ts';

export interface FetchImageOptions {
  /** Hosts (exact names, any case) exempt from the public-address check only: development and tests. */
  readonly allowHosts: readonly string[];
  /** Deadline of the whole fetch, redirects included. */
  readonly timeoutMs: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const IMAGE_REQUEST_HEADERS = { accept: 'image/png, image/jpeg', 'accept-encoding': 'identity', 'user-agent': 'invoice-service image fetch' };

/**
 * The bytes at an https URL, under the image rules, each applied at every hop: https only, the
 * host's addresses all public (unless allow-listed) and the socket pinned to them, at most 3
 * redirects followed by hand, one deadline for everything, a body cap. Every failure is a
 * validation_error naming the field; library and network messages are never passed on.
 *
 * Limits, stated honestly: the guard judges addresses, not networks — a public address that
 * routes into a private network (a NAT or a proxy in front of this service) is not detected.
 */
export async function fetchImage(source: string, field: ImageField, options: FetchImageOptions): Promise<Buffer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const requests: ClientRequest[] = [];
  try {
    let url = checkUrl(parseUrl(source, field), field, false);
    for (let redirects = 0; ; redirects += 1) {
      const { host, allowed } = outboundHost(url, options.allowHosts);
      const addresses = await resolveCheckedAddresses(host, allowed, controller.signal);
      const { request, response } = await openPinnedRequest(url, {
        addresses,
        acceptConnected: allowed ? () => true : isPublicAddress,
        headers: IMAGE_REQUEST_HEADERS,
        signal: controller.signal,
      });
      requests.push(request);
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.destroy();
        if (redirects >= MAX_IMAGE_REDIRECTS) {
          throw imageError(field, `was redirected more than ${MAX_IMAGE_REDIRECTS} times: use the image's final URL`);
        }
        url = redirectTarget(response.headers.location, url, field);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw imageError(field, `could not be downloaded: its server answered HTTP ${status}; check that the URL opens the image itself, or send the image as a data: URI`);
      }
      return await readCappedBody(response, field);
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    if (error instanceof NonPublicAddressError) throw notPublicAddressError(field);
    if (controller.signal.aborted) {
      throw imageError(field, `could not be downloaded within ${options.timeoutMs / 1000} s: host it somewhere faster or send it as a data: URI`);
    }
    throw imageError(field, NETWORK_FAILURES[networkFailureKind(error)]);
  } finally {
    clearTimeout(timer);
    for (const request of requests) request.destroy();
  }
}

function parseUrl(source: string, field: ImageField): URL {
  try {
    return new URL(source);
  } catch {
    throw imageError(field, 'is not a valid URL: send an https:// URL of a PNG or JPEG image, or a data:image/png;base64, URI');
  }
}

function checkUrl(url: URL, field: ImageField, redirected: boolean): URL {
  if (url.protocol !== 'https:') {
    throw imageError(field, redirected
      ? 'was redirected to a URL that is not https://, which is never followed: use the image\'s final https URL or send it as a data: URI'
      : url.protocol === 'http:'
        ? 'must use https://, not http://: serve the image over https or send it as a data: URI'
        : 'must be an https:// URL or a data:image/png;base64, or data:image/jpeg;base64, URI');
  }
  if (url.username !== '' || url.password !== '') {
    throw imageError(field, 'must not contain a user name or password: use a URL that opens the image without credentials');
  }
  return url;
}

function redirectTarget(location: string | undefined, current: URL, field: ImageField): URL {
  if (location === undefined || location === '') {
    throw imageError(field, 'was redirected without a target (no Location header): use the image\'s final URL');
  }
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    throw imageError(field, 'was redirected to an invalid URL: use the image\'s final URL');
  }
  return checkUrl(next, field, true);
}

const NETWORK_FAILURES = {
  dns: 'could not be downloaded: its host name does not resolve; check the URL',
  tls: 'could not be downloaded: its server\'s TLS certificate is not valid for that host name or not trusted; serve the image with a valid certificate or send it as a data: URI',
  connection: 'could not be downloaded: the connection to its server failed or was cut off; check the URL or send the image as a data: URI',
} as const;
