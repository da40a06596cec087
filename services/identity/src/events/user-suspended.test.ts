import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityMessages, sessionRevokedV1, userReinstatedV1, userSuspendedV1 } from '@saathi/contracts';
import { makeEnvelope, queryRows } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { sql } from 'drizzle-orm';
import { buildRegistration, startTestIdentity } from '../testing/test-service';
import type { TestIdentity } from '../testing/test-service';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity?.close());

describe('a suspension from moderation', () => {
  it('ends every session at once, announces it, refuses sign-in until reinstated', async () => {
    const body = buildRegistration();
    const phone = identity.browser();
    const registered = await phone.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const userId = registered.json<{ id: string }>().id;
    const laptop = identity.browser();
    const login = { identifier: body.username, password: body.password };
    expect((await laptop.inject({ method: 'POST', url: '/api/auth/login', payload: login })).statusCode).toBe(
      200,
    );
    expect((await phone.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);

    const envelope = makeEnvelope(
      userSuspendedV1,
      { userId, actorId: userId },
      { traceId: 'suspend-test', clock: identity.clock },
    );
    await identity.deps.bus.publish(envelope);
    // Delivered twice (a redelivery): applied once.
    await identity.deps.bus.publish(envelope);

    await waitFor(
      async () => (await phone.inject({ method: 'GET', url: '/api/auth/user' })).statusCode === 401,
      5_000,
      'the phone session to end',
    );
    expect((await laptop.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const revoked = (await identity.outbox(sessionRevokedV1.type)).filter(
      (row) => row.data.userId === userId,
    );
    expect(revoked).toHaveLength(1);
    expect(revoked[0]?.data.sessionIds).toHaveLength(2);

    const again = await identity.browser().inject({ method: 'POST', url: '/api/auth/login', payload: login });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(IdentityMessages.accountSuspended);

    // Reinstated: signing in works again.
    await identity.deps.bus.publish(
      makeEnvelope(
        userReinstatedV1,
        { userId, actorId: userId },
        { traceId: 'reinstate-test', clock: identity.clock },
      ),
    );
    await waitFor(
      async () =>
        (await identity.browser().inject({ method: 'POST', url: '/api/auth/login', payload: login }))
          .statusCode === 200,
      5_000,
      'sign-in to be allowed again',
    );
  });

  it('ends as the later of a suspension and a reinstatement, whichever is handled last', async () => {
    const body = buildRegistration();
    const browser = identity.browser();
    const registered = await browser.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const userId = registered.json<{ id: string }>().id;
    const at = (ms: number) => ({ now: () => new Date(identity.clock.now().getTime() + ms) });
    const reinstated = makeEnvelope(
      userReinstatedV1,
      { userId, actorId: userId },
      { traceId: 't', clock: at(-30_000) },
    );
    const suspended = makeEnvelope(
      userSuspendedV1,
      { userId, actorId: userId },
      { traceId: 't', clock: at(-60_000) },
    );
    // The reinstatement is handled first, then the older suspension it undid: nothing happens.
    await identity.deps.bus.publish(reinstated);
    await waitFor(
      async () =>
        (
          await queryRows(
            identity.database.port.db,
            sql`select 1 from identity.users where id = ${userId} and reinstated_at is not null`,
          )
        ).length === 1,
      5_000,
      'the reinstatement',
    );
    await identity.deps.bus.publish(suspended);
    await waitFor(
      async () =>
        (
          await queryRows(
            identity.database.port.db,
            sql`select 1 from identity.inbox where consumer = 'identity.user-suspended' and event_id = ${suspended.id}::uuid`,
          )
        ).length === 1,
      5_000,
      'the suspension handled',
    );
    expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    const login = { identifier: body.username, password: body.password };
    expect(
      (await identity.browser().inject({ method: 'POST', url: '/api/auth/login', payload: login }))
        .statusCode,
    ).toBe(200);
  });
});
