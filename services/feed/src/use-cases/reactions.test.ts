import { describe, expect, it } from 'vitest';
import { FeedMessages } from '@saathi/contracts';
import type { EngagementRepository } from '../db/engagement-repository';
import { fake, fakeClock, fakeUnitOfWork, member, outcomeOf, routeInput } from '../testing/fake-core';
import { reactToComment, reactToPost, unreactToPost } from './reactions';

// Reactions on fakes: POST toggles, DELETE only takes back, both announce what changed.

function core(options: { held: boolean; found?: boolean }) {
  const calls: string[] = [];
  return {
    calls,
    deps: {
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      cache: null,
      engagement: fake<EngagementRepository>({
        lock: () =>
          Promise.resolve(
            options.found === false ? undefined : { id: 't', authorId: 'author', postId: 'p', geoCell: 7 },
          ),
        removeOwnReaction: () => Promise.resolve(options.held),
        addOwnReaction: () => {
          calls.push('add');
          return Promise.resolve(true);
        },
        countReaction: (_t: string, _id: string, _e: string, delta: number) => {
          calls.push(`count:${delta}`);
          return Promise.resolve({ '👍': 1 });
        },
        reactionCounts: () => {
          calls.push('read');
          return Promise.resolve({});
        },
        marksOf: () =>
          Promise.resolve({ liked: new Set(), reactions: new Map([['t', options.held ? [] : ['👍']]]) }),
      }),
    },
  };
}

const input = () => routeInput(member(), { params: { id: 't' }, body: { emoji: '👍' as const } });

describe('reactions', () => {
  it('POST adds an emoji not held, and announces it', async () => {
    const { deps, calls } = core({ held: false });
    expect(await reactToPost(deps, input())).toMatchObject({ myReactions: ['👍'] });
    expect(calls).toEqual(['add', 'count:1']);
    expect(deps.uow.emitted.map((event) => event.type)).toEqual(['feed.reaction.added.v1']);
  });

  it('POST takes back an emoji held, and DELETE only ever takes back', async () => {
    const held = core({ held: true });
    await reactToPost(held.deps, input());
    expect(held.calls).toEqual(['count:-1']);
    expect(held.deps.uow.emitted.map((event) => event.type)).toEqual(['feed.reaction.removed.v1']);
    const notHeld = core({ held: false });
    await unreactToPost(notHeld.deps, input());
    expect(notHeld.calls).toEqual(['read']);
    expect(notHeld.deps.uow.emitted).toEqual([]);
  });

  it('is 404 for a post or comment the user may not engage with', async () => {
    expect(await outcomeOf(reactToPost(core({ held: false, found: false }).deps, input()))).toEqual({
      kind: 'not-found',
      message: FeedMessages.postNotFound,
    });
    expect(await outcomeOf(reactToComment(core({ held: false, found: false }).deps, input()))).toEqual({
      kind: 'not-found',
      message: FeedMessages.commentNotFound,
    });
  });
});
