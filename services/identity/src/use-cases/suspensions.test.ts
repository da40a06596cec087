import { describe, expect, it } from 'vitest';
import { userReinstatedV1, userSuspendedV1 } from '@saathi/contracts';
import type { SessionsRepository } from '../db/sessions-repository';
import type { UsersRepository } from '../db/users-repository';
import type { SessionCache } from '../auth/session-cache';
import { consumed, fake, fakeClock, NOW } from '../testing/fake-core';
import { reinstateAccount, suspendAccount } from './suspensions';

const userId = '00000000-0000-4000-8000-0000000000c1';
const actorId = '00000000-0000-4000-8000-0000000000c2';

function core(options: { applies?: boolean; ended?: string[] } = {}) {
  const calls: unknown[][] = [];
  return {
    calls,
    clock: fakeClock(),
    accessTtlSeconds: 600,
    users: fake<UsersRepository>({
      suspend: (id: string, at: Date) => {
        calls.push(['suspend', id, at]);
        return Promise.resolve(options.applies ?? true);
      },
      reinstate: (id: string, at: Date) => {
        calls.push(['reinstate', id, at]);
        return Promise.resolve();
      },
    }),
    sessions: fake<SessionsRepository>({
      revokeAllForUser: (id: string, reason: string) => {
        calls.push(['revokeAll', id, reason]);
        return Promise.resolve(options.ended ?? ['s1', 's2']);
      },
    }),
    sessionCache: fake<SessionCache>({
      clear: () => {
        calls.push(['clearSessionCache']);
      },
    }),
  };
}

describe('suspendAccount', () => {
  it('marks the account as of the event, ends every session and announces them', async () => {
    const deps = core();
    const event = consumed(userSuspendedV1, { userId, actorId });
    await suspendAccount(deps, event);
    expect(deps.calls).toEqual([
      ['suspend', userId, event.occurredAt],
      ['revokeAll', userId, 'suspended'],
    ]);
    // This replica's signed-in lookups go once the transaction commits, not before.
    expect(event.afterCommits).toHaveLength(1);
    for (const run of event.afterCommits) run();
    expect(deps.calls.at(-1)).toEqual(['clearSessionCache']);
    expect(event.emitted).toEqual([
      {
        type: 'identity.session.revoked.v1',
        data: {
          userId,
          sessionIds: ['s1', 's2'],
          accessTokensValidUntil: new Date(NOW.getTime() + 600_000).toISOString(),
        },
      },
    ]);
  });

  it('changes nothing when a later reinstatement was handled first', async () => {
    const deps = core({ applies: false });
    const event = consumed(userSuspendedV1, { userId, actorId });
    await suspendAccount(deps, event);
    expect(deps.calls).toEqual([['suspend', userId, event.occurredAt]]);
    expect(event.emitted).toEqual([]);
    expect(event.afterCommits).toEqual([]);
  });

  it('announces nothing when no session was live', async () => {
    const event = consumed(userSuspendedV1, { userId, actorId });
    await suspendAccount(core({ ended: [] }), event);
    expect(event.emitted).toEqual([]);
  });
});

describe('reinstateAccount', () => {
  it('lifts the suspension as of the event', async () => {
    const deps = core();
    const event = consumed(userReinstatedV1, { userId, actorId });
    await reinstateAccount(deps, event);
    expect(deps.calls).toEqual([['reinstate', userId, event.occurredAt]]);
  });
});
