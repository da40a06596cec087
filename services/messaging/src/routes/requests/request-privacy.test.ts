// Issue 29: opening a message request tells its sender nothing (no read receipt, no "Seen" in the
// list, no typing indicator) until the recipient accepts; the sender's data export does not say a
// request was declined; and the export holds the person's own activity-thread messages.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityAcceptedV1, SocketServerEvent } from '@saathi/contracts';
import type { Conversation } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { sleep, waitFor } from '@saathi/platform/testing';
import { buildUser, emitTyping, recordEvents, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

/** Ravi writes to Asha for the first time: a request waiting for her. */
async function request() {
  const [asha, ravi] = [buildUser(), buildUser()];
  await messaging.register(asha);
  await messaging.register(ravi);
  const id = await messaging.start(ravi, asha);
  const sent = await messaging.send(ravi, id, 'Hi, running on Sunday?');
  return { asha, ravi, id, sent };
}

const seenBy = async (user: AuthUser, id: string) =>
  (await messaging.call(user, 'GET', '/api/conversations')).json<Conversation[]>().find((c) => c.id === id)
    ?.otherLastReadMessageId ?? null;

describe('a message request its recipient has not accepted', () => {
  it('sends its sender no read receipt and no "Seen" when opened; once accepted, it does', async () => {
    const { asha, ravi, id, sent } = await request();
    const raviSocket = await messaging.connect(ravi);
    const toRavi = recordEvents(raviSocket);
    expect((await messaging.call(asha, 'POST', `/api/conversations/${id}/read`, {})).statusCode).toBe(200);
    await sleep(200);
    expect(toRavi[SocketServerEvent.read]).toBeUndefined();
    expect(await seenBy(ravi, id)).toBeNull();

    // Accepting tells the sender how far she has read, at once.
    expect((await messaging.call(asha, 'POST', `/api/conversations/${id}/accept`)).statusCode).toBe(200);
    await waitFor(() => (toRavi[SocketServerEvent.read]?.length ?? 0) > 0);
    expect(toRavi[SocketServerEvent.read]).toEqual([
      expect.objectContaining({ conversationId: id, userId: asha.id, lastReadMessageId: sent.id }),
    ]);
    expect(await seenBy(ravi, id)).toBe(sent.id);
  });

  it('relays no typing from its recipient to the sender (the sender’s typing still reaches them)', async () => {
    const { asha, ravi, id } = await request();
    const [ashaSocket, raviSocket] = await Promise.all([messaging.connect(asha), messaging.connect(ravi)]);
    const [toAsha, toRavi] = [recordEvents(ashaSocket), recordEvents(raviSocket)];
    expect(await emitTyping(ashaSocket, id)).toEqual({ ok: true });
    expect(await emitTyping(raviSocket, id)).toEqual({ ok: true });
    await waitFor(() => (toAsha[SocketServerEvent.typing]?.length ?? 0) > 0);
    await sleep(100);
    expect(toRavi[SocketServerEvent.typing]).toBeUndefined();

    expect((await messaging.call(asha, 'POST', `/api/conversations/${id}/accept`)).statusCode).toBe(200);
    expect(await emitTyping(ashaSocket, id)).toEqual({ ok: true });
    await waitFor(() => (toRavi[SocketServerEvent.typing]?.length ?? 0) > 0);
  });

  it('reads as a request in its sender’s data export once declined; the recipient’s says declined', async () => {
    const { asha, ravi, id } = await request();
    expect((await messaging.call(asha, 'POST', `/api/conversations/${id}/decline`)).statusCode).toBe(200);
    const statusIn = async (user: AuthUser) => {
      const response = await messaging.call(user, 'GET', '/api/export/messaging');
      expect(response.statusCode).toBe(200);
      return response
        .json<{ conversations: { id: string; status: string }[] }>()
        .conversations.find((c) => c.id === id)?.status;
    };
    expect(await statusIn(ravi)).toBe('request');
    expect(JSON.stringify((await messaging.call(ravi, 'GET', '/api/export/messaging')).json())).not.toContain(
      'declined',
    );
    expect(await statusIn(asha)).toBe('declined');
  });
});

describe('the data export', () => {
  it('holds the person’s own activity-thread messages, not the others’', async () => {
    const [host, b] = [buildUser(), buildUser()];
    await messaging.register(host);
    await messaging.register(b);
    const postId = randomUUID();
    await messaging.publish(activityAcceptedV1, {
      postId,
      hostId: host.id,
      startsAt: new Date(messaging.clock.now().getTime() + 3_600_000).toISOString(),
      userId: b.id,
      promoted: false,
    });
    const send = (user: AuthUser, content: string) =>
      messaging.call(user, 'POST', `/api/activity-threads/${postId}/messages`, { content });
    await waitFor(async () => (await send(b, 'See you at the gate')).statusCode === 201, 5_000, 'the thread');
    expect((await send(host, 'Bring water')).statusCode).toBe(201);

    const exported = (await messaging.call(b, 'GET', '/api/export/messaging')).json<{
      activityThreadMessages: { activity_post_id: string; content: string }[];
    }>();
    expect(exported.activityThreadMessages).toEqual([
      expect.objectContaining({ activity_post_id: postId, content: 'See you at the gate' }),
    ]);
  });
});
