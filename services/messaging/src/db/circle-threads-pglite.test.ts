import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { circleMentionedV1, circleThreadMessageSentV1 } from '@saathi/contracts';
import { makeEnvelope, openPglite, queryRows, serviceMigrations } from '@saathi/platform';
import type { DatabasePort } from '@saathi/platform';
import { messagingService } from '../index';
import { CircleThreadsRepository } from './circle-threads-repository';
import type { CircleSendInput } from './circle-send-statement';

// Embedded mode runs migration 0015 and the circle thread's statements on PGlite (PostgreSQL in
// WASM), the send through its prepared-statement path.
let database: DatabasePort;
let circles: CircleThreadsRepository;
beforeAll(async () => {
  database = await openPglite();
  await database.migrate(messagingService.dbSchema, serviceMigrations(messagingService));
  circles = new CircleThreadsRepository(database.db);
}, 60_000);
afterAll(() => database.close());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 8, minute));

function sendInput(
  circleId: string,
  senderId: string,
  content: string,
  extra: Partial<CircleSendInput> = {},
) {
  const messageId = randomUUID();
  return {
    circleId,
    senderId,
    senderUsername: 'asha',
    content,
    now: at(10),
    clientMessageId: null,
    messageId,
    sent: makeEnvelope(
      circleThreadMessageSentV1,
      { messageId, circleId, senderId, sentAt: at(10).toISOString() },
      { traceId: 't' },
    ),
    mentioned: makeEnvelope(
      circleMentionedV1,
      { circleId, messageId, senderId, userIds: [senderId] },
      { traceId: 't' },
    ),
    mentions: [],
    ...extra,
  };
}

describe('circle threads, on PGlite', () => {
  it('joins, sends once per client id with its events, counts unread and closes', async () => {
    const circleId = randomUUID();
    const [asha, bilal] = [randomUUID(), randomUUID()];
    await database.db.execute(
      sql`insert into messaging.participants (user_id, username, source_at)
          values (${bilal}::uuid, 'Bilal', now())`,
    );
    await circles.name(circleId, 'Chess', at(0), at(0));
    expect(await circles.join(circleId, asha, at(1), at(1))).toBe(true);
    expect(await circles.join(circleId, bilal, at(1), at(1))).toBe(true);

    const clientMessageId = randomUUID();
    const first = await circles.send(
      sendInput(circleId, asha, 'hi @bilal', { clientMessageId, mentions: ['bilal'] }),
    );
    expect(first).toMatchObject({ kind: 'stored', mentioned: true });
    if (first.kind !== 'stored') throw new Error('not stored');
    expect(first.row).toMatchObject({ content: 'hi @bilal', username: 'asha' });
    expect([...first.recipients].sort()).toEqual([asha, bilal].sort());
    expect(await circles.send(sendInput(circleId, asha, 'hi @bilal', { clientMessageId }))).toEqual({
      kind: 'retry',
    });
    const outbox = await queryRows<{ type: string; payload: { data: Record<string, unknown> } }>(
      database.db,
      sql`select type, payload from messaging.outbox order by type`,
    );
    expect(outbox.map((row) => [row.type, row.payload.data])).toEqual([
      ['messaging.circle_thread.mentioned.v1', expect.objectContaining({ userIds: [bilal] })],
      [
        'messaging.circle_thread_message.sent.v1',
        expect.objectContaining({ sentAt: new Date(first.row.created_at).toISOString() }),
      ],
    ]);

    expect((await circles.threadsOf(bilal))[0]).toMatchObject({ name: 'Chess', unread_count: 1 });
    expect(await circles.markRead(bilal, circleId, undefined, at(11))).toBe(0);
    expect(await circles.markRead(randomUUID(), circleId, undefined, at(11))).toBeUndefined();

    await circles.close(circleId, at(12), at(12));
    expect(await circles.send(sendInput(circleId, bilal, 'late'))).toEqual({ kind: 'closed' });
    expect(await circles.send(sendInput(circleId, randomUUID(), 'who?'))).toEqual({ kind: 'not-found' });
  });
});
