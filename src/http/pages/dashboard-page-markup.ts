import { WEBHOOK_EVENT_TYPES } from '../../domain/webhooks/webhook-event-types.ts';
import { inputField } from './form-fields.ts';
import type { WebPageSpec } from './render-web-page.ts';

const eventChoices = WEBHOOK_EVENT_TYPES.map((event, i) =>
  `<div class="field-check"><input type="checkbox" id="wh-event-${i}" name="events" value="${event}"${i === 0 ? ' checked' : ''}><label for="wh-event-${i}"><code>${event}</code></label></div>`).join('\n');

const main = `<h1>Dashboard</h1>
<p class="page-status" id="page-status" role="status" aria-live="polite">Loading your account…</p>
<section class="panel" id="unverified" aria-labelledby="h-unverified" hidden>
<h2 id="h-unverified">Confirm your e-mail address</h2>
<p>We sent a confirmation link to <strong id="unverified-email"></strong>. Until you open it, this account works like a visitor's: JSON totals in the <a href="/">generator</a>, but no PDFs, UBL files, hosted links, API key, webhooks or usage figures.</p>
<p>Nothing arrived after a few minutes? Look in your spam folder, or <button type="button" class="button button-small button-secondary" id="resend-verification">Send the link again</button></p>
<p class="form-status" id="unverified-status" role="status" aria-live="polite"></p>
<p>Opened the link? <a href="/dashboard">Reload this page</a>.</p>
</section>
<div id="dashboard" hidden>
<section class="panel" aria-labelledby="h-usage">
<h2 id="h-usage">Plan and usage</h2>
<p>Plan: <strong id="plan-name"></strong> · <a href="/pricing">compare plans</a></p>
<div class="meters">
<div class="meter"><label for="meter-documents">Documents this month</label><progress id="meter-documents" max="1" value="0"></progress><p id="text-documents"></p></div>
<div class="meter"><label for="meter-pdfs">PDFs this month</label><progress id="meter-pdfs" max="1" value="0"></progress><p id="text-pdfs"></p></div>
<div class="meter"><label for="meter-hourly">Generations this hour</label><progress id="meter-hourly" max="1" value="0"></progress><p id="text-hourly"></p></div>
<div class="meter"><label for="meter-weekly">Generations this week</label><progress id="meter-weekly" max="1" value="0"></progress><p id="text-weekly"></p></div>
</div>
<p class="hint">A PDF or UBL file is one document, ten JSON answers are one; a hosted link counts as a PDF. Times are shown in your time zone; the windows themselves are UTC.</p>
</section>

<section class="panel" aria-labelledby="h-key">
<h2 id="h-key">API key</h2>
<div id="key-none" hidden><p id="key-none-text">You have no key yet.</p><p id="key-unavailable" class="field-error" role="status" hidden></p><p><button type="button" class="button" id="create-key">Create API key</button></p></div>
<div id="key-present" hidden>
<p class="key-line"><code id="api-key" class="secret" aria-label="API key"></code></p>
<p>
<button type="button" class="button button-small button-secondary" id="toggle-key" aria-pressed="false" aria-controls="api-key">Show key</button>
<button type="button" class="button button-small button-secondary" id="copy-key">Copy key</button>
<button type="button" class="button button-small button-danger" id="rotate-key">Rotate key…</button>
</p>
<p class="hint">Keep the key on your server; never put it in a web page or a repository.</p>
</div>
<p class="form-status" id="key-status" role="status" aria-live="polite"></p>
</section>

<section class="panel" aria-labelledby="h-webhooks">
<h2 id="h-webhooks">Webhooks</h2>
<p id="webhooks-need-key" hidden>Create an API key first: webhooks are managed with it.</p>
<div id="webhooks-area" hidden>
<div class="table-scroll"><table class="webhooks">
<caption class="visually-hidden">Your webhooks</caption>
<thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Last delivery</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody id="webhook-rows"></tbody>
</table></div>
<p id="webhooks-empty">No webhooks yet.</p>
<form id="webhook-form" class="stack" novalidate>
<h3>Add a webhook</h3>
${inputField({ name: 'url', label: 'Endpoint URL (https)', type: 'url', required: true, maxLength: 2048, placeholder: 'https://example.com/hooks/invoices', hint: 'Must be a public https address; redirects are not followed.' })}
<fieldset class="events"><legend>Events</legend>
${eventChoices}
</fieldset>
<p class="form-status" id="webhook-status" role="status" aria-live="polite"></p>
<p><button type="submit" class="button">Add webhook</button></p>
</form>
<div id="webhook-secret" class="callout" hidden tabindex="-1">
<p><strong>Signing secret — shown only this once.</strong> Store it now; it verifies the X-Service-Signature of each delivery.</p>
<p><code id="webhook-secret-value"></code> <button type="button" class="button button-small button-secondary" id="copy-secret">Copy secret</button></p>
<p id="webhook-secret-overlap" hidden></p>
</div>
</div>
</section>

<section class="panel" aria-labelledby="h-quickstart">
<h2 id="h-quickstart">Quick start</h2>
<p>Generate a PDF from your server with your key:</p>
<pre class="snippet"><code id="quickstart"></code></pre>
<p><button type="button" class="button button-small button-secondary" id="copy-snippet">Copy snippet</button> · <a href="/docs">API reference</a></p>
</section>
</div>

<dialog id="confirm-dialog" aria-labelledby="confirm-title" aria-describedby="confirm-text">
<form method="dialog">
<h2 id="confirm-title"></h2>
<p id="confirm-text"></p>
<p class="dialog-actions"><button value="cancel" class="button button-secondary" id="confirm-cancel">Cancel</button> <button value="confirm" class="button button-danger" id="confirm-ok"></button></p>
</form>
</dialog>`;

/**
 * The dashboard. Filled in by the script from the account's own endpoints; an
 * account whose address is not confirmed sees only the "confirm your e-mail" panel (D43), since
 * every panel below would answer 403 unverified_account.
 */
export const DASHBOARD_PAGE: Omit<WebPageSpec, 'entry'> = { title: 'Dashboard', page: 'dashboard', main, wide: true };
