import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_COOKIE,
  EMAIL_VERIFICATION_TOKEN_PURPOSE,
  IdentityMessages,
  PASSWORD_RESET_TOKEN_PURPOSE,
} from '@saathi/contracts';
import {
  createAccessTokenVerifier,
  createMemoryBus,
  createMemoryQueue,
  openToken,
  queryRows,
  startService,
} from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { sweepIdentity } from '../../db/maintenance';
import { hashToken } from '../../domain/tokens';
import { identityService } from '../../index';
import { CookieJar } from '../../testing/cookie-jar';
import { buildRegistration, nextAddress, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';

const ADMIN = 'chief@example.com';
/** Listed too; registered in the test by someone who does not own it. */
const SQUATTED_ADMIN = 'board@example.com';
let identity: TestIdentity;

beforeAll(async () => {
  identity = await startTestIdentity({
    ADMIN_EMAILS: `someone@example.com, ${ADMIN.toUpperCase()}, deputy@example.com, ${SQUATTED_ADMIN}`,
    RATE_LIMIT_VERIFY_EMAIL_PER_ACCOUNT: '2',
  });
});
afterAll(async () => {
  await identity?.close();
});

async function registered(overrides: Parameters<typeof buildRegistration>[0] = {}) {
  const browser = identity.browser();
  const body = buildRegistration(overrides);
  const response = await browser.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  expect(response.statusCode).toBe(201);
  return { ...body, id: response.json<{ id: string }>().id, browser };
}

const verificationEvents = async (userId: string) =>
  (await identity.outbox('identity.email_verification.requested.v2')).filter((e) => e.data.userId === userId);

const provedEvents = async (userId: string) =>
  (await identity.outbox('identity.user.email_verified.v1'))
    .filter((e) => e.data.userId === userId)
    .map((e) => e.data);

/** The newest verification token the outbox carries, sealed, to notification for this user. */
async function mailedToken(userId: string): Promise<string> {
  const event = (await verificationEvents(userId)).at(-1);
  expect(event).toBeDefined();
  const token = openToken(
    identity.mailTokenKey,
    EMAIL_VERIFICATION_TOKEN_PURPOSE,
    event!.data.sealedToken as string,
    identity.clock.now(),
  );
  expect(token).not.toBeNull();
  return token!;
}

/** Every string anywhere in a JSON value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * Whether any outbox event for this user, of any type or version, carries a verification token
 * made for the user readable (a value whose hash is a stored one).
 */
async function outboxCarriesLinkToken(userId: string): Promise<boolean> {
  const db = identity.database.port.db;
  const links = await queryRows<{ token_hash: string }>(
    db,
    sql`select token_hash from identity.email_verifications where user_id = ${userId}`,
  );
  const payloads = await queryRows<{ payload: unknown }>(
    db,
    sql`select payload from identity.outbox where payload::text like ${`%${userId}%`}`,
  );
  const hashes = new Set(payloads.flatMap((row) => stringsIn(row.payload)).map(hashToken));
  expect(links.length).toBeGreaterThan(0);
  return links.some((link) => hashes.has(link.token_hash));
}

/** Outbox rows (any type) whose payload holds `text` readable. */
const outboxRowsHolding = (text: string) =>
  queryRows<{ dispatched_at: Date | null }>(
    identity.database.port.db,
    sql`select dispatched_at from identity.outbox where payload::text like ${`%${text}%`}`,
  );

/** Opens the link in `browser`: only the account's own session completes it. */
function verify(token: string, browser: CookieJar) {
  return browser.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
}

function resend(browser: CookieJar) {
  return browser.inject({ method: 'POST', url: '/api/auth/resend-verification-email' });
}

async function me(browser: CookieJar) {
  return (await browser.inject({ method: 'GET', url: '/api/auth/user' })).json<{
    id: string;
    role: string;
    emailVerified: boolean;
  }>();
}

describe('email verification', () => {
  it('mails a 256-bit link at registration, stores only its hash, and the account starts unverified', async () => {
    const user = await registered();
    expect((await me(user.browser)).emailVerified).toBe(false);
    const [event] = await verificationEvents(user.id);
    expect(event!.data).toMatchObject({ email: user.email, username: user.username });
    const token = await mailedToken(user.id);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const expiresAt = Date.parse(event!.data.expiresAt as string);
    expect(expiresAt - identity.clock.now().getTime()).toBe(24 * 60 * 60 * 1000);

    const rows = await queryRows<{ token_hash: string }>(
      identity.database.port.db,
      sql`select token_hash from identity.email_verifications where user_id = ${user.id}`,
    );
    expect(rows).toEqual([{ token_hash: hashToken(token) }]);
  });

  it('verifies the address with the mailed token, in the account’s own session, once', async () => {
    const user = await registered();
    const token = await mailedToken(user.id);
    const first = await verify(token, user.browser);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(IdentityMessages.emailVerified);
    expect((await me(user.browser)).emailVerified).toBe(true);

    const again = await verify(token, user.browser);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: IdentityMessages.verificationTokenInvalid,
      code: 'INVALID_VERIFICATION_TOKEN',
    });
    // Other services hear it once: only from now on may they mail the address.
    expect(await provedEvents(user.id)).toEqual([
      { userId: user.id, email: user.email, username: user.username, firstName: null, lastName: null },
    ]);
  });

  it('announces no proof before the link is used', async () => {
    const user = await registered();
    expect(await provedEvents(user.id)).toEqual([]);
    expect((await verify('x'.repeat(43), user.browser)).statusCode).toBe(400);
    expect(await provedEvents(user.id)).toEqual([]);
  });

  it('tells other services in the access token, from the next refresh, that the address is verified', async () => {
    const user = await registered();
    const verifyToken = createAccessTokenVerifier(identity.keys.publicKey);
    expect(verifyToken(user.browser.get(ACCESS_COOKIE)!)?.emailVerified).toBe(false);
    expect((await verify(await mailedToken(user.id), user.browser)).statusCode).toBe(200);
    identity.clock.advance(11 * 60_000);
    await me(user.browser);
    expect(verifyToken(user.browser.get(ACCESS_COOKIE)!)?.emailVerified).toBe(true);
  });

  it('refuses an unknown token and a token older than 24 hours', async () => {
    const user = await registered();
    expect((await verify('x'.repeat(43), user.browser)).statusCode).toBe(400);
    const token = await mailedToken(user.id);
    identity.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const late = await verify(token, user.browser);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(IdentityMessages.verificationTokenInvalid);
    expect((await me(user.browser)).emailVerified).toBe(false);
  });

  it('resends a new link on request, and the older link stops working', async () => {
    const user = await registered();
    const older = await mailedToken(user.id);
    const response = await resend(user.browser);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(IdentityMessages.verificationEmailSent);
    const newer = await mailedToken(user.id);
    expect(newer).not.toBe(older);
    expect((await verify(older, user.browser)).statusCode).toBe(400);
    expect((await verify(newer, user.browser)).statusCode).toBe(200);

    // Once verified there is nothing to resend, and no mail goes out.
    const after = await resend(user.browser);
    expect(after.json().message).toBe(IdentityMessages.emailAlreadyVerified);
    expect(await mailedToken(user.id)).toBe(newer);
  });

  it('asks a signed-out browser to sign in, and leaves the link working for the account’s own session', async () => {
    const user = await registered();
    const token = await mailedToken(user.id);
    const signedOut = await verify(token, identity.browser());
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({
      message: IdentityMessages.signInToVerifyEmail,
      code: 'SIGN_IN_TO_VERIFY_EMAIL',
    });
    expect((await me(user.browser)).emailVerified).toBe(false);

    // Signed in afterwards (here: the session it registered with), the same link works.
    const owner = await verify(token, user.browser);
    expect(owner.statusCode).toBe(200);
    expect((await me(user.browser)).emailVerified).toBe(true);
  });

  it('refuses the link from another account’s session, and leaves it working for its own', async () => {
    // Someone registers the address with their own password; its owner, signed in to their own
    // account, clicks the link the mail brought them.
    const squatter = await registered();
    const owner = await registered();
    const token = await mailedToken(squatter.id);
    const refused = await verify(token, owner.browser);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: IdentityMessages.verificationForAnotherAccount,
      code: 'VERIFICATION_FOR_ANOTHER_ACCOUNT',
    });
    expect((await me(squatter.browser)).emailVerified).toBe(false);
    expect((await me(owner.browser)).emailVerified).toBe(false);

    expect((await verify(token, squatter.browser)).statusCode).toBe(200);
    expect((await me(squatter.browser)).emailVerified).toBe(true);
  });

  it('does not make a squatter admin when the owner of a listed address clicks the link', async () => {
    const squatter = await registered({ email: SQUATTED_ADMIN });
    const token = await mailedToken(squatter.id);
    expect((await verify(token, identity.browser())).statusCode).toBe(401);
    expect((await verify(token, (await registered()).browser)).statusCode).toBe(403);
    expect(await me(squatter.browser)).toMatchObject({ emailVerified: false, role: 'user' });
  });

  it('verifies after the access token expired, renewing the session with the refresh cookie', async () => {
    const user = await registered();
    const token = await mailedToken(user.id);
    identity.clock.advance(11 * 60_000);
    const response = await verify(token, user.browser);
    expect(response.statusCode).toBe(200);
    expect((await me(user.browser)).emailVerified).toBe(true);
  });

  it('resends only for a signed-in user', async () => {
    const response = await resend(identity.browser());
    expect(response.statusCode).toBe(401);
  });

  it('resends after the access token expired, renewing the session with the refresh cookie', async () => {
    const user = await registered();
    identity.clock.advance(11 * 60_000);
    const response = await resend(user.browser);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(IdentityMessages.verificationEmailSent);
  });

  it('limits resends per account with 429, from any address', async () => {
    const user = await registered();
    const other = user.browser.clone();
    const statuses = [(await resend(user.browser)).statusCode, (await resend(user.browser)).statusCode];
    // The same account from another address still counts against the same limit.
    const elsewhere = new CookieJar(identity.app, nextAddress());
    for (const [name, cookie] of other.cookies) elsewhere.set(name, cookie.value, cookie.path);
    const third = await resend(elsewhere);
    expect(statuses).toEqual([200, 200]);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it('puts the token in the event only sealed for the mail worker, for 24 hours and this purpose', async () => {
    const user = await registered();
    // Nowhere in the outbox is the link's token readable, at registration or on a resend.
    expect(await outboxCarriesLinkToken(user.id)).toBe(false);
    const [event] = await verificationEvents(user.id);
    expect(event!.data).not.toHaveProperty('token');
    const sealed = event!.data.sealedToken as string;
    const token = await mailedToken(user.id);
    expect(await outboxRowsHolding(token)).toHaveLength(0);
    expect((await resend(user.browser)).statusCode).toBe(200);
    expect(await outboxCarriesLinkToken(user.id)).toBe(false);
    const resent = await mailedToken(user.id);
    expect(resent).not.toBe(token);
    expect(await outboxRowsHolding(resent)).toHaveLength(0);
    // It opens for no other purpose, and not once the link has expired.
    const now = identity.clock.now();
    expect(openToken(identity.mailTokenKey, PASSWORD_RESET_TOKEN_PURPOSE, sealed, now)).toBeNull();
    const lastMoment = new Date(now.getTime() + 24 * 60 * 60 * 1000 - 1000);
    expect(openToken(identity.mailTokenKey, EMAIL_VERIFICATION_TOKEN_PURPOSE, sealed, lastMoment)).toBe(
      token,
    );
    const afterExpiry = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    expect(
      openToken(identity.mailTokenKey, EMAIL_VERIFICATION_TOKEN_PURPOSE, sealed, afterExpiry),
    ).toBeNull();
  });

  it('drops even the sealed copy from the outbox once the relay has published it', async () => {
    const user = await registered();
    const [event] = await verificationEvents(user.id);
    const sealed = event!.data.sealedToken as string;
    const deadline = Date.now() + 10_000;
    while (
      (await outboxRowsHolding(sealed)).some((row) => row.dispatched_at === null) &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    await sweepIdentity(identity.database.port.db, identity.clock.now());
    expect(await outboxRowsHolding(sealed)).toHaveLength(0);
    const [after] = await verificationEvents(user.id);
    expect(after!.data.sealedToken).toBe('[redacted]');
  });
});

describe('admin role from ADMIN_EMAILS', () => {
  it('is not given to a listed address nobody has proved', async () => {
    const user = await registered({ email: 'someone@example.com' });
    expect((await me(user.browser)).role).toBe('user');
    const verifyToken = createAccessTokenVerifier(identity.keys.publicKey);
    expect(verifyToken(user.browser.get(ACCESS_COOKIE)!)?.role).toBe('user');
  });

  it('is given once the listed address is verified, and reaches the access token at the next refresh', async () => {
    const user = await registered({ email: ADMIN });
    expect((await me(user.browser)).role).toBe('user');
    expect((await verify(await mailedToken(user.id), user.browser)).statusCode).toBe(200);
    expect((await me(user.browser)).role).toBe('admin');
    identity.clock.advance(11 * 60_000);
    expect((await me(user.browser)).role).toBe('admin');
    const verifyToken = createAccessTokenVerifier(identity.keys.publicKey);
    expect(verifyToken(user.browser.get(ACCESS_COOKIE)!)?.role).toBe('admin');
  });

  it('is taken away at the next session refresh once the address leaves the list', async () => {
    const user = await registered({ email: 'deputy@example.com' });
    await verify(await mailedToken(user.id), user.browser);
    expect((await me(user.browser)).role).toBe('admin');

    // Identity restarts with the address removed from ADMIN_EMAILS; the session lives on. The
    // new process has its own connections to the bus and the job queue (its consumers and its
    // export processor are already running here).
    const bus = createMemoryBus();
    const queue = createMemoryQueue({ logger: identity.deps.logger });
    const restarted = await startService(identityService, {
      ...identity.deps,
      bus,
      queue,
      config: { ...identity.deps.config, ADMIN_EMAILS: [ADMIN] },
    });
    try {
      const browser = new CookieJar(restarted.app, nextAddress());
      for (const [name, cookie] of user.browser.cookies) browser.set(name, cookie.value, cookie.path);
      identity.clock.advance(11 * 60_000);
      const response = await browser.inject({ method: 'GET', url: '/api/auth/user' });
      expect(response.statusCode).toBe(200);
      expect(response.json().role).toBe('user');
      const verifyToken = createAccessTokenVerifier(identity.keys.publicKey);
      expect(verifyToken(browser.get(ACCESS_COOKIE)!)?.role).toBe('user');
    } finally {
      await restarted.stop();
      await restarted.app.close();
      await bus.close();
      await queue.close();
    }
  });
});
