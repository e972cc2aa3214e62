/**
 * Splits a non-negative integer `total` (minor units) over `weights` in proportion, so that the
 * parts are integers that add up to `total` exactly (largest-remainder / Hamilton method):
 * each part starts at floor(total × weight / Σweights); the units still missing go one each to
 * the parts with the largest remainders, ties to the lower index. A zero weight gets 0.
 */
export function allocateLargestRemainder(total: bigint, weights: readonly bigint[]): bigint[] {
  const count = weights.length;
  const parts = new Array<bigint>(count);
  let weightSum = 0n;
  for (let i = 0; i < count; i += 1) weightSum += weights[i]!;
  if (total === 0n || weightSum === 0n) {
    if (total !== 0n) throw new RangeError('cannot allocate a non-zero total over zero weights');
    return parts.fill(0n);
  }
  if (total < 0n) throw new RangeError('allocateLargestRemainder expects a non-negative total');

  const remainders = new Array<bigint>(count);
  let allocated = 0n;
  for (let i = 0; i < count; i += 1) {
    const product = total * weights[i]!;
    const part = product / weightSum;
    parts[i] = part;
    remainders[i] = product - part * weightSum;
    allocated += part;
  }
  let missing = Number(total - allocated); // < count, since every remainder is < weightSum
  if (missing === 0) return parts;

  const order = Array.from({ length: count }, (_, i) => i);
  order.sort((a, b) => {
    const ra = remainders[a]!;
    const rb = remainders[b]!;
    return ra > rb ? -1 : ra < rb ? 1 : a - b;
  });
  for (let k = 0; missing > 0; k += 1, missing -= 1) {
    const index = order[k]!;
    parts[index] = parts[index]! + 1n;
  }
  return parts;
}
