import { isIP } from 'node:net';

/**
 * IPv4 ranges that are not public unicast (IANA IPv4 special-purpose registry, multicast and
 * reserved space). As [first address, prefix length].
 */
const NON_PUBLIC_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", includes the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, includes cloud metadata endpoints (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes the broadcast 255.255.255.255
];

const V4_RANGES = NON_PUBLIC_V4.map(([first, bits]) => [ipv4ToNumber(first), bits] as const);

/**
 * Whether an address is public unicast, the only kind an image fetch may connect to. Anything else
 * — loopback, private, link-local, carrier-grade NAT, multicast, unspecified, broadcast, reserved,
 * documentation, unique-local — is refused, and so is an IPv6 address that embeds such an IPv4
 * address (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16), because those reach the
 * IPv4 address on hosts or networks that translate them. IPv6 is judged by allow-list: only global
 * unicast 2000::/3 can be public, minus its special blocks. A string that is not an IP address is
 * not public. A zone suffix (%eth0) is ignored.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.split('%')[0] ?? '';
  switch (isIP(bare)) {
    case 4:
      return isPublicV4(ipv4ToNumber(bare));
    case 6:
      return isPublicV6(ipv6ToBigInt(bare));
    default:
      return false;
  }
}

function isPublicV4(value: number): boolean {
  return !V4_RANGES.some(([first, bits]) => inV4Range(value, first, bits));
}

function inV4Range(value: number, first: number, bits: number): boolean {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return ((value & mask) >>> 0) === first;
}

function isPublicV6(value: bigint): boolean {
  const embeddedV4 = Number(value & 0xffffffffn);
  if (inV6Range(value, 0xffffn << 32n, 96)) return isPublicV4(embeddedV4); // ::ffff:0:0/96 mapped
  if (inV6Range(value, 0x64ff9bn << 96n, 96)) return isPublicV4(embeddedV4); // 64:ff9b::/96 NAT64
  if (inV6Range(value, 0x2002n << 112n, 16)) return isPublicV4(Number((value >> 80n) & 0xffffffffn)); // 6to4
  if (!inV6Range(value, 0x2000n << 112n, 3)) return false; // outside global unicast 2000::/3: ::, ::1, fc00::/7, fe80::/10, ff00::/8 …
  if (inV6Range(value, 0x2001n << 112n, 23)) return false; // IETF protocol assignments (Teredo, benchmarking, ORCHID …)
  if (inV6Range(value, 0x20010db8n << 96n, 32)) return false; // documentation
  if (inV6Range(value, 0x3fffn << 112n, 20)) return false; // documentation (RFC 9637)
  return true;
}

function inV6Range(value: bigint, first: bigint, bits: number): boolean {
  return value >> BigInt(128 - bits) === first >> BigInt(128 - bits);
}

/** A dotted quad already validated by isIP. */
function ipv4ToNumber(text: string): number {
  return text.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

/** An IPv6 address already validated by isIP, with `::` and an optional dotted-quad tail. */
function ipv6ToBigInt(text: string): bigint {
  let hex = text;
  const lastColon = hex.lastIndexOf(':');
  if (hex.includes('.', lastColon)) {
    const v4 = ipv4ToNumber(hex.slice(lastColon + 1));
    hex = `${hex.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [left = '', right] = hex.split('::');
  const head = left === '' ? [] : left.split(':');
  const tail = right === undefined || right === '' ? [] : right.split(':');
  const groups = right === undefined ? head : [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}
