/**
 * The object without its undefined members, so an optional term the document lacks is absent
 * rather than present as undefined (the request reader and JSON answers treat them alike, but
 * deepEqual and the round trip's bytes do not).
 */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
