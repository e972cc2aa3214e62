import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { utcDate } from '../../src/lib/utc-date.ts';

describe('utcDate (D14: today in UTC)', () => {
  it('formats the UTC day, whatever the local zone, across day boundaries', () => {
    assert.equal(utcDate(Date.parse('2026-11-21T23:59:59.999Z')), '2026-11-21');
    assert.equal(utcDate(Date.parse('2026-11-22T00:00:00.000Z')), '2026-11-22');
    assert.equal(utcDate(Date.parse('2026-11-21T12:00:00Z')), '2026-11-21');
    assert.equal(utcDate(Date.parse('2028-02-29T05:00:00Z')), '2028-02-29');
    assert.equal(utcDate(0), '1970-01-01');
  });
});
