import { fieldSpellings, type FieldSpellings } from './field-spellings.ts';

/**
 * How the request reader (normalize-invoice-request.ts) treats a string at one place of the
 * request: `text` is free text, which is trimmed and, when the field is optional and nothing is
 * left, removed as if it had not been sent; `code` is an enumerated code or a number written as a
 * decimal string, which is trimmed but never removed, so a blank one is refused by the schema
 * naming the field instead of silently taking the default (a blank currency is not USD, a blank
 * unit price is not 0).
 */
export type StringKind = 'text' | 'code';

/** What the reader does with a value at one place, by the value's JSON type. */
export interface ValueRule {
  /** Undefined where the schema takes no string: the value is left for the validator. */
  readonly string?: StringKind;
  /** Undefined where the schema takes no object with named fields (metadata is passed as sent). */
  readonly object?: ObjectRule;
  /** The rule of the elements, where the schema takes an array. */
  readonly array?: ValueRule;
}

export interface FieldRule {
  readonly value: ValueRule;
  readonly required: boolean;
}

/** One object of the request: its fields by canonical name, and what a misspelt key may mean. */
export interface ObjectRule {
  readonly fields: ReadonlyMap<string, FieldRule>;
  readonly spellings: FieldSpellings;
  /** True when some field must be sent: such an object is never dropped for being left empty. */
  readonly hasRequired: boolean;
}

/** The part of a JSON Schema node the rules are read from. */
export interface SchemaNode {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly anyOf?: readonly SchemaNode[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
}

/**
 * The reader's rules for a schema, derived once at start-up, so every field the schema gains is
 * read, trimmed and checked for misspellings without a second list of names. A string is `text`
 * unless the schema lists its values or also takes a number there (decimal(): a number or the
 * same number as a decimal string).
 */
export function deriveFieldRules(schema: SchemaNode): ObjectRule {
  const rule = valueRule(schema, new Map()).object;
  if (rule === undefined) throw new TypeError('The request schema must be an object with properties.');
  return rule;
}

/** Each name of `fields` suggests itself. */
export function* ownNames(fields: ReadonlyMap<string, FieldRule>): Iterable<readonly [string, string]> {
  for (const name of fields.keys()) yield [name, name];
}

/** `seen` shares the rule of a schema used in several places (the parties, tax components). */
function valueRule(schema: SchemaNode, seen: Map<SchemaNode, ValueRule>): ValueRule {
  const known = seen.get(schema);
  if (known !== undefined) return known;
  const branches = schema.anyOf ?? [schema];
  const takesNumber = branches.some((branch) => branch.type === 'number' || branch.type === 'integer');
  let string: StringKind | undefined;
  let object: ObjectRule | undefined;
  let array: ValueRule | undefined;
  for (const branch of branches) {
    if (branch.type === 'string') {
      string = string === 'code' || takesNumber || branch.enum !== undefined || branch.const !== undefined ? 'code' : 'text';
    } else if (branch.type === 'object' && branch.properties !== undefined) {
      const fields = new Map<string, FieldRule>();
      const required = new Set(branch.required ?? []);
      for (const [name, property] of Object.entries(branch.properties)) {
        fields.set(name, { value: valueRule(property, seen), required: required.has(name) });
      }
      object = { fields, spellings: fieldSpellings(ownNames(fields)), hasRequired: required.size > 0 };
    } else if (branch.type === 'array' && branch.items !== undefined) {
      array = valueRule(branch.items, seen);
    }
  }
  const rule: ValueRule = { string, object, array };
  seen.set(schema, rule);
  return rule;
}
