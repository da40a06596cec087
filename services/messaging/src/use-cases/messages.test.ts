import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MessagingMessages } from '@saathi/contracts';
import type { ConversationPairs } from '../db/conversation-pairs';
import type { ConversationsRepository } from '../db/conversations-repository';
import type { MessageRow, MessagesRepository } from '../db/messages-repository';
import type { SendInput, SendOutcome } from '../db/send-statement';
import {
  fake,
  fakeClock,
  fakePusher,
  fakeUnitOfWork,
  member,
  outcomeOf,
  routeInput,
} from '../testing/fake-core';
import { listMessages, sendMessage, sendMessageAs } from './messages';

// The 1:1 send's and the thread page's policies on fakes: who may send or read, what each
// refusal is (the socket's `message:send` answers the same ones), who hears a stored message.

const conversationId = randomUUID();

const row = (overrides: Partial<MessageRow> = {}): MessageRow => ({
  id: randomUUID(),
  conversation_id: conversationId,
  sender_id: randomUUID(),
  content: 'Hello',
  created_at: new Date('2026-06-01T12:00:00.000Z'),
  client_message_id: null,
  ...overrides,
});

function sendCore(options: {
  recipientId?: string;
  outcome?: SendOutcome;
  first?: MessageRow;
  online?: string[];
}) {
  const sent: SendInput[] = [];
  return {
    sent,
    core: {
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      pusher: fakePusher(options.online ?? []),
      pairs: fake<ConversationPairs>({ otherOf: () => Promise.resolve(options.recipientId) }),
      messages: fake<MessagesRepository>({
        send: (input: SendInput) => {
          sent.push(input);
          return Promise.resolve(options.outcome ?? { kind: 'not-found' });
        },
        byClientId: () => Promise.resolve(options.first),
      }),
    },
  };
}

const body = (overrides: { clientMessageId?: string; conversationId?: string } = {}) => ({
  conversationId,
  content: 'Hello',
  ...overrides,
});

describe('sendMessage', () => {
  it('stores the message for the pair and pushes it to both, the recipient’s presence on its notice', async () => {
    const sender = member();
    const recipientId = randomUUID();
    const stored = row({ sender_id: sender.id });
    const { core, sent } = sendCore({
      recipientId,
      online: [recipientId],
      outcome: { kind: 'stored', row: stored, status: 'accepted', noticed: true },
    });
    const message = await sendMessage(core, routeInput(sender, { body: body() }));
    expect(message).toMatchObject({ id: stored.id, conversationId, senderId: sender.id, content: 'Hello' });
    expect(sent[0]).toMatchObject({ senderId: sender.id, recipientId, recipientOnline: true });
    expect(sent[0]?.notice).toMatchObject({ traceId: 'trace-1', data: { recipientOnline: true } });
    expect(core.pusher.pushed).toEqual([['messageNew', [sender.id, recipientId], message]]);
    expect(core.uow.wakes).toBe(1);
  });

  it('tells nobody but the sender of a message into a request the recipient declined', async () => {
    const sender = member();
    const { core } = sendCore({
      recipientId: randomUUID(),
      outcome: { kind: 'stored', row: row({ sender_id: sender.id }), status: 'declined', noticed: false },
    });
    await sendMessageAs(core, sender, body(), 'trace-socket');
    expect(core.pusher.pushed.map((push) => push[1])).toEqual([[sender.id]]);
    expect(core.uow.wakes).toBe(0);
  });

  it('refuses someone outside the conversation, a blocked pair and a deleted account, in the route’s words', async () => {
    const sender = member();
    const outside = sendCore({});
    expect(await outcomeOf(sendMessage(outside.core, routeInput(sender, { body: body() })))).toEqual({
      kind: 'not-found',
      message: MessagingMessages.conversationNotFound,
      code: undefined,
    });
    expect(outside.sent).toEqual([]);
    const refusals: [SendOutcome, string, string, string | undefined][] = [
      [{ kind: 'not-found' }, 'not-found', MessagingMessages.conversationNotFound, undefined],
      [{ kind: 'blocked' }, 'forbidden', MessagingMessages.cannotMessage, 'CANNOT_MESSAGE'],
      [{ kind: 'other-deleted' }, 'gone', MessagingMessages.accountDeleted, 'ACCOUNT_DELETED'],
    ];
    for (const [outcome, kind, message, code] of refusals) {
      const { core } = sendCore({ recipientId: randomUUID(), outcome });
      expect(await outcomeOf(sendMessage(core, routeInput(sender, { body: body() })))).toEqual({
        kind,
        message,
        code,
      });
      expect(core.pusher.pushed).toEqual([]);
    }
  });

  it('answers a retried client message id with the first message, pushing nothing; another conversation’s is a conflict', async () => {
    const sender = member();
    const clientMessageId = randomUUID();
    const first = row({ sender_id: sender.id, client_message_id: clientMessageId });
    const { core } = sendCore({ recipientId: randomUUID(), outcome: { kind: 'retry' }, first });
    expect(await sendMessage(core, routeInput(sender, { body: body({ clientMessageId }) }))).toMatchObject({
      id: first.id,
      clientMessageId,
    });
    expect(core.pusher.pushed).toEqual([]);
    const elsewhere = sendCore({
      recipientId: randomUUID(),
      outcome: { kind: 'retry' },
      first: row({ conversation_id: randomUUID() }),
    });
    expect(
      await outcomeOf(sendMessage(elsewhere.core, routeInput(sender, { body: body({ clientMessageId }) }))),
    ).toMatchObject({ kind: 'conflict', message: MessagingMessages.clientMessageIdTaken });
  });
});

describe('listMessages', () => {
  const core = (options: { member?: boolean; cursor?: boolean; rows?: MessageRow[] }) => ({
    conversations: fake<ConversationsRepository>({
      membershipOf: () =>
        Promise.resolve(options.member ? { conversationId, otherId: randomUUID() } : undefined),
    }),
    messages: fake<MessagesRepository>({
      findIn: () => Promise.resolve(options.cursor ? row() : undefined),
      page: () => Promise.resolve(options.rows ?? []),
    }),
  });
  const input = (query: { after?: string; before?: string } = {}) =>
    routeInput(member(), { params: { id: conversationId }, query: { limit: 30, ...query } });

  it('is a page for a participant, 404 for anyone else, 400 for a cursor of another thread', async () => {
    const stored = row();
    expect(await listMessages(core({ member: true, rows: [stored] }), input())).toEqual([
      expect.objectContaining({ id: stored.id }),
    ]);
    expect(await outcomeOf(listMessages(core({}), input()))).toMatchObject({
      kind: 'not-found',
      message: MessagingMessages.conversationNotFound,
    });
    expect(
      await outcomeOf(listMessages(core({ member: true }), input({ after: randomUUID() }))),
    ).toMatchObject({
      kind: 'invalid',
      message: 'Invalid cursor',
    });
  });
});
