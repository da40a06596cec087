/**
 * "Available until …" under the Download button: the export is kept 24 hours, so the day is
 * named only when it is not today (in the person's own time zone).
 */
export function dataExportExpiryText(expiresAt: string, now: Date, timeZone?: string): string {
  const expires = new Date(expiresAt);
  const zone = timeZone ? { timeZone } : {};
  const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', ...zone }).format(
    expires,
  );
  const dayOf = (date: Date) =>
    new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', ...zone }).format(date);
  if (dayOf(expires) === dayOf(now)) return `Available until ${time} today`;
  const tomorrow = new Date(now.getTime() + 86_400_000);
  if (dayOf(expires) === dayOf(tomorrow)) return `Available until ${time} tomorrow`;
  const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', ...zone }).format(expires);
  return `Available until ${day}, ${time}`;
}
