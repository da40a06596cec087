import { consumeBatchOnce, consumeOnce } from '@saathi/platform';
import { messageSentV1 } from '@saathi/contracts';
import type { EventData, EventEnvelope } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { SCHEMA } from '../schema-name';
import {
  noticeMessage,
  noticeMessagesWithoutChange,
  noticeMessageWithoutChange,
} from '../use-cases/message-notice';
import { createNotificationCore } from '../use-cases/notification-core';

const DURABLE = 'notification.message-sent';

/**
 * messaging.message.sent.v1 → a message notification, and a mail if the recipient was away.
 * Most messages of a conversation are the same person writing again to someone online: those
 * take one idempotent statement and no transaction (`noticeMessageWithoutChange`); the rest go
 * through the inbox and outbox in one transaction, as `consumeWithEvents` does for every other
 * event (written out here because the cheap path must run before that transaction begins).
 */
export function subscribeMessageSent(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  const fullPath = (envelope: EventEnvelope<EventData<typeof messageSentV1>>) =>
    kit.uow.withEvents(
      (tx, emit) =>
        consumeOnce(tx, SCHEMA, DURABLE, envelope, (inner) => noticeMessage(core, inner, emit, envelope)),
      { traceId: envelope.traceId },
    );
  return kit.bus.subscribe({
    durable: DURABLE,
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
          consumeBatchOnce(tx, SCHEMA, DURABLE, rest, async (inner, fresh) => {
            for (const envelope of fresh) await noticeMessage(core, inner, emit, envelope);
          }),
        { traceId: first.traceId },
      );
    },
  });
}
