import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDeletedV1 } from '@saathi/contracts';
import type { Conversation } from '@saathi/contracts';
import { sql } from 'drizzle-orm';
import { waitFor } from '@saathi/platform/testing';
import { buildUser, startTestMessaging } from '../testing/test-messaging';
import type { TestMessaging } from '../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

describe('a deleted account', () => {
  it('becomes "Deleted user" for the other side, whose conversation and messages stay', async () => {
    const asha = buildUser();
    const ravi = buildUser();
    await messaging.register(asha, { firstName: 'Asha', lastName: 'Rao' });
    await messaging.register(ravi);
    const id = await messaging.start(asha, ravi);
    await messaging.send(asha, id, 'Chess on Sunday?');
    await messaging.send(ravi, id, 'Yes!');
    expect((await messaging.call(asha, 'POST', `/api/conversations/${id}/read`, {})).statusCode).toBe(200);

    await messaging.publish(userDeletedV1, { userId: asha.id });
    const listOfRavi = async () =>
      (await messaging.call(ravi, 'GET', '/api/conversations'))
        .json<Conversation[]>()
        .find((c) => c.id === id);
    await waitFor(
      async () => (await listOfRavi())?.otherParticipant.displayName === 'Deleted user',
      5_000,
      'the rename',
    );
    expect((await listOfRavi())?.otherParticipant).toMatchObject({
      displayName: 'Deleted user',
      profileImageUrl: null,
    });
    const thread = await messaging.call(ravi, 'GET', `/api/conversations/${id}/messages`);
    expect(thread.json<{ content: string }[]>().map((m) => m.content)).toEqual(['Chess on Sunday?', 'Yes!']);
    const names = await messaging.rows<{
      first_name: string | null;
      last_name: string | null;
      username: string;
    }>(
      sql`select first_name, last_name, username from messaging.participants where user_id = ${asha.id}::uuid`,
    );
    expect(names).toEqual([{ first_name: null, last_name: null, username: 'deleted' }]);
    const markers = await messaging.rows(
      sql`select 1 from messaging.read_markers where user_id = ${asha.id}::uuid`,
    );
    expect(markers).toEqual([]);
  });
});
