// The name rules of docs/product.md#author-names-and-initials, shared by the server (author names come from the signed-in user) and the web.

export interface NamedUser {
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

const clean = (value: string | null | undefined): string => (value ?? '').trim();

/** Post or comment author name: firstName, else username, else "User"; "Anonymous User" with no user. */
export function authorNameOf(user: NamedUser | null | undefined): string {
  if (!user) return 'Anonymous User';
  return clean(user.firstName) || clean(user.username) || 'User';
}

/**
 * Initials: first letters of the first two words of firstName; else the first two letters of
 * firstName; else of username; else "U" ("AU" with no user). Upper-cased.
 */
export function initialsOf(user: NamedUser | null | undefined): string {
  if (!user) return 'AU';
  const firstName = clean(user.firstName);
  const words = firstName.split(/\s+/).filter(Boolean);
  // Array.from splits by code point, so a name starting with an emoji or a non-BMP letter keeps it whole.
  const [first, second] = words;
  if (first && second) return `${Array.from(first)[0] ?? ''}${Array.from(second)[0] ?? ''}`.toUpperCase();
  if (firstName) return Array.from(firstName).slice(0, 2).join('').toUpperCase();
  const username = clean(user.username);
  if (username) return Array.from(username).slice(0, 2).join('').toUpperCase();
  return 'U';
}

/**
 * A profile's display name: its displayName, then the viewer's own username (own profile) or
 * the other user's first plus last name, then "Anonymous User".
 */
export function profileDisplayNameOf(
  profile: { displayName?: string | null } | null | undefined,
  user: NamedUser | null | undefined,
  isOwnProfile: boolean,
): string {
  const displayName = clean(profile?.displayName);
  if (displayName) return displayName;
  if (user) {
    const fallback = isOwnProfile
      ? clean(user.username)
      : [clean(user.firstName), clean(user.lastName)].filter(Boolean).join(' ');
    if (fallback) return fallback;
  }
  return 'Anonymous User';
}

/**
 * C0 and C1 controls and the bidirectional formatting characters (LRM/RLM, the Arabic letter
 * mark, embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069). An override in a name
 * reverses the text after it, so a name can read as another one, or as a file name.
 * Line breaks and tabs are left to LINE_BREAKS.
 */
const CONTROL_OR_BIDI =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Line breaks and tabs (controls too): a name is shown on one line, so a run of them is a space. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** A person-chosen name as it is stored: without controls or bidi formatting, trimmed. */
export function cleanPersonName(value: string): string {
  return value.replace(CONTROL_OR_BIDI, '').replace(LINE_BREAKS, ' ').trim();
}
