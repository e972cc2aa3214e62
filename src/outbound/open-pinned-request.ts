import type { ClientRequest, IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { OutgoingHttpHeaders } from 'node:http';
import { NonPublicAddressError } from './non-public-address-error.ts';
import { bareHost } from './outbound-host.ts';
import type { CheckedAddress } from './resolve-checked-addresses.ts';

export interface PinnedRequest {
  readonly request: ClientRequest;
  readonly response: IncomingMessage;
}

export interface PinnedRequestOptions {
  /** The addresses already checked for this host; the socket may connect to these only. */
  readonly addresses: readonly CheckedAddress[];
  /** Judges the address the socket did connect to (the check is on the address used). */
  readonly acceptConnected: (address: string) => boolean;
  readonly signal: AbortSignal;
  /** GET when not given. */
  readonly method?: 'GET' | 'POST';
  readonly headers: OutgoingHttpHeaders;
  /** Sent as it is, for a POST. */
  readonly body?: Buffer;
  /**
   * A keep-alive agent whose idle sockets may be reused (webhook deliveries); a fresh socket per
   * request when not given. A reused socket was pinned and checked when it was opened, and its
   * remote address is checked again here.
   */
  readonly agent?: https.Agent;
}

/**
 * One request to `url` over TLS, resolving to the response head. The host name is resolved once, by the
 * caller, and the socket connects to that checked address through a `lookup` that only ever
 * answers it, so a DNS answer that changes between check and connect (DNS rebinding) cannot reach
 * a private address. The TLS server name stays the URL's host, so SNI and the certificate check
 * are those of the name, not the address (an IP-literal URL is checked against the IP SAN).
 * `agent: false` gives a fresh socket per request: no pooled socket from another check is reused,
 * and no environment proxy is applied. Redirects are not followed here.
 */
export function openPinnedRequest(url: URL, options: PinnedRequestOptions): Promise<PinnedRequest> {
  const { addresses, acceptConnected, signal } = options;
  const host = bareHost(url);
  const first = addresses[0];
  const pinnedLookup: LookupFunction = (_name, lookupOptions, callback) => {
    if (first === undefined) {
      callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
    } else if (lookupOptions.all === true) {
      callback(null, addresses.map(({ address, family }) => ({ address, family })));
    } else {
      callback(null, first.address, first.family);
    }
  };
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        method: options.method ?? 'GET',
        host,
        port: url.port === '' ? 443 : Number(url.port),
        path: `${url.pathname}${url.search}`,
        headers: options.body === undefined ? options.headers : { ...options.headers, 'content-length': options.body.length },
        agent: options.agent ?? false,
        lookup: pinnedLookup,
        ...(isIP(host) === 0 ? { servername: host } : {}),
        signal,
      },
      (response) => {
        // Errors after this point surface through the body reader; this listener only keeps a
        // late 'aborted' error from a discarded (redirect) response from becoming uncaught.
        response.on('error', () => {});
        resolve({ request, response });
      },
    );
    request.on('error', reject);
    request.once('socket', (socket) => {
      const verify = () => {
        const remote = socket.remoteAddress;
        if (remote === undefined || !acceptConnected(remote)) request.destroy(new NonPublicAddressError());
      };
      if (socket.connecting) socket.once('connect', verify);
      else verify();
    });
    request.end(options.body);
  });
}
