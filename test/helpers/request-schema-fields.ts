import { InvoiceRequestSchema } from '../../src/domain/invoice/invoice-request-schema.ts';

/**
 * The fields of the invoice request, read from its one schema rather than listed by hand, so a
 * field added to the schema is fuzzed and recognised without touching the fuzzer. Paths are
 * abstract: `items[].period.start`, `from.address.lines[]`.
 */

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  maxLength?: number;
  minLength?: number;
};

/** A string field of the request (not a closed list, not a number written as a decimal string). */
export interface StringField {
  readonly path: string;
  readonly maxLength: number | undefined;
  /** A pattern or format: an e-mail, a code, a date; such a value has no "maximum length" filler. */
  readonly constrained: boolean;
  /** Required within its parent object (a party's name, an item's description). */
  readonly required: boolean;
}

const stringFields: StringField[] = [];
const fieldPaths = new Set<string>();
const propertyNames = new Set<string>(['invoice_number']);

/** A number field: a JSON number or the same value as a decimal string. */
const isDecimal = (schema: JsonSchema): boolean =>
  schema.anyOf?.length === 2 && schema.anyOf.some((s) => s.type === 'number') && schema.anyOf.some((s) => s.type === 'string' && s.pattern !== undefined);

function walk(schema: JsonSchema, path: string, required: boolean): void {
  fieldPaths.add(path);
  if (schema.anyOf !== undefined) {
    if (!isDecimal(schema)) for (const branch of schema.anyOf) walk(branch, path, required);
    return;
  }
  if (schema.type === 'object') {
    // An object without properties (metadata) takes keys of the caller's choosing: nothing to walk.
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      propertyNames.add(name);
      walk(property, path === '' ? name : `${path}.${name}`, schema.required?.includes(name) ?? false);
    }
  } else if (schema.type === 'array' && schema.items !== undefined) {
    walk(schema.items, `${path}[]`, true);
  } else if (schema.type === 'string' && schema.enum === undefined) {
    stringFields.push({ path, maxLength: schema.maxLength, constrained: schema.pattern !== undefined || schema.format !== undefined, required });
  }
}
walk(InvoiceRequestSchema as unknown as JsonSchema, '', true);
fieldPaths.delete('');

/** Every string field of the request schema, in schema order. */
export const REQUEST_STRING_FIELDS: readonly StringField[] = stringFields;
/** Every abstract path of the request schema: objects, arrays and leaves. */
export const REQUEST_FIELD_PATHS: ReadonlySet<string> = fieldPaths;
/** Every property name the schema knows at any level (and the spec's ignored invoice_number). */
export const REQUEST_PROPERTY_NAMES: ReadonlySet<string> = propertyNames;

/** "items[2].charges[0].reason" → "items[].charges[].reason". */
export const abstractPath = (path: string): string => path.replace(/\[\d+\]/g, '[]');
