import type { ObjectRule, ValueRule } from './derive-field-rules.ts';
import { invoiceRequestFields, type RequestFields } from './invoice-request-fields.ts';
import { suggestFieldName } from './suggest-field-name.ts';
import { unknownFieldsError, type UnknownField } from './unknown-fields-error.ts';

/**
 * Reads an InvoiceRequest as every entry takes it (POST /api/generate-invoice, batch items, MCP
 * tool arguments, CLI files, the web app's live totals), in one walk along the schema's field
 * rules (derive-field-rules.ts), before the schema validates it:
 * - Aliases (D13): camelCase keys become snake_case at every level; when both spellings are sent
 *   the snake_case one wins and the other is dropped unread. Invoice-metadata fields sent flat at
 *   the top level move into `invoice`, where a nested value wins. A top-level `invoice_number` /
 *   `invoiceNumber` is dropped (a number is generated, spec).
 * - Blank text (D47): every string is trimmed of surrounding white space, except inside
 *   `metadata` (the caller's opaque data); an optional text field left empty is removed, as if it
 *   had not been sent, and so are empty elements of a list of texts. A group that held only such
 *   texts (an address, a contact, a period: an optional object without required fields, or an
 *   optional list of texts) and is left empty by this is removed too, as an empty form section
 *   means nothing was sent. A required text left empty stays, for the schema to refuse naming
 *   it, and so does a blank code or decimal string.
 * - Unknown fields (D46): a key the schema does not have at its place is refused, all of them at
 *   once with a suggestion each (unknown-fields-error.ts); what is under an unknown key is not read.
 * Wrong types are left for the validator to report. The body is changed in place (the parsed body
 * is the reader's own, and a copy would cost on every request); objects without anything to
 * change are only read.
 */

/** A field read as absent: an optional text that was empty once trimmed. */
const ABSENT = Symbol('absent');
/** The most unknown fields named and suggested for one request; the rest are counted. */
const MAX_NAMED_UNKNOWN_FIELDS = 50;
const IGNORED_TOP_LEVEL = 'invoice_number';

const INVOICE_REQUEST = invoiceRequestFields();

type Json = Record<string, unknown>;
type Segment = string | number;

/** Where the walk is, as canonical names and as sent, and what it found. */
interface Reading {
  readonly canonical: Segment[];
  readonly sent: Segment[];
  unknown: UnknownField[] | undefined;
  more: number;
  /** Blank texts removed so far: a group that lost some and holds nothing more is removed too. */
  removed: number;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasUpperCase(key: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * Returns the body in canonical form, or throws the validation AppError naming every unknown
 * field; anything that is not an object is returned unchanged. `fields` are an MCP tool's
 * (invoiceRequestFields), else the request's.
 */
export function normalizeInvoiceRequest(body: unknown, fields: RequestFields = INVOICE_REQUEST): unknown {
  if (!isObject(body)) return body;
  const reading: Reading = { canonical: [], sent: [], unknown: undefined, more: 0, removed: 0 };
  const flat = readObject(body, fields.top, reading, fields.meta);
  if (flat !== undefined) moveFlatMetadata(body, flat, fields.meta, reading);
  if (reading.unknown !== undefined) throw unknownFieldsError(reading.unknown, reading.more);
  return body;
}

/**
 * Reads the fields of `source` in place. At the top level (`flat` given) a flat metadata field or
 * the ignored invoice number is not unknown: the keys of the first are returned for moving.
 */
function readObject(source: Json, rule: ObjectRule, reading: Reading, flat?: ObjectRule): string[] | undefined {
  const keys = Object.keys(source);
  let flatKeys: string[] | undefined;
  for (const key of keys) {
    let name = key;
    let field = rule.fields.get(key);
    if (field === undefined && hasUpperCase(key)) {
      name = snakeCase(key);
      field = rule.fields.get(name);
    }
    if (field === undefined) {
      if (flat !== undefined && flat.fields.has(name)) (flatKeys ??= []).push(key);
      else if (flat !== undefined && name === IGNORED_TOP_LEVEL) delete source[key];
      else noteUnknown(reading, key, rule);
      continue;
    }
    const value = source[key];
    if (name !== key) {
      delete source[key];
      // The canonical spelling wins; the alias is dropped unread.
      if (keys.includes(name)) continue;
    }
    const read = readValue(value, field.value, !field.required, name, key, reading);
    if (read === ABSENT) {
      delete source[name];
      reading.removed += 1;
    } else if (read !== value || name !== key) {
      source[name] = read;
    }
  }
  return flatKeys;
}

function readValue(value: unknown, rule: ValueRule, optional: boolean, name: Segment, sent: Segment, reading: Reading): unknown {
  if (typeof value === 'string') {
    if (rule.string === undefined) return value;
    // trim() returns the same string when there is nothing to remove: no copy in the common case.
    const trimmed = value.trim();
    if (trimmed === '') return optional && rule.string === 'text' ? ABSENT : trimmed;
    // A required text of only invisible characters (controls, zero-width marks) would print as
    // nothing and is dropped from XML: it is as blank as white space. An optional one is left to
    // its own checks rather than read as absent (an invoice number of a bell is not "no number").
    return !optional && rule.string === 'text' && isInvisible(trimmed) ? '' : trimmed;
  }
  if (typeof value !== 'object' || value === null) return value;
  const removedBefore = reading.removed;
  if (Array.isArray(value)) {
    if (rule.array === undefined) return value;
    reading.canonical.push(name);
    reading.sent.push(sent);
    readArray(value, rule.array, reading);
  } else {
    if (rule.object === undefined) return value;
    reading.canonical.push(name);
    reading.sent.push(sent);
    readObject(value as Json, rule.object, reading);
    if (rule.object.hasRequired) optional = false;
  }
  reading.canonical.pop();
  reading.sent.pop();
  return optional && reading.removed > removedBefore && isEmpty(value) ? ABSENT : value;
}

function isEmpty(value: object): boolean {
  if (Array.isArray(value)) return value.length === 0;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** Reads the elements in place; a blank text element is dropped, anything else is kept for the validator. */
function readArray(list: unknown[], element: ValueRule, reading: Reading): void {
  let kept = 0;
  for (let i = 0; i < list.length; i++) {
    const value = list[i];
    const read = readValue(value, element, typeof value === 'string', i, i, reading);
    if (read === ABSENT) {
      reading.removed += 1;
      continue;
    }
    if (kept !== i || read !== value) list[kept] = read;
    kept += 1;
  }
  list.length = kept;
}

/**
 * The flat metadata: each field sent at the top level moves into `invoice`, unless `invoice`
 * has it (the nested value wins) or is not an object (the validator then names `invoice`).
 */
function moveFlatMetadata(top: Json, flatKeys: readonly string[], meta: ObjectRule, reading: Reading): void {
  const nested = top.invoice;
  const target: Json = isObject(nested) ? nested : {};
  for (const key of flatKeys) {
    const value = top[key];
    delete top[key];
    if (nested !== undefined && !isObject(nested)) continue;
    const name = meta.fields.has(key) ? key : snakeCase(key);
    if (Object.hasOwn(target, name) || (name !== key && flatKeys.includes(name))) continue;
    const field = meta.fields.get(name)!;
    reading.canonical.push('invoice');
    const read = readValue(value, field.value, !field.required, name, key, reading);
    reading.canonical.pop();
    if (read === ABSENT) reading.removed += 1;
    else target[name] = read;
  }
  if (nested === undefined && Object.keys(target).length > 0) top.invoice = target;
}

function noteUnknown(reading: Reading, key: string, rule: ObjectRule): void {
  const found = (reading.unknown ??= []);
  if (found.length >= MAX_NAMED_UNKNOWN_FIELDS) {
    reading.more += 1;
    return;
  }
  const field = pathOf(reading.canonical, key);
  const sent = pathOf(reading.sent, key);
  const suggestion = suggestFieldName(key, rule.spellings);
  found.push({
    field,
    ...(sent === field ? {} : { sent }),
    ...(suggestion === undefined ? {} : { did_you_mean: `${pathOf(reading.canonical)}${reading.canonical.length === 0 ? '' : '.'}${suggestion}` }),
  });
}

/** Longer keys are cut in messages: they may be anything the caller typed. */
const MAX_QUOTED_KEY_CHARS = 40;

/** `items[2].unit_price`; a key that is not a plain name is quoted: `from["va t"]`. */
function pathOf(segments: readonly Segment[], last?: string): string {
  let out = '';
  const all = last === undefined ? segments : [...segments, last];
  for (const segment of all) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment) && segment.length <= MAX_QUOTED_KEY_CHARS) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment.length > MAX_QUOTED_KEY_CHARS ? `${segment.slice(0, MAX_QUOTED_KEY_CHARS)}…` : segment)}]`;
  }
  return out;
}

/** Characters that show nothing: C0 and C1 controls, soft hyphen, zero-width and direction marks, BOM. */
const INVISIBLE = /^[\p{Cc}\p{Cf}\s]*$/u;

/** Whether `text` shows nothing; tested only when its first character already shows nothing (rare). */
function isInvisible(text: string): boolean {
  const first = text.charCodeAt(0);
  const maybe = first < 0x20 || (first >= 0x7f && first <= 0x9f) || first === 0xad || (first >= 0x200b && first <= 0x206f) || first === 0xfeff;
  return maybe && INVISIBLE.test(text);
}
