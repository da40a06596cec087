// Issue 29: an admin's deletion of someone's post (feed's DELETE /api/posts/:id) is on record in
// the moderation audit log, like a removal from the review queue; an author's own is not.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { postCreatedV1, postDeletedV1 } from '@saathi/contracts';
import type { AuditEntry } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import { buildAdmin, startTestModeration } from '../testing/test-moderation';
import type { TestModeration } from '../testing/test-moderation';

let moderation: TestModeration;
beforeAll(async () => {
  moderation = await startTestModeration();
});
afterAll(() => moderation.close());

const admin = buildAdmin();

async function audit(): Promise<AuditEntry[]> {
  const response = await moderation.app.inject({
    method: 'GET',
    url: '/api/moderation/admin/audit',
    ...moderation.signIn(admin),
  });
  expect(response.statusCode).toBe(200);
  return response.json<AuditEntry[]>();
}

const post = async () => {
  const postId = randomUUID();
  const authorId = randomUUID();
  await moderation.publish(postCreatedV1, {
    postId,
    authorId,
    hashtags: [],
    latitude: 28.6,
    longitude: 77.2,
    createdAt: new Date().toISOString(),
  });
  return { postId, authorId };
};

describe('feed.post.deleted.v1', () => {
  it('audits an admin’s deletion of someone’s post as a removal by that admin', async () => {
    const { postId, authorId } = await post();
    const deletedAt = new Date(Date.now() - 5_000);
    await moderation.publish(postDeletedV1, { postId, authorId, deletedBy: admin.id }, deletedAt);
    await waitFor(
      async () => (await audit()).some((entry) => entry.targetId === postId),
      5_000,
      'the audit row',
    );
    expect((await audit()).filter((entry) => entry.targetId === postId)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'remove',
        targetKind: 'post',
        ownerId: authorId,
        createdAt: deletedAt.toISOString(),
      }),
    ]);
  });

  it('writes nothing when the author deleted it (or their account was erased)', async () => {
    const { postId, authorId } = await post();
    const handled = async () =>
      (await moderation.rows(sql`select 1 from moderation.inbox where consumer = 'moderation.post-deleted'`))
        .length;
    const before = await handled();
    await moderation.publish(postDeletedV1, { postId, authorId, deletedBy: authorId });
    await waitFor(async () => (await handled()) > before, 5_000, 'the deletion');
    expect((await audit()).filter((entry) => entry.targetId === postId)).toEqual([]);
  });
});
