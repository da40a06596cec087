import { describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import type { EmailVerificationsRepository } from '../db/email-verifications-repository';
import type { UserRow } from '../db/schema';
import type { UsersRepository } from '../db/users-repository';
import {
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
import { resendVerificationEmail, verifyEmail } from './email-verification';

// Proving an address: only the account's own session uses its link, a verified listed address
// becomes admin, and the resend's limit; on fakes.

function verifications(options: { consumed?: { userId: string; email: string }; usable?: boolean } = {}) {
  const created: string[] = [];
  const repository = fake<EmailVerificationsRepository>({
    consume: () => Promise.resolve(options.consumed),
    isUsable: () => Promise.resolve(options.usable ?? false),
    invalidateForUser: () => Promise.resolve(),
    create: (link: { userId: string }) => {
      created.push(link.userId);
      return Promise.resolve();
    },
  });
  return { repository, created };
}

function verifyCore(
  account: UserRow,
  options: Parameters<typeof verifications>[0] & { newly?: boolean; admins?: string[] } = {},
) {
  const roles: string[] = [];
  return {
    roles,
    uow: fakeUnitOfWork(),
    clock: fakeClock(),
    adminEmails: options.admins ?? [],
    sessionCache: fakeSessionCache(),
    verifications: verifications(options).repository,
    users: fake<UsersRepository>({
      markEmailVerified: () =>
        Promise.resolve({ user: { ...account, emailVerifiedAt: NOW }, newly: options.newly ?? true }),
      setRole: (_id: string, role: string) => {
        roles.push(role);
        return Promise.resolve({ ...account, emailVerifiedAt: NOW, role });
      },
    }),
  };
}

describe('verifyEmail', () => {
  it('verifies the signed-in account’s address, announces it once, and forgets the signed-in cache', async () => {
    const account = userRow();
    const { user } = signedInAs(account);
    const core = verifyCore(account, { consumed: { userId: account.id, email: account.email } });
    expect(
      await verifyEmail(core, { user, body: { token: 't' }, params: undefined, query: undefined, meta }),
    ).toEqual({
      message: IdentityMessages.emailVerified,
    });
    expect(core.uow.emitted.map((event) => event.type)).toEqual(['identity.user.email_verified.v1']);
    expect(core.sessionCache.cleared).toBe(1);
    expect(core.roles).toEqual([]);
    const again = verifyCore(account, {
      consumed: { userId: account.id, email: account.email },
      newly: false,
    });
    await verifyEmail(again, { user, body: { token: 't' }, params: undefined, query: undefined, meta });
    expect(again.uow.emitted).toEqual([]);
  });

  it('makes a listed address admin once it is proved', async () => {
    const account = userRow({ email: 'boss@example.com' });
    const { user } = signedInAs(account);
    const core = verifyCore(account, {
      consumed: { userId: account.id, email: account.email },
      admins: ['boss@example.com'],
    });
    await verifyEmail(core, { user, body: { token: 't' }, params: undefined, query: undefined, meta });
    expect(core.roles).toEqual(['admin']);
  });

  it('refuses another account’s working link (403), and a dead one (400)', async () => {
    const account = userRow();
    const { user } = signedInAs(account);
    const input = { user, body: { token: 't' }, params: undefined, query: undefined, meta };
    expect(await outcomeOf(verifyEmail(verifyCore(account, { usable: true }), input))).toEqual({
      kind: 'forbidden',
      message: IdentityMessages.verificationForAnotherAccount,
      code: 'VERIFICATION_FOR_ANOTHER_ACCOUNT',
    });
    expect(await outcomeOf(verifyEmail(verifyCore(account), input))).toEqual({
      kind: 'invalid',
      message: IdentityMessages.verificationTokenInvalid,
      code: 'INVALID_VERIFICATION_TOKEN',
    });
  });
});

describe('resendVerificationEmail', () => {
  function resendCore(account: UserRow, perAccount = 3) {
    const { user, signedIn } = signedInAs(account);
    const links = verifications();
    return {
      user,
      created: links.created,
      core: {
        uow: fakeUnitOfWork(),
        clock: fakeClock(),
        signedIn,
        verifications: links.repository,
        mailTokens: { seal: () => 'sealed' },
        limits: limits({ verifyEmailPerAccount: { limit: perAccount, windowMs: 60_000 } }),
      },
    };
  }

  it('mails a new link, a sealed token in its event, within the account’s limit', async () => {
    const { user, core, created } = resendCore(userRow(), 1);
    const input = { user, body: undefined, params: undefined, query: undefined, meta };
    expect(await resendVerificationEmail(core, input)).toEqual({
      message: IdentityMessages.verificationEmailSent,
    });
    expect(created).toEqual([user.id]);
    expect(core.uow.emitted[0]).toMatchObject({
      type: 'identity.email_verification.requested.v2',
      data: { sealedToken: 'sealed' },
    });
    expect(await outcomeOf(resendVerificationEmail(core, input))).toMatchObject({ kind: 'rate-limited' });
  });

  it('mails nothing for an address already proved', async () => {
    const { user, core, created } = resendCore(userRow({ emailVerifiedAt: NOW }));
    expect(
      await resendVerificationEmail(core, {
        user,
        body: undefined,
        params: undefined,
        query: undefined,
        meta,
      }),
    ).toEqual({ message: IdentityMessages.emailAlreadyVerified });
    expect(created).toEqual([]);
  });
});
