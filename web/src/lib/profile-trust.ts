// The words a profile uses to build trust and to show what two people share
// (docs/product.md#profiles): kept here so the page and its tests say them alike.

/** "November 2026" from the account's month (`2026-11`, UTC); null for anything else. */
export function monthText(month: string): string | null {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return null;
  const first = new Date(Date.UTC(year, monthNumber - 1, 1));
  return first.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "Member since November 2026". */
export function memberSinceText(month: string): string {
  const text = monthText(month);
  return text ? `Member since ${text}` : 'Member since';
}

/** "Met 7 people at activities": a count, never who (docs/privacy.md). */
export function peopleMetText(count: number): string {
  if (count === 0) return 'No activities attended yet';
  return `Met ${count} ${count === 1 ? 'person' : 'people'} at activities`;
}

/** "You both like #hiking", "You both like #hiking and chess", "You both like #gym, #hiking and chess". */
export function sharedInterestsText(shared: readonly string[]): string | null {
  if (shared.length === 0) return null;
  const last = shared[shared.length - 1];
  const list = shared.length === 1 ? last : `${shared.slice(0, -1).join(', ')} and ${last}`;
  return `You both like ${list}`;
}
