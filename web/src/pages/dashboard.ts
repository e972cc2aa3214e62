import '../styles/app.css';
import type { WebhookView } from '../../../src/use-cases/webhooks/webhook-view.ts';
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

/** Asks a yes/no question in the page's modal dialog; resolves true on the confirm button. */
function confirmAction(title: string, text: string, confirmLabel: string): Promise<boolean> {
  const dialog = byId<HTMLDialogElement>('confirm-dialog');
  byId('confirm-title').textContent = title;
  byId('confirm-text').textContent = text;
  byId('confirm-ok').textContent = confirmLabel;
  dialog.returnValue = '';
  dialog.showModal();
  byId('confirm-cancel').focus();
  return new Promise((resolve) => dialog.addEventListener('close', () => resolve(dialog.returnValue === 'confirm'), { once: true }));
}

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
  // A stored key sealed under another DATA_ENCRYPTION_KEY cannot be shown (issue 20, point 7): say so instead of "no key yet".
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
  byId('webhooks-empty').hidden = webhooks.length > 0;
  byId('webhook-rows').replaceChildren(...webhooks.map((webhook) => {
    const remove = h('button', { type: 'button', class: 'button button-small button-danger', 'aria-label': `Delete webhook ${webhook.url}` }, 'Delete');
    remove.addEventListener('click', () => { void deleteWebhook(webhook); });
    return h('tr', {},
      h('td', { class: 'url' }, webhook.url),
      h('td', {}, webhook.events.join(', ')),
      h('td', {}, webhook.is_active ? 'active' : 'disabled after repeated failures'),
      h('td', {}, lastDelivery(webhook)),
      h('td', {}, remove));
  }));
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
  byId('webhook-secret-value').textContent = result.body.webhook.secret ?? '';
  const secretBox = byId('webhook-secret');
  secretBox.hidden = false;
  secretBox.focus();
}

/**
 * D43: until the address is confirmed, every account feature answers 403 unverified_account, so
 * the page shows the one thing to do (open the link, or ask for a new one) instead of panels that
 * cannot work.
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
