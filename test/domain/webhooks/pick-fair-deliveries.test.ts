import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pickFairDeliveries, type DeliveryCandidate } from '../../../src/domain/webhooks/pick-fair-deliveries.ts';

// Caps on attempts in flight per webhook and per account, and the silent lane.
const c = (id: string, webhookId: string, accountId: string, silent = false, answering = false): DeliveryCandidate => ({ id, webhookId, accountId, silent, answering });
const none = { byWebhook: new Map<string, number>(), byAccount: new Map<string, number>() };
const limits = { perWebhook: 2, perAnsweringWebhook: 3, perAccount: 4, limit: 32, silentLimit: 16 };
const ids = (picked: DeliveryCandidate[]) => picked.map((candidate) => candidate.id);

test('earliest first, at most perWebhook per webhook: the later webhook\'s delivery is not stuck behind the backlog', () => {
  const candidates = [c('1', 'w1', 'a'), c('2', 'w1', 'a'), c('3', 'w1', 'a'), c('4', 'w2', 'b')];
  assert.deepEqual(ids(pickFairDeliveries(candidates, none, limits)), ['1', '2', '4']);
});

test('a webhook whose last attempt was answered with a 2xx may have perAnsweringWebhook in flight', () => {
  const candidates = [1, 2, 3, 4].map((i) => c(String(i), 'w1', 'a', false, true));
  assert.deepEqual(ids(pickFairDeliveries(candidates, none, limits)), ['1', '2', '3']);
});

test('at most perAccount per account over all its webhooks, counting those already in flight', () => {
  const candidates = ['w1', 'w2', 'w3', 'w4', 'w5'].map((webhook, i) => c(String(i), webhook, 'a')).concat(c('x', 'w9', 'b'));
  assert.deepEqual(ids(pickFairDeliveries(candidates, none, limits)), ['0', '1', '2', '3', 'x']);
  const busy = { byWebhook: new Map([['w1', 2]]), byAccount: new Map([['a', 3]]) };
  assert.deepEqual(ids(pickFairDeliveries(candidates, busy, limits)), ['1', 'x']);
});

test('limit and silentLimit', () => {
  const candidates = [c('1', 'w1', 'a', true), c('2', 'w2', 'b', true), c('3', 'w3', 'c'), c('4', 'w4', 'd')];
  assert.deepEqual(ids(pickFairDeliveries(candidates, none, { ...limits, silentLimit: 1 })), ['1', '3', '4']);
  assert.deepEqual(ids(pickFairDeliveries(candidates, none, { ...limits, silentLimit: 0, limit: 1 })), ['3']);
});
