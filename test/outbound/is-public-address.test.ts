import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPublicAddress } from '../../src/outbound/is-public-address.ts';

describe('isPublicAddress (D26)', () => {
  const publicAddresses: Array<[string, string]> = [
    ['8.8.8.8', 'IPv4 public'],
    ['1.1.1.1', 'IPv4 public'],
    ['93.184.215.14', 'IPv4 public'],
    ['100.63.255.255', 'just below CGNAT'],
    ['100.128.0.0', 'just above CGNAT'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.0', 'just above 172.16/12'],
    ['223.255.255.255', 'just below multicast'],
    ['2606:4700::1111', 'IPv6 public'],
    ['2001:4860:4860::8888', 'IPv6 public in 2001::/16 outside 2001::/23'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['64:ff9b::808:808', 'NAT64 of 8.8.8.8'],
    ['2002:808:808::1', '6to4 of 8.8.8.8'],
  ];
  for (const [address, kind] of publicAddresses) {
    it(`accepts ${address} (${kind})`, () => assert.equal(isPublicAddress(address), true));
  }

  const refused: Array<[string, string]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback /8'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12 end'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.255', 'CGNAT end'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network 0/8'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast (SSDP)'],
    ['240.0.0.1', 'reserved 240/4'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation TEST-NET-1'],
    ['198.51.100.7', 'documentation TEST-NET-2'],
    ['203.0.113.9', 'documentation TEST-NET-3'],
    ['198.18.0.1', 'benchmarking'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['0:0:0:0:0:0:0:1', 'IPv6 loopback, long form'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with zone'],
    ['febf:ffff::1', 'IPv6 link-local end'],
    ['fec0::1', 'IPv6 site-local (deprecated)'],
    ['fc00::1', 'unique-local fc00::/7'],
    ['fd12:3456:789a::1', 'unique-local fd00::/8'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['3fff::1', 'IPv6 documentation (RFC 9637)'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'IPv6 benchmarking'],
    ['100::1', 'IPv6 discard-only'],
    ['5f00::1', 'SRv6 SIDs'],
    ['localhost', 'not an address'],
    ['', 'empty'],
    ['8.8.8', 'malformed'],
  ];
  for (const [address, kind] of refused) {
    it(`refuses ${JSON.stringify(address)} (${kind})`, () => assert.equal(isPublicAddress(address), false));
  }
});
