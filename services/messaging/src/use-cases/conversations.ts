import { conversationStartedV1, MessagingMessages } from '@saathi/contracts';
import type {
  listConversationsRoute,
  markConversationReadRoute,
  startConversationRoute,
  unreadMessagesRoute,
} from '@saathi/contracts';
import { outcomes, withinRate } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import { asDate } from '../db/as-date';
import type { StartGateRow } from '../db/message-settings-repository';
import { participantNameOf, toConversation, toReadReceipt } from '../domain/views';
import { awaitParticipant } from './await-participant';
import type { MessagingCore } from './messaging-core';

/**
 * The pair's one conversation: created on the first start, the same id on every later one. A new
 * one must be one the recipient takes (`mayStart`; else 403 "{name} isn't taking new messages"). Each
 * account starts at most `conversationStartsPerHour` (429 past it), counted before the wait for
 * an unknown person, so nobody can send a stream of requests at strangers or of made-up ids.
 */
export async function startConversation(
  core: Pick<
    MessagingCore,
    | 'uow'
    | 'clock'
    | 'conversations'
    | 'participants'
    | 'safety'
    | 'requests'
    | 'messageSettings'
    | 'rateLimiter'
    | 'conversationStartsPerHour'
  >,
  { user, body: { participantId }, meta }: RouteInput<typeof startConversationRoute>,
): Promise<RouteOutput<typeof startConversationRoute>> {
  if (participantId === user.id) throw outcomes.invalid(MessagingMessages.notWithYourself);
  await withinRate(
    core.rateLimiter,
    `messaging:conversationStartsPerHour:${user.id}`,
    { limit: core.conversationStartsPerHour, windowMs: 3_600_000 },
    core.clock.now(),
  );
  // A brand-new account may not be projected yet (its registration event is on its way): wait
  // briefly, outside the transaction, before calling it unknown.
  if (!(await awaitParticipant(core.participants, participantId)))
    throw outcomes.notFound(MessagingMessages.userNotFound);
  return core.uow.withEvents(
    async (tx, emit) => {
      const participants = core.participants.with(tx);
      // A deleted account keeps its "Deleted user" row for the conversations it was in; nobody
      // can start a new one with it (and so put its id in a new row).
      if (await participants.isDeleted(participantId))
        throw outcomes.notFound(MessagingMessages.userNotFound);
      if (await core.safety.with(tx).blockedEitherWay(user.id, participantId))
        throw outcomes.forbidden(MessagingMessages.cannotMessage, 'CANNOT_MESSAGE');
      // A new conversation only if the recipient takes one from this sender; refused before
      // anything is written, so nothing is stored and no event goes out.
      const gate = await core.messageSettings.with(tx).startGate(user.id, participantId);
      if (gate && !mayStart(gate))
        throw outcomes.forbidden(
          MessagingMessages.notTakingNewMessages(participantNameOf(gate)),
          'NOT_TAKING_NEW_MESSAGES',
        );
      await participants.ensureFromToken(user.id, user.username);
      const started = await core.conversations.with(tx).startOwn(user.id, participantId, core.clock.now());
      // The recipient of a request (even a declined one) choosing to message the sender accepts it.
      if (!started.created)
        await core.requests.with(tx).answer(started.id, user.id, ['request', 'declined'], 'accepted');
      if (started.created) {
        emit(conversationStartedV1, {
          conversationId: started.id,
          participant1Id: user.id,
          participant2Id: participantId,
          startedBy: user.id,
        });
      }
      return { id: started.id };
    },
    { traceId: meta.traceId },
  );
}

/**
 * The recipient's "who may start" setting: an existing conversation (even a request they
 * declined) is never refused by it; a new one is, unless they take everyone, or only people
 * they met at an activity and the two did.
 */
function mayStart(gate: StartGateRow): boolean {
  if (gate.talking) return true;
  switch (gate.who_may_start) {
    case 'everyone':
      return true;
    case 'met':
      return gate.met;
    case 'nobody':
      return false;
  }
}

/** The viewer's conversations, most recently active first. */
export async function listConversations(
  core: Pick<MessagingCore, 'conversations'>,
  { user }: RouteInput<typeof listConversationsRoute>,
): Promise<RouteOutput<typeof listConversationsRoute>> {
  return (await core.conversations.listViews(user.id)).map(toConversation);
}

/** Unread messages across the viewer's conversations (the Messages button's badge). */
export async function unreadTotal(
  core: Pick<MessagingCore, 'conversations'>,
  { user }: RouteInput<typeof unreadMessagesRoute>,
): Promise<RouteOutput<typeof unreadMessagesRoute>> {
  return { count: await core.conversations.unreadTotal(user.id) };
}

/**
 * Moves the reader's marker to a message of the thread (default: its newest), then tells the
 * other participant (their "seen") and the reader's other tabs (their unread badge). Opening a
 * request one has not accepted tells its sender nothing: a "seen" would say the request was read
 * (and, once declined, that the account is there and ignoring them).
 */
export async function markConversationRead(
  core: Pick<
    MessagingCore,
    'uow' | 'clock' | 'logger' | 'conversations' | 'messages' | 'pusher' | 'requests'
  >,
  {
    user,
    params: { id: conversationId },
    body: { messageId },
    meta,
  }: RouteInput<typeof markConversationReadRoute>,
): Promise<RouteOutput<typeof markConversationReadRoute>> {
  const { receipt, otherId, unanswered } = await core.uow.withEvents(
    async (tx) => {
      const conversations = core.conversations.with(tx);
      const membership = await conversations.membershipOf(user.id, conversationId);
      if (!membership) throw outcomes.notFound(MessagingMessages.conversationNotFound);
      const messages = core.messages.with(tx);
      const message = messageId
        ? await messages.findIn(conversationId, messageId)
        : await messages.newest(conversationId);
      if (messageId && !message) throw outcomes.invalid('Invalid message id');
      const marker = await conversations.markReadOwn(
        user.id,
        conversationId,
        message ? { id: message.id, createdAt: asDate(message.created_at) } : null,
        core.clock.now(),
      );
      const unanswered = await core.requests.with(tx).notAcceptedBy(conversationId, user.id);
      return { receipt: toReadReceipt(marker), otherId: membership.otherId, unanswered };
    },
    { traceId: meta.traceId },
  );
  if (!unanswered) core.pusher.read(otherId, receipt);
  pushConversationTo(core, user.id, conversationId);
  return receipt;
}

/**
 * Pushes the conversation as `userId` sees it. Runs after the answer is on its way: a failed
 * push is logged, and the client's next list fetch shows the same thing.
 */
export function pushConversationTo(
  core: Pick<MessagingCore, 'conversations' | 'logger' | 'pusher'>,
  userId: string,
  conversationId: string,
): void {
  core.conversations
    .viewOf(userId, conversationId)
    .then((row) => {
      if (row) core.pusher.conversationUpdated(userId, toConversation(row));
    })
    .catch((err: unknown) => core.logger.warn({ err, conversationId }, 'conversation push failed'));
}
