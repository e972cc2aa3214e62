import '../styles/app.css';
import type { InspectInvoiceResponse } from '../../../src/schemas/inspect-invoice-response.ts';
import { renderTotalsCheck } from '../check/render-totals-check.ts';
import { renderVerdict } from '../check/render-verdict.ts';
import { computeLiveTotals } from '../generator/compute-live-totals.ts';
import { renderPreview } from '../generator/render-preview.ts';
import { api, apiJson } from '../lib/api.ts';
import { byId, h } from '../lib/dom.ts';
import { downloadBlob } from '../lib/download-blob.ts';
import { renderAccountNav } from '../lib/session.ts';

/** D51: the service reads at most 10 MB; a larger file is refused here without sending it. */
const MAX_BYTES = 10 * 1024 * 1024;

const fileInput = byId<HTMLInputElement>('check-file');
const dropZone = byId('drop-zone');
const status = byId('check-status');
const copyStatus = byId('copy-status');
const copyForm = byId<HTMLFormElement>('copy-form');
/** The file last checked, sent again for its readable copy. */
let checked: { file: File; type: string } | undefined;

function say(target: HTMLElement, text: string, error = false): void {
  target.textContent = text;
  target.classList.toggle('error', error);
}

/** A PDF by its first bytes (the name may say anything); every other file is sent as XML. */
async function mediaTypeOf(file: File): Promise<string> {
  const head = await file.slice(0, 5).text();
  return head === '%PDF-' ? 'application/pdf' : 'application/xml';
}

/** The document laid out as the service's preview lays out an invoice, in the document's language. */
function showInvoice(inspection: InspectInvoiceResponse): string | undefined {
  const preview = byId('check-preview');
  const note = byId('invoice-note');
  if (inspection.invoice === null) {
    note.textContent = 'The document could not be read as an invoice, so there is nothing to lay out.';
    preview.replaceChildren();
    return 'the document could not be read';
  }
  const computed = computeLiveTotals(inspection.invoice, Date.now());
  if (!computed.ok) {
    note.textContent = `Its data, as this service reads it, cannot be laid out: ${computed.error.message}`;
    preview.replaceChildren();
    return computed.error.message;
  }
  note.textContent = 'Its data in this service\'s layout, in the document\'s language. The amounts are the recomputed ones.';
  renderPreview(preview, computed.invoice);
  return undefined;
}

function showNotCarried(items: InspectInvoiceResponse['not_carried']): void {
  byId('not-carried-panel').hidden = items.length === 0;
  byId('not-carried').replaceChildren(...items.map((item) => h('tr', {},
    h('td', {}, item.term ?? '—'),
    h('td', { class: 'path' }, item.path),
    h('td', { class: 'value' }, item.value))));
}

function show(inspection: InspectInvoiceResponse): void {
  renderVerdict(byId('verdict'), inspection);
  const reason = showInvoice(inspection);
  const currency = (inspection.invoice as { invoice?: { currency?: string } } | null)?.invoice?.currency;
  renderTotalsCheck(byId('check-totals'), inspection.totals, currency, reason);
  showNotCarried(inspection.not_carried);
  say(copyStatus, '');
  byId('check-result').hidden = false;
}

async function check(file: File): Promise<void> {
  if (file.size > MAX_BYTES) {
    say(status, `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; an e-invoice of more than 10 MB is not read.`, true);
    return;
  }
  const type = await mediaTypeOf(file);
  say(status, `Checking ${file.name}…`);
  fileInput.disabled = true;
  try {
    const result = await apiJson<InspectInvoiceResponse>('POST', '/api/inspect-invoice', { file: { body: file, type } });
    if (!result.ok || result.body === undefined) {
      byId('check-result').hidden = true;
      checked = undefined;
      say(status, `${file.name}: ${result.message}`, true);
      return;
    }
    checked = { file, type };
    show(result.body);
    say(status, `Checked ${file.name}.`);
    byId('h-verdict').scrollIntoView({ block: 'start' });
  } finally {
    fileInput.disabled = false;
    fileInput.value = '';
  }
}

async function downloadCopy(): Promise<void> {
  if (checked === undefined) return;
  const data = new FormData(copyForm);
  const query = new URLSearchParams();
  for (const name of ['language', 'template']) {
    const value = String(data.get(name) ?? '');
    if (value !== '') query.set(name, value);
  }
  const button = byId<HTMLButtonElement>('download-copy');
  button.disabled = true;
  say(copyStatus, 'Making the readable copy…');
  try {
    const result = await api('POST', `/api/inspect-invoice?${query}`, { file: { body: checked.file, type: checked.type }, accept: 'application/pdf', asBlob: true });
    if (!result.ok) {
      say(copyStatus, result.message, true);
      return;
    }
    const base = checked.file.name.replace(/\.[^.]*$/, '') || 'invoice';
    downloadBlob(result.body as Blob, `${base}-copy.pdf`);
    say(copyStatus, `Saved ${base}-copy.pdf.`);
  } finally {
    button.disabled = false;
  }
}

function wireFilePicking(): void {
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file !== undefined) void check(file);
  });
  // A file dropped beside the zone would make the browser open it and leave the page.
  for (const type of ['dragover', 'drop'] as const) document.addEventListener(type, (event) => event.preventDefault());
  dropZone.addEventListener('dragover', () => dropZone.classList.add('drag-over'));
  dropZone.addEventListener('dragleave', () => dropZone.classList.remove('drag-over'));
  dropZone.addEventListener('drop', (event) => {
    dropZone.classList.remove('drag-over');
    const file = event.dataTransfer?.files[0];
    if (file !== undefined && !fileInput.disabled) void check(file);
  });
  copyForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void downloadCopy();
  });
}

async function start(): Promise<void> {
  const me = await renderAccountNav();
  byId('page-status').hidden = true;
  // The endpoint answers confirmed accounts only: say so before a file is chosen, not after.
  byId('check-sign-in').hidden = me !== undefined;
  byId('check-unverified').hidden = me === undefined || me.email_verified;
  byId('check-area').hidden = me === undefined || !me.email_verified;
  wireFilePicking();
}

void start();
