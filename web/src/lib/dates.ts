/** "Member Since" on a profile: the profile's creation date as a local date, or "Today" without one. */
export function memberSince(createdAt: string | null | undefined, locale?: string): string {
  if (!createdAt) return 'Today';
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return 'Today';
  return date.toLocaleDateString(locale);
}
