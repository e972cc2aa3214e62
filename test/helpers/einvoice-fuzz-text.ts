import fc from 'fast-check';
import { REQUEST_PROPERTY_NAMES, REQUEST_STRING_FIELDS, type StringField } from './request-schema-fields.ts';

type Json = Record<string, any>;

/**
 * What the fuzzer does to one string field of a request: leave it out, send it empty, blank
 * (spaces, a tab, a no-break space), at its schema's maximum length (words, or one unbroken
 * word), padded with white space, or set to a realistic value. Which field and which occurrence
 * (`slot`: the item, the allowance) are drawn, so every field of the schema is reached, each
 * edit independently of the others.
 */
export const TEXT_MODES = ['realistic', 'absent', 'empty', 'blank', 'max', 'padded'] as const;
export type TextMode = (typeof TEXT_MODES)[number];

export interface TextEdit {
  readonly field: number;
  readonly slot: number;
  readonly mode: TextMode;
  readonly variant: number;
}

export const textEditArb: fc.Arbitrary<TextEdit> = fc.record({
  field: fc.nat(REQUEST_STRING_FIELDS.length - 1),
  slot: fc.nat(11),
  mode: fc.constantFrom(...TEXT_MODES),
  variant: fc.nat(9),
});

const BLANKS = [' ', '   ', '\t', '\u00a0', ' \t\u00a0\n '] as const;

/** Text no rule reads: an invoice stays valid without it or with it blank (D47 drops it). */
const OPTIONAL_EVERYWHERE = new Set([
  'notes', 'refund_policy', 'footer', 'shipping_label', 'invoice.title', 'invoice.project_reference', 'invoice.contract_reference',
  'from.website', 'to.website', 'to.phone', 'from.address.region', 'to.address.region', 'ship_to.address.region',
  'items[].item_id', 'items[].note', 'items[].unit', 'items[].taxes[].name', 'global_taxes[].name', 'shipping_taxes[].name',
  'payment.instructions', 'payment.method_note', 'payment.bank_name', 'payment.pay_to', 'payment.account_name', 'custom_fields[].value',
]);

/** Prose: any length up to the schema's bound is legal, and surrounding white space is trimmed. */
const PROSE = new Set([
  ...OPTIONAL_EVERYWHERE,
  'from.name', 'to.name', 'ship_to.name', 'items[].description', 'invoice.terms', 'invoice.po_number', 'invoice.buyer_reference',
  'from.contact.name', 'to.contact.name', 'from.address.lines[]', 'to.address.lines[]', 'from.address.city', 'to.address.city',
  'allowances[].reason', 'charges[].reason', 'items[].charges[].reason', 'items[].tax_exemption_reason', 'tax_exemption_reason',
  'billing_reference.number', 'custom_fields[].label',
]);

/** Realistic values, by path; a field not listed keeps the value its base gave it. */
const REALISTIC: Readonly<Record<string, readonly string[]>> = {
  name: ['Nordwind Handel GmbH', 'Café « Le Zèbre » & Co.', 'Ωμέγα Εμπορική Α.Ε.'],
  description: ['Wartungsvertrag Q4', 'Beratung <Vor-Ort> & "Remote"', 'Ersatzteil Nr. 4711, 2 × geprüft'],
  email: ['buchhaltung@nordwind.example', 'ap+invoices@globex.example'],
  phone: ['+49 40 1234567', '0049 (0)30 / 12 34-56'],
  website: ['https://nordwind.example', 'www.globex.example/billing'],
  title: ['Rechnung', 'Facture'],
  terms: ['Zahlbar innerhalb von 14 Tagen ohne Abzug.', 'Net 30.\nLate payment: 1 % per month.'],
  notes: ['Vielen Dank für Ihren Auftrag.', 'Thank you!\nSecond line & <more>.'],
  refund_policy: ['Rückgabe innerhalb von 14 Tagen.'],
  footer: ['Geschäftsführer: Erika Mustermann · Amtsgericht Berlin HRB 12345'],
  shipping_label: ['Versand', 'Fracht & Verpackung'],
  po_number: ['PO-2026-118', 'Bestellung 7/26'],
  buyer_reference: ['LW-991-33', 'Einkauf Nord'],
  contract_reference: ['V-2026-17'],
  project_reference: ['PRJ-9'],
  item_id: ['ART-4711', 'SKU 00-12'],
  note: ['Lieferung frei Haus', 'Seriennummer 12345'],
  unit: ['Stück', 'hrs', 'kg'],
  instructions: ['Bitte Rechnungsnummer angeben.'],
  method_note: ['Überweisung'],
  bank_name: ['Commerzbank'],
  account_name: ['Nordwind Handel GmbH'],
  pay_to: ['Nordwind Handel GmbH'],
  reason: ['Verpackung', 'Treuerabatt'],
  tax_exemption_reason: ['Steuerfrei nach § 4 Nr. 14 UStG'],
  city: ['Hamburg', 'Düsseldorf'],
  region: ['Hamburg', 'Bayern'],
  'lines[]': ['Hafenstraße 9', 'Tor 3, 2. OG'],
  'custom_fields[].label': ['Kostenstelle', 'Auftrag'],
  'custom_fields[].value': ['4711', 'Nord/Ost'],
  'billing_reference.number': ['RE-2025-0999'],
  'items[].taxes[].name': ['MwSt.', 'GST'],
  'global_taxes[].name': ['VAT'],
  'shipping_taxes[].name': ['VAT'],
};
/** "from.address.lines[]" → "lines[]", "items[].note" → "note". */
const lastSegment = (path: string): string => path.slice(path.lastIndexOf('.') + 1);
const realisticChoices = (path: string): readonly string[] | undefined => REALISTIC[path] ?? REALISTIC[lastSegment(path)];

/** Fields whose realistic value may be added where the base had none without breaking a rule. */
const SAFE_TO_ADD = new Set([...OPTIONAL_EVERYWHERE, 'invoice.po_number', 'invoice.buyer_reference', 'from.phone', 'from.email', 'to.email']);

/** A text of exactly `length` characters: words, or (odd variant) one unbroken word. */
function maxText(length: number, variant: number): string {
  const unit = variant % 2 === 1 ? 'Donaudampfschifffahrtsgesellschaftskapitän' : 'Lorem ipsum dolor sit amet, Straße № 7 ';
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length - 1).concat('x');
}

/** Where an abstract path occurs in a request: each parent that holds (or may hold) the last key. */
function occurrences(request: Json, path: string): Array<{ parent: any; key: string | number }> {
  const segments = path.replace(/\[\]/g, '.[]').split('.');
  let parents: any[] = [request];
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (segment === '[]') {
      const lists = parents.filter(Array.isArray);
      if (last) return lists.flatMap((list: unknown[]) => list.map((_, k) => ({ parent: list, key: k })));
      parents = lists.flat();
    } else {
      const objects = parents.filter((p) => typeof p === 'object' && p !== null && !Array.isArray(p));
      if (last) return objects.map((parent) => ({ parent, key: segment }));
      parents = objects.map((o) => o[segment]).filter((v) => v !== undefined);
    }
  }
  return [];
}

/** Whether an edit of a field the base sent (or left out: `added`) keeps a complete, legal request so (given the trimming). */
function isLegalTextEdit(field: StringField, mode: TextMode, added: boolean): boolean {
  if (added && !SAFE_TO_ADD.has(field.path)) return mode === 'absent';
  if (mode === 'realistic') return SAFE_TO_ADD.has(field.path) || PROSE.has(field.path) || realisticChoices(field.path) === undefined;
  if (mode === 'max' || mode === 'padded') return PROSE.has(field.path) && !field.constrained;
  return OPTIONAL_EVERYWHERE.has(field.path);
}

/**
 * Applies one edit in place; returns what it did ("items[1].note: blank") and whether that may
 * have made a complete request incomplete or wrong, or undefined when the field does not occur
 * in this request (or `legalOnly` and the edit could break it).
 */
export function applyTextEdit(request: Json, edit: TextEdit, legalOnly: boolean): { label: string; legal: boolean } | undefined {
  const field = REQUEST_STRING_FIELDS[edit.field % REQUEST_STRING_FIELDS.length]!;
  const found = occurrences(request, field.path);
  if (found.length === 0) return undefined;
  const { parent, key } = found[edit.slot % found.length]!;
  const current = parent[key];
  // A string field of a union (an address) is only replaced where the base sent a string or nothing.
  if (current !== undefined && typeof current !== 'string' && edit.mode !== 'absent') return undefined;
  const legal = isLegalTextEdit(field, edit.mode, current === undefined);
  if (legalOnly && !legal) return undefined;
  const choices = realisticChoices(field.path);
  const realistic = choices?.[edit.variant % choices.length];
  let value: string | undefined;
  switch (edit.mode) {
    case 'absent':
      if (current === undefined) return undefined;
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      return { label: `${field.path}: absent`, legal };
    case 'empty': value = ''; break;
    case 'blank': value = BLANKS[edit.variant % BLANKS.length]; break;
    case 'max':
      if (field.maxLength === undefined || field.constrained) return undefined;
      value = maxText(field.maxLength, edit.variant);
      break;
    case 'padded':
      if (typeof current !== 'string') return undefined;
      value = ` \t${current}\u00a0 `;
      break;
    case 'realistic':
      if (realistic === undefined) return undefined;
      value = realistic;
      break;
  }
  parent[key] = value;
  return { label: `${field.path}: ${edit.mode}`, legal };
}

/** A misspelt key: a letter dropped, doubled, swapped with the next, or replaced. */
export interface Typo {
  readonly slot: number;
  readonly op: number;
  readonly at: number;
  readonly letter: number;
}
export const typoArb: fc.Arbitrary<Typo> = fc.record({ slot: fc.nat(), op: fc.nat(3), at: fc.nat(), letter: fc.nat(25) });

function misspell(key: string, typo: Typo): string {
  const at = typo.at % key.length;
  const letter = String.fromCharCode(97 + typo.letter);
  switch (typo.op) {
    case 0: return key.length > 2 ? key.slice(0, at) + key.slice(at + 1) : `${key}${letter}`;
    case 1: return key.slice(0, at + 1) + key[at] + key.slice(at + 1);
    case 2: return at < key.length - 1 ? key.slice(0, at) + key[at + 1] + key[at] + key.slice(at + 2) : `${key}${letter}`;
    default: return key.slice(0, at) + letter + key.slice(at + 1);
  }
}

/**
 * Renames one key of the request (never inside metadata, whose keys are the caller's) to a
 * misspelling that is no field name anywhere in the schema; returns its path, as D46 must name it.
 */
export function applyTypo(request: Json, typo: Typo): string | undefined {
  const keys: Array<{ parent: Json; key: string; path: string }> = [];
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, v] of Object.entries(value)) {
        const at = path === '' ? key : `${path}.${key}`;
        if (at === 'output' || at === 'profile') continue;
        keys.push({ parent: value as Json, key, path: at });
        if (key !== 'metadata') walk(v, at);
      }
    }
  };
  walk(request, '');
  if (keys.length === 0) return undefined;
  const { parent, key, path } = keys[typo.slot % keys.length]!;
  const wrong = misspell(key, typo);
  if (wrong === key || REQUEST_PROPERTY_NAMES.has(wrong) || wrong in parent) return undefined;
  // Keep the key's place, so the request reads as the caller wrote it.
  const entries = Object.entries(parent);
  for (const [k] of entries) delete parent[k];
  for (const [k, v] of entries) parent[k === key ? wrong : k] = v;
  return `${path.slice(0, path.length - key.length)}${wrong}`;
}
