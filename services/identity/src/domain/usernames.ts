import { isReservedUsername, USERNAME_MAX, USERNAME_MIN } from '@saathi/contracts';

/**
 * A username for an account created by Google sign-in: the e-mail's local part reduced to what
 * sign-up allows (letters, digits, `_` and `.`), padded to the minimum length and cut to leave
 * room for a numeric suffix when the plain form is taken. A reserved name (admin@…, saathi…@…)
 * gets a `user_` in front, which no reserved name has.
 */
export function baseUsernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  let base = local
    .toLowerCase()
    .replace(/[^a-z0-9_.]/g, '')
    .replace(/^[._]+|[._]+$/g, '');
  if (base.length < USERNAME_MIN) base = `${base}user`.slice(0, Math.max(USERNAME_MIN, base.length + 4));
  if (isReservedUsername(base)) base = `user_${base}`;
  return base.slice(0, USERNAME_MAX - 5);
}

/** Candidates in the order they are tried: `alice`, `alice1`, `alice2`, … then random suffixes. */
export function usernameCandidates(base: string, count = 8): string[] {
  const candidates = [base];
  for (let i = 1; i < count; i += 1) candidates.push(`${base}${i}`);
  for (let i = 0; i < 3; i += 1) candidates.push(`${base}${Math.floor(10_000 + Math.random() * 89_999)}`);
  return candidates;
}
