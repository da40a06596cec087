import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  circleCreatedV1,
  commentCreatedV1,
  conversationStartedV1,
  dailyAnswerCreatedV1,
  postCreatedV1,
} from '@saathi/contracts';
import type { ContentKind, CreateReportBody, EventData, EventDefinition } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import { buildTestUser, startTestService, waitFor } from '@saathi/platform/testing';
import type { TestClock, TestDatabase } from '@saathi/platform/testing';
import { moderationService } from '../index';

export interface TestModeration {
  app: App;
  database: TestDatabase;
  clock: TestClock;
  signIn(user: AuthUser): { cookies: Record<string, string> };
  /**
   * Files a report as `reporter` (a spam report of a post unless told otherwise); a 1:1 message
   * `announce`d here is reported with its conversation unless the body names one.
   */
  report(
    reporter: AuthUser,
    body: Partial<CreateReportBody> & { targetId: string; ownerId?: string },
  ): Promise<number>;
  /**
   * Announces, as the owning service would, that `ownerId` wrote the item, and waits until the
   * owners projection holds it. A 1:1 message is not announced by messaging: this starts its
   * conversation (`conversationId`, new unless told) between `ownerId` and `recipientId`
   * (someone new unless told), the only other person who may report it, and waits until
   * moderation knows the two; `report` then names that conversation.
   */
  announce(
    targetKind: ContentKind,
    targetId: string,
    ownerId: string,
    message?: { recipientId?: string; conversationId?: string },
  ): Promise<void>;
  /**
   * Publishes an event on the service's bus, as another service would; at `occurredAt` (its
   * envelope's time) when told, else the clock's now.
   */
  publish<E extends EventDefinition>(event: E, data: EventData<E>, occurredAt?: Date): Promise<void>;
  /** The payloads of this event type the service has written to its outbox, oldest first. */
  outbox(event: EventDefinition): Promise<Record<string, unknown>[]>;
  rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

/** A signed-in person, with a verified address unless told otherwise (only theirs hide items). */
export const buildUser = (overrides: Partial<AuthUser> = {}): AuthUser =>
  buildTestUser({ emailVerified: true, ...overrides }, 'member');

export const buildAdmin = () => buildUser({ role: 'admin' });

/** Moderation on a fresh PostgreSQL database, the in-memory bus and a hand-moved clock. */
export async function startTestModeration(env: Record<string, string> = {}): Promise<TestModeration> {
  const moderation = await startTestService(moderationService, { env });
  const { app, database, clock, signIn } = moderation;
  const publish = async <E extends EventDefinition>(event: E, data: EventData<E>, occurredAt?: Date) => {
    await moderation.publish(event, data, occurredAt);
  };
  /** Each announced 1:1 message's conversation, as the web's report names it. */
  const conversationOf = new Map<string, string>();
  const known = async (query: SQL) => (await queryRows(database.port.db, query)).length > 0;
  return {
    app,
    database,
    clock,
    signIn,
    async report(reporter, body) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/moderation/reports',
        ...signIn(reporter),
        payload: {
          targetKind: 'post',
          reason: 'spam',
          ...(body.targetKind === 'message' && conversationOf.has(body.targetId)
            ? { conversationId: conversationOf.get(body.targetId) }
            : {}),
          ...body,
        },
      });
      return response.statusCode;
    },
    publish,
    async announce(targetKind, targetId, ownerId, message = {}) {
      const at = clock.now().toISOString();
      if (targetKind === 'post')
        await publish(postCreatedV1, {
          postId: targetId,
          authorId: ownerId,
          hashtags: [],
          latitude: 0,
          longitude: 0,
          createdAt: at,
        });
      else if (targetKind === 'comment')
        await publish(commentCreatedV1, {
          commentId: targetId,
          postId: randomUUID(),
          authorId: ownerId,
          postAuthorId: randomUUID(),
        });
      else if (targetKind === 'daily_answer')
        await publish(dailyAnswerCreatedV1, { answerId: targetId, authorId: ownerId });
      else if (targetKind === 'circle')
        await publish(circleCreatedV1, { circleId: targetId, creatorId: ownerId, name: 'Lake walkers' });
      else {
        const conversationId = message.conversationId ?? randomUUID();
        const recipientId = message.recipientId ?? randomUUID();
        conversationOf.set(targetId, conversationId);
        await publish(conversationStartedV1, {
          conversationId,
          participant1Id: ownerId,
          participant2Id: recipientId,
          startedBy: ownerId,
        });
        await waitFor(
          () =>
            known(
              sql`select 1 from moderation.conversation_participants
                   where conversation_id = ${conversationId} and user_id = ${recipientId}`,
            ),
          5_000,
          `the conversation of message ${targetId}`,
        );
        return;
      }
      await waitFor(
        () => known(sql`select 1 from moderation.content_owners where target_id = ${targetId}`),
        5_000,
        `the owner of ${targetKind} ${targetId}`,
      );
    },
    outbox: (event) => moderation.outbox(event.type),
    rows: moderation.rows,
    close: moderation.close,
  };
}
