// Moderation keeps no row per 1:1 message: a report names the message's conversation, and
// messaging, which holds the message, checks it. A report that does not hold hides nothing and
// is answered with messaging.report.rejected.v1; moderation then withdraws it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contentHiddenV1, contentUnhiddenV1, reportFiledV1, reportRejectedV1 } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { buildUser, startTestMessaging } from '../testing/test-messaging';
import type { TestMessaging } from '../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

/** Reports handled by the report.filed consumer (its inbox), to know one was, not just sent. */
const handled = async () =>
  (
    await messaging.rows<{ n: number }>(
      sql`select count(*)::int as n from messaging.inbox where consumer = 'messaging.report-filed'`,
    )
  )[0]?.n ?? 0;

const hiddenFrom = async (viewer: AuthUser, messageId: string) =>
  (
    await messaging.rows(
      sql`select 1 from messaging.hidden_for_viewer where viewer_id = ${viewer.id} and message_id = ${messageId}`,
    )
  ).length > 0;

const rejections = async (messageId: string) =>
  (await messaging.outbox(reportRejectedV1.type)).filter((data) => data.targetId === messageId);

/** Moderation's report.filed of a 1:1 message naming `conversationId`; waits until it was handled. */
async function reported(reporter: AuthUser, messageId: string, conversationId: string) {
  const before = await handled();
  await messaging.publish(reportFiledV1, {
    reporterId: reporter.id,
    targetKind: 'message',
    targetId: messageId,
    conversationId,
  });
  await waitFor(async () => (await handled()) === before + 1, 5_000, 'the report');
}

describe('a report of a 1:1 message naming its conversation', () => {
  it('hides the message from the other person who reports it, and rejects nothing', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const rude = await messaging.send(ravi, conversation, 'Rude');
    await reported(asha, rude.id, conversation);
    expect(await hiddenFrom(asha, rude.id)).toBe(true);
    expect(await rejections(rude.id)).toEqual([]);
  });

  it('is rejected when the reporter sent the message, and hides nothing', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const own = await messaging.send(asha, conversation, 'Mine');
    await reported(asha, own.id, conversation);
    expect(await hiddenFrom(asha, own.id)).toBe(false);
    expect(await rejections(own.id)).toEqual([
      { reporterId: asha.id, targetId: own.id, conversationId: conversation, reason: 'own_message' },
    ]);
    expect(await hiddenFrom(ravi, own.id)).toBe(false);
  });

  it('is rejected when the message is from another conversation, or the reporter is not in it', async () => {
    // Ravi points a message Omar sent Priya at his own conversation with Asha: moderation would
    // name Asha as its owner on his word, so messaging must turn it down.
    const { asha, ravi, conversation } = await messaging.pair();
    const elsewhere = await messaging.pair();
    const theirs = await messaging.send(elsewhere.ravi, elsewhere.conversation, 'Not yours');
    await reported(ravi, theirs.id, conversation);
    // And someone outside the message's own conversation who names it.
    const outsider = buildUser();
    await reported(outsider, theirs.id, elsewhere.conversation);
    // And an id messaging never stored.
    const madeUp = randomUUID();
    await reported(ravi, madeUp, conversation);

    expect(await hiddenFrom(ravi, theirs.id)).toBe(false);
    expect(await hiddenFrom(outsider, theirs.id)).toBe(false);
    expect(await rejections(theirs.id)).toEqual([
      {
        reporterId: ravi.id,
        targetId: theirs.id,
        conversationId: conversation,
        reason: 'not_in_conversation',
      },
      {
        reporterId: outsider.id,
        targetId: theirs.id,
        conversationId: elsewhere.conversation,
        reason: 'not_in_conversation',
      },
    ]);
    expect(await rejections(madeUp)).toHaveLength(1);
    // Asha, whom the case would have named, had nothing hidden on the way either.
    expect(await hiddenFrom(asha, theirs.id)).toBe(false);
  });
});

describe('a message moderation shows again', () => {
  it('is shown to both once the reports that hid it are withdrawn', async () => {
    const { ravi, conversation } = await messaging.pair();
    const message = await messaging.send(ravi, conversation, 'Fine after all');
    const state = async () =>
      (
        await messaging.rows<{ moderation: string | null }>(
          sql`select moderation from messaging.messages where id = ${message.id}`,
        )
      )[0]?.moderation;
    await messaging.publish(contentHiddenV1, { targetKind: 'message', targetId: message.id });
    await waitFor(async () => (await state()) === 'hidden', 5_000, 'the hide');
    await messaging.publish(contentUnhiddenV1, { targetKind: 'message', targetId: message.id });
    await waitFor(async () => (await state()) === null, 5_000, 'the unhide');
  });
});
