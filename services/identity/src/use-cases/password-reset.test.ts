import { describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import type { PasswordResetsRepository } from '../db/password-resets-repository';
import type { SessionsRepository } from '../db/sessions-repository';
import type { UsersRepository } from '../db/users-repository';
import {
  cheapArgon2,
  fake,
  fakeClock,
  fakeSessionCache,
  fakeUnitOfWork,
  limits,
  meta,
  outcomeOf,
} from '../testing/fake-core';
import { checkResetToken, requestPasswordReset, resetPassword } from './password-reset';

// Asking for a reset (the same answer and work for any address, one mail per cooldown), checking
// a link, and the reset itself (every other session ends, announced), on fakes.

const account = { id: 'u1', email: 'asha@example.com', username: 'asha' };

function askCore(options: { known?: boolean; perEmail?: number } = {}) {
  const replaced: string[] = [];
  return {
    replaced,
    uow: fakeUnitOfWork(),
    clock: fakeClock(),
    mailTokens: { seal: (purpose: string, token: string) => `sealed(${purpose}:${token.length})` },
    limits: limits(options.perEmail ? { forgotPerEmail: { limit: options.perEmail, windowMs: 60_000 } } : {}),
    resets: fake<PasswordResetsRepository>({
      replaceForEmail: (email: string) => {
        replaced.push(email);
        return Promise.resolve(options.known === false ? undefined : account);
      },
    }),
  };
}

const ask = (email: string) => ({ body: { email }, meta });

describe('requestPasswordReset', () => {
  it('mails a sealed link for a known address, and answers the same for an unknown one', async () => {
    const known = askCore();
    expect(await requestPasswordReset(known, ask('Asha@Example.com'))).toEqual({
      message: IdentityMessages.resetEmailSent,
    });
    expect(known.replaced).toEqual(['asha@example.com']);
    expect(known.uow.emitted).toHaveLength(1);
    expect(known.uow.emitted[0]).toMatchObject({
      type: 'identity.password_reset.requested.v2',
      data: { userId: 'u1', sealedToken: expect.stringMatching(/^sealed\(/) },
    });
    const unknown = askCore({ known: false });
    expect(await requestPasswordReset(unknown, ask('nobody@example.com'))).toEqual({
      message: IdentityMessages.resetEmailSent,
    });
    expect(unknown.replaced).toEqual(['nobody@example.com']);
    expect(unknown.uow.emitted).toEqual([]);
  });

  it('drops a second request for the address within the cooldown, silently', async () => {
    const core = askCore({ perEmail: 1 });
    await requestPasswordReset(core, ask('asha@example.com'));
    expect(await requestPasswordReset(core, ask('asha@example.com'))).toEqual({
      message: IdentityMessages.resetEmailSent,
    });
    expect(core.replaced).toHaveLength(1);
  });
});

describe('checkResetToken', () => {
  it('says whether the link can still be used', async () => {
    const usable = fake<PasswordResetsRepository>({
      findUsable: () => Promise.resolve({ id: 'r', userId: 'u1' }),
    });
    expect(await checkResetToken({ resets: usable, clock: fakeClock() }, 'token')).toEqual({
      valid: true,
      message: IdentityMessages.resetTokenValid,
    });
    const used = fake<PasswordResetsRepository>({ findUsable: () => Promise.resolve(undefined) });
    expect(await checkResetToken({ resets: used, clock: fakeClock() }, 'token')).toEqual({
      valid: false,
      message: IdentityMessages.resetTokenInvalid,
    });
  });
});

describe('resetPassword', () => {
  function resetCore(options: { usable?: boolean; consumed?: boolean } = {}) {
    const kept: (string | undefined)[] = [];
    return {
      kept,
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      argon2: cheapArgon2,
      accessTtlSeconds: 600,
      sessionCache: fakeSessionCache(),
      resets: fake<PasswordResetsRepository>({
        findUsable: () => Promise.resolve(options.usable === false ? undefined : { id: 'r', userId: 'u1' }),
        consume: () => Promise.resolve(options.consumed === false ? undefined : { userId: 'u1' }),
      }),
      users: fake<UsersRepository>({ setPasswordHash: () => Promise.resolve() }),
      sessions: fake<SessionsRepository>({
        revokeAllForUser: (_user: string, _reason: string, _now: Date, keep?: string) => {
          kept.push(keep);
          return Promise.resolve(['s2']);
        },
      }),
    };
  }
  const body = { token: 'token', password: 'a new secret' };

  it('sets the password, keeps the resetting session of the same account, ends the others', async () => {
    const core = resetCore();
    expect(await resetPassword(core, body, { userId: 'u1', sessionId: 's1' }, meta)).toBe('u1');
    expect(core.kept).toEqual(['s1']);
    expect(core.uow.emitted.map((event) => event.type)).toEqual(['identity.session.revoked.v1']);
    expect(core.sessionCache.cleared).toBe(1);
    // Another account's session is no reason to keep one of this account's.
    const other = resetCore();
    await resetPassword(other, body, { userId: 'u2', sessionId: 's9' }, meta);
    expect(other.kept).toEqual([undefined]);
  });

  it('refuses an unusable link, and one used meanwhile', async () => {
    const expected = {
      kind: 'invalid',
      message: IdentityMessages.resetTokenInvalid,
      code: 'INVALID_RESET_TOKEN',
    };
    expect(await outcomeOf(resetPassword(resetCore({ usable: false }), body, null, meta))).toEqual(expected);
    const raced = resetCore({ consumed: false });
    expect(await outcomeOf(resetPassword(raced, body, null, meta))).toEqual(expected);
    expect(raced.uow.emitted).toEqual([]);
  });
});
