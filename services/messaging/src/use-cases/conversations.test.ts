import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdentityMessages, MessagingMessages } from '@saathi/contracts';
import type { WhoMayStart } from '@saathi/contracts';
import { createMemoryRateLimiter } from '@saathi/platform';
import type { Logger } from '@saathi/platform';
import type { ConversationsRepository } from '../db/conversations-repository';
import type { MessageSettingsRepository, StartGateRow } from '../db/message-settings-repository';
import type { MessagesRepository } from '../db/messages-repository';
import type { ParticipantsRepository } from '../db/participants-repository';
import type { RequestsRepository } from '../db/requests-repository';
import type { SafetyRepository } from '../db/safety-repository';
import {
  fake,
  fakeClock,
  fakePusher,
  fakeUnitOfWork,
  member,
  outcomeOf,
  routeInput,
} from '../testing/fake-core';
import { conversationView, readMarker } from '../testing/fake-rows';
import { listConversations, markConversationRead, startConversation, unreadTotal } from './conversations';

// Starting a conversation (yourself, the hourly limit, deleted, blocked, "who may start") and
// marking one read (who hears the "seen"), on fakes.

const gate = (whoMayStart: WhoMayStart, overrides: Partial<StartGateRow> = {}): StartGateRow => ({
  who_may_start: whoMayStart,
  username: 'ravi',
  first_name: 'Ravi',
  display_name: null,
  talking: false,
  met: false,
  ...overrides,
});

function startCore(
  options: {
    deleted?: boolean;
    blocked?: boolean;
    gate?: StartGateRow;
    created?: boolean;
    perHour?: number;
  } = {},
) {
  const answered: string[] = [];
  const id = randomUUID();
  return {
    id,
    answered,
    core: {
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      rateLimiter: createMemoryRateLimiter(),
      conversationStartsPerHour: options.perHour ?? 30,
      participants: fake<ParticipantsRepository>({
        exists: () => Promise.resolve(true),
        isDeleted: () => Promise.resolve(options.deleted ?? false),
        ensureFromToken: () => Promise.resolve(),
      }),
      safety: fake<SafetyRepository>({ blockedEitherWay: () => Promise.resolve(options.blocked ?? false) }),
      messageSettings: fake<MessageSettingsRepository>({ startGate: () => Promise.resolve(options.gate) }),
      conversations: fake<ConversationsRepository>({
        startOwn: () => Promise.resolve({ id, created: options.created ?? true }),
      }),
      requests: fake<RequestsRepository>({
        answer: (conversationId: string) => {
          answered.push(conversationId);
          return Promise.resolve(true);
        },
      }),
    },
  };
}

const start = (participantId: string, user = member()) => routeInput(user, { body: { participantId } });

describe('startConversation', () => {
  it('creates the pair’s conversation once and announces it; starting it again accepts a request', async () => {
    const user = member();
    const other = randomUUID();
    const fresh = startCore();
    expect(await startConversation(fresh.core, start(other, user))).toEqual({ id: fresh.id });
    expect(fresh.core.uow.emitted).toEqual([
      {
        type: 'messaging.conversation.started.v1',
        data: {
          conversationId: fresh.id,
          participant1Id: user.id,
          participant2Id: other,
          startedBy: user.id,
        },
        traceId: 'trace-1',
      },
    ]);
    const again = startCore({ created: false });
    expect(await startConversation(again.core, start(other, user))).toEqual({ id: again.id });
    expect(again.core.uow.emitted).toEqual([]);
    expect(again.answered).toEqual([again.id]);
  });

  it('refuses yourself, a deleted account and a blocked pair', async () => {
    const me = member();
    expect(await outcomeOf(startConversation(startCore().core, start(me.id, me)))).toEqual({
      kind: 'invalid',
      message: MessagingMessages.notWithYourself,
      code: undefined,
    });
    expect(
      await outcomeOf(startConversation(startCore({ deleted: true }).core, start(randomUUID()))),
    ).toEqual({
      kind: 'not-found',
      message: MessagingMessages.userNotFound,
      code: undefined,
    });
    expect(
      await outcomeOf(startConversation(startCore({ blocked: true }).core, start(randomUUID()))),
    ).toEqual({
      kind: 'forbidden',
      message: MessagingMessages.cannotMessage,
      code: 'CANNOT_MESSAGE',
    });
  });

  it('keeps to the recipient’s "who may start", never for a conversation that exists', async () => {
    const refused = {
      kind: 'forbidden',
      message: MessagingMessages.notTakingNewMessages('Ravi'),
      code: 'NOT_TAKING_NEW_MESSAGES',
    };
    const nobody = startCore({ gate: gate('nobody') });
    expect(await outcomeOf(startConversation(nobody.core, start(randomUUID())))).toEqual(refused);
    expect(nobody.core.uow.emitted).toEqual([]);
    expect(
      await outcomeOf(startConversation(startCore({ gate: gate('met') }).core, start(randomUUID()))),
    ).toEqual(refused);
    for (const allowed of [gate('met', { met: true }), gate('everyone'), gate('nobody', { talking: true })]) {
      const { core, id } = startCore({ gate: allowed });
      expect(await startConversation(core, start(randomUUID()))).toEqual({ id });
    }
  });

  it('counts each start against the hourly limit, refused past it', async () => {
    const { core } = startCore({ perHour: 1 });
    const user = member();
    await startConversation(core, start(randomUUID(), user));
    expect(await outcomeOf(startConversation(core, start(randomUUID(), user)))).toEqual({
      kind: 'rate-limited',
      message: IdentityMessages.tooManyAttempts,
      code: 'RATE_LIMITED',
    });
  });
});

describe('markConversationRead', () => {
  function readCore(options: { member?: boolean; message?: boolean; unanswered?: boolean }) {
    const otherId = randomUUID();
    const marker = readMarker();
    return {
      otherId,
      marker,
      core: {
        uow: fakeUnitOfWork(),
        clock: fakeClock(),
        logger: fake<Logger>(),
        pusher: fakePusher(),
        conversations: fake<ConversationsRepository>({
          membershipOf: (_user: string, conversationId: string) =>
            Promise.resolve(options.member ? { conversationId, otherId } : undefined),
          markReadOwn: () => Promise.resolve(marker),
          viewOf: () => Promise.resolve(undefined),
        }),
        messages: fake<MessagesRepository>({
          findIn: () =>
            Promise.resolve(options.message ? { id: randomUUID(), created_at: new Date() } : undefined),
          newest: () => Promise.resolve(undefined),
        }),
        requests: fake<RequestsRepository>({
          notAcceptedBy: () => Promise.resolve(options.unanswered ?? false),
        }),
      },
    };
  }
  const input = (messageId?: string) =>
    routeInput(member(), { params: { id: randomUUID() }, body: messageId ? { messageId } : {} });

  it('moves the marker and tells the other person, unless it is a request the reader has not accepted', async () => {
    const { core, otherId, marker } = readCore({ member: true, message: true });
    const receipt = await markConversationRead(core, input(randomUUID()));
    expect(receipt).toMatchObject({ lastReadMessageId: marker.last_read_message_id });
    expect(core.pusher.pushed).toEqual([['read', otherId, receipt]]);
    const request = readCore({ member: true, unanswered: true });
    await markConversationRead(request.core, input());
    expect(request.core.pusher.pushed).toEqual([]);
  });

  it('is 404 outside the conversation and 400 for a message not in it', async () => {
    expect(await outcomeOf(markConversationRead(readCore({}).core, input()))).toMatchObject({
      kind: 'not-found',
      message: MessagingMessages.conversationNotFound,
    });
    expect(
      await outcomeOf(markConversationRead(readCore({ member: true }).core, input(randomUUID()))),
    ).toMatchObject({
      kind: 'invalid',
      message: 'Invalid message id',
    });
  });
});

describe('listConversations and unreadTotal', () => {
  it('are the viewer’s conversations as the list shows them, and their unread count', async () => {
    const view = conversationView({ unread: 2 });
    const conversations = fake<ConversationsRepository>({
      listViews: () => Promise.resolve([view]),
      unreadTotal: () => Promise.resolve(2),
    });
    expect(await listConversations({ conversations }, routeInput(member()))).toEqual([
      expect.objectContaining({
        id: view.id,
        unreadCount: 2,
        otherParticipant: expect.objectContaining({ displayName: 'Ravi' }),
      }),
    ]);
    expect(await unreadTotal({ conversations }, routeInput(member()))).toEqual({ count: 2 });
  });
});
