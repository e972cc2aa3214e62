import {
  CURRENCIES, LANGUAGES, PAGE_SIZES, QR_TYPES, ROUNDING_MODES, TEMPLATES,
} from '../../domain/invoice/catalog.ts';
import { ADJUSTMENTS_MARKUP } from './adjustments-markup.ts';
import { CUSTOM_FIELDS_MARKUP } from './custom-fields-markup.ts';
import { EINVOICE_SECTION_MARKUP, TAX_CATEGORY_OPTIONS } from './einvoice-section-markup.ts';
import { capitalised, LANGUAGE_NAMES } from './choice-names.ts';
import { checkboxField, inputField, selectField, textareaField, type FieldSpec } from './form-fields.ts';
import { escapeHtml } from './render-web-page.ts';
import type { WebPageSpec } from './render-web-page.ts';

const MONEY = { type: 'number', step: 'any' } as const;

function partyFields(prefix: 'from' | 'to'): string {
  const fields: FieldSpec[] = [
    { name: `${prefix}.name`, label: 'Name', required: true, maxLength: 200, autocomplete: prefix === 'from' ? 'organization' : 'off' },
    { name: `${prefix}.email`, label: 'E-mail', type: 'email', maxLength: 254, autocomplete: 'off' },
    { name: `${prefix}.phone`, label: 'Phone', type: 'tel', maxLength: 50, autocomplete: 'off' },
    { name: `${prefix}.tax_id`, label: 'Tax id (VAT, GST, EIN)', maxLength: 50 },
    { name: `${prefix}.registration_no`, label: 'Company registration number', maxLength: 50 },
    { name: `${prefix}.website`, label: 'Web site', maxLength: 500 },
    { name: `${prefix}.country`, label: 'Country code', maxLength: 2, placeholder: 'DE', hint: 'Two letters, ISO 3166; used by UBL.' },
  ];
  return `${fields.map(inputField).join('\n')}
${textareaField({ name: `${prefix}.address`, label: 'Address', maxLength: 1000, hint: 'One line per line of the address.' })}`;
}

/** An image the user picks from disk; the script reads it into a data: URI (D26: PNG or JPEG, 2.5 MB). */
function imagePicker(name: 'from.logo' | 'signature', label: string): string {
  const id = `f-${name.replace('.', '-')}`;
  return `<div class="field field-wide image-picker" data-image="${name}">
<label for="${id}">${label}</label>
<small class="hint" id="${id}-hint">PNG or JPEG, at most 2.5 MB. Printed on the PDF.</small>
<input id="${id}" type="file" accept="image/png,image/jpeg" aria-describedby="${id}-hint">
<div class="image-chosen" hidden><img alt="${label} preview"><button type="button" class="button button-small button-secondary" data-remove-image>Remove ${label.toLowerCase()}</button></div>
<p class="field-error" role="alert"></p>
</div>`;
}

/** An item's own VAT category; empty takes the invoice's. */
const ITEM_CATEGORY_OPTIONS = TAX_CATEGORY_OPTIONS
  .map(([value, label]) => `<option value="${escapeHtml(value)}">${escapeHtml(value === '' ? 'the invoice\'s' : label)}</option>`).join('');

/** One line item; the script clones it per item and numbers its labels. */
const ITEM_TEMPLATE = `<template id="item-template">
<li class="item">
<fieldset>
<legend>Item <span data-item-number></span></legend>
<div class="item-grid">
<label class="field field-wide"><span>Description</span><input data-item-field="description" maxlength="1000" required aria-required="true"></label>
<label class="field"><span>Quantity</span><input data-item-field="quantity" type="number" step="any" inputmode="decimal" data-type="number"></label>
<label class="field"><span>Unit</span><input data-item-field="unit" maxlength="20" placeholder="hrs"></label>
<label class="field"><span>Unit price</span><input data-item-field="unit_price" type="number" min="0" step="any" inputmode="decimal" data-type="number"></label>
<label class="field"><span>Discount</span><input data-item-field="discount" type="number" min="0" step="any" inputmode="decimal" data-type="number"></label>
<label class="field"><span>Discount is</span><select data-item-field="discount_type"><option value="percent">a percent</option><option value="amount">an amount</option></select></label>
<label class="field"><span>Own tax</span><input data-item-field="tax" placeholder="global" maxlength="300"></label>
</div>
<details class="item-einvoice"><summary>E-invoice: VAT category, item id and a charge</summary><div class="item-grid">
<label class="field"><span>VAT category</span><select data-item-field="tax_category">${ITEM_CATEGORY_OPTIONS}</select></label>
<label class="field"><span>Why no VAT</span><input data-item-field="tax_exemption_reason" maxlength="1000" placeholder="invoice's reason"></label>
<label class="field"><span>Item id</span><input data-item-field="item_id" maxlength="100"></label>
<label class="field"><span>Charge on this line</span><input data-item-field="charge_amount" type="number" min="0" step="any" inputmode="decimal" data-type="number"></label>
<label class="field"><span>Charge reason</span><input data-item-field="charge_reason" maxlength="200" placeholder="Express shipping"></label>
</div></details>
<div class="item-actions">
<button type="button" class="button button-small button-secondary" data-move="-1">Move up</button>
<button type="button" class="button button-small button-secondary" data-move="1">Move down</button>
<button type="button" class="button button-small button-danger" data-remove-item>Remove</button>
</div>
</fieldset>
</li>
</template>`;

const TAX_HINT = 'A rate such as 20, or named components such as "CGST 9, SGST 9".';

const main = `<h1 class="visually-hidden">Invoice generator</h1>
<div class="generator">
<form id="invoice-form" class="invoice-form" novalidate aria-describedby="form-intro">
<p id="form-intro" class="intro">Fill in the invoice; the totals on the right follow as you type. Your work is kept in this browser.</p>
<p id="editor-status" class="visually-hidden" role="status" aria-live="polite"></p>
<section class="panel" aria-labelledby="h-from"><h2 id="h-from">From</h2><div class="grid">
${partyFields('from')}
${imagePicker('from.logo', 'Logo')}
</div></section>
<section class="panel" aria-labelledby="h-to"><h2 id="h-to">Bill to</h2><div class="grid">
${partyFields('to')}
</div>
<details><summary>Ship to a different address</summary><div class="grid">
${inputField({ name: 'ship_to.name', label: 'Name', maxLength: 200 })}
${inputField({ name: 'ship_to.country', label: 'Country code', maxLength: 2, placeholder: 'DE' })}
${textareaField({ name: 'ship_to.address', label: 'Delivery address', maxLength: 1000 })}
</div></details>
</section>
<section class="panel" aria-labelledby="h-invoice"><h2 id="h-invoice">Invoice</h2><div class="grid">
${inputField({ name: 'invoice.number', label: 'Number', maxLength: 64, hint: 'Left empty, the next number of your account is used.' })}
${inputField({ name: 'invoice.title', label: 'Title', maxLength: 100, hint: 'Left empty: the language\'s word for INVOICE.' })}
${inputField({ name: 'invoice.date', label: 'Issue date', type: 'date' })}
${inputField({ name: 'invoice.due_date', label: 'Due date', type: 'date' })}
${inputField({ name: 'invoice.po_number', label: 'Purchase order', maxLength: 100 })}
${selectField({ name: 'invoice.currency', label: 'Currency', options: CURRENCIES.map((c) => [c, c] as const), selected: 'USD' })}
${selectField({ name: 'invoice.language', label: 'Language of the invoice', options: LANGUAGES.map((l) => [l, LANGUAGE_NAMES[l]] as const), selected: 'en' })}
${textareaField({ name: 'invoice.terms', label: 'Payment terms', maxLength: 1000, rows: 2 })}
${checkboxField({ name: 'invoice.tax_inclusive', label: 'Unit prices include tax' })}
</div>
${CUSTOM_FIELDS_MARKUP}
</section>
<section class="panel" aria-labelledby="h-items"><h2 id="h-items">Items</h2>
<ol id="items" class="items"></ol>
<p><button type="button" class="button button-secondary" id="add-item">Add item</button> <span class="hint">At most 100 items.</span></p>
${ITEM_TEMPLATE}
</section>
<section class="panel" aria-labelledby="h-totals"><h2 id="h-totals">Tax, discount and totals</h2><div class="grid">
${inputField({ name: 'tax', label: 'Tax', maxLength: 300, hint: `${TAX_HINT} Applies to items without their own.` })}
${inputField({ name: 'global_discount', label: 'Discount on the subtotal', ...MONEY })}
${selectField({ name: 'global_discount_type', label: 'Discount is', options: [['percent', 'a percent'], ['amount', 'an amount']] })}
${inputField({ name: 'shipping', label: 'Shipping', ...MONEY, hint: 'Added after tax, not taxed, unless given a VAT rate below.' })}
${inputField({ name: 'shipping_label', label: 'Shipping label', maxLength: 100, placeholder: 'Shipping' })}
${inputField({ name: 'deposit', label: 'Deposit requested', ...MONEY, hint: 'Shown; does not change the totals.' })}
${inputField({ name: 'amount_paid', label: 'Already paid', ...MONEY })}
${selectField({ name: 'rounding', label: 'Round the total', options: ROUNDING_MODES.map((m) => [m, m === 'none' ? 'no rounding' : m] as const) })}
${inputField({ name: 'rounding_increment', label: 'Rounding step', ...MONEY, placeholder: '1', hint: 'For example 0.05.' })}
</div>
${ADJUSTMENTS_MARKUP}
</section>
<section class="panel" aria-labelledby="h-look"><h2 id="h-look">Look</h2><div class="grid">
${selectField({ name: 'template', label: 'Template', options: TEMPLATES.map((t) => [t, capitalised(t)] as const) })}
${selectField({ name: 'page_size', label: 'Page size', options: PAGE_SIZES.map((p) => [p, p === 'a4' ? 'A4' : 'Letter'] as const) })}
${checkboxField({ name: 'use_accent', label: 'Use my own accent colour' })}
${inputField({ name: 'accent_color', label: 'Accent colour', type: 'color', value: '#1a56db' })}
${imagePicker('signature', 'Signature')}
</div></section>
<section class="panel" aria-labelledby="h-payment"><h2 id="h-payment">Payment</h2>
<details><summary>Payment details and QR code</summary><div class="grid">
${inputField({ name: 'payment.pay_to', label: 'Pay to', maxLength: 200 })}
${inputField({ name: 'payment.bank_name', label: 'Bank', maxLength: 200 })}
${inputField({ name: 'payment.account_name', label: 'Account holder', maxLength: 200 })}
${inputField({ name: 'payment.account_number', label: 'Account number', maxLength: 64 })}
${inputField({ name: 'payment.routing_number', label: 'Routing or sort code', maxLength: 64 })}
${inputField({ name: 'payment.iban', label: 'IBAN', maxLength: 64 })}
${inputField({ name: 'payment.swift', label: 'SWIFT / BIC', maxLength: 32 })}
${inputField({ name: 'payment.method_note', label: 'Payment method note', maxLength: 500 })}
${selectField({ name: 'payment.status', label: 'Status', options: [['', 'from the amounts'], ['paid', 'paid'], ['partial', 'partly paid'], ['unpaid', 'unpaid']] })}
${textareaField({ name: 'payment.instructions', label: 'Payment instructions', maxLength: 2000, rows: 2 })}
${selectField({ name: 'payment.qr.type', label: 'Payment QR code', options: [['', 'none'], ...QR_TYPES.map((q) => [q, q.toUpperCase()] as const)] })}
${inputField({ name: 'payment.qr.value', label: 'QR payload', maxLength: 2000, hint: 'For SEPA it may be left empty: it is built from the IBAN.' })}
</div></details>
</section>
<section class="panel" aria-labelledby="h-notes"><h2 id="h-notes">Notes</h2>
<details><summary>Notes, refund policy and footer</summary><div class="grid">
${textareaField({ name: 'notes', label: 'Notes', maxLength: 5000 })}
${textareaField({ name: 'refund_policy', label: 'Refund policy', maxLength: 5000 })}
${textareaField({ name: 'footer', label: 'Footer', maxLength: 1000, rows: 2 })}
</div></details>
</section>
${EINVOICE_SECTION_MARKUP}
<section class="panel signed-in-only" aria-labelledby="h-features" hidden><h2 id="h-features">Extras</h2><div class="grid">
${checkboxField({ name: 'features.hosted_link', label: 'Hosted link (7 days)', checked: true })}
${checkboxField({ name: 'features.qr', label: 'QR code on the PDF', checked: true })}
</div></section>
<p><button type="button" class="button button-secondary" id="reset-form">Start a new invoice</button></p>
</form>
<aside class="preview-pane" aria-labelledby="h-preview">
<h2 id="h-preview">Preview</h2>
<p class="preview-status" id="preview-status" role="status" aria-live="polite"></p>
<p class="hint preview-pending" id="preview-pending" hidden></p>
<div class="preview-error" id="preview-error" role="alert" hidden></div>
<div class="actions signed-in-only" hidden>
<button type="button" class="button" id="download-pdf">Download PDF</button>
<button type="button" class="button button-secondary" id="download-ubl">Download UBL</button>
<button type="button" class="button button-secondary" id="download-cii">Download CII</button>
<button type="button" class="button button-secondary" id="copy-link">Copy hosted link</button>
<p class="action-status" id="action-status" role="status" aria-live="polite"></p>
</div>
<div class="actions">
<button type="button" class="button button-secondary" id="check-einvoice" aria-describedby="check-einvoice-hint">Check e-invoice</button>
<small class="hint" id="check-einvoice-hint">Asks the service whether this is a valid e-invoice under the profile chosen in "E-invoice". Uses no invoice number.</small>
</div>
<div class="einvoice-report" id="einvoice-report" role="status" aria-live="polite" hidden></div>
<div class="invite anonymous-only">
<p><strong>PDF, UBL, CII and hosted links need a free account.</strong> The totals are yours without one.</p>
<p><a class="button" href="/register">Create a free account</a> <a href="/login">Sign in</a></p>
</div>
<div class="invite unverified-only" hidden>
<p><strong>Confirm your e-mail address to download PDFs, UBL and CII files and to make hosted links.</strong> Open the link we sent you; until then the totals work as without an account.</p>
<p>No e-mail? <a href="/dashboard">Send the link again from your dashboard</a>.</p>
</div>
<article class="invoice-preview" id="invoice-preview" aria-label="Invoice preview"></article>
</aside>
</div>`;

/** The generator: the whole InvoiceRequest as a form, with a live preview. */
export const GENERATOR_PAGE: Omit<WebPageSpec, 'entry'> = { title: 'Invoice generator', page: 'generator', main, wide: true };
