import { escapeHtml } from './render-web-page.ts';

/**
 * Labelled form controls for the server-rendered pages. Every control has a visible <label> tied
 * to it by id and, when there is a hint, aria-describedby (WCAG 2.1 AA 1.3.1, 3.3.2). `name` is the
 * InvoiceRequest path the generator's script writes the value to (for example `from.tax_id`).
 */
export interface FieldSpec {
  readonly name: string;
  readonly label: string;
  readonly type?: 'text' | 'email' | 'password' | 'number' | 'date' | 'url' | 'tel' | 'color';
  readonly hint?: string;
  readonly autocomplete?: string;
  readonly required?: boolean;
  readonly placeholder?: string;
  readonly maxLength?: number;
  /** Number inputs: the smallest step, and inputmode="decimal" for phone keyboards. */
  readonly step?: string;
  readonly value?: string;
}

const idOf = (name: string): string => `f-${name.replace(/[^A-Za-z0-9]+/g, '-')}`;

function hintOf(spec: { name: string; hint?: string }): { id?: string; attr: string; html: string } {
  if (spec.hint === undefined) return { attr: '', html: '' };
  const id = `${idOf(spec.name)}-hint`;
  return { id, attr: ` aria-describedby="${id}"`, html: `<small class="hint" id="${id}">${escapeHtml(spec.hint)}</small>` };
}

function attrs(spec: FieldSpec): string {
  const parts: string[] = [];
  if (spec.autocomplete !== undefined) parts.push(`autocomplete="${escapeHtml(spec.autocomplete)}"`);
  if (spec.required === true) parts.push('required aria-required="true"');
  if (spec.placeholder !== undefined) parts.push(`placeholder="${escapeHtml(spec.placeholder)}"`);
  if (spec.maxLength !== undefined) parts.push(`maxlength="${spec.maxLength}"`);
  if (spec.type === 'number') parts.push(`min="0" step="${spec.step ?? 'any'}" inputmode="decimal" data-type="number"`);
  if (spec.value !== undefined) parts.push(`value="${escapeHtml(spec.value)}"`);
  return parts.length === 0 ? '' : ` ${parts.join(' ')}`;
}

export function inputField(spec: FieldSpec): string {
  const id = idOf(spec.name);
  const hint = hintOf(spec);
  return `<div class="field"><label for="${id}">${escapeHtml(spec.label)}</label>${hint.html}<input id="${id}" name="${escapeHtml(spec.name)}" type="${spec.type ?? 'text'}"${attrs(spec)}${hint.attr}></div>`;
}

export function textareaField(spec: FieldSpec & { rows?: number }): string {
  const id = idOf(spec.name);
  const hint = hintOf(spec);
  return `<div class="field field-wide"><label for="${id}">${escapeHtml(spec.label)}</label>${hint.html}<textarea id="${id}" name="${escapeHtml(spec.name)}" rows="${spec.rows ?? 3}"${attrs(spec)}${hint.attr}></textarea></div>`;
}

export function selectField(spec: { name: string; label: string; hint?: string; options: ReadonlyArray<readonly [value: string, label: string]>; selected?: string }): string {
  const id = idOf(spec.name);
  const hint = hintOf(spec);
  const options = spec.options
    .map(([value, label]) => `<option value="${escapeHtml(value)}"${value === spec.selected ? ' selected' : ''}>${escapeHtml(label)}</option>`)
    .join('');
  return `<div class="field"><label for="${id}">${escapeHtml(spec.label)}</label>${hint.html}<select id="${id}" name="${escapeHtml(spec.name)}"${hint.attr}>${options}</select></div>`;
}

/**
 * A checkbox with its label; `wide` gives it a row of its own in a grid. `note` is a second hint,
 * rendered hidden for the page's script to show (why the box is disabled), and tied to the box
 * like the first, so a screen reader says why too.
 */
export function checkboxField(spec: { name: string; label: string; hint?: string; checked?: boolean; wide?: boolean; note?: { id: string; text: string } }): string {
  const id = idOf(spec.name);
  const hint = hintOf(spec);
  const describedBy = [hint.id, spec.note?.id].filter((ref) => ref !== undefined);
  const attr = describedBy.length === 0 ? '' : ` aria-describedby="${describedBy.join(' ')}"`;
  const note = spec.note === undefined ? '' : `<small class="hint field-note" id="${escapeHtml(spec.note.id)}" hidden>${escapeHtml(spec.note.text)}</small>`;
  return `<div class="field field-check${spec.wide === true ? ' field-wide' : ''}"><input id="${id}" name="${escapeHtml(spec.name)}" type="checkbox" data-type="boolean"${spec.checked === true ? ' checked' : ''}${attr}><label for="${id}">${escapeHtml(spec.label)}</label>${hint.html}${note}</div>`;
}
