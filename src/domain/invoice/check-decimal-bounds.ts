import { AppError } from '../../errors/app-error.ts';
import { formatScaled } from '../money/format-scaled.ts';
import { DECIMAL_DIGITS, parseDecimal } from '../money/parse-decimal.ts';
import { DECIMAL_TEXT_PATTERN, InvoiceRequestSchema } from './invoice-request-schema.ts';

interface SchemaNode {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  readonly anyOf?: readonly SchemaNode[];
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
}

/**
 * The decimal fields of the schema, as a tree holding only the paths that lead to one. An object's
 * fields are kept in schema order (`keys`, `plans`: the order a request with several faults is
 * reported in) and by name (`byKey`).
 */
type Plan =
  | { readonly kind: 'decimal'; readonly bounds: SchemaNode }
  | { readonly kind: 'object'; readonly keys: readonly string[]; readonly plans: readonly Plan[]; readonly byKey: ReadonlyMap<string, Plan> }
  | { readonly kind: 'array'; readonly items: Plan };

/** The bounds of a number-or-decimal-string field (decimal() in the request schema), else undefined. */
function decimalBounds(node: SchemaNode): SchemaNode | undefined {
  const [number, text] = node.anyOf ?? [];
  return number?.type === 'number' && text?.type === 'string' && text.pattern === DECIMAL_TEXT_PATTERN ? number : undefined;
}

/** The plan of a schema node, or undefined when no decimal field lies below it. */
function planOf(node: SchemaNode): Plan | undefined {
  const bounds = decimalBounds(node);
  if (bounds !== undefined) return { kind: 'decimal', bounds };
  if (node.items !== undefined) {
    const items = planOf(node.items);
    return items === undefined ? undefined : { kind: 'array', items };
  }
  if (node.properties === undefined) return undefined;
  const keys: string[] = [];
  const plans: Plan[] = [];
  for (const [key, child] of Object.entries(node.properties)) {
    const plan = planOf(child);
    if (plan === undefined) continue;
    keys.push(key);
    plans.push(plan);
  }
  return keys.length === 0 ? undefined : { kind: 'object', keys, plans, byKey: new Map(keys.map((key, k) => [key, plans[k]!])) };
}

/** Built once: the walk visits only the fields that can hold a decimal. */
const REQUEST_PLAN = planOf(InvoiceRequestSchema as unknown as SchemaNode)!;

const scaled = (bound: number) => parseDecimal(bound, 'bound');

/**
 * D38 with D11: a number sent as a decimal string keeps the bounds the schema gives the number
 * (the validator can only check its form), compared exactly. Walks the request along the schema's
 * decimal fields (found once, so every decimal field is covered, including the ones added later);
 * a field's path is written only for a decimal sent as text, the rare case.
 */
export function checkDecimalBounds(request: unknown): void {
  walk(request, REQUEST_PLAN, []);
}

function walk(value: unknown, plan: Plan, path: (string | number)[]): void {
  if (value === undefined || value === null) return;
  switch (plan.kind) {
    case 'decimal':
      if (typeof value === 'string') checkText(value, plan.bounds, pathText(path));
      return;
    case 'array':
      if (!Array.isArray(value)) return;
      for (let i = 0; i < value.length; i += 1) {
        path.push(i);
        walk(value[i], plan.items, path);
        path.pop();
      }
      return;
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return;
      const object = value as Record<string, unknown>;
      if (!holdsMoreThanNumbers(object, plan.byKey)) return;
      const { keys, plans } = plan;
      for (let k = 0; k < keys.length; k += 1) {
        const field = object[keys[k]!];
        // A number's bounds are the validator's; only text and what holds more fields are read.
        if (field === undefined || typeof field === 'number') continue;
        path.push(keys[k]!);
        walk(field, plans[k]!, path);
        path.pop();
      }
    }
  }
}

/**
 * Whether one of the planned fields of `object` holds anything but a number. Most requests send
 * numbers only, so most objects (every line item) end here: one pass over the object's own keys,
 * whose values V8 reads from the object's layout in a for-in, instead of a load by name per planned
 * field, which costs a lookup each on request objects parsed in many different shapes.
 */
function holdsMoreThanNumbers(object: Record<string, unknown>, planned: ReadonlyMap<string, Plan>): boolean {
  for (const key in object) {
    if (typeof object[key] !== 'number' && planned.has(key)) return true;
  }
  return false;
}

/** `['items', 2, 'unit_price']` → `items[2].unit_price`. */
function pathText(path: readonly (string | number)[]): string {
  let out = '';
  for (const segment of path) out += typeof segment === 'number' ? `[${segment}]` : out === '' ? segment : `.${segment}`;
  return out;
}

function checkText(text: string, bounds: SchemaNode, path: string): void {
  const value = parseDecimal(text, path);
  const fail = (relation: string, limit: number) => new AppError('validation_error', `${path} must be ${relation} ${limit}; got "${text}" (${formatScaled(value, DECIMAL_DIGITS)}).`);
  if (bounds.minimum !== undefined && value < scaled(bounds.minimum)) throw fail('at least', bounds.minimum);
  if (bounds.exclusiveMinimum !== undefined && value <= scaled(bounds.exclusiveMinimum)) throw fail('greater than', bounds.exclusiveMinimum);
  if (bounds.maximum !== undefined && value > scaled(bounds.maximum)) throw fail('at most', bounds.maximum);
}
