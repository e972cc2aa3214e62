/** p50, p95 and mean of one document's latency, in ms. */
export interface LatencySummary {
  readonly p50: number;
  readonly p95: number;
  readonly mean: number;
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The summary of per-document times in ms (nearest-rank quantiles, no interpolation). */
export function latencySummary(ms: readonly number[]): LatencySummary {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), mean: ms.reduce((sum, x) => sum + x, 0) / ms.length };
}
