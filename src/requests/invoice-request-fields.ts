import { deriveFieldRules, ownNames, type FieldRule, type ObjectRule, type SchemaNode } from './derive-field-rules.ts';
import { fieldSpellings } from './field-spellings.ts';
import { InvoiceRequestSchema } from '../domain/invoice/invoice-request-schema.ts';

/** What the request reader knows of the fields an entry takes (normalize-invoice-request.ts). */
export interface RequestFields {
  /** The top level: the request's fields, with an entry's own added and those it does not take left out. */
  readonly top: ObjectRule;
  /** The invoice metadata, whose fields may also be sent flat at the top level. */
  readonly meta: ObjectRule;
  /** The entry's own top-level fields that are not the request's (an MCP tool's idempotency_key). */
  readonly own: readonly string[];
}

/** The request's own rules, derived once from the schema. */
const REQUEST = deriveFieldRules(InvoiceRequestSchema as unknown as SchemaNode);
const META = REQUEST.fields.get('invoice')!.value.object!;
/** An entry's own field is passed as sent: the entry checks it against its own schema. */
const AS_SENT: FieldRule = { value: {}, required: false };

export interface RequestFieldOptions {
  /** Top-level fields of the entry's own, beside the request's (an MCP tool's arguments). */
  readonly add?: readonly string[];
  /** Request fields the entry does not take (compute_invoice's output): sending one is an unknown field. */
  readonly omit?: readonly string[];
}

/**
 * The fields an entry reads an InvoiceRequest with: the request schema's (POST /api/generate-invoice,
 * batch items, CLI files), or, for an MCP tool, those with the tool's own added and some left out.
 * Built once per entry, when it is set up; misspellings at the top level are compared with the
 * flat metadata names too, which suggest their nested path (`curency` → `invoice.currency`).
 */
export function invoiceRequestFields(options: RequestFieldOptions = {}): RequestFields {
  const omit = new Set(options.omit ?? []);
  const own = (options.add ?? []).filter((name) => !REQUEST.fields.has(name));
  const fields = new Map<string, FieldRule>();
  for (const [name, rule] of REQUEST.fields) if (!omit.has(name)) fields.set(name, rule);
  // An added name the request has too (a tool's own `output`) keeps the request's rule.
  for (const name of options.add ?? []) fields.set(name, REQUEST.fields.get(name) ?? AS_SENT);
  const flatNames = [...META.fields.keys()].map((name) => [name, `invoice.${name}`] as const);
  return {
    top: { fields, spellings: fieldSpellings([...ownNames(fields), ...flatNames]), hasRequired: true },
    meta: META,
    own,
  };
}
