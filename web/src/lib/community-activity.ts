// The community-activity banner: a random count of active neighbours from 1 to 8, worded by tier
// (services/contracts/src/web/community.ts, shared with the gateway's pre-rendered home).
import { COMMUNITY_COUNT_MAX, COMMUNITY_COUNT_MIN } from '@saathi/contracts';

export {
  COMMUNITY_COUNT_MAX,
  COMMUNITY_COUNT_MIN,
  communityCount,
  communityMessage,
  type CommunityMessage,
} from '@saathi/contracts';

/** The attribute carrying the banner's count in its markup (CommunityBanner and the pre-rendered copy). */
export const COMMUNITY_COUNT_ATTRIBUTE = 'data-community-count';

/**
 * The count of the banner home's HTML was served with, while that markup is still on screen
 * (React's first render happens before its commit replaces it), so the banner React draws says
 * the same as the one already painted. Undefined anywhere else: the banner picks its own.
 */
export function prerenderedCommunityCount(): number | undefined {
  if (typeof document === 'undefined') return undefined;
  const count = Number(
    document.querySelector(`[${COMMUNITY_COUNT_ATTRIBUTE}]`)?.getAttribute(COMMUNITY_COUNT_ATTRIBUTE),
  );
  return Number.isInteger(count) && count >= COMMUNITY_COUNT_MIN && count <= COMMUNITY_COUNT_MAX
    ? count
    : undefined;
}
