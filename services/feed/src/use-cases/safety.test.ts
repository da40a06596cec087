import { describe, expect, it } from 'vitest';
import {
  contentHiddenV1,
  contentRemovedV1,
  contentUnhiddenV1,
  photoRemovedV1,
  reportDismissedV1,
  reportFiledV1,
  userReinstatedV1,
  userSuspendedV1,
} from '@saathi/contracts';
import type { PostPhotosRepository } from '../db/photos-repository';
import type { SafetyRepository } from '../db/safety-repository';
import { consumed, fake } from '../testing/fake-core';
import * as safety from './safety';

// Reports and moderation's decisions, on a fake that records each write.

function recorded() {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return Promise.resolve(undefined);
    };
  const repo = fake<SafetyRepository>({
    hideFromViewer: record('hideFromViewer'),
    moderate: record('moderate'),
    unhide: record('unhide'),
    hideAuthor: record('hideAuthor'),
    showAuthor: record('showAuthor'),
  });
  const photos = fake<PostPhotosRepository>({ removeFromPost: record('removeFromPost') });
  return { calls, core: { safety: repo, photos } };
}

describe('reports and decisions on the feed’s content', () => {
  it('hides a reported item from its reporter, and leaves messages and people to their services', async () => {
    const { calls, core } = recorded();
    await safety.hideFromReporter(
      core,
      consumed(reportFiledV1, { reporterId: 'r', targetKind: 'post', targetId: 'p' }),
    );
    await safety.hideFromReporter(
      core,
      consumed(reportFiledV1, { reporterId: 'r', targetKind: 'user', targetId: 'u' }),
    );
    expect(calls).toEqual([['hideFromViewer', 'r', 'p']]);
  });

  it('hides and removes as of the decision’s time, and shows again after a dismissal or withdrawal', async () => {
    const { calls, core } = recorded();
    const at = new Date('2026-06-01T10:00:00.000Z');
    await safety.hideModerated(core, consumed(contentHiddenV1, { targetKind: 'comment', targetId: 'c' }, at));
    await safety.removeModerated(
      core,
      consumed(contentRemovedV1, { targetKind: 'circle', targetId: 'k' } as never, at),
    );
    await safety.showAgain(core, consumed(reportDismissedV1, { targetKind: 'post', targetId: 'p' } as never));
    await safety.showAgain(core, consumed(contentUnhiddenV1, { targetKind: 'message', targetId: 'm' }));
    expect(calls).toEqual([
      ['moderate', 'comment', 'c', 'hidden', at],
      ['moderate', 'circle', 'k', 'removed', at],
      ['unhide', 'post', 'p'],
    ]);
  });

  it('takes one photo off a post and shows the post again', async () => {
    const { calls, core } = recorded();
    await safety.removePhoto(core, consumed(photoRemovedV1, { postId: 'p', photoId: 'ph' } as never));
    expect(calls).toEqual([
      ['removeFromPost', 'p', 'ph'],
      ['unhide', 'post', 'p'],
    ]);
  });

  it('hides a suspended author’s content and shows it on reinstatement, each as of its event', async () => {
    const { calls, core } = recorded();
    const at = new Date('2026-06-01T09:00:00.000Z');
    await safety.hideSuspendedAuthor(core, consumed(userSuspendedV1, { userId: 'a' } as never, at));
    await safety.showReinstatedAuthor(core, consumed(userReinstatedV1, { userId: 'a' } as never, at));
    expect(calls).toEqual([
      ['hideAuthor', 'a', at],
      ['showAuthor', 'a', at],
    ]);
  });
});
