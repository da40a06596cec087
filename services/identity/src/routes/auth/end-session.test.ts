import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUnitOfWork, queryRows, serviceKit } from '@saathi/platform';
import type { UnitOfWork } from '@saathi/platform';
import { createIdentityCore } from '../../use-cases/identity-core';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';
import { endSession } from '../../use-cases/auth';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity?.close());

describe('endSession', () => {
  it('forgets the signed-in cache after the commit, so a lookup racing the logout cannot keep the session alive', async () => {
    const browser = identity.browser();
    const signedUp = await browser.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: buildRegistration(),
    });
    expect(signedUp.statusCode).toBe(201);
    const [row] = await queryRows<{ sid: string }>(
      identity.database.port.db,
      sql`select sid from identity.sessions where user_id = ${signedUp.json<{ id: string }>().id}`,
    );
    const sid = row!.sid;

    const uow = createUnitOfWork({
      db: identity.database.port.db,
      schema: 'identity',
      clock: identity.clock,
      wake: () => undefined,
    });
    const core = createIdentityCore(serviceKit(identity.deps, uow));
    // Another request reads the session (still live: the logout has not committed) and caches it
    // at the last moment before the commit — the window that a clear before the commit leaves.
    const racingUow: UnitOfWork = {
      ...uow,
      withEvents: (work, options) =>
        uow.withEvents(async (tx, emit, afterCommit) => {
          const result = await work(tx, emit, afterCommit);
          const readStarted = core.sessionCache.readStarted();
          const stale = await core.sessions.findWithUser(sid);
          if (stale) core.sessionCache.set(sid, stale, readStarted);
          return result;
        }, options),
    };

    await endSession({ ...core, uow: racingUow }, sid, 'logout');

    expect(core.sessionCache.get(sid)).toBeUndefined();
    const fresh = await core.sessions.findWithUser(sid);
    expect(fresh?.session.revokedAt).toBeInstanceOf(Date);
  });
});
