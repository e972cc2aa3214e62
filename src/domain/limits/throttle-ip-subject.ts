import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * The part of a client address that a per-IP throttle counts: an IPv4 address as it is (also when
 * it arrives IPv4-mapped, ::ffff:192.0.2.1, as on a dual-stack socket), and for IPv6 its /64
 * prefix, written like 2001:db8:0:1::/64.
 *
 * Why the /64: a subscriber is routinely given at least a /64, so one host can use a fresh IPv6
 * address for every request; counting whole addresses would not slow it at all. The cost is that
 * everyone in one /64 shares a budget, as everyone behind one IPv4 NAT already does. Limits: a
 * holder of a /48 still has 65,536 /64s, so the per-address counters are what finally bound
 * guessing against one account.
 *
 * Anything that is not an IP address (it should never happen: Fastify's request.ip is one) is
 * counted under a hash of itself, so its length stays bounded.
 */
export function throttleIpSubject(ip: string): string {
  const version = isIP(ip);
  if (version === 4) return ip;
  if (version === 6) {
    const groups = ipv6Groups(ip);
    if (groups !== undefined) {
      const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
      if (mapped) return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
      return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
    }
  }
  return `other:${createHash('sha256').update(ip, 'utf8').digest('hex').slice(0, 32)}`;
}

/** The eight 16-bit groups of an IPv6 address already accepted by isIP; undefined if unreadable. */
function ipv6Groups(ip: string): number[] | undefined {
  const withoutZone = ip.split('%', 1)[0] ?? '';
  const halves = withoutZone.split('::');
  if (halves.length > 2) return undefined;
  const read = (half: string | undefined): number[] | undefined => {
    if (half === undefined || half === '') return [];
    const groups: number[] = [];
    for (const part of half.split(':')) {
      if (part.includes('.')) {
        const octets = part.split('.').map(Number);
        if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet) || octet < 0 || octet > 255)) return undefined;
        groups.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(part)) return undefined;
        groups.push(Number.parseInt(part, 16));
      }
    }
    return groups;
  };
  const left = read(halves[0]);
  const right = read(halves[1]);
  if (left === undefined || right === undefined) return undefined;
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  return [...left, ...new Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...right];
}
