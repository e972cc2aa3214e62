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

/**
 * Indices by remainder, largest first, ties by lower index. Remainders are below `bound`; when
 * that fits a double exactly (always, for invoice totals) they are compared as numbers, which
 * is many times faster than BigInt comparisons through a sort callback. Insertion sort is stable
 * and, for the few lines of a typical invoice, cheaper than Array.prototype.sort.
 */
const MAX_SAFE_BIGINT = BigInt(Number.MAX_SAFE_INTEGER);

function orderByRemainder(remainders: readonly bigint[], bound: bigint): number[] {
  const count = remainders.length;
  const order: number[] = [];
  if (bound > MAX_SAFE_BIGINT) {
    for (let i = 0; i < count; i += 1) order.push(i);
    return order.sort((a, b) => {
      const ra = remainders[a]!;
      const rb = remainders[b]!;
      return ra > rb ? -1 : ra < rb ? 1 : a - b;
    });
  }
  const keys: number[] = [];
  for (let i = 0; i < count; i += 1) keys.push(Number(remainders[i]!));
  if (count > 32) {
    for (let i = 0; i < count; i += 1) order.push(i);
    return order.sort((a, b) => keys[b]! - keys[a]! || a - b);
  }
  for (let i = 0; i < count; i += 1) {
    const key = keys[i]!;
    let k = i;
    order.push(i);
    while (k > 0 && keys[order[k - 1]!]! < key) {
      order[k] = order[k - 1]!;
      k -= 1;
    }
    order[k] = i;
  }
  return order;
}
