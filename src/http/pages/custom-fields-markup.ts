import { MAX_CUSTOM_FIELD_LABEL_CHARS, MAX_CUSTOM_FIELD_VALUE_CHARS, MAX_CUSTOM_FIELDS } from '../../domain/invoice/invoice-request-schema.ts';

/** One custom field; the script clones it per row, numbers its legend and names its inputs by their request path. */
const CUSTOM_FIELD_TEMPLATE = `<template id="custom-field-template">
<li class="item">
<fieldset>
<legend data-custom-field-title></legend>
<div class="item-grid custom-field-grid">
<label class="field"><span>Label</span><input data-custom-field="label" maxlength="${MAX_CUSTOM_FIELD_LABEL_CHARS}" placeholder="Cost centre"></label>
<label class="field"><span>Value</span><input data-custom-field="value" maxlength="${MAX_CUSTOM_FIELD_VALUE_CHARS}" placeholder="CC-4711"></label>
</div>
<div class="item-actions">
<button type="button" class="button button-small button-danger" data-remove-custom-field>Remove</button>
</div>
</fieldset>
</li>
</template>`;

/**
 * The request's `custom_fields`, in the Invoice panel: labelled values of the user's own (a cost
 * centre, a project code) that the PDF prints with the invoice details, in this order. They are
 * not part of a UBL or CII e-invoice, which the hint says.
 */
export const CUSTOM_FIELDS_MARKUP = `<h3 class="subheading" id="h-custom-fields">Custom fields</h3>
<p class="hint" id="custom-fields-hint">Your own labelled values, such as a cost centre or a project code, printed with the invoice details in this order (not part of a UBL or CII e-invoice). At most ${MAX_CUSTOM_FIELDS}.</p>
<ol id="custom-fields" class="items" aria-labelledby="h-custom-fields" aria-describedby="custom-fields-hint"></ol>
<p><button type="button" class="button button-secondary" id="add-custom-field">Add custom field</button></p>
${CUSTOM_FIELD_TEMPLATE}`;
