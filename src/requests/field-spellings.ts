/**
 * The names an unknown key may be a misspelling of, at one level of the request, prepared once
 * when the request's field rules are derived (derive-field-rules.ts), so that suggesting costs
 * nothing on a request without unknown fields.
 */
export interface FieldSpellings {
  /** A folded spelling (foldFieldName), or a folded synonym, → the name to suggest. */
  readonly exact: ReadonlyMap<string, string>;
  /** Every name to suggest, with its folded spelling, for the edit-distance comparison. */
  readonly names: readonly { readonly folded: string; readonly suggestion: string }[];
}

/**
 * Plain synonyms a careful API catches, each suggesting the first of its names that exists at the
 * level of the unknown key (`vat` is `tax_id` in a party, `tax_rate` in a line, `global_tax` at the
 * top). Kept small on purpose and listed in docs/api.md: only words a caller of another invoicing
 * API is likely to send for one of ours.
 */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  vat: ['tax_id', 'tax_rate', 'global_tax'],
  vat_id: ['tax_id'],
  vat_number: ['tax_id'],
  vat_no: ['tax_id'],
  vat_rate: ['tax_rate', 'global_tax'],
  tax: ['tax_rate', 'global_tax'],
  zip: ['postal_code'],
  zip_code: ['postal_code'],
  postcode: ['postal_code'],
  qty: ['quantity'],
  price: ['unit_price'],
  telephone: ['phone'],
  tel: ['phone'],
};

/** `unit-price`, `UnitPrice`, `unit_price` and `unitprice` fold alike: lower case, no separators. */
export function foldFieldName(key: string): string {
  return key.toLowerCase().replace(/[-_\s.]/g, '');
}

/**
 * The spellings of one level: `names` as `[name, suggestion]` (the suggestion is the name itself,
 * or its path from this level, such as `invoice.currency` for a flat metadata field).
 */
export function fieldSpellings(names: Iterable<readonly [string, string]>): FieldSpellings {
  const exact = new Map<string, string>();
  const list: { folded: string; suggestion: string }[] = [];
  const present = new Map<string, string>();
  for (const [name, suggestion] of names) {
    const folded = foldFieldName(name);
    if (!exact.has(folded)) exact.set(folded, suggestion);
    list.push({ folded, suggestion });
    present.set(name, suggestion);
  }
  for (const [synonym, targets] of Object.entries(SYNONYMS)) {
    const target = targets.find((name) => present.has(name));
    const folded = foldFieldName(synonym);
    if (target !== undefined && !exact.has(folded)) exact.set(folded, present.get(target)!);
  }
  return { exact, names: list };
}
