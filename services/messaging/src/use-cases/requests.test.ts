import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MessageRequestMessages, MessagingMessages } from '@saathi/contracts';
import type { Logger } from '@saathi/platform';
import type { ConversationsRepository } from '../db/conversations-repository';
import type { RequestsRepository } from '../db/requests-repository';
import { fake, fakePusher, fakeUnitOfWork, member, outcomeOf, routeInput } from '../testing/fake-core';
import { conversationView, readMarker } from '../testing/fake-rows';
import { acceptRequest, declineRequest } from './requests';

// Answering a message request: only its recipient can, once; accepting tells the sender how far
// the recipient has read, declining tells the sender nothing.

function core(options: { member?: boolean; request?: boolean; marker?: boolean } = {}) {
  const otherId = randomUUID();
  const answers: string[] = [];
  const view = conversationView({ other_id: otherId });
  const marker = readMarker();
  return {
    otherId,
    answers,
    view,
    marker,
    core: {
      uow: fakeUnitOfWork(),
      logger: fake<Logger>({ debug: () => undefined }),
      pusher: fakePusher(),
      conversations: fake<ConversationsRepository>({
        membershipOf: (_user: string, conversationId: string) =>
          Promise.resolve(options.member === false ? undefined : { conversationId, otherId }),
        viewOf: () => Promise.resolve(view),
        markerOf: () => Promise.resolve(options.marker ? marker : undefined),
      }),
      requests: fake<RequestsRepository>({
        answer: (_id: string, _user: string, _from: unknown, to: string) => {
          answers.push(to);
          return Promise.resolve(options.request ?? true);
        },
      }),
    },
  };
}

const input = (conversationId: string = randomUUID()) =>
  routeInput(member(), { params: { id: conversationId } });

describe('acceptRequest', () => {
  it('answers the conversation and sends the sender the recipient’s read receipt', async () => {
    const { core: deps, answers, otherId, view, marker } = core({ marker: true });
    expect(await acceptRequest(deps, input(view.id))).toMatchObject({ id: view.id });
    expect(answers).toEqual(['accepted']);
    expect(deps.pusher.pushed.find(([kind]) => kind === 'read')).toEqual([
      'read',
      otherId,
      expect.objectContaining({ lastReadMessageId: marker.last_read_message_id }),
    ]);
  });

  it('is 404 outside the conversation and 400 for what is not a request', async () => {
    expect(await outcomeOf(acceptRequest(core({ member: false }).core, input()))).toMatchObject({
      kind: 'not-found',
      message: MessagingMessages.conversationNotFound,
    });
    expect(await outcomeOf(acceptRequest(core({ request: false }).core, input()))).toMatchObject({
      kind: 'invalid',
      message: MessageRequestMessages.notARequest,
    });
  });
});

describe('declineRequest', () => {
  it('answers the id and pushes nothing to anyone', async () => {
    const { core: deps, answers } = core();
    const id = randomUUID();
    expect(await declineRequest(deps, input(id))).toEqual({ id });
    expect(answers).toEqual(['declined']);
    expect(deps.pusher.pushed).toEqual([]);
  });
});
