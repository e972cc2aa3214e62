import type { WebhookDelivery } from '../../../clients/typescript/src/operation-types.ts';
import type { WebhookView } from '../../../src/use-cases/webhooks/webhook-view.ts';
import { apiJson } from '../lib/api.ts';
import { h } from '../lib/dom.ts';
import { deliveryRow } from './delivery-row.ts';
import { describeAttempt } from './describe-attempt.ts';

interface DeliveryPage { deliveries: WebhookDelivery[]; next_cursor: string | null }

export interface DeliveryPanel {
  /** The "Deliveries" button that opens and closes the panel (aria-expanded). */
  readonly toggle: HTMLButtonElement;
  /** The table row that holds the panel, under the webhook's own row while open, out of the page while closed. */
  readonly row: HTMLTableRowElement;
  isOpen(): boolean;
  /** Sends a test event now, opens the panel and says how the attempt went. */
  sendTest(): Promise<void>;
}

const HEADINGS = ['Event', 'Status', 'Attempts', 'Last attempt', 'Time', 'Duration'];

/**
 * A webhook's delivery log in the dashboard: newest first, a page at a time (Load more follows
 * next_cursor), with Redeliver per delivery and the outcome of a test event. The log is read when
 * the panel opens, not with the list, so a page of webhooks costs one request.
 */
export function deliveryPanel(webhook: WebhookView, apiKey: string, columns: number, onTested: (delivery: WebhookDelivery) => void): DeliveryPanel {
  const base = `/api/webhooks/${encodeURIComponent(webhook.id)}`;
  const panelId = `deliveries-${webhook.id}`;
  const status = h('p', { class: 'form-status', role: 'status', 'aria-live': 'polite' });
  const rows = h('tbody');
  const table = h('div', { class: 'table-scroll', hidden: true }, h('table', { class: 'deliveries' },
    h('caption', { class: 'visually-hidden' }, `Deliveries of ${webhook.url}, newest first`),
    h('thead', {}, h('tr', {}, ...HEADINGS.map((text) => h('th', { scope: 'col' }, text)), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
    rows));
  const loadMore = h('button', { type: 'button', class: 'button button-small button-secondary', hidden: true, 'aria-label': `Load more deliveries of ${webhook.url}` }, 'Load more');
  const panel = h('div', { id: panelId, class: 'delivery-panel' },
    h('h3', { class: 'subheading' }, 'Deliveries of the last 7 days'), status, table, h('p', {}, loadMore));
  const row = h('tr', { class: 'delivery-panel-row' }, h('td', { colspan: columns }, panel));
  const toggle = h('button', { type: 'button', class: 'button button-small button-secondary', 'aria-expanded': 'false', 'aria-controls': panelId, 'aria-label': `Deliveries of webhook ${webhook.url}` }, 'Deliveries');
  let cursor: string | null = null;

  /** Reads the newest page (or, with `more`, the next one); false after saying why it could not. */
  async function load(more: boolean): Promise<boolean> {
    const query = more && cursor !== null ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const result = await apiJson<DeliveryPage>('GET', `${base}/deliveries${query}`, { bearer: apiKey });
    if (!result.ok || result.body === undefined) {
      status.textContent = result.message;
      return false;
    }
    const made = result.body.deliveries.map((delivery) => deliveryRow(delivery, (chosen) => { void redeliver(chosen); }));
    if (more) rows.append(...made);
    else rows.replaceChildren(...made);
    cursor = result.body.next_cursor;
    loadMore.hidden = cursor === null;
    table.hidden = rows.childElementCount === 0;
    return true;
  }

  /** Puts the panel under the webhook's row (the toggle's), so the list holds one row per closed webhook. */
  function show(): void {
    toggle.closest('tr')?.after(row);
    toggle.setAttribute('aria-expanded', 'true');
  }

  async function open(): Promise<void> {
    show();
    status.textContent = 'Loading deliveries…';
    if (await load(false)) status.textContent = rows.childElementCount === 0 ? 'No deliveries in the last 7 days.' : '';
  }

  async function redeliver(delivery: WebhookDelivery): Promise<void> {
    status.textContent = 'Queueing the redelivery…';
    const result = await apiJson('POST', `${base}/deliveries/${encodeURIComponent(delivery.id)}/redeliver`, { bearer: apiKey });
    // The log is redrawn before the outcome is announced, so what is read out is what is shown.
    await load(false);
    status.textContent = result.ok ? `Redelivery of ${delivery.event_type} queued: it is sent within moments, and retried like any delivery.` : result.message;
  }

  toggle.addEventListener('click', () => {
    if (!row.isConnected) void open();
    else {
      row.remove();
      toggle.setAttribute('aria-expanded', 'false');
    }
  });
  loadMore.addEventListener('click', async () => {
    loadMore.disabled = true;
    if (await load(true)) status.textContent = '';
    loadMore.disabled = false;
  });

  return {
    toggle,
    row,
    isOpen: () => row.isConnected,
    async sendTest() {
      show();
      status.textContent = 'Sending a test event; waiting up to 10 seconds for your endpoint…';
      const result = await apiJson<{ delivery: WebhookDelivery }>('POST', `${base}/test`, { bearer: apiKey });
      await load(false);
      const attempt = result.body?.delivery?.attempts.at(-1);
      if (!result.ok || result.body === undefined || attempt === undefined) {
        status.textContent = result.message || 'The test event was not sent; try again.';
        return;
      }
      onTested(result.body.delivery);
      status.textContent = result.body.delivery.status === 'delivered'
        ? `Test event delivered: ${describeAttempt(attempt)} in ${attempt.duration_ms} ms.`
        : `Test event failed: ${describeAttempt(attempt)} after ${attempt.duration_ms} ms.`;
    },
  };
}
