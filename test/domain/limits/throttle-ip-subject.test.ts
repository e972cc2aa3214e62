import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { throttleIpSubject } from '../../../src/domain/limits/throttle-ip-subject.ts';

describe('throttleIpSubject: IPv4 as is, IPv6 by /64', () => {
  const cases: Array<[ip: string, subject: string]> = [
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:c000:0201', '192.0.2.1'],
    ['2001:db8:0:1:aaaa:bbbb:cccc:dddd', '2001:db8:0:1::/64'],
    ['2001:0DB8:0000:0001:1::1', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:1::', '2001:db8:0:1::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ];
  for (const [ip, subject] of cases) {
    it(`${ip} → ${subject}`, () => assert.equal(throttleIpSubject(ip), subject));
  }

  it('two addresses of one /64 share a subject; neighbouring /64s do not', () => {
    assert.equal(throttleIpSubject('2001:db8:0:1::a'), throttleIpSubject('2001:db8:0:1:ffff::b'));
    assert.notEqual(throttleIpSubject('2001:db8:0:1::a'), throttleIpSubject('2001:db8:0:2::a'));
  });

  it('something that is not an address is hashed to a bounded length', () => {
    const subject = throttleIpSubject(`not an ip ${'x'.repeat(10_000)}`);
    assert.match(subject, /^other:[0-9a-f]{32}$/);
    assert.equal(throttleIpSubject('unknown'), throttleIpSubject('unknown'));
  });
});
