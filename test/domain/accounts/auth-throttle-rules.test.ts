import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AUTH_THROTTLE_RULES, AUTH_THROTTLED_ACTIONS, authThrottleKeys } from '../../../src/domain/accounts/auth-throttle-rules.ts';
import { hashSecret } from '../../../src/domain/accounts/hash-secret.ts';

const EMAIL = 'Ann.Smith+tag@Example.COM';
const NORMALISED = 'Ann.Smith+tag@example.com';

describe('AUTH_THROTTLE_RULES', () => {
  const expected: Array<[action: string, ip: [number, number], email: [number, number] | undefined]> = [
    ['login', [20, 900], [10, 900]],
    ['register', [10, 3600], [3, 3600]],
    ['resend-verification', [10, 3600], [3, 3600]],
    ['forgot-password', [10, 3600], [3, 3600]],
    ['reset-password', [20, 3600], undefined],
  ];
  for (const [action, ip, email] of expected) {
    it(`${action}: per IP ${ip[0]} / ${ip[1]} s${email ? `, per address ${email[0]} / ${email[1]} s` : ''}`, () => {
      const rules = AUTH_THROTTLE_RULES[action as keyof typeof AUTH_THROTTLE_RULES];
      assert.deepEqual(rules.ip, { limit: ip[0], windowS: ip[1] });
      assert.deepEqual(rules.email, email && { limit: email[0], windowS: email[1] });
    });
  }
  it('covers every throttled action', () => {
    assert.deepEqual(Object.keys(AUTH_THROTTLE_RULES).sort(), [...AUTH_THROTTLED_ACTIONS].sort());
  });
});

describe('authThrottleKeys', () => {
  it('login: the IP counter first, then the address counter keyed by the SHA-256 of the normalised address', () => {
    assert.deepEqual(authThrottleKeys('login', '192.0.2.1', `  ${EMAIL} `), [
      { key: 'auth:login:ip:192.0.2.1', rule: { limit: 20, windowS: 900 } },
      { key: `auth:login:email:${hashSecret(NORMALISED)}`, rule: { limit: 10, windowS: 900 } },
    ]);
  });

  it('spellings that normalise alike share a counter; different local-part case does not (they are different accounts)', () => {
    const key = (email: string) => authThrottleKeys('forgot-password', '192.0.2.1', email)[1]?.key;
    assert.equal(key('Ann.Smith+tag@EXAMPLE.com'), key(` ${EMAIL}`));
    assert.notEqual(key('ann.smith+tag@example.com'), key(EMAIL));
  });

  it('no key holds the raw address, in any case, or its local part', () => {
    for (const action of AUTH_THROTTLED_ACTIONS) {
      for (const { key } of authThrottleKeys(action, '2001:db8::1', EMAIL)) {
        const lower = key.toLowerCase();
        assert.ok(!lower.includes('@') && !lower.includes('example') && !lower.includes('ann.smith'), key);
        assert.match(key, /^auth:[a-z-]+:(ip|email):[0-9a-f.:/]+$/);
      }
    }
  });

  it('actions without an address rule give only the IP counter, even when an address is passed', () => {
    assert.deepEqual(authThrottleKeys('reset-password', '192.0.2.1', EMAIL).map((hit) => hit.key), ['auth:reset-password:ip:192.0.2.1']);
    assert.deepEqual(authThrottleKeys('reset-password', '192.0.2.1').map((hit) => hit.key), ['auth:reset-password:ip:192.0.2.1']);
  });

  it('an address that does not normalise, or none, gives only the IP counter', () => {
    assert.equal(authThrottleKeys('login', '192.0.2.1', 'not an address').length, 1);
    assert.equal(authThrottleKeys('login', '192.0.2.1').length, 1);
  });

  it('IPv6 clients are counted per /64, IPv4-mapped ones as IPv4', () => {
    assert.equal(authThrottleKeys('login', '2001:db8:0:1::a')[0]?.key, 'auth:login:ip:2001:db8:0:1::/64');
    assert.equal(authThrottleKeys('login', '2001:db8:0:1:9::b')[0]?.key, 'auth:login:ip:2001:db8:0:1::/64');
    assert.equal(authThrottleKeys('login', '::ffff:192.0.2.1')[0]?.key, 'auth:login:ip:192.0.2.1');
  });

  it('every key fits the throttle key bound', () => {
    const longest = authThrottleKeys('resend-verification', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', EMAIL);
    for (const { key } of longest) assert.ok(key.length <= 200, key);
  });
});
