import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentRemovedV1,
  ModerationMessages,
  photoRemovedV1,
  reportDismissedV1,
  userReinstatedV1,
  userSuspendedV1,
} from '@saathi/contracts';
import type { AuditEntry, OpenCase, OpenCasesPage, Suspension } from '@saathi/contracts';
import { buildAdmin, buildUser, startTestModeration } from '../../testing/test-moderation';
import type { TestModeration } from '../../testing/test-moderation';

let moderation: TestModeration;
beforeAll(async () => {
  moderation = await startTestModeration();
});
afterAll(() => moderation.close());

const admin = buildAdmin();

/** The whole queue, every page of it. */
async function cases(): Promise<OpenCase[]> {
  const all: OpenCase[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = cursor ? { limit: '50', cursor } : { limit: '50' };
    const response = await moderation.app.inject({
      method: 'GET',
      url: '/api/moderation/admin/cases',
      query,
      ...moderation.signIn(admin),
    });
    expect(response.statusCode).toBe(200);
    const page: OpenCasesPage = response.json<OpenCasesPage>();
    all.push(...page.cases);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

async function act(action: string, targetKind: string, targetId: string, as = admin, photoId?: string) {
  return moderation.app.inject({
    method: 'POST',
    url: '/api/moderation/admin/actions',
    ...moderation.signIn(as),
    payload: { action, targetKind, targetId, ...(photoId ? { photoId } : {}) },
  });
}

async function audit(): Promise<AuditEntry[]> {
  const response = await moderation.app.inject({
    method: 'GET',
    url: '/api/moderation/admin/audit',
    ...moderation.signIn(admin),
  });
  return response.json<AuditEntry[]>();
}

async function suspended(): Promise<string[]> {
  const response = await moderation.app.inject({
    method: 'GET',
    url: '/api/moderation/admin/suspensions',
    ...moderation.signIn(admin),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Suspension[]>().map((entry) => entry.userId);
}

describe('the review queue', () => {
  it('is for admins only: 401 signed out, 403 for everyone else', async () => {
    const member = buildUser();
    for (const [method, url] of [
      ['GET', '/api/moderation/admin/cases'],
      ['GET', '/api/moderation/admin/audit'],
      ['GET', '/api/moderation/admin/suspensions'],
      ['POST', '/api/moderation/admin/actions'],
    ] as const) {
      expect((await moderation.app.inject({ method, url })).statusCode).toBe(401);
      expect((await moderation.app.inject({ method, url, ...moderation.signIn(member) })).statusCode).toBe(
        403,
      );
    }
    expect((await act('dismiss', 'post', randomUUID(), member)).statusCode).toBe(403);
  });

  it('lists an item once with its reports folded, the reasons counted and the notes kept', async () => {
    const postId = randomUUID();
    const ownerId = randomUUID();
    await moderation.announce('post', postId, ownerId);
    await moderation.report(buildUser(), { targetId: postId, ownerId, reason: 'spam', excerpt: 'Buy now' });
    await moderation.report(buildUser(), { targetId: postId, ownerId, reason: 'spam', note: 'ads again' });
    await moderation.report(buildUser(), { targetId: postId, ownerId, reason: 'harassment' });
    const found = (await cases()).find((entry) => entry.targetId === postId);
    expect(found).toMatchObject({
      targetKind: 'post',
      ownerId,
      excerpt: 'Buy now',
      reporters: 3,
      hidden: true,
      notes: ['ads again'],
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'harassment', count: 1 },
      ],
    });
  });
});

describe('admin actions', () => {
  it('remove: one event for the owning service, one audit row, and the case leaves the queue', async () => {
    const commentId = randomUUID();
    const ownerId = randomUUID();
    await moderation.announce('comment', commentId, ownerId);
    await moderation.report(buildUser(), { targetKind: 'comment', targetId: commentId });
    const response = await act('remove', 'comment', commentId);
    expect(response.statusCode).toBe(200);
    expect((await moderation.outbox(contentRemovedV1)).filter((e) => e.targetId === commentId)).toEqual([
      { targetKind: 'comment', targetId: commentId, actorId: admin.id },
    ]);
    expect((await cases()).some((entry) => entry.targetId === commentId)).toBe(false);
    const row = (await audit()).find((entry) => entry.targetId === commentId);
    expect(row).toMatchObject({ actorId: admin.id, action: 'remove', targetKind: 'comment', ownerId });
    expect(Date.parse(row!.createdAt)).not.toBeNaN();
    // Twice is nothing to review any more.
    expect((await act('remove', 'comment', commentId)).statusCode).toBe(404);
  });

  it('dismiss and remove a reported daily answer like a comment, each audited with its author', async () => {
    const [kept, removed] = [randomUUID(), randomUUID()];
    const ownerId = randomUUID();
    for (const answerId of [kept, removed]) {
      await moderation.announce('daily_answer', answerId, ownerId);
      expect(await moderation.report(buildUser(), { targetKind: 'daily_answer', targetId: answerId })).toBe(
        201,
      );
    }
    expect(
      (await cases()).filter((entry) => entry.targetKind === 'daily_answer').map((e) => e.targetId),
    ).toEqual(expect.arrayContaining([kept, removed]));
    expect((await act('dismiss', 'daily_answer', kept)).statusCode).toBe(200);
    expect((await act('remove', 'daily_answer', removed)).statusCode).toBe(200);
    expect((await moderation.outbox(reportDismissedV1)).filter((e) => e.targetId === kept)).toEqual([
      { targetKind: 'daily_answer', targetId: kept, actorId: admin.id },
    ]);
    expect((await moderation.outbox(contentRemovedV1)).filter((e) => e.targetId === removed)).toEqual([
      { targetKind: 'daily_answer', targetId: removed, actorId: admin.id },
    ]);
    const rows = (await audit()).filter((entry) => entry.targetId === kept || entry.targetId === removed);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'dismiss', targetKind: 'daily_answer', targetId: kept, ownerId }),
        expect.objectContaining({ action: 'remove', targetKind: 'daily_answer', targetId: removed, ownerId }),
      ]),
    );
  });

  it('suspend: names the real author of the reported item, not whom the reporter named', async () => {
    const postId = randomUUID();
    const ownerId = randomUUID();
    const named = randomUUID();
    await moderation.announce('post', postId, ownerId);
    await moderation.report(buildUser(), { targetId: postId, ownerId: named, reason: 'unsafe_meetup' });
    expect((await act('suspend', 'post', postId)).statusCode).toBe(200);
    expect((await moderation.outbox(userSuspendedV1)).filter((e) => e.userId === ownerId)).toEqual([
      { userId: ownerId, actorId: admin.id },
    ]);
    expect((await moderation.outbox(userSuspendedV1)).some((e) => e.userId === named)).toBe(false);
    expect((await audit()).find((entry) => entry.targetId === postId)?.ownerId).toBe(ownerId);
    expect((await audit()).find((entry) => entry.targetId === postId)?.action).toBe('suspend');
  });

  it('dismiss: the item shows again, and later reports count afresh', async () => {
    const postId = randomUUID();
    const ownerId = randomUUID();
    for (let i = 0; i < 3; i++) await moderation.report(buildUser(), { targetId: postId, ownerId });
    expect((await act('dismiss', 'post', postId)).statusCode).toBe(200);
    expect((await moderation.outbox(reportDismissedV1)).filter((e) => e.targetId === postId)).toHaveLength(1);
    // A new report reopens the case but, alone, does not hide the post again.
    await moderation.report(buildUser(), { targetId: postId, ownerId });
    expect((await cases()).find((entry) => entry.targetId === postId)?.hidden).toBe(false);
  });

  it('suspends nobody while the owner is unknown (409), and can still remove the item', async () => {
    const postId = randomUUID();
    await moderation.report(buildUser(), { targetId: postId, ownerId: randomUUID() });
    const queued = (await cases()).find((entry) => entry.targetId === postId);
    expect(queued?.ownerId).toBeNull();
    expect((await act('suspend', 'post', postId)).statusCode).toBe(409);
    expect(await moderation.outbox(userSuspendedV1)).not.toContainEqual(
      expect.objectContaining({ userId: null }),
    );
    expect((await act('remove', 'post', postId)).statusCode).toBe(200);
    expect((await audit()).find((entry) => entry.targetId === postId)).toMatchObject({
      action: 'remove',
      ownerId: null,
    });
  });

  it('reinstate: undoes a suspension with one event and one audit row, once', async () => {
    const postId = randomUUID();
    const ownerId = randomUUID();
    await moderation.announce('post', postId, ownerId);
    await moderation.report(buildUser(), { targetId: postId });
    expect((await act('suspend', 'post', postId)).statusCode).toBe(200);
    expect(await suspended()).toContain(ownerId);

    moderation.clock.advance(1_000);
    expect((await act('reinstate', 'post', postId)).statusCode).toBe(400);
    expect((await act('reinstate', 'user', ownerId)).statusCode).toBe(200);
    expect((await moderation.outbox(userReinstatedV1)).filter((e) => e.userId === ownerId)).toEqual([
      { userId: ownerId, actorId: admin.id },
    ]);
    expect(await suspended()).not.toContain(ownerId);
    const rows = (await audit()).filter((entry) => entry.ownerId === ownerId).map((entry) => entry.action);
    expect(rows).toEqual(['reinstate', 'suspend']);
    // Not suspended any more: nothing to undo.
    expect((await act('reinstate', 'user', ownerId)).statusCode).toBe(404);
    expect(await moderation.outbox(userReinstatedV1)).toHaveLength(1);
  });

  it('refuses to remove a person (suspend them instead) and unknown cases', async () => {
    const personId = randomUUID();
    await moderation.report(buildUser(), { targetKind: 'user', targetId: personId });
    expect((await act('remove', 'user', personId)).statusCode).toBe(400);
    expect((await act('dismiss', 'post', randomUUID())).statusCode).toBe(404);
    expect((await act('explode', 'post', randomUUID())).statusCode).toBe(400);
  });

  it('remove_photo: one photo of a reported post goes, the post is kept, the audit names the action', async () => {
    const [postId, ownerId, photoId] = [randomUUID(), randomUUID(), randomUUID()];
    await moderation.announce('post', postId, ownerId);
    await moderation.report(buildUser(), { targetKind: 'post', targetId: postId });

    // The photo goes with remove_photo only, which needs one, on a post: each a 400 with its reason.
    const wrong = [
      [await act('remove', 'post', postId, admin, photoId), ModerationMessages.photoNeedsPhotoAction],
      [await act('dismiss', 'post', postId, admin, photoId), ModerationMessages.photoNeedsPhotoAction],
      [await act('remove_photo', 'post', postId), ModerationMessages.photoActionNeedsPhoto],
      [await act('remove_photo', 'comment', postId, admin, photoId), ModerationMessages.photoActionNeedsPost],
    ] as const;
    for (const [response, reason] of wrong) {
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(reason);
    }
    expect((await act('remove_photo', 'post', postId, admin, 'not-a-uuid')).statusCode).toBe(400);
    expect((await act('remove_photo', 'post', postId, buildUser(), photoId)).statusCode).toBe(403);
    expect((await cases()).some((entry) => entry.targetId === postId)).toBe(true);

    const response = await act('remove_photo', 'post', postId, admin, photoId);
    expect(response.statusCode, response.body).toBe(200);
    expect((await moderation.outbox(photoRemovedV1)).filter((e) => e.postId === postId)).toEqual([
      { postId, photoId, actorId: admin.id },
    ]);
    expect((await moderation.outbox(contentRemovedV1)).some((e) => e.targetId === postId)).toBe(false);
    expect((await cases()).some((entry) => entry.targetId === postId)).toBe(false);
    expect((await audit()).find((entry) => entry.targetId === postId)).toMatchObject({
      actorId: admin.id,
      action: 'remove_photo',
      targetKind: 'post',
      ownerId,
    });
    // The case is closed: nothing left to review.
    expect((await act('remove_photo', 'post', postId, admin, randomUUID())).statusCode).toBe(404);
  });
});
