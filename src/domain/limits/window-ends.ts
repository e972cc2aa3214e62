/**
 * D20: fixed UTC windows — the hour, the ISO week from Monday 00:00, the calendar month from the
 * 1st. Returns the Unix second at which each window containing `nowMs` ends.
 */
export function windowEnds(nowMs: number): { hour: number; week: number; month: number } {
  const now = new Date(nowMs);
  const hourStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours());
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  const weekStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysSinceMonday);
  const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return {
    hour: (hourStart + 3_600_000) / 1000,
    week: (weekStart + 7 * 86_400_000) / 1000,
    month: monthEnd / 1000,
  };
}
