import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contentRemovedV1, ModerationMessages, reportFiledV1 } from '@saathi/contracts';
import type { ReviewContent } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import { buildUser, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';
import { REVIEW_CONTEXT_MESSAGES } from '../../db/admin-review-repository';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

describe('the reviewer reads a reported message as stored', () => {
  it('401 signed out, 403 for a member, the message with a few around it for an admin even once removed, 404 when gone', async () => {
    const [asha, ravi, admin] = [buildUser(), buildUser(), buildUser({ role: 'admin' })];
    await messaging.register(asha);
    await messaging.register(ravi);
    const conversation = await messaging.start(asha, ravi);
    const said: { id: string; text: string }[] = [];
    for (const [i, text] of ['one', 'two', 'three', 'four', 'five', 'six', 'seven'].entries()) {
      messaging.clock.advance(1000);
      const sent = await messaging.send(i % 2 === 0 ? asha : ravi, conversation, text);
      said.push({ id: sent.id, text });
    }
    const reported = said[3]!;
    const url = `/api/admin/review/messages/${reported.id}`;

    expect((await messaging.call(null, 'GET', url)).statusCode).toBe(401);
    expect((await messaging.call(asha, 'GET', url)).statusCode).toBe(403);

    await messaging.publish(contentRemovedV1, {
      targetKind: 'message',
      targetId: reported.id,
      actorId: admin.id,
    });
    await waitFor(
      async () =>
        (
          await messaging.rows(
            sql`select 1 from messaging.messages where id = ${reported.id} and moderation = 'removed'`,
          )
        ).length > 0,
      10_000,
      'the removal',
    );
    const stored = await messaging.call(admin, 'GET', url);
    expect(stored.statusCode).toBe(200);
    const body = stored.json<ReviewContent>();
    expect(body).toMatchObject({ id: reported.id, authorId: ravi.id, text: 'four', moderation: 'removed' });
    // Only a few either side, oldest first: not the whole conversation.
    expect(REVIEW_CONTEXT_MESSAGES).toBe(2);
    expect(body.context.map((m) => m.text)).toEqual(['two', 'three', 'five', 'six']);
    expect(body.context.map((m) => m.authorId)).toEqual([ravi.id, asha.id, asha.id, ravi.id]);

    const gone = await messaging.call(admin, 'GET', `/api/admin/review/messages/${randomUUID()}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: ModerationMessages.itemGone });
  });

  it('answers only for a reported or moderated message: not an unreported one, nor a neighbour to walk on from', async () => {
    const admin = buildUser({ role: 'admin' });
    const { asha, ravi, conversation } = await messaging.pair();
    const said: { id: string; text: string }[] = [];
    for (const [i, text] of ['one', 'two', 'three', 'four', 'five'].entries()) {
      messaging.clock.advance(1000);
      const sent = await messaging.send(i % 2 === 0 ? asha : ravi, conversation, text);
      said.push({ id: sent.id, text });
    }
    const [, second, third] = said as [unknown, { id: string }, { id: string }];
    const review = (id: string) => messaging.call(admin, 'GET', `/api/admin/review/messages/${id}`);

    const unreported = await review(third.id);
    expect(unreported.statusCode).toBe(404);
    expect(unreported.json()).toEqual({ message: ModerationMessages.itemGone });

    await messaging.publish(reportFiledV1, {
      reporterId: ravi.id,
      targetKind: 'message',
      targetId: third.id,
    });
    await waitFor(async () => (await review(third.id)).statusCode === 200, 10_000, 'the report');
    const reported = (await review(third.id)).json<ReviewContent>();
    expect(reported).toMatchObject({ id: third.id, text: 'three', moderation: null });
    // The reviewer reads it in context...
    expect(reported.context.map((m) => m.text)).toEqual(['one', 'two', 'four', 'five']);
    // ...but cannot go on from a neighbour's id: it was not reported.
    const neighbour = await review(second.id);
    expect(neighbour.statusCode).toBe(404);
    expect(neighbour.json()).toEqual({ message: ModerationMessages.itemGone });
  });
});
