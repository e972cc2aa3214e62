/**
 * Splits a non-negative integer `total` (minor units) over non-negative `weights` in proportion,
 * so that the parts are integers that add up to `total` exactly (largest-remainder / Hamilton
 * method): each part starts at floor(total × weight / Σweights); the units still missing go one
 * each to the parts with the largest remainders, ties to the lower index. A zero weight gets 0.
 */
export function allocateLargestRemainder(total: bigint, weights: readonly bigint[]): bigint[] {
  const count = weights.length;
  const parts = new Array<bigint>(count);
  let weightSum = 0n;
  for (let i = 0; i < count; i += 1) weightSum += weights[i]!;
  if (total < 0n) throw new RangeError('allocateLargestRemainder expects a non-negative total');
  if (total === 0n || weightSum === 0n) {
    if (total !== 0n) throw new RangeError('cannot allocate a non-zero total over zero weights');
    return parts.fill(0n);
  }

  const remainders = new Array<bigint>(count);
  let allocated = 0n;
  for (let i = 0; i < count; i += 1) {
    const product = total * weights[i]!;
    const part = product / weightSum;
    parts[i] = part;
    remainders[i] = product - part * weightSum;
    allocated += part;
  }
  // Every remainder is below weightSum, so fewer than `count` units are missing.
  const missing = Number(total - allocated);
  if (missing === 0) return parts;

  const order = orderByRemainder(remainders, weightSum);
  for (let k = 0; k < missing; k += 1) {
    const index = order[k]!;
    parts[index] = parts[index]! + 1n;
  }
  return parts;
}

const MAX_SAFE_BIGINT = BigInt(Number.MAX_SAFE_INTEGER);
const INSERTION_SORT_MAX = 16;

/**
 * Indices by remainder, largest first, ties by lower index. For the few lines of a typical invoice
 * a stable insertion sort comparing the BigInts directly is cheapest (no callback, no conversion).
 * For many lines, remainders below 2^53 (always, for invoice totals) are sorted as numbers,
 * since Array.prototype.sort with a BigInt-comparing callback is many times slower.
 */
function orderByRemainder(remainders: readonly bigint[], bound: bigint): number[] {
  const count = remainders.length;
  const order: number[] = [];
  if (count <= INSERTION_SORT_MAX) {
    for (let i = 0; i < count; i += 1) {
      const remainder = remainders[i]!;
      let k = i;
      order.push(i);
      while (k > 0 && remainders[order[k - 1]!]! < remainder) {
        order[k] = order[k - 1]!;
        k -= 1;
      }
      order[k] = i;
    }
    return order;
  }
  for (let i = 0; i < count; i += 1) order.push(i);
  if (bound > MAX_SAFE_BIGINT) {
    return order.sort((a, b) => {
      const ra = remainders[a]!;
      const rb = remainders[b]!;
      return ra > rb ? -1 : ra < rb ? 1 : a - b;
    });
  }
  const keys: number[] = [];
  for (let i = 0; i < count; i += 1) keys.push(Number(remainders[i]!));
  return order.sort((a, b) => keys[b]! - keys[a]! || a - b);
}
