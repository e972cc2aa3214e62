/** The value under `key`, made once by `make` (Intl formatters are slow to create, fast to reuse). */
export function cached<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}
