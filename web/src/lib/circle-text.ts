// What the circle screens say about a circle, and what the viewer may do with it.
import type { Circle, CircleJoinPolicy } from '@saathi/contracts';
import { activityStart } from './activity-text';

/** "1 member", "12 members". */
export function memberCountText(count: number): string {
  return `${count} ${count === 1 ? 'member' : 'members'}`;
}

export const JOIN_POLICY_LABELS: Record<CircleJoinPolicy, string> = {
  open: 'Open',
  ask: 'Ask to join',
};

/** The two choices of the circle form, with what each means. */
export const JOIN_POLICY_HINTS: Record<CircleJoinPolicy, string> = {
  open: 'anyone nearby joins at once',
  ask: 'organisers accept requests',
};

/**
 * Where the viewer stands, which decides the circle page's button: signed out (sign in first),
 * free to join an open circle or ask an "ask to join" one, asked already, removed (no asking
 * again until re-invited), in it (leave; the creator cannot), or nothing to do when it is closed.
 */
export type CircleStanding =
  'signed-out' | 'closed' | 'join' | 'ask' | 'requested' | 'removed' | 'member' | 'creator';

export function circleStanding(circle: Pick<Circle, 'viewer' | 'joinPolicy' | 'closedAt'>): CircleStanding {
  const { viewer } = circle;
  if (!viewer) return 'signed-out';
  if (viewer.isCreator) return 'creator';
  if (viewer.role) return 'member';
  if (circle.closedAt) return 'closed';
  if (viewer.request === 'requested') return 'requested';
  if (viewer.request === 'removed') return 'removed';
  return circle.joinPolicy === 'open' ? 'join' : 'ask';
}

/** Organisers (the creator included) accept requests, post activities and edit the circle. */
export function isOrganiser(circle: Pick<Circle, 'viewer'>): boolean {
  return circle.viewer?.role === 'organiser';
}

export function isMember(circle: Pick<Circle, 'viewer'>): boolean {
  return !!circle.viewer?.role;
}

/** "Next: Sat, 28 Nov · 7:00 am", or null without an upcoming activity. */
export function nextActivityText(next: Circle['nextActivity']): string | null {
  return next ? `Next: ${activityStart(next.startsAt)}` : null;
}
