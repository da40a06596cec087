import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, IdentityMessages, userSuspendedV1 } from '@saathi/contracts';
import {
  createMemoryRateLimiter,
  createUnitOfWork,
  makeEnvelope,
  queryRows,
  serviceKit,
} from '@saathi/platform';
import type { RateLimiter, UnitOfWork } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { sql } from 'drizzle-orm';
import { createIdentityCore } from '../../use-cases/identity-core';
import { hashToken } from '../../domain/tokens';
import { linkGoogleAccount } from '../../use-cases/google';
import { resetPassword } from '../../use-cases/password-reset';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';

/** A promise and its resolve, to let one side of a race go on when the other says so. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Counts in this process as embedded mode does, and can park a sign-in between its password
 * check and its session: sign-in clears the per-address failure count (`reset`) once the
 * password proved right, after reading the user and after argon2, before the session is made.
 */
class SignInHold implements RateLimiter {
  readonly kind = 'memory';
  private readonly inner = createMemoryRateLimiter();
  private held: { reached: () => void; release: Promise<void> } | undefined;

  /** Parks the next sign-in that passed its password check; resolves once one is parked. */
  holdNextSignIn(): { parked: Promise<void>; release: () => void } {
    const parked = signal();
    const release = signal();
    this.held = { reached: parked.resolve, release: release.promise };
    return { parked: parked.promise, release: release.resolve };
  }

  reserve: RateLimiter['reserve'] = (...args) => this.inner.reserve(...args);
  refund: RateLimiter['refund'] = (key) => this.inner.refund(key);
  close: RateLimiter['close'] = () => this.inner.close();

  async reset(key: string): Promise<void> {
    const held = this.held;
    if (held && key.startsWith('loginPerAccountIp:')) {
      this.held = undefined;
      held.reached();
      await held.release;
    }
    await this.inner.reset(key);
  }
}

const limiter = new SignInHold();
let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity({}, { rateLimiter: limiter });
});
afterAll(() => identity?.close());

async function registered() {
  const body = buildRegistration();
  const response = await identity
    .browser()
    .inject({ method: 'POST', url: '/api/auth/register', payload: body });
  expect(response.statusCode).toBe(201);
  return { ...body, id: response.json<{ id: string }>().id };
}

const liveSessions = async (userId: string) =>
  (
    await queryRows<{ sid: string }>(
      identity.database.port.db,
      sql`select sid from identity.sessions where user_id = ${userId}::uuid and revoked_at is null`,
    )
  ).map((row) => row.sid);

/** A unit of work and the identity core on the test's database, for driving use cases directly. */
function coreWith(uow?: UnitOfWork) {
  const own = createUnitOfWork({
    db: identity.database.port.db,
    schema: 'identity',
    clock: identity.clock,
    wake: () => undefined,
  });
  return createIdentityCore(serviceKit(identity.deps, uow ?? own));
}

/** A usable reset link for the account, as the mail would carry it. */
async function resetLinkFor(userId: string): Promise<string> {
  const token = randomUUID();
  const now = identity.clock.now();
  await coreWith().resets.create(
    { userId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + 3_600_000) },
    now,
  );
  return token;
}

/**
 * Signs in with the account's password, parks the sign-in after its password check, runs
 * `wipe` to its commit, then lets the sign-in go on. Answers the sign-in's response and browser.
 */
async function signInAcross(account: { username: string; password: string }, wipe: () => Promise<void>) {
  const { parked, release } = limiter.holdNextSignIn();
  const browser = identity.browser();
  const signingIn = browser.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { identifier: account.username, password: account.password },
  });
  await parked;
  await wipe();
  release();
  return { response: await signingIn, browser };
}

/** The browser has no session left: the access cookie is refused and nothing renews it. */
async function expectSignedOut(browser: ReturnType<TestIdentity['browser']>) {
  expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  expect((await browser.inject({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({ user: null });
}

describe('a sign-in that overlaps a session wipe', () => {
  it('gets no session when a password reset commits while its password is being checked', async () => {
    const account = await registered();
    const token = await resetLinkFor(account.id);
    const { response, browser } = await signInAcross(account, async () => {
      const reset = await identity.browser().inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'brand new secret', confirmPassword: 'brand new secret' },
      });
      expect(reset.statusCode).toBe(200);
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(IdentityMessages.invalidCredentials);
    await expectSignedOut(browser);
    expect(await liveSessions(account.id)).toEqual([]);
  });

  it('gets no session when a suspension commits while its password is being checked', async () => {
    const account = await registered();
    const envelope = makeEnvelope(
      userSuspendedV1,
      { userId: account.id, actorId: account.id },
      { traceId: 'suspend-during-sign-in', clock: identity.clock },
    );
    const { response, browser } = await signInAcross(account, async () => {
      await identity.deps.bus.publish(envelope);
      // Handled and committed: the inbox row is written in the suspension's own transaction.
      await waitFor(
        async () =>
          (
            await queryRows(
              identity.database.port.db,
              sql`select 1 from identity.inbox where consumer = 'identity.user-suspended' and event_id = ${envelope.id}::uuid`,
            )
          ).length === 1,
        5_000,
        'the suspension to commit',
      );
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(IdentityMessages.accountSuspended);
    await expectSignedOut(browser);
    expect(await liveSessions(account.id)).toEqual([]);
  });

  it('gets no session when a Google claim of the address commits while its password is being checked', async () => {
    const account = await registered();
    const { response, browser } = await signInAcross(account, async () => {
      const claimed = await linkGoogleAccount(
        coreWith(),
        { sub: `google-${account.id}`, email: account.email, email_verified: true },
        { traceId: 'claim-during-sign-in' },
      );
      expect(claimed?.id).toBe(account.id);
    });
    expect(response.statusCode).toBe(401);
    await expectSignedOut(browser);
    expect(await liveSessions(account.id)).toEqual([]);
  });

  it('waits for a password reset in progress and then creates no session', async () => {
    // The other order: the reset has written the new password and ended the sessions it saw, but
    // not committed, when the session insert runs. Without the lock on the user row the insert
    // would see the old password, not wait, and its session would outlive the reset.
    const account = await registered();
    const token = await resetLinkFor(account.id);
    const core = coreWith();
    const seen = (await core.users.findById(account.id))!;
    const wrote = signal();
    const mayCommit = signal();
    const holdingUow: UnitOfWork = {
      ...core.uow,
      withEvents: (work, options) =>
        core.uow.withEvents(async (tx, emit, afterCommit) => {
          const result = await work(tx, emit, afterCommit);
          wrote.resolve();
          await mayCommit.promise;
          return result;
        }, options),
    };
    const resetting = resetPassword(
      { ...core, uow: holdingUow },
      { token, password: 'brand new secret' },
      null,
      { traceId: 'reset-in-progress' },
    );
    await wrote.promise;
    const now = identity.clock.now();
    const creating = core.sessions.createIfUserUnchanged(
      { sid: randomUUID(), refreshHash: 'x', expire: new Date(now.getTime() + 86_400_000), userAgent: null },
      seen,
      now,
    );
    try {
      await waitFor(
        async () =>
          (
            await queryRows(
              identity.database.port.db,
              sql`select 1 from pg_stat_activity
                   where datname = current_database() and wait_event_type = 'Lock'
                     and query like '%insert into identity.sessions%'`,
            )
          ).length === 1,
        5_000,
        'the session insert to wait for the reset',
      );
    } finally {
      mayCommit.resolve();
    }
    await resetting;
    expect(await creating).toBe(false);
    expect(await liveSessions(account.id)).toEqual([]);
  });
});

describe('a session of a suspended account', () => {
  it('is refused on its access cookie and is not renewed, even if it escaped the suspension', async () => {
    const account = await registered();
    const browser = identity.browser();
    const signedIn = await browser.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: account.username, password: account.password },
    });
    expect(signedIn.statusCode).toBe(200);
    // Suspended without ending the session: one that a wipe missed (as before the lock above).
    await queryRows(
      identity.database.port.db,
      sql`update identity.users set suspended_at = now() where id = ${account.id}::uuid returning id`,
    );
    // Past the signed-in cache (SESSION_CACHE_MS), which the direct update did not clear.
    identity.clock.advance(5_000);
    // A copy of the browser holding only the refresh cookie, as once the access token expired.
    const refreshOnly = browser.clone();
    refreshOnly.cookies.delete(ACCESS_COOKIE);
    expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await refreshOnly.inject({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({
      user: null,
    });
  });
});
