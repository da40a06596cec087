import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { commentCreatedV1, conversationStartedV1, postCreatedV1, userDeletedV1 } from '@saathi/contracts';
import { ERASED_PEOPLE_KEPT_MS, ErasedPeople } from '@saathi/platform';
import { countRowsNaming, waitFor } from '@saathi/platform/testing';
import { SCHEMA } from '../db/schema-name';
import { buildAdmin, buildUser, startTestModeration } from '../testing/test-moderation';
import type { TestModeration } from '../testing/test-moderation';

let moderation: TestModeration;
beforeAll(async () => {
  moderation = await startTestModeration();
});
afterAll(() => moderation.close());

async function act(
  admin: ReturnType<typeof buildAdmin>,
  action: string,
  targetKind: string,
  targetId: string,
) {
  const response = await moderation.app.inject({
    method: 'POST',
    url: '/api/moderation/admin/actions',
    ...moderation.signIn(admin),
    payload: { action, targetKind, targetId },
  });
  expect(response.statusCode).toBe(200);
}

/** Rows of every moderation table but the event tables that mention the id anywhere. */
const rowsNaming = (id: string): Promise<Record<string, number>> =>
  countRowsNaming(moderation, 'moderation', [id], { except: ['outbox', 'inbox'] });

describe('a deleted account', () => {
  it('leaves no moderation row naming the person; their reports of others stay, anonymised', async () => {
    // Vera is an admin who also posts and reports; Farah and Omar are members.
    const vera = buildAdmin();
    const [farah, omar] = [buildUser(), buildUser()];
    const otherAdmin = buildAdmin();
    const [farahPost, veraPost, veraMessage, farahComment] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await moderation.announce('post', farahPost, farah.id);
    await moderation.announce('post', veraPost, vera.id);
    const conversationId = randomUUID();
    await moderation.announce('message', veraMessage, vera.id, { recipientId: farah.id, conversationId });
    await moderation.announce('comment', farahComment, farah.id);

    // Reports Vera filed (one with her note), cases about her content and about her.
    expect(await moderation.report(vera, { targetId: farahPost, note: 'Vera wrote this' })).toBe(201);
    expect(await moderation.report(omar, { targetId: farahPost })).toBe(201);
    expect(await moderation.report(farah, { targetId: veraPost })).toBe(201);
    expect(await moderation.report(farah, { targetKind: 'message', targetId: veraMessage })).toBe(201);
    // And one of Farah's messages Vera reported, in the conversation the two had.
    const farahMessage = randomUUID();
    expect(
      await moderation.report(vera, { targetKind: 'message', targetId: farahMessage, conversationId }),
    ).toBe(201);
    expect(await moderation.report(omar, { targetKind: 'user', targetId: vera.id })).toBe(201);
    // Audit rows: one she took as an admin, one that suspended her.
    expect(await moderation.report(omar, { targetKind: 'comment', targetId: farahComment })).toBe(201);
    await act(vera, 'dismiss', 'comment', farahComment);
    await act(otherAdmin, 'suspend', 'message', veraMessage);
    expect(Object.keys(await rowsNaming(vera.id)).sort()).toEqual([
      'audit_log',
      'cases',
      'content_owners',
      'conversation_participants',
      'reports',
      'suspensions',
    ]);

    await moderation.publish(userDeletedV1, { userId: vera.id });
    // Only the tombstone (an id and when) names her: a late event of hers must record nothing.
    await waitFor(
      async () => isDeepStrictEqual(await rowsNaming(vera.id), { erased_people: 1 }),
      5_000,
      'the erasure',
    );

    // Farah's case still counts two reporters; Vera's is anonymous and without her note.
    const reports = await moderation.rows<{ reporter_id: string | null; note: string | null }>(
      sql`select reporter_id, note from moderation.reports where target_id = ${farahPost} order by reporter_id nulls first`,
    );
    expect(reports).toEqual([
      { reporter_id: null, note: null },
      { reporter_id: omar.id, note: null },
    ]);
    // Her report of Farah's message stays, anonymous, and neither it nor its case keeps the
    // conversation she was in.
    expect(
      await moderation.rows(
        sql`select r.reporter_id, r.conversation_id as reported_in, c.owner_id, c.conversation_id
              from moderation.reports r join moderation.cases c using (target_kind, target_id)
             where r.target_id = ${farahMessage}`,
      ),
    ).toEqual([{ reporter_id: null, reported_in: null, owner_id: farah.id, conversation_id: null }]);
    // Cases about her content and about her are gone, with the reports on them.
    const about = await moderation.rows<{ n: number }>(
      sql`select count(*)::int as n from moderation.reports where target_id in (${veraPost}, ${veraMessage}, ${vera.id})`,
    );
    expect(about[0]?.n).toBe(0);
    // The audit log keeps both actions, with her ids removed.
    const audit = await moderation.rows<{ action: string; actor_id: string | null; owner_id: string | null }>(
      sql`select action, actor_id, owner_id from moderation.audit_log
           where target_id in (${farahComment}, ${veraMessage}) order by action`,
    );
    expect(audit).toEqual([
      { action: 'dismiss', actor_id: null, owner_id: farah.id },
      { action: 'suspend', actor_id: otherAdmin.id, owner_id: null },
    ]);
  });
});

/** Events the consumer has taken in (its inbox), to know a late event was applied, not just sent. */
const applied = async (consumer: string) =>
  (
    await moderation.rows<{ n: number }>(
      sql`select count(*)::int as n from moderation.inbox where consumer = ${consumer}`,
    )
  )[0]?.n ?? 0;

describe('creation events delivered after the account was erased', () => {
  it('record no owner and leave no case; the erased id is forgotten after its retention', async () => {
    const [pia, omar] = [buildUser(), buildUser()];
    const [earlyPost, latePost, lateComment, lateConversation] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    // One of Pia's posts was announced in time; another was reported before its event arrived.
    await moderation.announce('post', earlyPost, pia.id);
    expect(await moderation.report(omar, { targetId: latePost })).toBe(201);

    await moderation.publish(userDeletedV1, { userId: pia.id });
    await waitFor(
      async () => isDeepStrictEqual(await rowsNaming(pia.id), { erased_people: 1 }),
      5_000,
      'the erasure',
    );

    // Then, out of order: the late post's event, a comment and a conversation of hers, and the
    // early post's event again (a new envelope, as a replay past the inbox's memory would be).
    const before = {
      posts: await applied('moderation.post-created'),
      comments: await applied('moderation.comment-created'),
      conversations: await applied('moderation.conversation-started'),
    };
    const at = moderation.clock.now().toISOString();
    for (const postId of [latePost, earlyPost])
      await moderation.publish(postCreatedV1, {
        postId,
        authorId: pia.id,
        hashtags: [],
        latitude: 0,
        longitude: 0,
        createdAt: at,
      });
    await moderation.publish(commentCreatedV1, {
      commentId: lateComment,
      postId: randomUUID(),
      authorId: pia.id,
      postAuthorId: omar.id,
    });
    await moderation.publish(conversationStartedV1, {
      conversationId: lateConversation,
      participant1Id: pia.id,
      participant2Id: omar.id,
      startedBy: pia.id,
    });
    await waitFor(
      async () =>
        (await applied('moderation.post-created')) === before.posts + 2 &&
        (await applied('moderation.comment-created')) === before.comments + 1 &&
        (await applied('moderation.conversation-started')) === before.conversations + 1,
      10_000,
      'the late events',
    );

    // Nothing names her again, but the tombstone; the case waiting for the late post's owner is gone.
    expect(await rowsNaming(pia.id)).toEqual({ erased_people: 1 });
    const left = await moderation.rows<{ n: number }>(
      sql`select (select count(*) from moderation.cases where target_id = ${latePost})
               + (select count(*) from moderation.reports where target_id = ${latePost}) as n`,
    );
    expect(Number(left[0]?.n)).toBe(0);
    // Reporting the deleted person opens no case about her.
    expect(await moderation.report(omar, { targetKind: 'user', targetId: pia.id })).toBe(404);

    const erased = new ErasedPeople(moderation.database.port.db, SCHEMA);
    const erasedAt = moderation.clock.now().getTime();
    await erased.prune(new Date(erasedAt + ERASED_PEOPLE_KEPT_MS - 60_000));
    expect(await rowsNaming(pia.id)).toEqual({ erased_people: 1 });
    await erased.prune(new Date(erasedAt + ERASED_PEOPLE_KEPT_MS + 60_000));
    expect(await rowsNaming(pia.id)).toEqual({});
  });
});
