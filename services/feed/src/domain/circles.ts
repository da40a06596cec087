import { areaNameOf, CIRCLE_CO_ORGANISERS_MAX } from '@saathi/contracts';
import type { Circle, CircleMember, CircleRequest } from '@saathi/contracts';
import type {
  CircleMemberRecord,
  CircleRecord,
  CircleRequestRecord,
  CircleStanding,
} from '../db/circles-repository';
import { distanceKm } from './geo';
import type { Point } from './geo';
import { authorLabel } from './views';

/**
 * A circle as the viewer sees it: never its members. `standing` is null for a signed-out viewer
 * (viewer: null); the area name is derived from the stored, snapped home, never typed by anyone.
 */
export function toCircle(
  circle: CircleRecord,
  viewer: { id: string; standing: CircleStanding } | null,
  viewerPoint: Point | null,
): Circle {
  return {
    id: circle.id,
    name: circle.name,
    description: circle.description,
    topic: circle.topic,
    joinPolicy: circle.joinPolicy,
    areaName: areaNameOf(circle),
    latitude: circle.latitude,
    longitude: circle.longitude,
    distanceKm: viewerPoint ? distanceKm(viewerPoint, circle) : null,
    memberCount: circle.memberCount,
    createdAt: circle.createdAt.toISOString(),
    lastActivityAt: circle.lastActivityAt.toISOString(),
    closedAt: circle.closedAt ? circle.closedAt.toISOString() : null,
    nextActivity: circle.nextActivity
      ? {
          postId: circle.nextActivity.postId,
          startsAt: circle.nextActivity.startsAt.toISOString(),
          content: circle.nextActivity.content,
        }
      : null,
    viewer: viewer
      ? {
          role: viewer.standing.role,
          isCreator: viewer.id === circle.creatorId,
          // A member has no request; a removal outranks a stale request row.
          request: viewer.standing.role ? null : viewer.standing.request,
        }
      : null,
  };
}

const named = (record: { username: string | null; firstName: string | null }) =>
  authorLabel(record.username === null ? null : { username: record.username, firstName: record.firstName });

export function toCircleMember(member: CircleMemberRecord, creatorId: string): CircleMember {
  const { authorName, authorInitials } = named(member);
  return {
    userId: member.userId,
    displayName: authorName,
    initials: authorInitials,
    // The feed keeps no profile images (identity does); the web shows the initials.
    profileImageUrl: null,
    role: member.role,
    isCreator: member.userId === creatorId,
    joinedAt: member.joinedAt.toISOString(),
  };
}

export function toCircleRequest(request: CircleRequestRecord): CircleRequest {
  const { authorName, authorInitials } = named(request);
  return {
    userId: request.userId,
    displayName: authorName,
    initials: authorInitials,
    note: request.note,
    createdAt: request.createdAt.toISOString(),
  };
}

/**
 * The creator of a circle closed by its creator's erasure with no co-organiser to take it over:
 * no one (the nil uuid), so no row keeps the erased person's id.
 */
export const NO_CREATOR = '00000000-0000-0000-0000-000000000000';

/** Co-organisers: the organisers other than the creator. */
export function coOrganiserCount(organiserIds: readonly string[], creatorId: string): number {
  return organiserIds.filter((id) => id !== creatorId).length;
}

/** Whether one more co-organiser fits. */
export const roomForCoOrganiser = (organiserIds: readonly string[], creatorId: string) =>
  coOrganiserCount(organiserIds, creatorId) < CIRCLE_CO_ORGANISERS_MAX;
