import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityCheckedInV1 } from '@saathi/contracts';
import type { PeopleMet } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { waitFor } from '@saathi/platform/testing';
import { buildUser, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

const peopleMetOf = async (viewer: AuthUser, userId: string) =>
  messaging.call(viewer, 'GET', `/api/people-met/${userId}`);

/** feed's check-in of `guest` at `host`'s activity, once messaging has handled it. */
async function checkIn(host: AuthUser, guest: AuthUser): Promise<void> {
  const id = await messaging.publish(activityCheckedInV1, {
    postId: randomUUID(),
    hostId: host.id,
    userId: guest.id,
  });
  await waitFor(
    async () =>
      (
        await messaging.rows(
          sql`select 1 from messaging.inbox where consumer = 'messaging.activity-checked-in' and event_id = ${id}::uuid`,
        )
      ).length > 0,
    5_000,
    'the check-in handled',
  );
}

describe('people met at activities', () => {
  it('counts each person once, for anyone signed in, and names nobody', async () => {
    const [host, asha, ravi, viewer] = [buildUser(), buildUser(), buildUser(), buildUser()];
    for (const user of [host, asha, ravi, viewer]) await messaging.register(user);

    expect((await peopleMetOf(viewer, host.id)).json<PeopleMet>()).toEqual({ peopleMet: 0 });
    await checkIn(host, asha);
    await checkIn(host, ravi);
    // Meeting Asha again at another activity is still one person.
    await checkIn(host, asha);

    const hosts = await peopleMetOf(viewer, host.id);
    expect(hosts.statusCode).toBe(200);
    // The answer is the count alone: no id, time or place of anyone met.
    expect(hosts.json<PeopleMet>()).toEqual({ peopleMet: 2 });
    expect((await peopleMetOf(asha, asha.id)).json<PeopleMet>()).toEqual({ peopleMet: 1 });
  });

  it('answers 401 signed out and 400 for an id that is not one', async () => {
    const viewer = buildUser();
    await messaging.register(viewer);
    expect((await messaging.call(null, 'GET', `/api/people-met/${viewer.id}`)).statusCode).toBe(401);
    expect((await peopleMetOf(viewer, 'not-an-id')).statusCode).toBe(400);
  });
});
