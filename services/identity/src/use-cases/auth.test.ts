import { beforeAll, describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import type { EmailVerificationsRepository } from '../db/email-verifications-repository';
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
  signedInAs,
  userRow,
} from '../testing/fake-core';
import { currentUser, endSession, forgetSignedInLookups, registerAccount, roleFor, signIn } from './auth';

// Signing up, in and out on fakes: taken names, the same answer for an unknown account and a
// wrong password, the limits, the role ADMIN_EMAILS gives a proved address, and what ending a
// session announces.

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword('correct horse', cheapArgon2);
});

describe('roleFor', () => {
  it('gives admin only to a listed address that was proved', () => {
    expect(roleFor(['boss@example.com'], { email: 'Boss@Example.com', emailVerifiedAt: NOW })).toBe('admin');
    expect(roleFor(['boss@example.com'], { email: 'boss@example.com', emailVerifiedAt: null })).toBe('user');
    expect(roleFor([], { email: 'boss@example.com', emailVerifiedAt: NOW })).toBe('user');
  });
});

describe('registerAccount', () => {
  function registerCore(options: { usernameTaken?: boolean; emailTaken?: boolean; perIp?: number } = {}) {
    return {
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      argon2: cheapArgon2,
      adminEmails: [],
      mailTokens: { seal: () => 'sealed' },
      limits: limits(options.perIp ? { registerPerIp: { limit: options.perIp, windowMs: 60_000 } } : {}),
      users: fake<UsersRepository>({
        usernameExists: () => Promise.resolve(options.usernameTaken ?? false),
        findByEmail: () => Promise.resolve(options.emailTaken ? userRow() : undefined),
        insert: (fields: Partial<UserRow>) => Promise.resolve(userRow({ ...fields })),
      }),
      verifications: fake<EmailVerificationsRepository>({
        invalidateForUser: () => Promise.resolve(),
        create: () => Promise.resolve(),
      }),
    };
  }
  const body = {
    username: 'asha',
    email: 'asha@example.com',
    phone: '+919876543210',
    password: 'correct horse',
  };

  it('creates an unverified account, announces it and mails a verification link', async () => {
    const core = registerCore();
    const user = await registerAccount(core, { body, meta });
    expect(user).toMatchObject({ username: 'asha', role: 'user', emailVerifiedAt: null });
    expect(user.passwordHash).not.toBe('correct horse');
    expect(core.uow.emitted.map((event) => event.type)).toEqual([
      'identity.user.registered.v1',
      'identity.email_verification.requested.v2',
    ]);
  });

  it('refuses a taken username or address, and too many sign-ups from one address', async () => {
    expect(await outcomeOf(registerAccount(registerCore({ usernameTaken: true }), { body, meta }))).toEqual({
      kind: 'conflict',
      message: IdentityMessages.usernameTaken,
      code: 'USERNAME_TAKEN',
    });
    expect(await outcomeOf(registerAccount(registerCore({ emailTaken: true }), { body, meta }))).toEqual({
      kind: 'conflict',
      message: IdentityMessages.emailTaken,
      code: 'EMAIL_TAKEN',
    });
    const core = registerCore({ perIp: 1 });
    await registerAccount(core, { body, meta });
    expect(await outcomeOf(registerAccount(core, { body, meta }))).toMatchObject({
      kind: 'rate-limited',
      message: IdentityMessages.tooManyAttempts,
    });
  });
});

describe('signIn', () => {
  function signInCore(found: UserRow | undefined, options: { admins?: string[]; perIp?: number } = {}) {
    const roles: string[] = [];
    return {
      roles,
      clock: fakeClock(),
      argon2: cheapArgon2,
      adminEmails: options.admins ?? [],
      sessionCache: fakeSessionCache(),
      limits: limits(options.perIp ? { loginPerIp: { limit: options.perIp, windowMs: 60_000 } } : {}),
      devices: { verifyFor: () => null },
      users: fake<UsersRepository>({
        findByIdentifier: () => Promise.resolve(found),
        setRole: (_id: string, role: 'admin' | 'user') => {
          roles.push(role);
          return Promise.resolve({ ...found!, role });
        },
      }),
    };
  }
  const login = (password: string) => ({ body: { identifier: 'asha', password }, meta });

  it('signs in with the right password', async () => {
    const account = userRow({ passwordHash });
    expect(await signIn(signInCore(account), login('correct horse'))).toBe(account);
  });

  it('answers an unknown account as a wrong password', async () => {
    const expected = {
      kind: 'unauthorized',
      message: IdentityMessages.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    };
    expect(await outcomeOf(signIn(signInCore(userRow({ passwordHash })), login('wrong')))).toEqual(expected);
    expect(await outcomeOf(signIn(signInCore(undefined), login('correct horse')))).toEqual(expected);
  });

  it('gives a proved listed address the admin role, and forgets the signed-in cache', async () => {
    const core = signInCore(userRow({ passwordHash, email: 'boss@example.com', emailVerifiedAt: NOW }), {
      admins: ['boss@example.com'],
    });
    expect((await signIn(core, login('correct horse'))).role).toBe('admin');
    expect(core.roles).toEqual(['admin']);
    expect(core.sessionCache.cleared).toBe(1);
  });

  it('limits the attempts from one address', async () => {
    const core = signInCore(undefined, { perIp: 1 });
    await outcomeOf(signIn(core, login('x')));
    expect(await outcomeOf(signIn(core, login('x')))).toMatchObject({
      kind: 'rate-limited',
      code: 'RATE_LIMITED',
    });
  });
});

describe('currentUser', () => {
  it('is the signed-in account as the access check read it', () => {
    const account = userRow({ email: 'asha@example.com' });
    const { user, signedIn } = signedInAs(account);
    expect(
      currentUser({ signedIn }, { user, params: undefined, query: undefined, body: undefined, meta }),
    ).toMatchObject({
      id: account.id,
      email: 'asha@example.com',
      emailVerified: false,
    });
  });
});

describe('endSession', () => {
  it('ends the session, announces it in its own trace, and forgets the cache after the commit', async () => {
    const core = {
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      accessTtlSeconds: 600,
      sessionCache: fakeSessionCache(),
      sessions: fake<SessionsRepository>({ revoke: () => Promise.resolve({ userId: 'u1' }) }),
    };
    await endSession(core, 's1', 'logout');
    expect(core.uow.emitted).toEqual([
      {
        type: 'identity.session.revoked.v1',
        data: {
          userId: 'u1',
          sessionIds: ['s1'],
          accessTokensValidUntil: new Date(NOW.getTime() + 600_000).toISOString(),
        },
        traceId: 'session-revoked-s1',
      },
    ]);
    expect(core.uow.afterCommits).toBe(1);
    expect(core.sessionCache.cleared).toBe(1);
  });

  it('announces nothing for a session already ended', async () => {
    const core = {
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      accessTtlSeconds: 600,
      sessionCache: fakeSessionCache(),
      sessions: fake<SessionsRepository>({ revoke: () => Promise.resolve(undefined) }),
    };
    await endSession(core, 's1', 'logout');
    expect(core.uow.emitted).toEqual([]);
  });
});

describe('forgetSignedInLookups', () => {
  it('clears this replica’s signed-in cache', () => {
    const sessionCache = fakeSessionCache();
    forgetSignedInLookups({ sessionCache });
    expect(sessionCache.cleared).toBe(1);
  });
});
