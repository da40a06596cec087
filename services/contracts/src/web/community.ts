// No zod and no imports: the home page's banner (web) and its pre-rendered copy (gateway) read
// these, so both word the same count the same way.

// The community-activity banner: a random count of active neighbours from 1 to 8, worded by tier.

export const COMMUNITY_COUNT_MIN = 1;
export const COMMUNITY_COUNT_MAX = 8;

/** A whole number from 1 to 8; `random` is a value in [0, 1) such as Math.random(). */
export function communityCount(random: number = Math.random()): number {
  const span = COMMUNITY_COUNT_MAX - COMMUNITY_COUNT_MIN + 1;
  const picked = COMMUNITY_COUNT_MIN + Math.floor(Math.min(Math.max(random, 0), 0.999999) * span);
  return Math.min(COMMUNITY_COUNT_MAX, picked);
}

export interface CommunityMessage {
  /** Quiet (1–2), growing (3–4), busy (5) or buzzing (6–8). */
  tier: 'quiet' | 'growing' | 'busy' | 'buzzing';
  headline: string;
  detail: string;
}

/** The banner's words for a count; the tiers start at 3, 5 and 6. */
export function communityMessage(count: number): CommunityMessage {
  const people = count === 1 ? '1 person' : `${count} people`;
  if (count >= 6) {
    return {
      tier: 'buzzing',
      headline: `Your neighbourhood is buzzing: ${people} nearby are looking for partners`,
      detail: 'Now is a great time to post what you want to do.',
    };
  }
  if (count >= 5) {
    return {
      tier: 'busy',
      headline: `${people} nearby are looking for activity partners today`,
      detail: 'Say hello, someone may share your plans.',
    };
  }
  if (count >= 3) {
    return {
      tier: 'growing',
      headline: `${people} nearby are active right now`,
      detail: 'Join them and share what you are up to.',
    };
  }
  return {
    tier: 'quiet',
    headline: `${people} nearby ${count === 1 ? 'is' : 'are'} active right now`,
    detail: 'Be the one who gets things going: create a post.',
  };
}
