import { describe, expect, it } from 'vitest';
import { CircleMessages, FeedMessages } from '@saathi/contracts';
import type { CirclesRepository } from '../db/circles-repository';
import type { PostsRepository } from '../db/posts-repository';
import { circleRecord, fake, fakeClock, member, NOW, outcomeOf, routeInput } from '../testing/fake-core';
import { circleForActivity, circleOffer } from './circle-activities';

// A circle's activities on fakes: who may post one in it, and the circle offered after a meet.

describe('circleForActivity', () => {
  const placement = { id: 'circle-1', membersJoinAtOnce: true };
  const repo = (options: { closed?: boolean; role?: 'organiser' | 'member' }) =>
    fake<CirclesRepository>({
      find: () => Promise.resolve(circleRecord({ closedAt: options.closed ? NOW : null })),
      member: () => Promise.resolve(options.role ? { role: options.role } : undefined),
    });

  it('places an organiser’s activity in an open circle, with its home for the cache', async () => {
    expect(await circleForActivity(repo({ role: 'organiser' }), 'me', placement, NOW, false)).toMatchObject({
      id: 'circle-1',
      membersJoinAtOnce: true,
      home: { latitude: 28.632, longitude: 77.219 },
    });
  });

  it('refuses a closed circle and a non-organiser, but posts a weekly repeat without its circle', async () => {
    expect(
      await outcomeOf(
        circleForActivity(repo({ closed: true, role: 'organiser' }), 'me', placement, NOW, false),
      ),
    ).toEqual({
      kind: 'conflict',
      message: CircleMessages.closed,
    });
    expect(await outcomeOf(circleForActivity(repo({ role: 'member' }), 'me', placement, NOW, false))).toEqual(
      {
        kind: 'forbidden',
        message: CircleMessages.organiserOnly,
      },
    );
    expect(await circleForActivity(repo({ role: 'member' }), 'me', placement, NOW, true)).toBeNull();
  });
});

describe('circleOffer', () => {
  it('is 404 for an unknown post, none for the host, and the first circle the viewer may join', async () => {
    const viewer = member();
    const core = (authorId: string | null) => ({
      clock: fakeClock(),
      posts: fake<PostsRepository>({
        circleOf: () => Promise.resolve(authorId ? { authorId, circleId: null } : undefined),
      }),
      circles: fake<CirclesRepository>({
        offerCandidates: () =>
          Promise.resolve([
            circleRecord({ id: 'in-already' }),
            circleRecord({ id: 'blocked' }),
            circleRecord({ id: 'ok' }),
          ]),
        standings: () => Promise.resolve(new Map([['in-already', { role: 'member', request: null }]])),
        blockedWithOrganiser: (id: string) => Promise.resolve(id === 'blocked'),
      }),
    });
    const input = routeInput(viewer, { params: { id: 'post-1' } });
    expect(await outcomeOf(circleOffer(core(null), input))).toEqual({
      kind: 'not-found',
      message: FeedMessages.postNotFound,
    });
    expect(await circleOffer(core(viewer.id), input)).toEqual({ circle: null });
    expect((await circleOffer(core('host'), input)).circle?.id).toBe('ok');
  });
});
