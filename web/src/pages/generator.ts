import '../styles/app.css';
import type { Invoice } from '../../../src/domain/invoice/invoice-schema.ts';
import { api } from '../lib/api.ts';
import { byId, copyText, showAll } from '../lib/dom.ts';
import { renderAccountNav, type Me } from '../lib/session.ts';
import { buildRequest, type PendingField } from '../generator/build-request.ts';
import { computeLiveTotals } from '../generator/compute-live-totals.ts';
import { createEInvoiceReport, type EInvoiceProblem } from '../generator/create-einvoice-report.ts';
import { profileName } from '../lib/profile-name.ts';
import { downloadBlob } from '../lib/download-blob.ts';
import { enableEmbedBox } from '../generator/enable-embed-box.ts';
import { createAdjustmentsEditor } from '../generator/adjustments-editor.ts';
import { createCustomFieldsEditor } from '../generator/custom-fields-editor.ts';
import { clearDraft, emptyDraft, hasAdjustmentData, hasEInvoiceData, loadDraft, saveDraft, type Draft } from '../generator/draft.ts';
import { wireImagePickers } from '../generator/image-pickers.ts';
import { inputNameFor } from '../generator/input-name-for.ts';
import { createItemsEditor } from '../generator/items-editor.ts';
import { profileFor } from '../generator/profile-for.ts';
import { renderPreview } from '../generator/render-preview.ts';
import { showDependentFields } from '../generator/show-dependent-fields.ts';

/**
 * The totals are computed here, in well under a millisecond; the pause only spares redrawing the
 * preview on every key of a word typed at speed.
 */
const PREVIEW_DEBOUNCE_MS = 150;
const SAVE_DEBOUNCE_MS = 300;

const form = byId<HTMLFormElement>('invoice-form');
const previewStatus = byId('preview-status');
const editorStatus = byId('editor-status');
const previewError = byId('preview-error');
const previewPending = byId('preview-pending');
const preview = byId('invoice-preview');
const actionStatus = byId('action-status');
const einvoiceDetails = byId<HTMLDetailsElement>('einvoice-details');
const adjustmentsDetails = byId<HTMLDetailsElement>('adjustments-details');
const report = createEInvoiceReport(form, byId('einvoice-report'));
let draft: Draft = loadDraft(localStorage);
let me: Me | undefined;
/**
 * Whether the user has asked for a document (a download, the hosted link, the e-invoice check).
 * Until then a required text not typed yet (a name, a description) is not an error: the invoice
 * is still being written, so the preview shows "…" in its place and a calm list of what is left.
 * From then on it is refused in red like any mistake. A value typed wrong (an e-mail address
 * without @, a tax the box cannot read) is an error at once.
 */
let documentAsked = false;

/** The inputs of the lists (items, allowances and charges, custom fields), which their editors read. */
const inListEditor = (input: Element): boolean => input.closest('#items, #adjustments, #custom-fields') !== null;

/** Inputs that belong to the request (the lists are their editors'). */
const fieldInputs = (): Array<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement> =>
  [...form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('[name]')]
    .filter((input) => !inListEditor(input) && (input as HTMLInputElement).type !== 'file');

/** Puts the saved values into the form; inputs without one keep the page's defaults. */
function writeFieldsToForm(): void {
  for (const input of fieldInputs()) {
    const saved = draft.fields[input.name];
    if (input instanceof HTMLInputElement && input.type === 'checkbox') {
      if (typeof saved === 'boolean') input.checked = saved;
    } else if (typeof saved === 'string') {
      input.value = saved;
    }
  }
}

function readField(input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): void {
  draft.fields[input.name] = input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : input.value;
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let previewTimer: ReturnType<typeof setTimeout> | undefined;
function changed(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    if (!saveDraft(localStorage, draft)) actionStatus.textContent = 'The pictures are too large to keep in this browser; the rest of the invoice is kept.';
  }, SAVE_DEBOUNCE_MS);
  clearTimeout(previewTimer);
  previewStatus.textContent = 'Updating the totals…';
  previewTimer = setTimeout(refreshPreview, PREVIEW_DEBOUNCE_MS);
}

/**
 * Says what a list editor did ("Item 2 moved to position 1."). A live region of its own: the
 * preview's status is rewritten by the totals the same moment, which would swallow it.
 */
function announce(message: string): void {
  editorStatus.textContent = message;
}

/** Clears the live totals' marks; those of an e-invoice answer stay until their input is edited. */
function clearLiveMarks(): void {
  for (const input of form.querySelectorAll('[aria-invalid]:not([data-invalid="einvoice"])')) input.removeAttribute('aria-invalid');
}

/**
 * Marks the input a message names (items[0].unit_price → items.0.unit_price), if any, or the
 * input of a path the message starts with that has none of its own ("billing_reference is
 * required" → the corrected invoice's number).
 */
function markInvalid(message: string, field?: string): void {
  clearLiveMarks();
  const path = message.replace(/\[(\d+)\]/g, '.$1');
  let best: Element | undefined;
  for (const input of form.querySelectorAll('[name]')) {
    const name = input.getAttribute('name')!;
    if (new RegExp(`(^|[^\\w.])${name.replace(/\./g, '\\.')}(?![\\w])`).test(path) && name.length > (best?.getAttribute('name')?.length ?? 0)) best = input;
  }
  const named = field ?? (best === undefined ? /^[\w.[\]]+/.exec(message)?.[0] : undefined);
  if (named !== undefined) {
    const name = inputNameFor(named, [...form.querySelectorAll('[name]')].map((input) => input.getAttribute('name')!));
    if (name !== undefined) best = form.querySelector(`[name="${CSS.escape(name)}"]`) ?? undefined;
  }
  best?.setAttribute('aria-invalid', 'true');
}

/**
 * Computes the totals in the page with the service's own validator and engine (D44): no request,
 * and a refusal reads exactly as generate-invoice's would (code and message naming the field).
 */
function refreshPreview(): void {
  const built = buildRequest(draft, { signedIn: me !== undefined, withImages: false, placeholders: !documentAsked });
  if (built.problems.length > 0) {
    showError(built.problems.map((p) => p.message).join(' '), built.problems[0]!.field);
    return;
  }
  if (documentAsked && built.pending.length > 0) {
    showError(`Fill in ${listed(built.pending)}.`, built.pending[0]!.field);
    for (const { field } of built.pending) form.querySelector(`[name="${CSS.escape(field)}"]`)?.setAttribute('aria-invalid', 'true');
    return;
  }
  previewPending.hidden = built.pending.length === 0;
  previewPending.textContent = built.pending.length === 0 ? '' : `To finish the invoice, fill in ${listed(built.pending)}.`;
  let result;
  try {
    result = computeLiveTotals(built.request, Date.now());
  } catch {
    // A fault in the engine, not in the invoice (the server would answer 500 internal_error).
    showError('The totals could not be computed in this page. Downloading still checks the invoice on the service.');
    return;
  }
  if (!result.ok) {
    showError(result.error.message);
    return;
  }
  previewError.hidden = true;
  clearLiveMarks();
  renderPreview(preview, result.invoice);
  previewStatus.textContent = 'Totals up to date.';
}

/** "the seller's name, the buyer's name and item 1's description" */
function listed(pending: readonly PendingField[]): string {
  const labels = pending.map((p) => p.label);
  return labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)!}`;
}

/**
 * Before a document is made: when a required text is still blank, says which, marks them, moves
 * the focus to the first, and returns true (nothing is sent). From now on such blanks are errors.
 */
function stopForPending(pending: readonly PendingField[], say: (message: string) => void): boolean {
  documentAsked = true;
  if (pending.length === 0) return false;
  refreshPreview();
  say(`Fill in ${listed(pending)} first.`);
  form.querySelector<HTMLElement>(`[name="${CSS.escape(pending[0]!.field)}"]`)?.focus();
  return true;
}

function showError(message: string, field?: string): void {
  previewPending.hidden = true;
  previewError.hidden = false;
  previewError.textContent = message;
  previewStatus.textContent = 'The totals could not be computed; see the message.';
  markInvalid(message, field);
}

/** error.problems of a 400 e_invoice_incomplete, else undefined. */
function eInvoiceProblems(body: unknown): readonly EInvoiceProblem[] | undefined {
  const error = (body as { error?: { code?: string; problems?: EInvoiceProblem[] } } | undefined)?.error;
  return error?.code === 'e_invoice_incomplete' && Array.isArray(error.problems) ? error.problems : undefined;
}

/** Downloads (PDF, UBL, CII) and the hosted link: real generations, numbered and metered. */
async function generate(output: 'pdf' | 'ubl' | 'cii' | 'json', button: HTMLButtonElement): Promise<void> {
  const built = buildRequest(draft, { signedIn: true, withImages: true });
  if (stopForPending(built.pending, (message) => { actionStatus.textContent = message; })) return;
  if (built.problems.length > 0) {
    actionStatus.textContent = built.problems[0]!.message;
    return;
  }
  const request: Record<string, unknown> = { ...built.request, output };
  if (output === 'json') request.features = { ...(request.features as object), hosted_link: true };
  if (output !== 'json') {
    const chosen = profileFor(output, built.profile, built.embedInPdf);
    if ('refused' in chosen) {
      actionStatus.textContent = chosen.refused;
      return;
    }
    if (chosen.profile !== undefined) request.profile = chosen.profile;
  }
  button.disabled = true;
  actionStatus.textContent = output === 'json' ? 'Creating the link…' : `Generating the ${output.toUpperCase()}…`;
  const result = await api<{ invoice: Invoice }>('POST', '/api/generate-invoice', { json: request, asBlob: output !== 'json' });
  button.disabled = false;
  const problems = eInvoiceProblems(result.body);
  const profile = request.profile as string | undefined;
  if (problems !== undefined) {
    actionStatus.textContent = `The ${output.toUpperCase()} was not made: the e-invoice is incomplete (see the list).`;
    report.showProblems(profile, problems);
    return;
  }
  if (!result.ok || result.body === undefined) {
    actionStatus.textContent = result.message;
    return;
  }
  if (output === 'json') {
    const url = (result.body as { invoice: Invoice }).invoice.hosted_url;
    if (url === undefined) {
      actionStatus.textContent = 'No link came back; try again.';
      return;
    }
    const copied = await copyText(url);
    actionStatus.replaceChildren(copied ? 'Link copied (valid 7 days): ' : 'Copy this link (valid 7 days): ', Object.assign(document.createElement('a'), { href: url, textContent: url, id: 'hosted-link' }));
    return;
  }
  const fileName = output === 'pdf' ? 'invoice.pdf' : 'invoice.xml';
  downloadBlob(result.body as Blob, fileName);
  let made = '';
  if (output !== 'pdf') made = ` (${output.toUpperCase()}, ${profileName(profile)})`;
  else if (profile !== undefined) made = ` (PDF/A-3 with the ${profileName(profile)} e-invoice embedded)`;
  actionStatus.textContent = `Downloaded ${fileName}${made}.`;
  // An e-invoice was made, so an earlier list of what it lacked is out of date.
  if (output !== 'pdf' || profile !== undefined) report.clear();
}

/**
 * "Check e-invoice": a JSON generation with the chosen profile, which the API answers after the
 * profile's pre-flight (D39). It is sent without the session cookie, as a visitor's is: for an
 * account a JSON generation that passes draws the next invoice number and is metered (D15, D41),
 * which a check must not do; anonymous JSON is allowed (D14) and draws nothing.
 */
async function checkEInvoice(button: HTMLButtonElement): Promise<void> {
  const built = buildRequest(draft, { signedIn: false, withImages: false });
  if (stopForPending(built.pending, (message) => report.showMessage(message))) return;
  if (built.problems.length > 0) {
    report.showMessage(built.problems.map((p) => p.message).join(' '));
    return;
  }
  const request = { ...built.request, output: 'json', ...(built.profile === undefined ? {} : { profile: built.profile }) };
  button.disabled = true;
  report.showMessage(`Checking the ${profileName(built.profile)} e-invoice…`);
  const result = await api('POST', '/api/generate-invoice', { json: request, anonymous: true });
  button.disabled = false;
  const problems = eInvoiceProblems(result.body);
  if (result.ok) report.showReady(built.profile);
  else if (problems !== undefined) report.showProblems(built.profile, problems);
  else report.showMessage(result.message);
}

/**
 * The E-invoice section opens by itself when the draft has e-invoice data in it, and the fold of
 * taxed shipping, allowances and charges when the draft has those; else they stay folded.
 */
function unfoldSections(): void {
  const defaults = new Map<string, string | boolean>();
  for (const input of einvoiceDetails.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name]')) {
    defaults.set(input.name, input instanceof HTMLSelectElement
      ? ([...input.options].find((option) => option.defaultSelected) ?? input.options[0])?.value ?? ''
      : input.type === 'checkbox' ? input.defaultChecked : input.defaultValue);
  }
  einvoiceDetails.open = hasEInvoiceData(draft, defaults);
  adjustmentsDetails.open = hasAdjustmentData(draft);
}

function startOver(): void {
  if (!confirm('Clear the form and start a new invoice? What you typed is lost.')) return;
  clearDraft(localStorage);
  draft = emptyDraft();
  documentAsked = false;
  form.reset();
  for (const input of fieldInputs()) readField(input);
  items.setItems(draft.items);
  adjustments.setRows(draft.adjustments);
  customFields.setRows(draft.custom_fields);
  pickers.refresh();
  showDependentFields(form);
  enableEmbedBox(form);
  unfoldSections();
  report.clear();
  changed();
  form.querySelector<HTMLElement>('[name="from.name"]')?.focus();
}

const items = createItemsEditor({ items: draft.items, onChange: changed, announce });
const adjustments = createAdjustmentsEditor({ rows: draft.adjustments, onChange: changed, announce });
const customFields = createCustomFieldsEditor({ rows: draft.custom_fields, onChange: changed, announce });
const pickers = wireImagePickers(() => draft, changed);
writeFieldsToForm();
showDependentFields(form);
enableEmbedBox(form);
unfoldSections();
items.render();
adjustments.render();
customFields.render();
pickers.refresh();
form.addEventListener('input', (event) => {
  const input = event.target as HTMLInputElement;
  report.edited(input);
  if (input.name === '' || inListEditor(input) || input.type === 'file') return;
  readField(input);
  showDependentFields(form);
  enableEmbedBox(form);
  if (input.name === 'accent_color') {
    draft.fields.use_accent = true;
    form.querySelector<HTMLInputElement>('[name="use_accent"]')!.checked = true;
  }
  changed();
});
form.addEventListener('change', (event) => {
  const input = event.target as HTMLInputElement;
  if (input.type === 'checkbox' && input.name !== '') {
    readField(input);
    changed();
  }
});
form.addEventListener('submit', (event) => event.preventDefault());
// Leaving the page inside the save debounce must not lose the last keystrokes.
addEventListener('pagehide', () => {
  clearTimeout(saveTimer);
  saveDraft(localStorage, draft);
});
byId('reset-form').addEventListener('click', startOver);
byId<HTMLButtonElement>('download-pdf').addEventListener('click', (e) => { void generate('pdf', e.currentTarget as HTMLButtonElement); });
byId<HTMLButtonElement>('download-ubl').addEventListener('click', (e) => { void generate('ubl', e.currentTarget as HTMLButtonElement); });
byId<HTMLButtonElement>('download-cii').addEventListener('click', (e) => { void generate('cii', e.currentTarget as HTMLButtonElement); });
byId<HTMLButtonElement>('check-einvoice').addEventListener('click', (e) => { void checkEInvoice(e.currentTarget as HTMLButtonElement); });
byId<HTMLButtonElement>('copy-link').addEventListener('click', (e) => { void generate('json', e.currentTarget as HTMLButtonElement); });

for (const input of fieldInputs()) if (draft.fields[input.name] === undefined && (input as HTMLInputElement).type !== 'file') readField(input);
// The preview ignores features, the one part that depends on being signed in, so it need not
// wait for /api/auth/me. The account state decides the buttons.
refreshPreview();
void renderAccountNav().then((account) => {
  me = account;
  // D43: an account whose address is not confirmed generates as a visitor does, so it gets no
  // download buttons, and is asked to confirm rather than invited to sign up.
  const verified = me?.email_verified === true;
  showAll('.signed-in-only', verified);
  showAll('.anonymous-only', me === undefined);
  showAll('.unverified-only', me !== undefined && !verified);
});
