// Query keys of circles (use-circles.ts). All but a circle's activities and its check-in offer
// start with 'circles', so one invalidation of that prefix reloads every circle list and page.
import type { PostHashtag } from '@saathi/contracts';
import type { ViewerPoint } from './feed-query-keys';

export const circlesRootKey = ['circles'] as const;
export const circlesNearKey = (point: ViewerPoint, topic: PostHashtag | undefined) =>
  ['circles', 'near', point, topic ?? null] as const;
export const myCirclesKey = ['circles', 'mine'] as const;
export const circleKey = (id: string, point: ViewerPoint | null) => ['circles', 'one', id, point] as const;
export const circleMembersKey = (id: string) => ['circles', id, 'members'] as const;
export const circleRequestsKey = (id: string) => ['circles', id, 'requests'] as const;
/** Under the posts prefix: a change to one of them (a join from its panel) reloads the list too. */
export const circleActivitiesKey = (id: string) => ['posts', 'circle', id] as const;
export const circleOfferKey = (postId: string) => ['posts', postId, 'circle-offer'] as const;
