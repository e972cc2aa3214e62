import '../styles/app.css';
import type { WebhookView } from '../../../src/use-cases/webhooks/webhook-view.ts';
import { confirmAction } from '../dashboard/confirm-action.ts';
import { deliveryPanel, type DeliveryPanel } from '../dashboard/delivery-panel.ts';
import { apiJson } from '../lib/api.ts';
import { byId, copyText, formatUnixSeconds, h } from '../lib/dom.ts';
import { loadMe, renderAccountNav, type Me } from '../lib/session.ts';

interface WindowUsage { limit: number | null; used: number; reset_at: number }
interface Usage {
  tier: string;
  monthly: { documents_used: number; documents_limit: number | null; pdfs_used: number; pdfs_limit: number | null; reset_at: number };
  rate_limits: { hourly: WindowUsage; weekly: WindowUsage };
}

const keyStatus = byId('key-status');
const webhookStatus = byId('webhook-status');
let me: Me;
/** Each webhook's delivery panel, kept across redraws of the list so an open one stays open. */
const panels = new Map<string, DeliveryPanel>();
/** Each webhook's "Last delivery" cell as last drawn, which a test event's outcome updates. */
const lastDeliveryCells = new Map<string, HTMLTableCellElement>();
/** The webhook table's columns, which a delivery panel spans. */
const WEBHOOK_COLUMNS = 5;

function meter(name: string, used: number, limit: number | null, text: string): void {
  const progress = byId<HTMLProgressElement>(`meter-${name}`);
  progress.max = limit === null || limit === 0 ? 1 : limit;
  progress.value = limit === null ? 0 : Math.min(used, limit);
  byId(`text-${name}`).textContent = text;
}

const figure = (n: number): string => n.toLocaleString('en-US');
const ofLimit = (used: number, limit: number | null): string => (limit === null ? `${figure(used)} (unlimited)` : `${figure(used)} of ${figure(limit)}`);

async function showUsage(): Promise<void> {
  const result = await apiJson<{ usage: Usage }>('GET', '/api/auth/usage');
  if (!result.ok || result.body === undefined) {
    byId('text-documents').textContent = result.message;
    return;
  }
  const { monthly, rate_limits: windows, tier } = result.body.usage;
  byId('plan-name').textContent = tier.charAt(0).toUpperCase() + tier.slice(1);
  const resets = `resets ${formatUnixSeconds(monthly.reset_at)}`;
  meter('documents', monthly.documents_used, monthly.documents_limit, `${ofLimit(monthly.documents_used, monthly.documents_limit)} documents; ${resets}.`);
  meter('pdfs', monthly.pdfs_used, monthly.pdfs_limit, `${ofLimit(monthly.pdfs_used, monthly.pdfs_limit)} PDFs; ${resets}.`);
  meter('hourly', windows.hourly.used, windows.hourly.limit, `${ofLimit(windows.hourly.used, windows.hourly.limit)}; resets ${formatUnixSeconds(windows.hourly.reset_at)}.`);
  meter('weekly', windows.weekly.used, windows.weekly.limit, `${ofLimit(windows.weekly.used, windows.weekly.limit)}; resets ${formatUnixSeconds(windows.weekly.reset_at)}.`);
}

const masked = (key: string): string => `${key.slice(0, 4)}${'•'.repeat(12)}${key.slice(-4)}`;

function showKey(): void {
  byId('key-none').hidden = me.api_key !== null;
  // A stored key sealed under another DATA_ENCRYPTION_KEY cannot be shown: say so instead of "no key yet".
  byId('key-none-text').hidden = me.api_key_unavailable !== undefined;
  byId('key-unavailable').hidden = me.api_key_unavailable === undefined;
  byId('key-unavailable').textContent = me.api_key_unavailable ?? '';
  byId('key-present').hidden = me.api_key === null;
  const shown = byId('toggle-key').getAttribute('aria-pressed') === 'true';
  if (me.api_key !== null) byId('api-key').textContent = shown ? me.api_key : masked(me.api_key);
  byId('quickstart').textContent = quickStart(me.api_key ?? '<create a key above>');
  byId('webhooks-need-key').hidden = me.api_key !== null;
  byId('webhooks-area').hidden = me.api_key === null;
}

function quickStart(key: string): string {
  return `curl ${location.origin}/api/generate-invoice \\
  -H "Authorization: Bearer ${key}" \\
  -H "Content-Type: application/json" \\
  -o invoice.pdf \\
  -d '{"output": "pdf",
       "from": {"name": "Your company"},
       "to": {"name": "Your customer"},
       "items": [{"description": "Consulting", "quantity": 10, "unit_price": 150}],
       "global_tax": 20}'`;
}

async function rotateKey(first: boolean): Promise<void> {
  if (!first && !await confirmAction('Rotate the API key?', 'A new key is made and the current one stops working at once. Programs using it will be refused until you give them the new key.', 'Rotate key')) {
    keyStatus.textContent = 'The key was not changed.';
    return;
  }
  const result = await apiJson<{ api_key: string }>('POST', '/api/auth/generate-api-key');
  if (!result.ok || result.body === undefined) {
    keyStatus.textContent = result.message;
    return;
  }
  me.api_key = result.body.api_key;
  keyStatus.textContent = first ? 'Your API key is ready.' : 'The key was rotated; the old one no longer works.';
  showKey();
  await showWebhooks();
}

function lastDelivery(webhook: WebhookView): string {
  if (webhook.last_delivery_at === null) return 'none yet';
  const status = webhook.last_status === 0 || webhook.last_status === null ? 'no answer' : `HTTP ${webhook.last_status}`;
  return `${status}, ${formatUnixSeconds(webhook.last_delivery_at)}`;
}

async function showWebhooks(): Promise<void> {
  if (me.api_key === null) return;
  const result = await apiJson<{ webhooks: WebhookView[] }>('GET', '/api/webhooks', { bearer: me.api_key });
  if (!result.ok || result.body === undefined) {
    webhookStatus.textContent = result.message;
    return;
  }
  const webhooks = result.body.webhooks;
  for (const id of panels.keys()) if (!webhooks.some((webhook) => webhook.id === id)) panels.delete(id);
  lastDeliveryCells.clear();
  byId('webhooks-empty').hidden = webhooks.length > 0;
  byId('webhook-rows').replaceChildren(...webhooks.flatMap((webhook) => webhookRows(webhook, me.api_key!)));
}

function actionButton(label: string, ariaLabel: string, onClick: () => unknown, danger = false): HTMLButtonElement {
  const button = h('button', { type: 'button', class: `button button-small ${danger ? 'button-danger' : 'button-secondary'}`, 'aria-label': ariaLabel }, label);
  button.addEventListener('click', onClick);
  return button;
}

/** A webhook's row with its actions, and the row of its delivery panel under it while that is open. */
function webhookRows(webhook: WebhookView, apiKey: string): HTMLTableRowElement[] {
  const last = h('td', {}, lastDelivery(webhook));
  lastDeliveryCells.set(webhook.id, last);
  let panel = panels.get(webhook.id);
  if (panel === undefined) {
    // A test event's attempt is the webhook's last delivery too: shown at once, without a redraw that would move focus.
    panel = deliveryPanel(webhook, apiKey, WEBHOOK_COLUMNS, (delivery) => {
      const attempt = delivery.attempts.at(-1);
      const cell = lastDeliveryCells.get(webhook.id);
      if (attempt !== undefined && cell !== undefined) cell.textContent = lastDelivery({ ...webhook, last_delivery_at: attempt.attempted_at, last_status: attempt.status });
    });
    panels.set(webhook.id, panel);
  }
  const { sendTest } = panel;
  // Disabled while the service waits for the endpoint (up to 10 s), so one click is one test event.
  const test = actionButton('Send test', `Send a test event to ${webhook.url}`, async () => {
    test.disabled = true;
    await sendTest();
    test.disabled = false;
  });
  const state = webhook.is_active
    ? h('td', {}, 'active')
    : h('td', {}, 'disabled after repeated failures ', actionButton('Enable', `Enable webhook ${webhook.url}`, () => { void enableWebhook(webhook); }));
  const actions = h('div', { class: 'row-actions' },
    panel.toggle,
    test,
    actionButton('Rotate secret…', `Rotate the signing secret of webhook ${webhook.url}`, () => { void rotateSecret(webhook); }),
    actionButton('Delete', `Delete webhook ${webhook.url}`, () => { void deleteWebhook(webhook); }, true));
  const row = h('tr', {}, h('td', { class: 'url' }, webhook.url), h('td', {}, webhook.events.join(', ')), state, last, h('td', {}, actions));
  return panel.isOpen() ? [row, panel.row] : [row];
}

async function rotateSecret(webhook: WebhookView): Promise<void> {
  if (!await confirmAction('Rotate the signing secret?', `A new secret is made for ${webhook.url}. For 24 hours each delivery carries two signatures, made with the new secret and the current one, so your endpoint keeps working while you give it the new secret; after that only the new one.`, 'Rotate secret')) {
    webhookStatus.textContent = 'The secret was not changed.';
    return;
  }
  const result = await apiJson<{ webhook: WebhookView }>('POST', `/api/webhooks/${encodeURIComponent(webhook.id)}/rotate-secret`, { bearer: me.api_key! });
  await showWebhooks();
  if (!result.ok || result.body === undefined) {
    webhookStatus.textContent = result.message;
    return;
  }
  webhookStatus.textContent = `The secret of ${webhook.url} was rotated.`;
  const expiresAt = result.body.webhook.previous_secret_expires_at;
  showSecret(result.body.webhook.secret ?? '', expiresAt === null ? '' : `This is the new secret of ${webhook.url}. Until ${formatUnixSeconds(expiresAt)}, deliveries carry both signatures (X-Service-Signature: sha256=<new>,sha256=<old>); after that only the new secret's.`);
}

async function enableWebhook(webhook: WebhookView): Promise<void> {
  const result = await apiJson<{ webhook: WebhookView }>('POST', `/api/webhooks/${encodeURIComponent(webhook.id)}/enable`, { bearer: me.api_key! });
  await showWebhooks();
  webhookStatus.textContent = result.ok
    ? `Enabled the webhook for ${webhook.url}: new events are delivered to it. Events made while it was disabled were not sent; redeliver them from its deliveries.`
    : result.message;
}

/** The signing secret, in the one place it is ever shown; `overlap` says how long the old one still signs. */
function showSecret(secret: string, overlap: string): void {
  byId('webhook-secret-value').textContent = secret;
  byId('webhook-secret-overlap').textContent = overlap;
  byId('webhook-secret-overlap').hidden = overlap === '';
  const secretBox = byId('webhook-secret');
  secretBox.hidden = false;
  secretBox.focus();
}

async function deleteWebhook(webhook: WebhookView): Promise<void> {
  if (!await confirmAction('Delete this webhook?', `${webhook.url} will receive no more events; deliveries not yet made are dropped.`, 'Delete webhook')) return;
  const result = await apiJson('DELETE', `/api/webhooks/${encodeURIComponent(webhook.id)}`, { bearer: me.api_key! });
  // The list is redrawn before the outcome is announced, so what is read out is what is shown.
  await showWebhooks();
  webhookStatus.textContent = result.ok ? `Deleted the webhook for ${webhook.url}.` : result.message;
}

async function createWebhook(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const urlInput = form.querySelector<HTMLInputElement>('input[name="url"]')!;
  const events = [...form.querySelectorAll<HTMLInputElement>('input[name="events"]:checked')].map((input) => input.value);
  urlInput.removeAttribute('aria-invalid');
  if (!urlInput.value.trim().startsWith('https://')) {
    urlInput.setAttribute('aria-invalid', 'true');
    webhookStatus.textContent = 'Endpoint URL must start with https://.';
    urlInput.focus();
    return;
  }
  if (events.length === 0) {
    webhookStatus.textContent = 'Choose at least one event.';
    return;
  }
  webhookStatus.textContent = 'Checking the address…';
  const result = await apiJson<{ webhook: WebhookView }>('POST', '/api/webhooks', { bearer: me.api_key!, json: { url: urlInput.value.trim(), events } });
  if (!result.ok || result.body === undefined) {
    urlInput.setAttribute('aria-invalid', 'true');
    webhookStatus.textContent = result.message;
    return;
  }
  form.reset();
  await showWebhooks();
  webhookStatus.textContent = 'Webhook added.';
  showSecret(result.body.webhook.secret ?? '', '');
}

/**
 * Until the address is confirmed, every account feature answers 403 unverified_account, so the page
 * shows the one thing to do (open the link, or ask for a new one) instead of panels that cannot
 * work.
 */
function showUnverified(): void {
  byId('unverified-email').textContent = me.email;
  byId('unverified').hidden = false;
  const status = byId('unverified-status');
  byId('resend-verification').addEventListener('click', async (e) => {
    const button = e.currentTarget as HTMLButtonElement;
    button.disabled = true;
    const result = await apiJson<{ message: string }>('POST', '/api/auth/resend-verification');
    button.disabled = false;
    status.textContent = result.ok ? (result.body?.message ?? 'Sent.') : result.message;
  });
}

async function start(): Promise<void> {
  const account = await loadMe();
  if (account === undefined) {
    location.assign('/login?next=/dashboard');
    return;
  }
  me = account;
  await renderAccountNav();
  byId('page-status').textContent = '';
  if (!me.email_verified) {
    showUnverified();
    return;
  }
  byId('dashboard').hidden = false;
  showKey();
  byId('toggle-key').addEventListener('click', (e) => {
    const button = e.currentTarget as HTMLButtonElement;
    const show = button.getAttribute('aria-pressed') !== 'true';
    button.setAttribute('aria-pressed', String(show));
    button.textContent = show ? 'Hide key' : 'Show key';
    showKey();
  });
  byId('copy-key').addEventListener('click', async () => {
    keyStatus.textContent = await copyText(me.api_key ?? '') ? 'Key copied.' : 'Copying was refused by the browser; show the key and copy it by hand.';
  });
  byId('rotate-key').addEventListener('click', () => { void rotateKey(false); });
  byId('create-key').addEventListener('click', () => { void rotateKey(true); });
  byId('copy-secret').addEventListener('click', async () => {
    await copyText(byId('webhook-secret-value').textContent ?? '');
  });
  byId('copy-snippet').addEventListener('click', async () => {
    await copyText(byId('quickstart').textContent ?? '');
  });
  byId<HTMLFormElement>('webhook-form').addEventListener('submit', (e) => { void createWebhook(e); });
  await Promise.all([showUsage(), showWebhooks()]);
}

void start();
