import { LANGUAGES, TEMPLATES } from '../../domain/invoice/catalog.ts';
import { capitalised, LANGUAGE_NAMES } from './choice-names.ts';
import { selectField } from './form-fields.ts';
import type { WebPageSpec } from './render-web-page.ts';

const main = `<h1>Check an e-invoice</h1>
<p class="intro">Received an XRechnung, a Peppol or EN 16931 invoice, or a Factur-X / ZUGFeRD PDF? The service checks it with the official schema and rules, shows what it says and recomputes its totals. The file is read and not kept.</p>
<p class="page-status" id="page-status" role="status" aria-live="polite">Loading your account…</p>
<div class="invite" id="check-sign-in" hidden>
<p><strong>Sign in to check e-invoices.</strong> A check runs the official rule sets on the service, so it needs an account with a confirmed e-mail address; each check counts as one document of your plan.</p>
<p><a class="button button-small" href="/login?next=/check">Sign in</a> <a class="button button-small button-secondary" href="/register">Create account</a></p>
</div>
<div class="invite" id="check-unverified" hidden>
<p><strong>Confirm your e-mail address first.</strong> Open the link we sent you; the <a href="/dashboard">dashboard</a> can send it again.</p>
</div>
<section class="panel" id="check-area" aria-labelledby="h-file" hidden>
<h2 id="h-file">The file</h2>
<div class="drop-zone" id="drop-zone">
<label for="check-file">Choose a UBL or CII file (.xml) or a hybrid PDF</label>
<input id="check-file" name="file" type="file" accept=".xml,.pdf,application/xml,text/xml,application/pdf" aria-describedby="check-file-hint">
<small class="hint" id="check-file-hint">Or drop it here. At most 10 MB; one check counts as one document of your plan.</small>
</div>
<p class="form-status" id="check-status" role="status" aria-live="polite"></p>
</section>
<div id="check-result" hidden>
<section class="panel" aria-labelledby="h-verdict">
<h2 id="h-verdict">Verdict</h2>
<div id="verdict"></div>
</section>
<section class="panel" aria-labelledby="h-invoice">
<h2 id="h-invoice">The invoice</h2>
<p class="hint" id="invoice-note"></p>
<div class="invoice-preview" id="check-preview"></div>
</section>
<section class="panel" aria-labelledby="h-totals">
<h2 id="h-totals">Totals</h2>
<div id="check-totals"></div>
</section>
<section class="panel" aria-labelledby="h-not-carried" id="not-carried-panel" hidden>
<h2 id="h-not-carried">What the layout above does not show</h2>
<p class="hint">Terms of the document this service's invoices have no field for. The readable copy lists them at its end.</p>
<div class="table-scroll"><table><thead><tr><th scope="col">Term</th><th scope="col">Where</th><th scope="col">Value</th></tr></thead><tbody id="not-carried"></tbody></table></div>
</section>
<section class="panel" aria-labelledby="h-copy">
<h2 id="h-copy">Readable copy</h2>
<p>A PDF of this invoice in the service's own layout, headed as a copy for reading (the original stays the e-invoice).</p>
<form id="copy-form" class="grid" novalidate>
${selectField({ name: 'language', label: 'Language', options: [['', 'the invoice\'s own'], ...LANGUAGES.map((l) => [l, LANGUAGE_NAMES[l]] as const)] })}
${selectField({ name: 'template', label: 'Template', options: TEMPLATES.map((t) => [t, capitalised(t)] as const) })}
<div class="field field-wide"><p><button type="submit" class="button" id="download-copy">Download readable PDF</button></p>
<small class="hint">The file is sent once more to make the copy; that counts as one more document.</small></div>
</form>
<p class="form-status" id="copy-status" role="status" aria-live="polite"></p>
</section>
</div>`;

/**
 * "Check an e-invoice": a received document dropped or chosen, POST /api/inspect-invoice with the
 * session, and its answer shown in plain words. The page's markup is fixed; the script fills it.
 */
export const CHECK_PAGE: Omit<WebPageSpec, 'entry'> = { title: 'Check an e-invoice', page: 'check', main, wide: true };
