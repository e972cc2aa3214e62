/** The current fixed UTC windows of D20, each as [start, end) in Unix seconds. */
export interface UtcWindows {
  readonly hourStart: number;
  readonly hourEnd: number;
  /** Monday 00:00 UTC of the ISO week. */
  readonly weekStart: number;
  readonly weekEnd: number;
  /** The 1st of the month, 00:00 UTC. */
  readonly monthStart: number;
  readonly monthEnd: number;
}

let cachedHourStartMs = Number.NaN;
let cached: UtcWindows | undefined;

/**
 * Fixed UTC windows — the hour, the ISO week from Monday 00:00, the calendar month from the
 * 1st. Reset values are the Unix second at which a window ends (its `…End`).
 */
export function utcWindows(nowMs: number): UtcWindows {
  // All six bounds are fixed within one UTC hour, and every request of that hour asks.
  const hourStartMs = nowMs - (nowMs % 3_600_000);
  if (hourStartMs === cachedHourStartMs && cached !== undefined) return cached;
  cached = computeUtcWindows(nowMs);
  cachedHourStartMs = hourStartMs;
  return cached;
}

function computeUtcWindows(nowMs: number): UtcWindows {
  const now = new Date(nowMs);
  const hourStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  const weekStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysSinceMonday);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Object.freeze({
    hourStart: hourStart / 1000,
    hourEnd: (hourStart + 3_600_000) / 1000,
    weekStart: weekStart / 1000,
    weekEnd: (weekStart + 7 * 86_400_000) / 1000,
    monthStart: monthStart / 1000,
    monthEnd: monthEnd / 1000,
  });
}
