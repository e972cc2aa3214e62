import { TAX_CATEGORY_OPTIONS } from './einvoice-section-markup.ts';
import { inputField, selectField } from './form-fields.ts';
import { escapeHtml } from './render-web-page.ts';

/** An allowance's, charge's or shipping's VAT category; empty leaves it to the API. */
const categoryOptions = (empty: string): string => TAX_CATEGORY_OPTIONS
  .map(([value, label]) => `<option value="${escapeHtml(value)}">${escapeHtml(value === '' ? empty : label)}</option>`).join('');

/**
 * One allowance or charge; the script clones it per row, numbers its legend per kind as the API
 * numbers them ("Allowance 2" is allowances[1]) and names its inputs by their request path.
 */
const ADJUSTMENT_TEMPLATE = `<template id="adjustment-template">
<li class="item">
<fieldset>
<legend data-adjustment-title></legend>
<div class="item-grid">
<label class="field"><span>Kind</span><select data-adjustment-field="kind"><option value="allowance">Allowance</option><option value="charge">Charge</option></select></label>
<label class="field"><span>Amount or percent</span><input data-adjustment-field="value" type="number" min="0" step="any" inputmode="decimal" data-type="number"></label>
<label class="field"><span>Amount is</span><select data-adjustment-field="value_type"><option value="amount">an amount</option><option value="percent">a percent of its lines</option></select></label>
<label class="field field-wide"><span>Reason</span><input data-adjustment-field="reason" maxlength="200" placeholder="Loyalty rebate, Packaging …"></label>
<label class="field"><span>Reason code</span><input data-adjustment-field="reason_code" maxlength="3" placeholder="95, FC, ABL"></label>
<label class="field"><span>VAT category</span><select data-adjustment-field="tax_category">${categoryOptions('the lines\'')}</select></label>
<label class="field"><span>VAT rate</span><input data-adjustment-field="tax_rate" type="number" min="0" step="any" inputmode="decimal" data-type="number" placeholder="the lines'"></label>
</div>
<div class="item-actions">
<button type="button" class="button button-small button-danger" data-remove-adjustment>Remove</button>
</div>
</fieldset>
</li>
</template>`;

/**
 * Folded until wanted in the totals panel, where a user looks for shipping and discounts: the
 * shipping's VAT (without it shipping stays an untaxed charge after tax, D7), and the
 * document-level allowances and charges (D37), each in one VAT category and rate. They change the
 * totals, the PDF and the e-invoice alike, so they are not in the E-invoice section.
 */
export const ADJUSTMENTS_MARKUP = `<details id="adjustments-details"><summary>Shipping VAT, allowances and charges</summary>
<div class="grid">
${inputField({ name: 'shipping_tax', label: 'Shipping VAT rate', maxLength: 300, hint: 'Taxes the shipping, such as 19 (or "VAT 19"); its tax joins the tax lines. Left empty, shipping is added after tax, untaxed.' })}
${selectField({ name: 'shipping_tax_category', label: 'Shipping VAT category', options: TAX_CATEGORY_OPTIONS.map(([value, label]) => [value, value === '' ? 'from the rate' : label] as const) })}
</div>
<h3 class="subheading" id="h-adjustments">Allowances and charges</h3>
<p class="hint" id="adjustments-hint">Amounts off (allowances) or added (charges) on the whole invoice, each in one VAT category and rate: left empty, the lines' own when they all share one. A percent is of the lines in that category and rate. Each needs a reason or a reason code.</p>
<ol id="adjustments" class="items" aria-labelledby="h-adjustments" aria-describedby="adjustments-hint"></ol>
<p><button type="button" class="button button-secondary" id="add-allowance">Add allowance</button> <button type="button" class="button button-secondary" id="add-charge">Add charge</button> <span class="hint">At most 20 of each.</span></p>
${ADJUSTMENT_TEMPLATE}
</details>`;
