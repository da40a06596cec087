import { describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import type { AccessTokens } from '../auth/access-token';
import type { OidcProvider } from '../auth/google-oidc';
import type { SessionsRepository } from '../db/sessions-repository';
import type { UserRow } from '../db/schema';
import type { UsersRepository } from '../db/users-repository';
import { fake, fakeClock, fakeSessionCache, fakeUnitOfWork, meta, NOW, userRow } from '../testing/fake-core';
import { finishGoogleSignIn, linkGoogleAccount, startGoogleSignIn } from './google';

// Google sign-in on fakes: the flow value, what a callback without it gets, and which account
// verified claims give (linked, claimed from an unproven address, or none).

const flow = { state: 's', nonce: 'n', verifier: 'v'.repeat(43) };

function tokens(valid = true) {
  return fake<AccessTokens>({
    signValue: (audience: string, value: Record<string, string>) => `${audience}:${JSON.stringify(value)}`,
    verifyValue: () => (valid ? flow : null),
  });
}

function provider(claims: Record<string, unknown> = {}) {
  return fake<OidcProvider>({
    authorizationUrl: () => Promise.resolve({ url: new URL('https://accounts.example/auth'), ...flow }),
    callback: () =>
      Promise.resolve({ sub: 'g-1', email: 'asha@example.com', email_verified: true, ...claims }),
  });
}

function linkCore(users: Partial<Record<keyof UsersRepository, unknown>>) {
  return {
    uow: fakeUnitOfWork(),
    clock: fakeClock(),
    adminEmails: [],
    accessTtlSeconds: 600,
    sessionCache: fakeSessionCache(),
    users: fake<UsersRepository>(users),
    sessions: fake<SessionsRepository>({ revokeAllForUser: () => Promise.resolve(['s1']) }),
  };
}

describe('startGoogleSignIn', () => {
  it('sends the browser to Google with a signed flow value, or refuses when not configured', async () => {
    const start = await startGoogleSignIn({ google: provider(), tokens: tokens() });
    expect(start).toEqual({
      kind: 'go',
      url: 'https://accounts.example/auth',
      flow: `saathi-google-flow:${JSON.stringify(flow)}`,
    });
    expect(await startGoogleSignIn({ google: null, tokens: tokens() })).toEqual({
      kind: 'refused',
      message: IdentityMessages.googleNotConfigured,
    });
  });
});

describe('finishGoogleSignIn', () => {
  it('refuses a callback without this browser’s flow cookie before asking Google', async () => {
    const core = { ...linkCore({}), google: provider(), tokens: tokens(false) };
    expect(await finishGoogleSignIn(core, { flowCookie: 'forged', query: '?code=c', meta })).toEqual({
      kind: 'no-flow',
      message: IdentityMessages.googleFailed,
    });
    expect(await finishGoogleSignIn(core, { flowCookie: undefined, query: '', meta })).toMatchObject({
      kind: 'no-flow',
    });
  });

  it('signs in the account linked to the Google subject', async () => {
    const linked = userRow({ googleId: 'g-1', email: 'asha@example.com', emailVerifiedAt: NOW });
    const core = {
      ...linkCore({ findByGoogleId: () => Promise.resolve(linked) }),
      google: provider(),
      tokens: tokens(),
    };
    expect(await finishGoogleSignIn(core, { flowCookie: 'flow', query: '?code=c', meta })).toEqual({
      kind: 'signed-in',
      user: linked,
    });
  });

  it('gives no account for an address Google does not vouch for', async () => {
    const core = {
      ...linkCore({ findByGoogleId: () => Promise.resolve(undefined) }),
      google: provider({ email_verified: false }),
      tokens: tokens(),
    };
    expect(await finishGoogleSignIn(core, { flowCookie: 'flow', query: '', meta })).toEqual({
      kind: 'refused',
      message: IdentityMessages.googleFailed,
    });
  });
});

describe('linkGoogleAccount', () => {
  const claims = { sub: 'g-2', email: 'Ravi@Example.com', email_verified: true };

  it('claims an account whose address nobody proved: every session ends, announced', async () => {
    const squatted = userRow({ email: 'ravi@example.com', passwordHash: 'someone else’s' });
    const claimed: UserRow = { ...squatted, googleId: 'g-2', passwordHash: null, emailVerifiedAt: NOW };
    const core = linkCore({
      findByGoogleId: () => Promise.resolve(undefined),
      findByEmail: () => Promise.resolve(squatted),
      claimForGoogle: () => Promise.resolve(claimed),
    });
    expect(await linkGoogleAccount(core, claims, meta)).toBe(claimed);
    expect(core.uow.emitted.map((event) => event.type)).toEqual([
      'identity.user.email_verified.v1',
      'identity.session.revoked.v1',
    ]);
    expect(core.sessionCache.cleared).toBe(1);
  });

  it('links an account whose owner proved the address', async () => {
    const owner = userRow({ email: 'ravi@example.com', emailVerifiedAt: NOW });
    const core = linkCore({
      findByGoogleId: () => Promise.resolve(undefined),
      findByEmail: () => Promise.resolve(owner),
      linkGoogle: () => Promise.resolve({ ...owner, googleId: 'g-2' }),
    });
    expect(await linkGoogleAccount(core, claims, meta)).toMatchObject({ id: owner.id, googleId: 'g-2' });
    expect(core.uow.emitted).toEqual([]);
  });

  it('creates a verified account for a new address', async () => {
    const core = linkCore({
      findByGoogleId: () => Promise.resolve(undefined),
      findByEmail: () => Promise.resolve(undefined),
      insert: (fields: Partial<UserRow>) => Promise.resolve(userRow({ ...fields })),
    });
    const created = await linkGoogleAccount(core, claims, meta);
    expect(created).toMatchObject({ email: 'ravi@example.com', googleId: 'g-2', emailVerifiedAt: NOW });
    expect(core.uow.emitted.map((event) => event.type)).toEqual([
      'identity.user.registered.v1',
      'identity.user.email_verified.v1',
    ]);
  });
});
