import { describe, expect, it } from 'vitest';
import { notificationHref, notificationText } from './notification-text';

const base = { actorName: 'Asha', othersCount: 0, emoji: null } as const;
const POST = '00000000-0000-4000-8000-0000000000b1';
const CONV = '00000000-0000-4000-8000-0000000000c1';

describe('notificationText', () => {
  it('names the actor and what they did', () => {
    expect(notificationText({ ...base, type: 'comment' })).toBe('Asha commented on your post');
    expect(notificationText({ ...base, type: 'like' })).toBe('Asha liked your post');
    expect(notificationText({ ...base, type: 'message' })).toBe('Asha sent you a message');
  });

  it('counts the others, one or many', () => {
    expect(notificationText({ ...base, type: 'like', othersCount: 2 })).toBe(
      'Asha and 2 others liked your post',
    );
    expect(notificationText({ ...base, type: 'comment', othersCount: 1 })).toBe(
      'Asha and 1 other commented on your post',
    );
  });

  it('shows the emoji of a reaction, and reads well without one', () => {
    expect(notificationText({ ...base, type: 'reaction', emoji: '🔥' })).toBe('Asha reacted 🔥 to your post');
    expect(notificationText({ ...base, type: 'reaction' })).toBe('Asha reacted to your post');
    expect(notificationText({ ...base, type: 'reaction', emoji: '👍', commentId: POST })).toBe(
      'Asha reacted 👍 to your comment',
    );
  });

  it("says how many messages a conversation's notification groups, as its push does", () => {
    expect(notificationText({ ...base, type: 'message', count: 1 })).toBe('Asha sent you a message');
    expect(notificationText({ ...base, type: 'message', count: 3 })).toBe('Asha sent you 3 messages');
  });

  it('announces a message request without its text', () => {
    expect(notificationText({ ...base, type: 'message_request' })).toBe(
      'Asha wants to start a conversation with you',
    );
  });

  it('says what happened to an activity, from the host or, after it, about the others', () => {
    expect(notificationText({ ...base, type: 'activity_declined' })).toBe(
      'Asha declined your request to join their activity',
    );
    expect(notificationText({ ...base, type: 'activity_closed' })).toBe(
      'Asha found a partner and closed their activity to new requests',
    );
    expect(notificationText({ ...base, type: 'activity_repeated' })).toBe(
      "Asha's weekly activity is on again. Ask to join this week's?",
    );
    expect(notificationText({ ...base, type: 'activity_feedback', othersCount: 2 })).toBe(
      'How did it go with Asha and 2 others? Say who showed up',
    );
    expect(notificationText({ ...base, type: 'activity_left' })).toBe(
      'Asha gave up their spot in your activity',
    );
    expect(notificationText({ ...base, type: 'activity_met' })).toBe('You met Asha. Enjoy!');
    expect(notificationText({ ...base, type: 'activity_met', othersCount: 1 })).toBe(
      'You met Asha and 1 other. Enjoy!',
    );
  });

  it('falls back to "Someone" for a blank name', () => {
    expect(notificationText({ ...base, actorName: '  ', type: 'like' })).toBe('Someone liked your post');
  });
});

describe('notificationHref', () => {
  it('opens the post, or the conversation for a message', () => {
    expect(notificationHref({ type: 'comment', postId: POST, conversationId: null })).toBe(`/post/${POST}`);
    expect(notificationHref({ type: 'message', postId: null, conversationId: CONV })).toBe(
      `/messages?c=${CONV}`,
    );
    expect(notificationHref({ type: 'message_request', postId: null, conversationId: CONV })).toBe(
      `/messages?c=${CONV}`,
    );
  });

  it('opens the activity for its notices, and past activities to say how it went', () => {
    for (const type of [
      'activity_declined',
      'activity_closed',
      'activity_repeated',
      'activity_left',
      'activity_met',
    ] as const)
      expect(notificationHref({ type, postId: POST, conversationId: null })).toBe(`/post/${POST}`);
    // The post has expired by then: feedback is given on one's own profile, in its own section.
    expect(notificationHref({ type: 'activity_feedback', postId: POST, conversationId: null })).toBe(
      '/profile#activity-feedback',
    );
  });

  it('answers null for a post notification without a post', () => {
    expect(notificationHref({ type: 'like', postId: null, conversationId: null })).toBeNull();
  });
});
