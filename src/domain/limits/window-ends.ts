/** The Unix second at which each window ends. */
export interface WindowEnds {
  readonly hour: number;
  readonly week: number;
  readonly month: number;
}

let cachedHourStartMs = Number.NaN;
let cached: WindowEnds | undefined;

/**
 * D20: fixed UTC windows — the hour, the ISO week from Monday 00:00, the calendar month from the
 * 1st. Returns the Unix second at which each window containing `nowMs` ends.
 */
export function windowEnds(nowMs: number): WindowEnds {
  // All three ends are fixed within one UTC hour, and every request of that hour asks.
  const hourStartMs = nowMs - (nowMs % 3_600_000);
  if (hourStartMs === cachedHourStartMs && cached !== undefined) return cached;
  cached = computeWindowEnds(nowMs);
  cachedHourStartMs = hourStartMs;
  return cached;
}

function computeWindowEnds(nowMs: number): WindowEnds {
  const now = new Date(nowMs);
  const hourStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  const weekStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysSinceMonday);
  const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Object.freeze({
    hour: (hourStart + 3_600_000) / 1000,
    week: (weekStart + 7 * 86_400_000) / 1000,
    month: monthEnd / 1000,
  });
}
