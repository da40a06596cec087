import { describe, expect, it } from 'vitest';
import {
  commentCreatedV1,
  notificationUpsertedV1,
  postDeletedV1,
  postExpiredV1,
  postLikedV1,
  reactionAddedV1,
  reactionRemovedV1,
} from '@saathi/contracts';
import type { ActivityPeopleRepository, ActivityPerson } from '../db/activity-people-repository';
import type { Activity, NotificationsRepository } from '../db/notifications-repository';
import { consumed, fake, noticeParts, silentLogger } from '../testing/fake-core';
import {
  forgetDeletedPost,
  forgetExpiredPosts,
  noticeComment,
  noticeLike,
  noticeReaction,
  withdrawReaction,
} from './post-notices';

// The feed's post events as notices, on fakes: who hears of what, grouped under which key, and
// what a post that is gone takes with it.

const [author, asha, ravi] = [
  '00000000-0000-4000-8000-0000000000a1',
  '00000000-0000-4000-8000-0000000000a2',
  '00000000-0000-4000-8000-0000000000a3',
];
const postId = '00000000-0000-4000-8000-0000000000b1';
const commentId = '00000000-0000-4000-8000-0000000000c1';

describe('comments, likes and reactions', () => {
  it('a comment tells the post’s author, named, grouped per post; a new one moves it up', async () => {
    const parts = noticeParts({ names: { [asha]: 'Asha' } });
    const event = consumed(commentCreatedV1, { commentId, postId, authorId: asha, postAuthorId: author });
    await noticeComment(parts, event);
    expect(parts.recorded).toEqual([
      expect.objectContaining({
        recipientId: author,
        type: 'comment',
        targetKey: `post:${postId}`,
        actorId: asha,
        actorName: 'Asha',
        postId,
        at: event.occurredAt,
        repeatBumps: true,
      }),
    ]);
    expect(event.emitted.map((emitted) => emitted.type)).toEqual([notificationUpsertedV1.type]);
  });

  it('a like is grouped per post and a repeat does not move it up; none on one’s own post', async () => {
    const parts = noticeParts();
    await noticeLike(parts, consumed(postLikedV1, { postId, userId: asha, postAuthorId: author }));
    await noticeLike(parts, consumed(postLikedV1, { postId, userId: author, postAuthorId: author }));
    expect(parts.recorded).toEqual([
      expect.objectContaining({ type: 'like', targetKey: `post:${postId}`, repeatBumps: false }),
    ]);
  });

  it('nothing across a block, either way round', async () => {
    const parts = noticeParts({ blocked: [[author, asha]] });
    const event = consumed(commentCreatedV1, { commentId, postId, authorId: asha, postAuthorId: author });
    await noticeComment(parts, event);
    expect(parts.recorded).toEqual([]);
    expect(event.emitted).toEqual([]);
  });

  it('a reaction on a comment points at its post and names the comment; one without its author is skipped', async () => {
    const parts = { ...noticeParts(), logger: silentLogger };
    await noticeReaction(
      parts,
      consumed(reactionAddedV1, {
        targetType: 'comment',
        targetId: commentId,
        emoji: '🎉',
        userId: asha,
        targetAuthorId: author,
        postId,
      }),
    );
    await noticeReaction(
      parts,
      consumed(reactionAddedV1, { targetType: 'post', targetId: postId, emoji: '🎉', userId: ravi }),
    );
    expect(parts.recorded).toEqual([
      expect.objectContaining({
        type: 'reaction',
        targetKey: `comment:${commentId}`,
        postId,
        commentId,
        emoji: '🎉',
      }),
    ]);
  });

  it('a reaction taken back takes its person off the notice once they hold no emoji there', async () => {
    const removed: unknown[] = [];
    const notifications = fake<NotificationsRepository>({
      removeActor: (target: unknown, actorId: string) => {
        removed.push([target, actorId]);
        return Promise.resolve({ change: 'updated', notification: { id: 'n-1' } });
      },
    });
    const reaction = {
      targetType: 'post' as const,
      targetId: postId,
      emoji: '🎉',
      userId: asha,
      targetAuthorId: author,
      postId,
    };
    const stillHolding = consumed(reactionRemovedV1, { ...reaction, remainingEmojis: ['👍'] });
    await withdrawReaction({ notifications }, stillHolding);
    expect(removed).toEqual([]);

    const gone = consumed(reactionRemovedV1, { ...reaction, remainingEmojis: [] });
    await withdrawReaction({ notifications }, gone);
    expect(removed).toEqual([[{ recipientId: author, type: 'reaction', targetKey: `post:${postId}` }, asha]]);
    expect(gone.emitted).toEqual([
      { type: notificationUpsertedV1.type, data: { recipientId: author, notification: { id: 'n-1' } } },
    ]);
  });
});

describe('posts that are gone', () => {
  function goneParts(ended: Map<string, ActivityPerson[]> = new Map()) {
    const steps: unknown[] = [];
    const parts = noticeParts();
    return {
      steps,
      recorded: parts.recorded,
      core: {
        ...parts,
        notifications: fake<NotificationsRepository>({
          deleteAboutPosts: (ids: readonly string[]) => {
            steps.push(['delete', ids]);
            return Promise.resolve();
          },
          record: (activity: Activity) => parts.notifications.record(activity),
        }),
        activityPeople: fake<ActivityPeopleRepository>({
          end: (ids: readonly string[]) => {
            steps.push(['end', ids]);
            return Promise.resolve(ended);
          },
        }),
      },
    };
  }

  it('a deleted post’s notifications go and its activity ends, with no feedback asked', async () => {
    const ended = new Map([[postId, [{ userId: asha, hostId: author, status: 'accepted' as const }]]]);
    const { core, steps, recorded } = goneParts(ended);
    await forgetDeletedPost(core, consumed(postDeletedV1, { postId, authorId: author, deletedBy: author }));
    expect(steps).toEqual([
      ['delete', [postId]],
      ['end', [postId]],
    ]);
    expect(recorded).toEqual([]);
  });

  it('an expired activity asks the host and the people in how it went', async () => {
    const ended = new Map([[postId, [{ userId: asha, hostId: author, status: 'accepted' as const }]]]);
    const { core, recorded } = goneParts(ended);
    await forgetExpiredPosts(core, consumed(postExpiredV1, { postIds: [postId] }));
    expect(recorded.map((notice) => [notice.recipientId, notice.type, notice.actorId])).toEqual([
      [asha, 'activity_feedback', author],
      [author, 'activity_feedback', asha],
    ]);
  });
});
