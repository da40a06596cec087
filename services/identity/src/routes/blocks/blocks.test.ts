import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockMessages, userBlockedV1, userUnblockedV1 } from '@saathi/contracts';
import type { BlockedPerson } from '@saathi/contracts';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity?.close());

async function signedIn() {
  const browser = identity.browser();
  const body = buildRegistration();
  const response = await browser.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { browser, id: response.json<{ id: string }>().id, ...body };
}

const eventsBetween = async (type: string, blockerId: string, blockedId: string) =>
  (await identity.outbox(type)).filter(
    (row) => row.data.blockerId === blockerId && row.data.blockedId === blockedId,
  );

describe('blocking', () => {
  it('blocks once, lists the person, and publishes one event however often it is asked', async () => {
    const asha = await signedIn();
    const ravi = await signedIn();
    for (let i = 0; i < 2; i++) {
      const response = await asha.browser.inject({ method: 'POST', url: `/api/users/${ravi.id}/block` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: BlockMessages.blocked });
    }
    expect(await eventsBetween(userBlockedV1.type, asha.id, ravi.id)).toHaveLength(1);
    const list = await asha.browser.inject({ method: 'GET', url: '/api/blocks' });
    expect(list.json<BlockedPerson[]>()).toEqual([
      expect.objectContaining({ userId: ravi.id, username: ravi.username }),
    ]);
    // Ravi's own list is his: Asha's block is not in it.
    expect((await ravi.browser.inject({ method: 'GET', url: '/api/blocks' })).json()).toEqual([]);
  });

  it('unblocks once, and unblocking again changes nothing', async () => {
    const asha = await signedIn();
    const ravi = await signedIn();
    await asha.browser.inject({ method: 'POST', url: `/api/users/${ravi.id}/block` });
    for (let i = 0; i < 2; i++) {
      const response = await asha.browser.inject({ method: 'DELETE', url: `/api/users/${ravi.id}/block` });
      expect(response.statusCode).toBe(200);
    }
    expect(await eventsBetween(userUnblockedV1.type, asha.id, ravi.id)).toHaveLength(1);
    expect((await asha.browser.inject({ method: 'GET', url: '/api/blocks' })).json()).toEqual([]);
  });

  it('lets only the blocker lift a block: the other side unblocking changes nothing', async () => {
    const asha = await signedIn();
    const ravi = await signedIn();
    await asha.browser.inject({ method: 'POST', url: `/api/users/${ravi.id}/block` });
    await ravi.browser.inject({ method: 'DELETE', url: `/api/users/${asha.id}/block` });
    expect(await eventsBetween(userUnblockedV1.type, ravi.id, asha.id)).toEqual([]);
    expect((await asha.browser.inject({ method: 'GET', url: '/api/blocks' })).json()).toHaveLength(1);
  });

  it('refuses oneself, unknown people, bad ids and signed-out callers', async () => {
    const asha = await signedIn();
    const self = await asha.browser.inject({ method: 'POST', url: `/api/users/${asha.id}/block` });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(BlockMessages.cannotBlockSelf);
    expect(
      (await asha.browser.inject({ method: 'POST', url: `/api/users/${randomUUID()}/block` })).statusCode,
    ).toBe(404);
    expect((await asha.browser.inject({ method: 'POST', url: '/api/users/nope/block' })).statusCode).toBe(
      400,
    );
    const anonymous = identity.browser();
    expect((await anonymous.inject({ method: 'GET', url: '/api/blocks' })).statusCode).toBe(401);
    expect((await anonymous.inject({ method: 'POST', url: `/api/users/${asha.id}/block` })).statusCode).toBe(
      401,
    );
  });
});
