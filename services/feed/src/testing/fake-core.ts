import { createMemoryRateLimiter } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { buildTestUser, fake, fakeClock, fakeUnitOfWork } from '@saathi/platform/testing';
import type { ActivitiesRepository, ActivityRecord, MemberRecord } from '../db/activities-repository';
import type { ActivityHistoryRepository } from '../db/activity-history-repository';
import type { AuthorsRepository } from '../db/authors-repository';
import type { CircleRecord, CirclesRepository } from '../db/circles-repository';
import type { CommentView, PostView } from '../domain/views';
import type { FeedCore } from '../use-cases/feed-core';

/**
 * Fakes for the use-case tests (`use-cases/*.test.ts`): the platform's (a fake repository, unit
 * of work, queue, clock, a route's and an event's input, outcomeOf) and the feed's own rows,
 * people and settings. A use case takes a `Pick` of the core, so its test fakes only that.
 */
export {
  consumed,
  envelopeOf as heard,
  fake,
  fakeClock,
  fakeQueue,
  fakeTx,
  fakeUnitOfWork,
  outcomeOf,
  routeInput,
  type Emitted,
} from '@saathi/platform/testing';

export const NOW = new Date('2026-06-01T12:00:00.000Z');

/** A signed-in person. */
export const member = (overrides: Partial<AuthUser> = {}): AuthUser =>
  buildTestUser({ emailVerified: true, ...overrides }, 'member');
export const admin = () => member({ role: 'admin' });

/** The write limits part of the core, with a real in-memory rate limiter. */
export const limits = (
  perHour: Partial<FeedCore['writesPerHour']> = {},
): Pick<FeedCore, 'rateLimiter' | 'writesPerHour'> => ({
  rateLimiter: createMemoryRateLimiter(),
  writesPerHour: { posts: 30, comments: 120, activityJoins: 60, ...perHour },
});

/** A post as the repositories answer it (plain, in New Delhi, written an hour before NOW). */
export function postView(overrides: Partial<PostView> = {}): PostView {
  return {
    id: '00000000-0000-4000-8000-00000000aaaa',
    content: 'Anyone up for a walk?',
    authorId: '00000000-0000-4000-8000-00000000bbbb',
    authorName: 'Asha',
    authorInitials: 'A',
    hashtags: [],
    likes: 0,
    reactions: {},
    commentCount: 0,
    latitude: 28.632,
    longitude: 77.219,
    locationName: null,
    createdAt: new Date(NOW.getTime() - 3_600_000),
    expiresAt: new Date(NOW.getTime() + 86_400_000),
    ...overrides,
  };
}

/** A comment as the repositories answer it. */
export function commentView(overrides: Partial<CommentView> = {}): CommentView {
  return {
    id: '00000000-0000-4000-8000-00000000cccc',
    postId: '00000000-0000-4000-8000-00000000aaaa',
    content: 'Count me in',
    authorId: '00000000-0000-4000-8000-00000000dddd',
    authorName: 'Ravi',
    authorInitials: 'R',
    likes: 0,
    reactions: {},
    createdAt: new Date(NOW.getTime() - 600_000),
    ...overrides,
  };
}

/** A viewer's marks with nothing liked, nothing reacted and `excluded` left out. */
export const marks = (excluded: string[] = []) => ({
  liked: new Set<string>(),
  reactions: new Map<string, string[]>(),
  excluded: new Set(excluded),
});

/**
 * An in-memory activity (its post's row and its people) behind the ActivitiesRepository methods
 * the joining rules use: the host, `spots`, starting in `startsInHours` for two hours.
 */
export function activityFake(
  options: {
    hostId?: string;
    spots?: number;
    startsInHours?: number;
    members?: { userId: string; status: MemberRecord['status']; metAt?: Date | null }[];
    blocked?: [string, string][];
    closed?: boolean;
  } = {},
) {
  const startsAt = new Date(NOW.getTime() + (options.startsInHours ?? 3) * 3_600_000);
  const people = new Map<string, MemberRecord>(
    (options.members ?? []).map((m, i) => [
      m.userId,
      {
        userId: m.userId,
        status: m.status,
        note: null,
        requestedAt: new Date(NOW.getTime() - (10 - i) * 60_000),
        stillGoing: null,
        metAt: m.metAt ?? null,
        username: m.userId,
        firstName: null,
      },
    ]),
  );
  const record: ActivityRecord = {
    postId: 'post-1',
    hostId: options.hostId ?? 'host',
    geoCell: 7,
    content: 'Morning run',
    remindedAt: null,
    fields: {
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
      spots: options.spots ?? 2,
      accepted: [...people.values()].filter((m) => m.status === 'accepted').length,
      level: 'any',
      area: 'Lodhi Garden',
      closedAt: options.closed ? NOW : null,
    },
    meetingPoint: 'The gate',
    checkinKey: 'key',
    seriesId: null,
    repeating: false,
    circleId: null,
    membersJoinAtOnce: false,
  };
  const blocked = (a: string, b: string) =>
    (options.blocked ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const repo = fake<ActivitiesRepository>({
    find: () => Promise.resolve({ ...record, fields: { ...record.fields } }),
    // Copies, as rows read from the database are: a later write does not change them.
    member: (_post: string, userId: string) => {
      const found = people.get(userId);
      return Promise.resolve(found && { ...found });
    },
    members: () => Promise.resolve([...people.values()].map((m) => ({ ...m }))),
    blockedPair: (a: string, b: string) => Promise.resolve(blocked(a, b)),
    blockedWith: (viewer: string, others: string[]) =>
      Promise.resolve(new Set(others.filter((other) => blocked(viewer, other)))),
    request: (_post: string, userId: string, status: MemberRecord['status'], note: string | null) => {
      people.set(userId, {
        userId,
        status,
        note,
        requestedAt: NOW,
        stillGoing: null,
        metAt: null,
        username: userId,
        firstName: null,
      });
      return Promise.resolve();
    },
    setStatus: (_post: string, userId: string, status: MemberRecord['status']) => {
      const member = people.get(userId);
      if (member) member.status = status;
      return Promise.resolve();
    },
    addAccepted: (_post: string, delta: number) => {
      record.fields.accepted += delta;
      return Promise.resolve();
    },
    firstWaitlisted: (_post: string, hostId: string) =>
      Promise.resolve(
        [...people.values()].find((m) => m.status === 'waitlisted' && !blocked(hostId, m.userId))?.userId,
      ),
    close: () => {
      record.fields.closedAt = NOW;
      return Promise.resolve();
    },
    setStillGoing: (_post: string, userId: string, going: boolean) => {
      const member = people.get(userId);
      if (member) member.stillGoing = going;
      return Promise.resolve();
    },
    setMet: (_post: string, userId: string) => {
      const member = people.get(userId);
      if (!member || member.metAt) return Promise.resolve(false);
      member.metAt = NOW;
      return Promise.resolve(true);
    },
  });
  return { repo, record, people };
}

/** The core a change to an activity's people uses, on an in-memory activity. */
export function activityCore(activities: ActivitiesRepository) {
  return {
    uow: fakeUnitOfWork(),
    clock: fakeClock(),
    cache: null,
    activities,
    activityHistory: fake<ActivityHistoryRepository>({ reliability: () => Promise.resolve(new Map()) }),
    authors: fake<AuthorsRepository>({ ensureWriter: () => Promise.resolve({ suspended: false }) }),
    circles: fake<CirclesRepository>({ member: () => Promise.resolve(undefined) }),
  };
}

/** A shown, open circle created by `creator` (an "ask to join" one unless told). */
export function circleRecord(overrides: Partial<CircleRecord> = {}): CircleRecord {
  return {
    id: 'circle-1',
    creatorId: 'creator',
    name: 'Morning runners',
    description: 'Easy pace, every morning',
    topic: 'running',
    joinPolicy: 'ask',
    latitude: 28.632,
    longitude: 77.219,
    memberCount: 2,
    createdAt: NOW,
    lastActivityAt: NOW,
    closedAt: null,
    moderation: null,
    nextActivity: null,
    ...overrides,
  };
}

/** The core a change to a circle uses, around the circles fake given. */
export function circleCore(circles: CirclesRepository) {
  return {
    uow: fakeUnitOfWork(),
    clock: fakeClock(),
    circleCells: null,
    circles,
    authors: fake<AuthorsRepository>({ ensureWriter: () => Promise.resolve({ suspended: false }) }),
  };
}
