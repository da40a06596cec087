import { describe, expect, it } from 'vitest';
import {
  CircleMessages,
  CIRCLES_CREATED_MAX,
  circleClosedV1,
  circleCreatedV1,
  circleMemberJoinedV1,
} from '@saathi/contracts';
import type { CirclesRepository } from '../db/circles-repository';
import {
  circleCore,
  circleRecord,
  fake,
  fakeClock,
  limits,
  member,
  outcomeOf,
  routeInput,
} from '../testing/fake-core';
import {
  closeCircle,
  createCircle,
  getCircle,
  handOverCircle,
  listOrganisedCircles,
  pointOf,
} from './circles';

// Circles' own rules on fakes: creating (the cap, the limit), reading a hidden one, closing and
// handing over (the creator's), and "Organises …" between people in a block.

const creator = member({ id: 'creator' });
const noStanding = () => Promise.resolve(new Map());

describe('createCircle', () => {
  const body = {
    name: 'Morning runners',
    description: 'Easy pace',
    topic: 'fitness' as const,
    joinPolicy: 'open' as const,
    latitude: 28.6321,
    longitude: 77.2194,
  };
  function core(created: number, perHour = 30) {
    return {
      ...circleCore(
        fake<CirclesRepository>({
          countCreatedBy: () => Promise.resolve(created),
          insert: () => Promise.resolve(),
          addMember: () => Promise.resolve(),
          find: () => Promise.resolve(circleRecord({ creatorId: creator.id })),
          standings: () => Promise.resolve(new Map([['circle-1', { role: 'organiser', request: null }]])),
        }),
      ),
      ...limits({ posts: perHour }),
    };
  }

  it('makes the creator its first organiser and announces both', async () => {
    const deps = core(0);
    expect(await createCircle(deps, routeInput(creator, { body }))).toMatchObject({
      name: 'Morning runners',
    });
    expect(deps.uow.emitted.map((event) => event.type)).toEqual([
      circleCreatedV1.type,
      circleMemberJoinedV1.type,
    ]);
  });

  it('refuses past the cap of circles created, and past the hourly limit of writes', async () => {
    expect(await outcomeOf(createCircle(core(CIRCLES_CREATED_MAX), routeInput(creator, { body })))).toEqual({
      kind: 'conflict',
      message: CircleMessages.tooMany,
    });
    const limited = core(0, 1);
    await createCircle(limited, routeInput(creator, { body }));
    expect(await outcomeOf(createCircle(limited, routeInput(creator, { body })))).toMatchObject({
      kind: 'rate-limited',
    });
  });
});

describe('reading, closing and handing over', () => {
  it('reads a hidden circle as not found, signed out or in', async () => {
    const circles = fake<CirclesRepository>({
      find: () => Promise.resolve(circleRecord({ moderation: 'hidden' })),
    });
    expect(
      await outcomeOf(
        getCircle({ circles, clock: fakeClock() }, routeInput(null, { params: { id: 'c' }, query: {} })),
      ),
    ).toEqual({ kind: 'not-found', message: CircleMessages.notFound });
  });

  it('lets only the creator close it, announcing it once', async () => {
    const circles = fake<CirclesRepository>({
      find: () => Promise.resolve(circleRecord()),
      closeIfOpen: () => Promise.resolve(true),
      standings: noStanding,
    });
    expect(
      await outcomeOf(closeCircle(circleCore(circles), routeInput(member(), { params: { id: 'c' } }))),
    ).toEqual({
      kind: 'forbidden',
      message: CircleMessages.creatorOnly,
    });
    const core = circleCore(circles);
    await closeCircle(core, routeInput(creator, { params: { id: 'c' } }));
    expect(core.uow.emitted.map((event) => event.type)).toEqual([circleClosedV1.type]);
  });

  it('hands over only to a member', async () => {
    const circles = fake<CirclesRepository>({
      find: () => Promise.resolve(circleRecord()),
      member: () => Promise.resolve(undefined),
    });
    expect(
      await outcomeOf(
        handOverCircle(
          circleCore(circles),
          routeInput(creator, { params: { id: 'c' }, body: { userId: 'x' } }),
        ),
      ),
    ).toEqual({ kind: 'not-found', message: CircleMessages.memberNotFound });
  });
});

describe('listOrganisedCircles', () => {
  it('answers nothing between people in a block, as for someone who organises none', async () => {
    const circles = fake<CirclesRepository>({
      blockedWith: () => Promise.resolve(new Set(['them'])),
      organisedBy: () => Promise.resolve([{ id: 'c' }]),
    });
    const viewer = member();
    expect(
      await listOrganisedCircles({ circles }, routeInput(viewer, { params: { userId: 'them' } })),
    ).toEqual({
      circles: [],
    });
    expect(
      await listOrganisedCircles({ circles }, routeInput(viewer, { params: { userId: viewer.id } })),
    ).toEqual({
      circles: [{ id: 'c' }],
    });
  });
});

describe('pointOf', () => {
  it('takes both coordinates or none', () => {
    expect(pointOf({ latitude: 1, longitude: 2 })).toEqual({ latitude: 1, longitude: 2 });
    expect(pointOf({ latitude: 1 })).toBeNull();
  });
});
