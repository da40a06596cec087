import { messageSentV1 } from '@saathi/contracts';
import type { EventData, EventEnvelope } from '@saathi/contracts';
import { consumeBatchOnce, consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { SCHEMA } from '../schema-name';
import {
  noticeMessage,
  noticeMessagesWithoutChange,
  noticeMessageWithoutChange,
} from '../use-cases/message-notice';
import type { NotificationCore } from '../use-cases/notification-core';

/** The durable: never rename it (a new name would replay the stream). */
export const MESSAGE_SENT_DURABLE = 'notification.message-sent';

/**
 * messaging.message.sent.v1 → a message notification, and a mail if the recipient was away.
 * Most messages of a conversation are the same person writing again to someone online: those
 * take one idempotent statement and no transaction (`noticeMessageWithoutChange`); the rest go
 * through the inbox and outbox in one transaction, as every `onEvent` consumer does.
 *
 * The one consumer not listed with `onEvent` (index.ts subscribes it in `onStart`): the cheap
 * path must run before that transaction begins, and `onEvent` has no step before it yet. Listed,
 * every message would cost a transaction and an inbox row — what this path was made to avoid
 * (load-tests/RESULTS.md, "Notification's cheap path").
 */
export function subscribeMessageSent(core: NotificationCore, kit: ServiceKit<Config>): Promise<void> {
  const fullPath = (envelope: EventEnvelope<EventData<typeof messageSentV1>>) =>
    kit.uow.withEvents(
      (tx, emit) =>
        consumeOnce(tx, SCHEMA, MESSAGE_SENT_DURABLE, envelope, (inner) =>
          noticeMessage(core, { data: envelope.data, tx: inner, emit, envelope }),
        ),
      { traceId: envelope.traceId },
    );
  return kit.bus.subscribe({
    durable: MESSAGE_SENT_DURABLE,
    event: messageSentV1,
    handle: async (envelope) => {
      if (await noticeMessageWithoutChange(core, envelope.data)) return;
      await fullPath(envelope);
    },
    // A backlog's cheap bumps in one statement; the rest, in order, in one transaction: a burst
    // of messages to people away (each a notice, maybe a mail and a push) would otherwise cost a
    // commit each and fall behind the sends. Should it fail, the bus hands the batch back one by
    // one: bumps again only count again (see bumpSameActors), and the inbox skips what committed.
    handleBatch: async (envelopes) => {
      const done = await noticeMessagesWithoutChange(
        core,
        envelopes.map((envelope) => envelope.data),
      );
      const rest = envelopes.filter((_, index) => !done[index]);
      const [first] = rest;
      if (!first) return;
      await kit.uow.withEvents(
        (tx, emit) =>
          consumeBatchOnce(tx, SCHEMA, MESSAGE_SENT_DURABLE, rest, async (inner, fresh) => {
            for (const envelope of fresh)
              await noticeMessage(core, { data: envelope.data, tx: inner, emit, envelope });
          }),
        { traceId: first.traceId },
      );
    },
  });
}
