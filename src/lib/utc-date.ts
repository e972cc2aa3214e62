const DAY_MS = 86_400_000;
let cachedDay = Number.NaN;
let cachedText = '';

/**
 * The UTC calendar date (YYYY-MM-DD) of a Unix time in ms — the "today" of D14. Cached for the
 * day, because formatting a Date costs about a microsecond and every generation asks.
 */
export function utcDate(nowMs: number): string {
  const day = Math.floor(nowMs / DAY_MS);
  if (day !== cachedDay) {
    cachedText = new Date(day * DAY_MS).toISOString().slice(0, 10);
    cachedDay = day;
  }
  return cachedText;
}
