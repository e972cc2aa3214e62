import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { NonPublicAddressError } from './non-public-address-error.ts';
import { isPublicAddress } from './is-public-address.ts';

export interface CheckedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Every address `host` resolves to, refused as a whole when ANY of them is not public, unless the
 * host is allow-listed. Checking all of them, not just the first, matters because the connection
 * may use any of them (happy eyeballs tries them in turn). An IP literal is checked as it is,
 * without DNS.
 *
 * dns.lookup cannot be cancelled: on abort this returns at once and the lookup finishes in the
 * background (it holds a libuv thread-pool slot until the system resolver gives up).
 */
export async function resolveCheckedAddresses(
  host: string,
  allowed: boolean,
  signal: AbortSignal,
): Promise<CheckedAddress[]> {
  const literal = isIP(host);
  const addresses: CheckedAddress[] = literal !== 0
    ? [{ address: host, family: literal === 4 ? 4 : 6 }]
    : (await untilAborted(lookup(host, { all: true, order: 'verbatim' }), signal)).map((entry) => ({
        address: entry.address,
        family: entry.family === 4 ? 4 : 6,
      }));
  if (addresses.length === 0) {
    throw Object.assign(new Error('no address'), { code: 'ENOTFOUND' });
  }
  if (!allowed && !addresses.every((entry) => isPublicAddress(entry.address))) {
    throw new NonPublicAddressError();
  }
  return addresses;
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
