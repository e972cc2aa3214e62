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

/** The bounds of a number-or-decimal-string field (decimal() in the request schema), else undefined. */
function decimalBounds(node: SchemaNode): SchemaNode | undefined {
  const [number, text] = node.anyOf ?? [];
  return number?.type === 'number' && text?.type === 'string' && text.pattern === DECIMAL_TEXT_PATTERN ? number : undefined;
}

const scaled = (bound: number) => parseDecimal(bound, 'bound');

/**
 * D38 with D11: a number sent as a decimal string keeps the bounds the schema gives the number
 * (the validator can only check its form), compared exactly. Walks the request along the schema,
 * so every decimal field is covered, including the ones added later.
 */
export function checkDecimalBounds(request: unknown): void {
  walk(request, InvoiceRequestSchema as unknown as SchemaNode, '');
}

function walk(value: unknown, node: SchemaNode, path: string): void {
  if (value === undefined || value === null) return;
  const bounds = decimalBounds(node);
  if (bounds !== undefined) {
    if (typeof value === 'string') checkText(value, bounds, path);
    return;
  }
  if (Array.isArray(value)) {
    if (node.items !== undefined) value.forEach((element, i) => walk(element, node.items!, `${path}[${i}]`));
    return;
  }
  if (typeof value !== 'object' || node.properties === undefined) return;
  for (const [key, child] of Object.entries(node.properties)) {
    walk((value as Record<string, unknown>)[key], child, path === '' ? key : `${path}.${key}`);
  }
}

function checkText(text: string, bounds: SchemaNode, path: string): void {
  const value = parseDecimal(text, path);
  const fail = (relation: string, limit: number) => new AppError('validation_error', `${path} must be ${relation} ${limit}; got "${text}" (${formatScaled(value, DECIMAL_DIGITS)}).`);
  if (bounds.minimum !== undefined && value < scaled(bounds.minimum)) throw fail('at least', bounds.minimum);
  if (bounds.exclusiveMinimum !== undefined && value <= scaled(bounds.exclusiveMinimum)) throw fail('greater than', bounds.exclusiveMinimum);
  if (bounds.maximum !== undefined && value > scaled(bounds.maximum)) throw fail('at most', bounds.maximum);
}
