import type { WebhookAttempt, WebhookDelivery } from '../../../clients/typescript/src/operation-types.ts';
import { formatUnixSeconds, h } from '../lib/dom.ts';
import { describeAttempt } from './describe-attempt.ts';

function statusText(delivery: WebhookDelivery): string {
  if (delivery.status === 'pending') return delivery.next_attempt_at === null ? 'pending' : `pending, next attempt ${formatUnixSeconds(delivery.next_attempt_at)}`;
  if (delivery.status === 'cancelled') return 'cancelled: the webhook was disabled';
  return delivery.status;
}

/**
 * One attempt with what the receiver answered. The answer is the receiver's text, whoever runs it:
 * it goes in as textContent (h() never parses markup), so `<img onerror=…>` shows as those characters.
 */
function attemptItem(attempt: WebhookAttempt): HTMLLIElement {
  return h('li', {},
    `${describeAttempt(attempt)} · ${formatUnixSeconds(attempt.attempted_at)} · ${attempt.duration_ms} ms`,
    h('pre', { class: 'response-body' }, attempt.response_body ?? '(no body)'));
}

/** A row of the delivery log: the event, its outcome, its last attempt, and Redeliver. */
export function deliveryRow(delivery: WebhookDelivery, onRedeliver: (delivery: WebhookDelivery) => void): HTMLTableRowElement {
  const last = delivery.attempts.at(-1);
  const redeliver = h('button', { type: 'button', class: 'button button-small button-secondary', 'aria-label': `Redeliver ${delivery.event_type} event ${delivery.event_id}` }, 'Redeliver');
  redeliver.addEventListener('click', () => { onRedeliver(delivery); });
  const attempts = delivery.attempts.length === 0
    ? String(delivery.attempt_count)
    : h('details', {}, h('summary', {}, `${delivery.attempt_count} (answers)`), h('ol', { class: 'attempts' }, ...delivery.attempts.map(attemptItem)));
  return h('tr', { 'data-delivery-id': delivery.id },
    h('td', {}, h('code', {}, delivery.event_type), delivery.redelivery_of === null ? null : h('span', { class: 'hint' }, ' (redelivery)')),
    h('td', { class: `delivery-${delivery.status}` }, statusText(delivery)),
    h('td', { class: 'num' }, attempts),
    h('td', {}, last === undefined ? 'not yet sent' : describeAttempt(last)),
    h('td', {}, formatUnixSeconds(last?.attempted_at ?? delivery.created_at)),
    h('td', { class: 'num' }, last === undefined ? '—' : `${last.duration_ms} ms`),
    h('td', {}, redeliver));
}
