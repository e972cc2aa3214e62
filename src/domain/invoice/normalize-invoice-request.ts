/**
 * D13: folds the accepted spellings of an InvoiceRequest into the canonical snake_case, nested
 * shape before validation, so one schema validates every form.
 * - camelCase keys become snake_case at every known level; when both spellings are sent the
 *   snake_case one wins (it is the canonical name).
 * - Invoice-metadata fields sent flat at the top level move into `invoice`; a nested value wins.
 * - A top-level invoice_number / invoiceNumber is dropped (a number is generated, spec).
 * - Unknown keys are left alone: the validator ignores them and nothing reads them.
 * Values are never changed here; wrong types are left for the validator to report.
 * Keys such as __proto__ never reach this point (parse-json-body.ts rejects them).
 */

const META_FIELDS = new Set([
  'number', 'date', 'due_date', 'po_number', 'terms', 'currency', 'language', 'title', 'tax_inclusive',
  'buyer_reference', 'delivery_date', 'period', 'contract_reference', 'project_reference',
]);
const IGNORED_TOP_LEVEL = new Set(['invoice_number']);

type Json = Record<string, unknown>;

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
 * The object with camelCase keys renamed; the canonical spelling wins a clash. An object with no
 * camelCase key (the common case) is returned as it is, without a copy.
 */
function canonicalKeys(source: Json): Json {
  let camel: string[] | undefined;
  for (const key of Object.keys(source)) if (hasUpperCase(key)) (camel ??= []).push(key);
  if (camel === undefined) return source;
  const out: Json = {};
  for (const key of Object.keys(source)) if (!hasUpperCase(key)) out[key] = source[key];
  for (const key of camel) {
    const snake = snakeCase(key);
    if (!Object.hasOwn(out, snake)) out[snake] = source[key];
  }
  return out;
}

function mapObject(value: unknown, fn: (o: Json) => Json): unknown {
  return isObject(value) ? fn(canonicalKeys(value)) : value;
}

/** Maps the objects of an array in place: the parsed body is ours, and a copy costs per request. */
function mapArray(value: unknown, fn: (o: Json) => Json): unknown {
  if (!Array.isArray(value)) return value;
  for (let i = 0; i < value.length; i++) value[i] = mapObject(value[i], fn);
  return value;
}

const same = (o: Json): Json => o;

/** The named fields of `o` that are objects of their own get their keys folded too. */
function nested(o: Json, keys: readonly string[]): Json {
  for (const key of keys) if (key in o) o[key] = mapObject(o[key], same);
  return o;
}

function normalizeItem(item: Json): Json {
  if ('taxes' in item) item.taxes = mapArray(item.taxes, same);
  return nested(item, ['period']);
}

function normalizePayment(payment: Json): Json {
  return nested(payment, ['qr', 'card']);
}

/** D34: an address may be an object (postalCode → postal_code), and so are the party's ids. */
function normalizeParty(party: Json): Json {
  return nested(party, ['address', 'electronic_address', 'contact', 'identifier']);
}

function normalizeMeta(meta: Json): Json {
  return nested(meta, ['period']);
}

/** Returns the body in canonical form; anything that is not an object is returned unchanged. */
export function normalizeInvoiceRequest(body: unknown): unknown {
  if (!isObject(body)) return body;
  const top = canonicalKeys(body);
  let flatMeta: Json | undefined;
  for (const key of Object.keys(top)) {
    if (META_FIELDS.has(key)) {
      (flatMeta ??= {})[key] = top[key];
      delete top[key];
    } else if (IGNORED_TOP_LEVEL.has(key)) {
      delete top[key];
    }
  }
  if (top.invoice === undefined) {
    if (flatMeta !== undefined) top.invoice = normalizeMeta(flatMeta);
  } else if (isObject(top.invoice)) {
    const meta = canonicalKeys(top.invoice);
    top.invoice = normalizeMeta(flatMeta === undefined ? meta : { ...flatMeta, ...meta });
  }

  for (const key of ['from', 'to', 'ship_to'] as const) {
    if (key in top) top[key] = mapObject(top[key], normalizeParty);
  }
  nested(top, ['features', 'billing_reference']);
  if ('payment' in top) top.payment = mapObject(top.payment, normalizePayment);
  if ('items' in top) top.items = mapArray(top.items, normalizeItem);
  if ('global_taxes' in top) top.global_taxes = mapArray(top.global_taxes, same);
  return top;
}
