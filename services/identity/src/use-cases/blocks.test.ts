import { describe, expect, it } from 'vitest';
import { BlockMessages, IdentityMessages } from '@saathi/contracts';
import type { BlocksRepository } from '../db/blocks-repository';
import type { UsersRepository } from '../db/users-repository';
import {
  fake,
  fakeClock,
  fakeUnitOfWork,
  member,
  outcomeOf,
  routeInput,
  userRow,
} from '../testing/fake-core';
import { blockUser, listBlocked, unblockUser } from './blocks';

// Blocking's policies on fakes: not oneself, only someone who exists, and an event only for a
// change.

function core(options: { exists?: boolean; changed?: boolean } = {}) {
  const calls: string[] = [];
  return {
    calls,
    uow: fakeUnitOfWork(),
    clock: fakeClock(),
    users: fake<UsersRepository>({
      findById: (id: string) => Promise.resolve(options.exists === false ? undefined : userRow({ id })),
    }),
    blocks: fake<BlocksRepository>({
      add: (blocker: string, blocked: string) => {
        calls.push(`add ${blocker} ${blocked}`);
        return Promise.resolve(options.changed ?? true);
      },
      remove: (blocker: string, blocked: string) => {
        calls.push(`remove ${blocker} ${blocked}`);
        return Promise.resolve(options.changed ?? true);
      },
      listOf: () => Promise.resolve([]),
    }),
  };
}

const input = (user = member(), userId = userRow().id) => routeInput(user, { params: { userId } });

describe('blockUser', () => {
  it('blocks and announces it, in the request trace', async () => {
    const deps = core();
    const request = input();
    expect(await blockUser(deps, request)).toEqual({ message: BlockMessages.blocked });
    expect(deps.calls).toEqual([`add ${request.user.id} ${request.params.userId}`]);
    expect(deps.uow.emitted).toEqual([
      {
        type: 'identity.user.blocked.v1',
        data: { blockerId: request.user.id, blockedId: request.params.userId },
        traceId: 'trace-1',
      },
    ]);
  });

  it('announces nothing when the block was already there', async () => {
    const deps = core({ changed: false });
    expect(await blockUser(deps, input())).toEqual({ message: BlockMessages.blocked });
    expect(deps.uow.emitted).toEqual([]);
  });

  it('refuses blocking oneself, and someone unknown', async () => {
    const me = member();
    expect(await outcomeOf(blockUser(core(), input(me, me.id)))).toMatchObject({
      kind: 'invalid',
      message: BlockMessages.cannotBlockSelf,
    });
    expect(await outcomeOf(blockUser(core({ exists: false }), input()))).toMatchObject({
      kind: 'not-found',
      message: IdentityMessages.userNotFound,
    });
  });
});

describe('unblockUser', () => {
  it('lifts the block and announces it; lifting none announces nothing', async () => {
    const deps = core();
    expect(await unblockUser(deps, input())).toEqual({ message: BlockMessages.unblocked });
    expect(deps.uow.emitted.map((event) => event.type)).toEqual(['identity.user.unblocked.v1']);
    const none = core({ changed: false });
    expect(await unblockUser(none, input())).toEqual({ message: BlockMessages.unblocked });
    expect(none.uow.emitted).toEqual([]);
  });
});

describe('listBlocked', () => {
  it('lists the caller’s own blocks', async () => {
    expect(await listBlocked(core(), routeInput(member()))).toEqual([]);
  });
});
