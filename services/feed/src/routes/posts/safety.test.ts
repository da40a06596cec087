import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  commentCreatedV1,
  contentHiddenV1,
  FeedMessages,
  IdentityMessages,
  postLikedV1,
  reactionAddedV1,
  contentRemovedV1,
  reportDismissedV1,
  reportFiledV1,
  userBlockedV1,
  userDeletedV1,
  userReinstatedV1,
  userSuspendedV1,
  userUnblockedV1,
} from '@saathi/contracts';
import type { FeedComment } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import { POST_LIFETIME_MS } from '../../domain/posts';
import { buildUser, north, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

let placeCounter = 0;
/** A place of its own per test, a few km from every other. */
function freshPlace() {
  placeCounter += 1;
  return { latitude: 12.9 + placeCounter * 0.05, longitude: 77.59 };
}

/** The ids of a page, sorted: posts written on a frozen clock share their time. */
const ids = (posts: { id: string }[]) => posts.map((post) => post.id).sort();

async function blockedPair(blocker: { id: string }, blocked: { id: string }) {
  await feed.publish(userBlockedV1, { blockerId: blocker.id, blockedId: blocked.id });
  await feed.waitForRow(
    sql`select 1 from feed.blocks where blocker_id = ${blocker.id} and blocked_id = ${blocked.id}`,
    'the block',
  );
}

async function comments(postId: string, viewer: ReturnType<typeof buildUser>) {
  const response = await feed.app.inject({
    method: 'GET',
    url: `/api/posts/${postId}/comments`,
    ...feed.signIn(viewer),
  });
  return response.json<FeedComment[]>();
}

describe('a blocked pair', () => {
  it('sees neither the other’s posts nor comments, both ways, and sees them again after unblocking', async () => {
    const place = freshPlace();
    const [asha, ravi, meera] = [buildUser(), buildUser(), buildUser()];
    const ashaPost = await feed.createPost(asha, { ...place });
    const raviPost = await feed.createPost(ravi, { ...north(place, 0.1) });
    const meeraPost = await feed.createPost(meera, { ...north(place, 0.2) });
    await feed.comment(ravi, meeraPost.id);

    await blockedPair(asha, ravi);
    // Asha (the blocker) no longer sees Ravi; Ravi (the blocked) no longer sees Asha.
    expect(ids(await feed.list(place, '', asha))).toEqual([meeraPost.id, ashaPost.id].sort());
    expect(ids(await feed.list(place, '', ravi))).toEqual([meeraPost.id, raviPost.id].sort());
    expect(await comments(meeraPost.id, asha)).toEqual([]);
    expect(await comments(meeraPost.id, meera)).toHaveLength(1);
    // Nor by a direct link.
    const direct = await feed.app.inject({
      method: 'GET',
      url: `/api/posts/${raviPost.id}`,
      ...feed.signIn(asha),
    });
    expect(direct.statusCode).toBe(404);
    // Everyone else still sees both.
    expect(ids(await feed.list(place, '', meera))).toHaveLength(3);

    await feed.publish(userUnblockedV1, { blockerId: asha.id, blockedId: ravi.id });
    await waitFor(
      async () =>
        (await feed.rows(sql`select 1 from feed.blocks where blocker_id = ${asha.id}`)).length === 0,
      5_000,
      'the unblock',
    );
    expect(ids(await feed.list(place, '', asha))).toHaveLength(3);
  });

  it('takes a block at once for a viewer whose exclusions the feed already remembers', async () => {
    const place = freshPlace();
    const [viewer, author] = [buildUser(), buildUser()];
    const post = await feed.createPost(author, { ...place });
    // The first page remembers that this viewer excludes nobody; the second is served from that.
    expect(ids(await feed.list(place, '', viewer))).toEqual([post.id]);
    expect(ids(await feed.list(place, '', viewer))).toEqual([post.id]);
    await blockedPair(author, viewer);
    expect(await feed.list(place, '', viewer)).toEqual([]);
  });

  it('keeps a page full when some of its posts are hidden from the viewer', async () => {
    const place = freshPlace();
    const viewer = buildUser();
    const blocked = buildUser();
    for (let i = 0; i < 5; i++) await feed.createPost(blocked, { ...north(place, i * 0.01) });
    for (let i = 0; i < 10; i++) await feed.createPost(buildUser(), { ...north(place, 0.1 + i * 0.01) });
    await blockedPair(viewer, blocked);
    const page = await feed.list(place, '', viewer);
    expect(page).toHaveLength(10);
    expect(page.every((post) => post.authorId !== blocked.id)).toBe(true);
  });

  it('keeps the first page full and the next page without overlap when the newest posts are a blocked person’s', async () => {
    const place = freshPlace();
    const viewer = buildUser();
    const blocked = buildUser();
    const others: string[] = [];
    for (let i = 0; i < 12; i++)
      others.push((await feed.createPost(buildUser(), { ...north(place, i * 0.01) })).id);
    feed.clock.advance(1_000); // the blocked person's posts are the newest: the first page's top
    for (let i = 0; i < 3; i++) await feed.createPost(blocked, { ...north(place, 0.2 + i * 0.01) });
    await blockedPair(viewer, blocked);
    const first = await feed.list(place, '', viewer);
    const second = await feed.list(place, '&offset=10', viewer);
    // Posts made at one instant are ordered by id: check the split, not the order.
    expect(first).toHaveLength(10);
    expect(ids([...first, ...second])).toEqual([...others].sort());
  });
});

describe('blocks applied out of order', () => {
  // Blocks and unblocks come through two separate consumers, so they can be applied in another
  // order than identity wrote them: the projection must end as of the latest event's time.
  const T0 = Date.parse('2026-03-02T09:00:00Z');
  const at = (second: number) => new Date(T0 + second * 1000);

  /** Publishes one block event as of `occurredAt` and waits until the feed has applied it. */
  async function deliver(
    event: typeof userBlockedV1 | typeof userUnblockedV1,
    pair: { blockerId: string; blockedId: string },
    occurredAt: Date,
  ) {
    const id = await feed.publish(event, pair, occurredAt);
    await feed.waitForRow(sql`select 1 from feed.inbox where event_id = ${id}::uuid`, event.type);
  }
  const isBlocked = async ({ blockerId, blockedId }: { blockerId: string; blockedId: string }) =>
    (
      await feed.rows(
        sql`select 1 from feed.blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}`,
      )
    ).length > 0;

  it('ends unblocked when the unblock is applied before the block it undoes', async () => {
    const place = freshPlace();
    const [asha, ravi] = [buildUser(), buildUser()];
    const post = await feed.createPost(ravi, { ...north(place, 0) });
    const pair = { blockerId: asha.id, blockedId: ravi.id };
    await deliver(userUnblockedV1, pair, at(2));
    await deliver(userBlockedV1, pair, at(1));
    expect(await isBlocked(pair)).toBe(false);
    expect(ids(await feed.list(place, '', asha))).toEqual([post.id]);
  });

  it('ends blocked after a block, an unblock and a re-block applied in order', async () => {
    const pair = { blockerId: buildUser().id, blockedId: buildUser().id };
    await deliver(userBlockedV1, pair, at(1));
    await deliver(userUnblockedV1, pair, at(2));
    await deliver(userBlockedV1, pair, at(3));
    expect(await isBlocked(pair)).toBe(true);
  });

  it('stays unblocked when an old block is delivered again after a newer unblock', async () => {
    const pair = { blockerId: buildUser().id, blockedId: buildUser().id };
    await deliver(userBlockedV1, pair, at(1));
    await deliver(userUnblockedV1, pair, at(2));
    await deliver(userBlockedV1, pair, at(1));
    expect(await isBlocked(pair)).toBe(false);
  });

  it('erases a deleted person’s blocks and unblock tombstones, either side', async () => {
    const [person, other, third] = [buildUser().id, buildUser().id, buildUser().id];
    await deliver(userBlockedV1, { blockerId: person, blockedId: other }, at(1));
    await deliver(userUnblockedV1, { blockerId: third, blockedId: person }, at(1));
    const naming = async () =>
      Promise.all(
        ['blocks', 'block_tombstones'].map(
          async (table) =>
            (
              await feed.rows(
                sql`select 1 from ${sql.raw(`feed.${table}`)} where blocker_id = ${person} or blocked_id = ${person}`,
              )
            ).length,
        ),
      );
    expect(await naming()).toEqual([1, 1]);
    const id = await feed.publish(userDeletedV1, { userId: person });
    await feed.waitForRow(sql`select 1 from feed.inbox where event_id = ${id}::uuid`, 'the deletion');
    expect(await naming()).toEqual([0, 0]);
  });
});

describe('reports and moderation', () => {
  it('hides a reported post from its reporter at once, and only from them', async () => {
    const place = freshPlace();
    const [author, reporter, other] = [buildUser(), buildUser(), buildUser()];
    const post = await feed.createPost(author, { ...place });
    await feed.publish(reportFiledV1, { reporterId: reporter.id, targetKind: 'post', targetId: post.id });
    await feed.waitForRow(sql`select 1 from feed.hidden_for_viewer where viewer_id = ${reporter.id}`);
    expect(ids(await feed.list(place, '', reporter))).toEqual([]);
    expect(ids(await feed.list(place, '', other))).toEqual([post.id]);
  });

  it('hides a post from everyone when moderation hides it, and shows it again when the reports are dismissed', async () => {
    const place = freshPlace();
    const author = buildUser();
    const post = await feed.createPost(author, { ...place });
    await feed.publish(contentHiddenV1, { targetKind: 'post', targetId: post.id });
    await waitFor(async () => (await feed.list(place)).length === 0, 10_000, 'the post to be hidden');
    expect(ids(await feed.list(place, '', author))).toEqual([]);
    await feed.publish(reportDismissedV1, { targetKind: 'post', targetId: post.id, actorId: buildUser().id });
    await waitFor(async () => (await feed.list(place)).length === 1, 10_000, 'the post to show again');
  });

  it('keeps a removed post gone even if its reports are dismissed later', async () => {
    const place = freshPlace();
    const post = await feed.createPost(buildUser(), { ...place });
    const admin = buildUser({ role: 'admin' });
    await feed.publish(contentRemovedV1, { targetKind: 'post', targetId: post.id, actorId: admin.id });
    await feed.waitForRow(sql`select 1 from feed.posts where id = ${post.id} and moderation = 'removed'`);
    await feed.publish(reportDismissedV1, { targetKind: 'post', targetId: post.id, actorId: admin.id });
    await waitFor(async () => (await feed.list(place)).length === 0, 10_000, 'the post to go');
    const rows = await feed.rows<{ moderation: string }>(
      sql`select moderation from feed.posts where id = ${post.id}`,
    );
    expect(rows).toEqual([{ moderation: 'removed' }]);
  });

  it('hides a suspended person’s posts and comments from everyone', async () => {
    const place = freshPlace();
    const [suspended, other] = [buildUser(), buildUser()];
    await feed.createPost(suspended, { ...place });
    const kept = await feed.createPost(other, { ...north(place, 0.1) });
    await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(suspended),
      payload: { postId: kept.id, content: 'hello' },
    });
    await feed.publish(userSuspendedV1, { userId: suspended.id, actorId: buildUser().id });
    await waitFor(async () => (await feed.list(place)).length === 1, 10_000, 'the posts to be hidden');
    expect(ids(await feed.list(place, '', other))).toEqual([kept.id]);
    expect(await comments(kept.id, other)).toEqual([]);

    // Reinstated: what the suspension hid is back.
    await feed.publish(userReinstatedV1, { userId: suspended.id, actorId: buildUser().id });
    await waitFor(async () => (await feed.list(place)).length === 2, 10_000, 'the posts to show again');
    expect(await comments(kept.id, other)).toHaveLength(1);
  });

  it('ends as the later of a suspension and a reinstatement, whichever is handled last', async () => {
    const place = freshPlace();
    const author = buildUser();
    const admin = buildUser({ role: 'admin' });
    const post = await feed.createPost(author, { ...place });
    const suspendedAt = new Date(Date.now() - 60_000);
    const reinstatedAt = new Date(Date.now() - 30_000);
    // The reinstatement is handled first, then the older suspension it undid: nothing is hidden.
    await feed.publish(userReinstatedV1, { userId: author.id, actorId: admin.id }, reinstatedAt);
    await feed.waitForRow(
      sql`select 1 from feed.authors where user_id = ${author.id} and reinstated_at is not null`,
      'the reinstatement',
    );
    const suspension = await feed.publish(
      userSuspendedV1,
      { userId: author.id, actorId: admin.id },
      suspendedAt,
    );
    await feed.waitForRow(
      sql`select 1 from feed.inbox where consumer = 'feed.user-suspended' and event_id = ${suspension}::uuid`,
      'the suspension handled',
    );
    expect(ids(await feed.list(place))).toEqual([post.id]);
    const comment = await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(author),
      payload: { postId: post.id, content: 'still allowed' },
    });
    expect(comment.statusCode).toBe(201);

    // A newer suspension applies.
    await feed.publish(userSuspendedV1, { userId: author.id, actorId: admin.id });
    await waitFor(async () => (await feed.list(place)).length === 0, 10_000, 'the new suspension');
  });

  it('keeps a removal or a hide decided while the author was suspended after they are reinstated', async () => {
    const place = freshPlace();
    const author = buildUser();
    const admin = buildUser({ role: 'admin' });
    const [removed, hidden, dismissed] = [
      await feed.createPost(author, { ...place }),
      await feed.createPost(author, { ...north(place, 0.1) }),
      await feed.createPost(author, { ...north(place, 0.2) }),
    ];
    const stateOf = async (postId: string) =>
      (
        await feed.rows<{ moderation: string | null }>(
          sql`select moderation from feed.posts where id = ${postId}`,
        )
      )[0]?.moderation;
    await feed.publish(userSuspendedV1, { userId: author.id, actorId: admin.id });
    await waitFor(async () => (await stateOf(dismissed.id)) === 'suspended', 10_000, 'the suspension');
    await feed.publish(contentRemovedV1, { targetKind: 'post', targetId: removed.id, actorId: admin.id });
    await feed.publish(contentHiddenV1, { targetKind: 'post', targetId: hidden.id });
    await feed.publish(contentHiddenV1, { targetKind: 'post', targetId: dismissed.id });
    // Three decisions, each through its own consumer: wait for all of them, not just the last.
    await waitFor(
      async () =>
        (await stateOf(removed.id)) === 'removed' &&
        (await stateOf(hidden.id)) === 'hidden' &&
        (await stateOf(dismissed.id)) === 'hidden',
      10_000,
      'the removal and the hides',
    );
    // Dismissed while the author is still suspended: hidden with the rest of theirs, not shown.
    await feed.publish(reportDismissedV1, { targetKind: 'post', targetId: dismissed.id, actorId: admin.id });
    await waitFor(async () => (await stateOf(dismissed.id)) === 'suspended', 10_000, 'the dismissal');
    expect(await stateOf(removed.id)).toBe('removed');
    expect(await stateOf(hidden.id)).toBe('hidden');

    await feed.publish(userReinstatedV1, { userId: author.id, actorId: admin.id });
    await waitFor(async () => (await feed.list(place)).length === 1, 10_000, 'the reinstatement');
    expect(ids(await feed.list(place))).toEqual([dismissed.id]);
    expect(await stateOf(removed.id)).toBe('removed');
    expect(await stateOf(hidden.id)).toBe('hidden');
  });

  it('refuses to publish anything by a suspended author, whose session is still ending', async () => {
    const place = freshPlace();
    const [author, other] = [buildUser(), buildUser()];
    const post = await feed.createPost(other, { ...place });
    await feed.publish(userSuspendedV1, { userId: author.id, actorId: buildUser().id });
    await feed.waitForRow(
      sql`select 1 from feed.authors where user_id = ${author.id} and suspended_at is not null`,
      'the suspension',
    );
    const attempts = [
      { url: '/api/posts', payload: { content: 'still here', hashtags: [], ...place } },
      { url: '/api/comments', payload: { postId: post.id, content: 'still here' } },
      { url: '/api/daily-question/responses', payload: { question: 'q', response: 'still here' } },
    ];
    for (const { url, payload } of attempts) {
      const response = await feed.app.inject({ method: 'POST', url, ...feed.signIn(author), payload });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(IdentityMessages.accountSuspended);
    }
    expect(ids(await feed.list(place))).toEqual([post.id]);
    expect(await comments(post.id, other)).toEqual([]);

    // Reinstated, they write again.
    await feed.publish(userReinstatedV1, { userId: author.id, actorId: buildUser().id });
    await feed.waitForRow(
      sql`select 1 from feed.authors where user_id = ${author.id} and suspended_at is null`,
      'the reinstatement',
    );
    const again = await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(author),
      payload: attempts[1]!.payload,
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('engaging with what the actor may not see', () => {
  type User = ReturnType<typeof buildUser>;

  /** A post by `author` with a comment by `commenter`, both fresh. */
  async function postWithComment(author: User, commenter: User = buildUser()) {
    const post = await feed.createPost(author, { ...freshPlace() });
    const comment = await feed.comment(commenter, post.id);
    return { postId: post.id, commentId: comment.id };
  }

  const onPost = (actor: User, postId: string) => [
    { url: '/api/comments', payload: { postId, content: 'Hello' }, ...feed.signIn(actor) },
    { url: `/api/posts/${postId}/like`, ...feed.signIn(actor) },
    { url: `/api/posts/${postId}/reactions`, payload: { emoji: '👍' }, ...feed.signIn(actor) },
  ];
  const onComment = (actor: User, commentId: string) => [
    { url: `/api/comments/${commentId}/like`, ...feed.signIn(actor) },
    { url: `/api/comments/${commentId}/reactions`, payload: { emoji: '👍' }, ...feed.signIn(actor) },
  ];

  /** Every attempt answers the not-found an unknown id gets, and the actor's mark is nowhere. */
  async function expectRefused(actor: User, attempts: { postId?: string; commentId?: string }) {
    const tried = [
      ...(attempts.postId
        ? onPost(actor, attempts.postId).map((a) => [a, FeedMessages.postNotFound] as const)
        : []),
      ...(attempts.commentId
        ? onComment(actor, attempts.commentId).map((a) => [a, FeedMessages.commentNotFound] as const)
        : []),
    ];
    for (const [request, message] of tried) {
      const response = await feed.app.inject({ method: 'POST', ...request });
      expect(response.statusCode, request.url).toBe(404);
      expect(response.json<{ message: string }>().message, request.url).toBe(message);
    }
    const written = await feed.rows(
      sql`select 1 from feed.comments where author_id = ${actor.id}
          union all select 1 from feed.post_likes where user_id = ${actor.id}
          union all select 1 from feed.post_reactions where user_id = ${actor.id}
          union all select 1 from feed.comment_likes where user_id = ${actor.id}
          union all select 1 from feed.comment_reactions where user_id = ${actor.id}`,
    );
    expect(written).toEqual([]);
    const events = [
      ...(await feed.outbox(commentCreatedV1.type)).filter((data) => data.authorId === actor.id),
      ...(await feed.outbox(postLikedV1.type)).filter((data) => data.userId === actor.id),
      ...(await feed.outbox(reactionAddedV1.type)).filter((data) => data.userId === actor.id),
    ];
    expect(events).toEqual([]);
  }

  async function commentsStatus(postId: string, viewer: User | null) {
    const response = await feed.app.inject({
      method: 'GET',
      url: `/api/posts/${postId}/comments`,
      ...(viewer ? feed.signIn(viewer) : {}),
    });
    return response.statusCode;
  }

  it.each([
    ['the author blocked the actor', 'author'],
    ['the actor blocked the author', 'actor'],
  ] as const)('refuses comments, likes and reactions on a post and its comments when %s', async (_, who) => {
    const [author, actor] = [buildUser(), buildUser()];
    const { postId, commentId } = await postWithComment(author);
    // The control: before the block, the actor may read the thread.
    expect(await commentsStatus(postId, actor)).toBe(200);
    if (who === 'author') await blockedPair(author, actor);
    else await blockedPair(actor, author);
    await expectRefused(actor, { postId, commentId });
    expect(await commentsStatus(postId, actor)).toBe(404);
    expect(await commentsStatus(postId, buildUser())).toBe(200);
  });

  it.each([
    ['the comment’s author blocked the actor', 'commenter'],
    ['the actor blocked the comment’s author', 'actor'],
  ] as const)('refuses likes and reactions on a comment when %s', async (_, who) => {
    const [commenter, actor] = [buildUser(), buildUser()];
    const { commentId } = await postWithComment(buildUser(), commenter);
    if (who === 'commenter') await blockedPair(commenter, actor);
    else await blockedPair(actor, commenter);
    await expectRefused(actor, { commentId });
  });

  it('refuses everything on a post moderation hid, and likes and reactions on a hidden comment', async () => {
    const actor = buildUser();
    const hiddenPost = await postWithComment(buildUser());
    await feed.publish(contentHiddenV1, { targetKind: 'post', targetId: hiddenPost.postId });
    await feed.waitForRow(
      sql`select 1 from feed.posts where id = ${hiddenPost.postId} and moderation = 'hidden'`,
    );
    const hiddenComment = await postWithComment(buildUser());
    await feed.publish(contentHiddenV1, { targetKind: 'comment', targetId: hiddenComment.commentId });
    await feed.waitForRow(
      sql`select 1 from feed.comments where id = ${hiddenComment.commentId} and moderation = 'hidden'`,
    );
    await expectRefused(actor, hiddenPost);
    await expectRefused(actor, { commentId: hiddenComment.commentId });
    expect(await commentsStatus(hiddenPost.postId, actor)).toBe(404);
    expect(await commentsStatus(hiddenPost.postId, null)).toBe(404);
  });

  it('refuses everything on an expired post (before the sweep deletes it)', async () => {
    const actor = buildUser();
    const expired = await postWithComment(buildUser());
    feed.clock.advance(POST_LIFETIME_MS);
    await expectRefused(actor, expired);
    expect(await commentsStatus(expired.postId, null)).toBe(404);
  });
});
