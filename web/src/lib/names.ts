// Name rules: display-name fallbacks on a profile, author names and initials.

export interface NameSource {
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export const ANONYMOUS_USER = 'Anonymous User';

function clean(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/**
 * Display name on a profile: the profile's displayName, then the own username (own profile)
 * or the other user's first name plus last name, then "Anonymous User".
 */
export function profileDisplayName(args: {
  displayName?: string | null;
  isOwn: boolean;
  user?: NameSource | null;
}): string {
  const fromProfile = clean(args.displayName);
  if (fromProfile) return fromProfile;
  if (args.user) {
    const fallback = args.isOwn
      ? clean(args.user.username)
      : [clean(args.user.firstName), clean(args.user.lastName)].filter(Boolean).join(' ');
    if (fallback) return fallback;
  }
  return ANONYMOUS_USER;
}

/** Author name of a post or comment: firstName, else username, else "User"; "Anonymous User" with no user. */
export function authorName(user: NameSource | null | undefined): string {
  if (!user) return ANONYMOUS_USER;
  return clean(user.firstName) || clean(user.username) || 'User';
}

/**
 * Initials: first letters of the first two words of firstName; else the first two letters of
 * firstName (a one-word name); else the first two letters of username; else "U" ("AU" with no user).
 */
export function initials(user: NameSource | null | undefined): string {
  if (!user) return 'AU';
  const first = clean(user.firstName);
  if (first) {
    const words = first.split(/\s+/).filter(Boolean);
    if (words.length >= 2) return (firstLetter(words[0]) + firstLetter(words[1])).toUpperCase();
    return Array.from(first).slice(0, 2).join('').toUpperCase();
  }
  const username = clean(user.username);
  if (username) return Array.from(username).slice(0, 2).join('').toUpperCase();
  return 'U';
}

/** The single letter shown in an avatar without an image. */
export function avatarLetter(name: string): string {
  return firstLetter(name.trim()).toUpperCase() || 'U';
}

function firstLetter(word: string | undefined): string {
  return Array.from(word ?? '')[0] ?? '';
}

/** Generated placeholder avatars count as "no image" (the initial shows instead). */
export function isRealProfileImage(url: string | null | undefined): url is string {
  const value = clean(url);
  if (!value) return false;
  return !/(ui-avatars\.com|placeholder|dicebear|gravatar\.com\/avatar\/0+)/i.test(value);
}
