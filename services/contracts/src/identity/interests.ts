import { z } from 'zod';
import { POST_HASHTAGS } from '../feed/constants';
import type { PostHashtag } from '../feed/constants';

/** Things to do together that are not a post hashtag; kept short so the picker stays one glance. */
export const ACTIVITY_INTERESTS = [
  'badminton',
  'running',
  'chess',
  'yoga',
  'cricket',
  'cycling',
  'swimming',
  'football',
] as const;
export type ActivityInterest = (typeof ACTIVITY_INTERESTS)[number];

/**
 * What a person may pick as an interest (docs/product.md#interests): every post hashtag, written
 * as it shows on a post ("#hiking"), then the activities by name. The stored value is the label,
 * so a profile, a picker and "You both like #hiking" all print it as is.
 */
export type Interest = `#${PostHashtag}` | ActivityInterest;
export const INTERESTS = [
  ...POST_HASHTAGS.map((tag) => `#${tag}` as const),
  ...ACTIVITY_INTERESTS,
] as const satisfies readonly Interest[];

export const INTERESTS_MAX = 10;

export const InterestMessages = {
  unknown: 'Unknown interest',
  tooMany: `Pick at most ${INTERESTS_MAX} interests`,
} as const;

export const interestSchema = z.enum(
  INTERESTS as unknown as readonly [Interest, ...Interest[]],
  InterestMessages.unknown,
);

/** A person's interests as sent: known ones only, at most 10; repeats count once. */
export const interestsSchema = z
  .array(interestSchema)
  .max(INTERESTS_MAX, InterestMessages.tooMany)
  .overwrite((picked) => inInterestOrder(picked));

/** The picked interests once each, in the list's order, so every screen shows them alike. */
export function inInterestOrder(picked: readonly string[]): Interest[] {
  return INTERESTS.filter((interest) => picked.includes(interest));
}

/** The viewer's interests that the profile's owner has too, in the list's order. */
export function sharedInterests(theirs: readonly string[], mine: readonly string[]): Interest[] {
  return inInterestOrder(theirs.filter((interest) => mine.includes(interest)));
}
