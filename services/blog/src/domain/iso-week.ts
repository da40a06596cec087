const DAY_MS = 86_400_000;

/** The ISO 8601 week of a moment (UTC), e.g. `2026-W48`: weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  // The Thursday of this week decides the year the week belongs to.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The week before the one `date` falls in. */
export function previousIsoWeek(date: Date): string {
  return isoWeekOf(new Date(date.getTime() - 7 * DAY_MS));
}

/** `2026-W48` → { year: 2026, week: 48 }. */
export function parseIsoWeek(week: string): { year: number; week: number } {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) throw new Error(`not an ISO week: ${week}`);
  return { year: Number(match[1]), week: Number(match[2]) };
}
