import { foldFieldName, type FieldSpellings } from './field-spellings.ts';

/** Keys longer than this get no suggestion: no field name is near, and the comparison is quadratic. */
const MAX_COMPARED_CHARS = 64;

/**
 * The known name an unknown key most likely means, or undefined when none is close: the same name
 * in another case or with other separators (`UnitPrice`, `unit-price`, `unitprice`), one of the few
 * synonyms (field-spellings.ts), else the nearest name within two edits (one for keys of up to
 * three characters, where two edits reach almost any short name), counting a swap of two
 * neighbouring letters as one edit (optimal string alignment distance). A tie goes to the name
 * the schema lists first.
 */
export function suggestFieldName(key: string, spellings: FieldSpellings): string | undefined {
  if (key.length > MAX_COMPARED_CHARS) return undefined;
  const folded = foldFieldName(key);
  const exact = spellings.exact.get(folded);
  if (exact !== undefined) return exact;
  const limit = folded.length <= 3 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const name of spellings.names) {
    if (Math.abs(name.folded.length - folded.length) >= bestDistance) continue;
    const distance = alignmentDistance(folded, name.folded);
    if (distance < bestDistance) {
      best = name.suggestion;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function alignmentDistance(a: string, b: string): number {
  const width = b.length + 1;
  const rows = [new Array<number>(width), new Array<number>(width), new Array<number>(width)];
  for (let j = 0; j < width; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i % 3]!;
    const previous = rows[(i - 1) % 3]!;
    const beforePrevious = rows[(i - 2 + 3) % 3]!;
    row[0] = i;
    for (let j = 1; j < width; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      row[j] = value;
    }
  }
  return rows[a.length % 3]![b.length]!;
}
