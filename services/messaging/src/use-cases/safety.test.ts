import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentHiddenV1,
  contentRemovedV1,
  contentUnhiddenV1,
  reportDismissedV1,
  reportFiledV1,
  userBlockedV1,
  userUnblockedV1,
} from '@saathi/contracts';
import type { SafetyRepository } from '../db/safety-repository';
import { consumed, fake } from '../testing/fake-core';
import {
  hideMessage,
  hideReportedMessage,
  recordBlock,
  recordUnblock,
  removeMessage,
  showDismissedMessage,
  showUnhiddenMessage,
} from './safety';

// Blocks, reports and moderation decisions about messages, on a fake safety repository.

function safetyFake(rejection?: 'own_message' | 'not_in_conversation') {
  const calls: unknown[][] = [];
  const record =
    (name: string, answer?: unknown) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return Promise.resolve(answer);
    };
  const safety = fake<SafetyRepository>({
    reportRejection: record('reportRejection', rejection),
    hideFromViewer: record('hideFromViewer'),
    moderate: record('moderate'),
    unhide: record('unhide'),
    block: record('block', true),
    unblock: record('unblock', true),
  });
  return { core: { safety }, calls };
}

describe('a report of a message', () => {
  const filed = (conversationId?: string, targetKind: 'message' | 'post' = 'message') =>
    consumed(reportFiledV1, {
      reporterId: randomUUID(),
      targetKind,
      targetId: randomUUID(),
      ...(conversationId ? { conversationId } : {}),
    });

  it('hides the message from its reporter when it holds (a group thread’s names no conversation)', async () => {
    const conversationId = randomUUID();
    for (const event of [filed(conversationId), filed()]) {
      const { core, calls } = safetyFake();
      await hideReportedMessage(core, event);
      expect(calls.at(-1)).toEqual(['hideFromViewer', event.data.reporterId, event.data.targetId]);
      expect(event.emitted).toEqual([]);
    }
  });

  it('is rejected, hiding nothing, when the message is not the other person’s in that conversation', async () => {
    const { core, calls } = safetyFake('own_message');
    const conversationId = randomUUID();
    const event = filed(conversationId);
    await hideReportedMessage(core, event);
    expect(calls).toEqual([
      [
        'reportRejection',
        { reporterId: event.data.reporterId, messageId: event.data.targetId, conversationId },
      ],
    ]);
    expect(event.emitted).toEqual([
      {
        type: 'messaging.report.rejected.v1',
        data: {
          reporterId: event.data.reporterId,
          targetId: event.data.targetId,
          conversationId,
          reason: 'own_message',
        },
      },
    ]);
  });

  it('leaves other services’ items alone', async () => {
    const { core, calls } = safetyFake();
    await hideReportedMessage(core, filed(undefined, 'post'));
    expect(calls).toEqual([]);
  });
});

describe('moderation’s decisions', () => {
  it('hide, remove and show messages again, and nothing of other kinds', async () => {
    const { core, calls } = safetyFake();
    const id = randomUUID();
    const actorId = randomUUID();
    await hideMessage(core, consumed(contentHiddenV1, { targetKind: 'message', targetId: id }));
    await removeMessage(core, consumed(contentRemovedV1, { targetKind: 'message', targetId: id, actorId }));
    await showDismissedMessage(
      core,
      consumed(reportDismissedV1, { targetKind: 'message', targetId: id, actorId }),
    );
    await showUnhiddenMessage(core, consumed(contentUnhiddenV1, { targetKind: 'message', targetId: id }));
    await hideMessage(core, consumed(contentHiddenV1, { targetKind: 'post', targetId: id }));
    await removeMessage(core, consumed(contentRemovedV1, { targetKind: 'comment', targetId: id, actorId }));
    await showDismissedMessage(
      core,
      consumed(reportDismissedV1, { targetKind: 'user', targetId: id, actorId }),
    );
    await showUnhiddenMessage(core, consumed(contentUnhiddenV1, { targetKind: 'post', targetId: id }));
    expect(calls).toEqual([
      ['moderate', id, 'hidden'],
      ['moderate', id, 'removed'],
      ['unhide', id],
      ['unhide', id],
    ]);
  });
});

describe('blocks', () => {
  it('are applied as of each event’s time', async () => {
    const { core, calls } = safetyFake();
    const pair = { blockerId: randomUUID(), blockedId: randomUUID() };
    const blocked = consumed(userBlockedV1, pair);
    const unblocked = consumed(userUnblockedV1, pair, new Date('2026-06-01T11:30:00.000Z'));
    await recordBlock(core, blocked);
    await recordUnblock(core, unblocked);
    expect(calls).toEqual([
      ['block', pair, blocked.occurredAt],
      ['unblock', pair, unblocked.occurredAt],
    ]);
  });
});
