const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * D13: a `__proto__`, `constructor` or `prototype` key anywhere in a body is refused, because
 * code that later copies such an object with ordinary assignment could change prototypes.
 * Returns the path of the first one (e.g. `items[0].__proto__`) or undefined.
 *
 * JSON.parse itself is safe (it defines such keys as own properties), so the full walk runs only
 * when the raw text could contain one of the words — directly or behind a \u escape — which keeps
 * the common case to a single scan of the string. The walk uses an explicit stack, so a body
 * nested a million levels deep cannot overflow the call stack.
 */
export function findForbiddenKey(raw: string, parsed: unknown): string | undefined {
  if (!/__proto__|constructor|prototype|\\u/.test(raw)) return undefined;
  const stack: Array<{ value: unknown; path: string }> = [{ value: parsed, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: `${path}[${i}]` });
      continue;
    }
    for (const key of Object.keys(value)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (FORBIDDEN_KEYS.has(key)) return childPath;
      stack.push({ value: (value as Record<string, unknown>)[key], path: childPath });
    }
  }
  return undefined;
}
