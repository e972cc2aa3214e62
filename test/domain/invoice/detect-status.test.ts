import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectStatus } from '../../../src/domain/invoice/detect-status.ts';

describe('detectStatus (D10)', () => {
  const cases: Array<[string, 'paid' | 'partial' | 'unpaid' | undefined, bigint, bigint, string]> = [
    ['nothing paid', undefined, 10000n, 0n, 'unpaid'],
    ['part paid', undefined, 10000n, 1n, 'partial'],
    ['exactly paid', undefined, 10000n, 10000n, 'paid'],
    ['overpaid', undefined, 10000n, 10001n, 'paid'],
    ['nothing to pay', undefined, 0n, 0n, 'paid'],
    ['nothing to pay, something paid', undefined, 0n, 500n, 'paid'],
    ['explicit unpaid wins', 'unpaid', 10000n, 10000n, 'unpaid'],
    ['explicit partial wins', 'partial', 0n, 0n, 'partial'],
    ['explicit paid wins', 'paid', 10000n, 0n, 'paid'],
  ];
  for (const [name, explicit, grandTotal, paid, expected] of cases) {
    it(name, () => assert.equal(detectStatus(explicit, grandTotal, paid), expected));
  }
});
