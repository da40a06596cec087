import { beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages, FRESH_SIGN_IN_MS, IdentityMessages } from '@saathi/contracts';
import type { SessionsRepository } from '../db/sessions-repository';
import type { UserRow } from '../db/schema';
import type { UsersRepository } from '../db/users-repository';
import { hashPassword } from '../domain/password-hashing';
import {
  cheapArgon2,
  fake,
  fakeClock,
  fakeSessionCache,
  fakeUnitOfWork,
  limits,
  meta,
  NOW,
  outcomeOf,
  sessionRow,
  userRow,
} from '../testing/fake-core';
import { deleteAccount } from './account';

// Deleting an account on fakes: confirmed by the password (guesses limited as at sign-in) or a
// fresh sign-in for a Google-only account; every session ends, and the deletion is announced.

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword('correct horse', cheapArgon2);
});

function core(account: UserRow | undefined, options: { signedInAt?: Date; guesses?: number } = {}) {
  const calls: string[] = [];
  return {
    calls,
    uow: fakeUnitOfWork(),
    clock: fakeClock(),
    accessTtlSeconds: 600,
    sessionCache: fakeSessionCache(),
    limits: limits(
      options.guesses ? { loginPerAccountIp: { limit: options.guesses, windowMs: 60_000 } } : {},
    ),
    users: fake<UsersRepository>({
      findById: () => Promise.resolve(account),
      lockForWipe: () => {
        calls.push('lock');
        return Promise.resolve();
      },
      delete: () => {
        calls.push('delete');
        return Promise.resolve();
      },
    }),
    sessions: fake<SessionsRepository>({
      find: () => Promise.resolve(sessionRow({ createdAt: options.signedInAt ?? NOW })),
      revokeAllForUser: () => {
        calls.push('end sessions');
        return Promise.resolve(['s1']);
      },
    }),
  };
}

const request = (account: UserRow, password?: string) => ({
  current: { userId: account.id, sessionId: 's1' },
  password,
  meta,
});

describe('deleteAccount', () => {
  it('deletes with the right password: locked, sessions ended and announced, then gone', async () => {
    const account = userRow({ passwordHash });
    const deps = core(account);
    expect(await deleteAccount(deps, request(account, 'correct horse'))).toEqual({
      message: AccountMessages.deleted,
    });
    expect(deps.calls).toEqual(['lock', 'end sessions', 'delete']);
    expect(deps.uow.emitted.map((event) => event.type)).toEqual([
      'identity.session.revoked.v1',
      'identity.user.deleted.v1',
    ]);
    expect(deps.sessionCache.cleared).toBe(1);
  });

  it('needs the password, refuses a wrong one, and limits the guesses', async () => {
    const account = userRow({ passwordHash });
    expect(await outcomeOf(deleteAccount(core(account), request(account)))).toMatchObject({
      kind: 'invalid',
      message: AccountMessages.passwordRequired,
    });
    const deps = core(account, { guesses: 1 });
    expect(await outcomeOf(deleteAccount(deps, request(account, 'wrong')))).toEqual({
      kind: 'invalid',
      message: AccountMessages.wrongPassword,
      code: 'WRONG_PASSWORD',
    });
    expect(await outcomeOf(deleteAccount(deps, request(account, 'correct horse')))).toMatchObject({
      kind: 'rate-limited',
    });
    expect(deps.calls).toEqual([]);
  });

  it('asks a Google-only account for a fresh sign-in', async () => {
    const account = userRow();
    const stale = core(account, { signedInAt: new Date(NOW.getTime() - FRESH_SIGN_IN_MS - 1) });
    expect(await outcomeOf(deleteAccount(stale, request(account)))).toEqual({
      kind: 'forbidden',
      message: AccountMessages.signInAgain,
      code: 'SIGN_IN_AGAIN',
    });
    const fresh = core(account);
    await deleteAccount(fresh, request(account));
    expect(fresh.calls).toEqual(['lock', 'end sessions', 'delete']);
  });

  it('is unauthorized for an account already gone', async () => {
    const account = userRow();
    expect(await outcomeOf(deleteAccount(core(undefined), request(account)))).toMatchObject({
      kind: 'unauthorized',
      message: IdentityMessages.unauthorized,
    });
  });
});
