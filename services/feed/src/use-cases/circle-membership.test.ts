import { describe, expect, it } from 'vitest';
import {
  CIRCLE_MEMBERS_MAX,
  CircleMessages,
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleRequestedV1,
} from '@saathi/contracts';
import type { CircleRecord, CirclesRepository, CircleStanding } from '../db/circles-repository';
import { circleCore, circleRecord, fake, limits, member, outcomeOf, routeInput } from '../testing/fake-core';
import {
  joinCircle,
  leaveCircle,
  listCircleRequests,
  removeCircleMember,
  setCircleRole,
} from './circle-membership';

// Membership rules on fakes: joining an open circle or asking, who may not, leaving, and what
// only organisers or only the creator may do.

const creator = member({ id: 'creator' });
const joiner = member({ id: 'joiner' });

function circles(
  circle: CircleRecord,
  options: {
    standing?: CircleStanding;
    role?: 'organiser' | 'member';
    blocked?: boolean;
    organisers?: string[];
  } = {},
) {
  return fake<CirclesRepository>({
    find: () => Promise.resolve(circle),
    standings: () => Promise.resolve(new Map(options.standing ? [[circle.id, options.standing]] : [])),
    blockedWithOrganiser: () => Promise.resolve(options.blocked ?? false),
    addMember: () => Promise.resolve(),
    touch: () => Promise.resolve(),
    request: () => Promise.resolve(),
    organiserIds: () => Promise.resolve(options.organisers ?? ['creator']),
    removeMember: () => Promise.resolve(options.role !== undefined),
    deleteRequest: () => Promise.resolve(false),
    member: (_circle: string, userId: string) =>
      Promise.resolve(
        userId === 'creator' ? { role: 'organiser' } : options.role ? { role: options.role } : undefined,
      ),
    requests: () => Promise.resolve([]),
    addRemoval: () => Promise.resolve(),
    setRole: () => Promise.resolve(),
    members: (_circle: string, _creator: string, userId: string) =>
      Promise.resolve([{ userId, role: 'organiser', joinedAt: new Date(), username: 'x', firstName: null }]),
  });
}

const join = (repo: CirclesRepository, perHour = 60) => {
  const core = { ...circleCore(repo), ...limits({ activityJoins: perHour }) };
  return { core, run: () => joinCircle(core, routeInput(joiner, { params: { id: 'circle-1' }, body: {} })) };
};

describe('joinCircle', () => {
  it('joins an open circle at once, and asks the organisers of an "ask" one', async () => {
    const open = join(circles(circleRecord({ joinPolicy: 'open' })));
    expect(await open.run()).toEqual({ status: 'member' });
    expect(open.core.uow.emitted.map((event) => event.type)).toEqual([circleMemberJoinedV1.type]);
    const ask = join(circles(circleRecord()));
    expect(await ask.run()).toEqual({ status: 'requested' });
    expect(ask.core.uow.emitted).toMatchObject([
      { type: circleRequestedV1.type, data: { organiserIds: ['creator'] } },
    ]);
  });

  it('refuses a closed or full circle, a member, someone removed or blocked with an organiser', async () => {
    const refused = (circle: CircleRecord, options: Parameters<typeof circles>[1] = {}) =>
      outcomeOf(join(circles(circle, options)).run());
    expect(await refused(circleRecord({ closedAt: new Date() }))).toEqual({
      kind: 'conflict',
      message: CircleMessages.closed,
    });
    expect(await refused(circleRecord({ memberCount: CIRCLE_MEMBERS_MAX }))).toEqual({
      kind: 'conflict',
      message: CircleMessages.full,
    });
    expect(await refused(circleRecord(), { standing: { role: 'member', request: null } })).toEqual({
      kind: 'conflict',
      message: CircleMessages.alreadyMember,
    });
    expect(await refused(circleRecord(), { standing: { role: null, request: 'removed' } })).toEqual({
      kind: 'forbidden',
      message: CircleMessages.removed,
    });
    expect(await refused(circleRecord(), { blocked: true })).toEqual({
      kind: 'forbidden',
      message: CircleMessages.cannotJoin,
    });
  });

  it('counts each join against the hourly limit first', async () => {
    const limited = join(circles(circleRecord({ joinPolicy: 'open' })), 1);
    await limited.run();
    expect(await outcomeOf(limited.run())).toMatchObject({ kind: 'rate-limited' });
  });
});

describe('leaving and organisers’ powers', () => {
  it('a member leaves (announced); the creator must hand over or close first', async () => {
    const core = circleCore(circles(circleRecord(), { role: 'member' }));
    expect(await leaveCircle(core, routeInput(joiner, { params: { id: 'circle-1' } }))).toEqual({
      message: 'You left the circle',
    });
    expect(core.uow.emitted).toMatchObject([{ type: circleMemberLeftV1.type, data: { reason: 'left' } }]);
    expect(
      await outcomeOf(
        leaveCircle(circleCore(circles(circleRecord())), routeInput(creator, { params: { id: 'circle-1' } })),
      ),
    ).toEqual({ kind: 'conflict', message: CircleMessages.creatorCannotLeave });
  });

  it('only organisers read requests; nobody removes the creator', async () => {
    const asMember = {
      circles: circles(circleRecord(), { role: 'member' }),
      clock: circleCore(fake()).clock,
    };
    expect(
      await outcomeOf(listCircleRequests(asMember, routeInput(joiner, { params: { id: 'circle-1' } }))),
    ).toEqual({
      kind: 'forbidden',
      message: CircleMessages.organiserOnly,
    });
    const stranger = { circles: circles(circleRecord()), clock: asMember.clock };
    expect(
      await outcomeOf(listCircleRequests(stranger, routeInput(joiner, { params: { id: 'circle-1' } }))),
    ).toEqual({
      kind: 'not-found',
      message: CircleMessages.notFound,
    });
    expect(
      await outcomeOf(
        removeCircleMember(
          circleCore(circles(circleRecord(), { role: 'organiser' })),
          routeInput(joiner, { params: { id: 'circle-1', userId: 'creator' } }),
        ),
      ),
    ).toEqual({ kind: 'forbidden', message: CircleMessages.cannotRemoveCreator });
  });

  it('the creator names co-organisers only while there is room', async () => {
    const full = circles(circleRecord(), { role: 'member', organisers: ['creator', 'a', 'b', 'c'] });
    expect(
      await outcomeOf(
        setCircleRole(
          circleCore(full),
          routeInput(creator, {
            params: { id: 'circle-1', userId: 'joiner' },
            body: { role: 'organiser' as const },
          }),
        ),
      ),
    ).toEqual({ kind: 'conflict', message: CircleMessages.tooManyOrganisers });
  });
});
