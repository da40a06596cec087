import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageRequestMessages, MessagingMessages } from '@saathi/contracts';
import type { Conversation } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { buildUser, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

async function pair(): Promise<[AuthUser, AuthUser]> {
  const asha = buildUser();
  const ravi = buildUser();
  await messaging.register(asha);
  await messaging.register(ravi);
  return [asha, ravi];
}

async function listOf(user: AuthUser): Promise<Conversation[]> {
  const response = await messaging.call(user, 'GET', '/api/conversations');
  expect(response.statusCode).toBe(200);
  return response.json<Conversation[]>();
}

async function sentEvents(conversationId: string) {
  return (await messaging.outbox('messaging.message.sent.v1')).filter(
    (event) => event.conversationId === conversationId,
  );
}

describe('message requests', () => {
  it('a first conversation is a request for the recipient only, and its messages notify nobody', async () => {
    const [asha, ravi] = await pair();
    const id = await messaging.start(ravi, asha);
    await messaging.send(ravi, id, 'Hi, want to go running?');

    expect((await listOf(asha)).find((c) => c.id === id)).toMatchObject({ isRequest: true });
    expect((await listOf(ravi)).find((c) => c.id === id)).toMatchObject({ isRequest: false });
    expect(await sentEvents(id)).toEqual([expect.objectContaining({ senderId: ravi.id, isRequest: true })]);
  });

  it('accepting moves it to the inbox; messages after that are ordinary', async () => {
    const [asha, ravi] = await pair();
    const id = await messaging.start(ravi, asha);
    await messaging.send(ravi, id, 'Hello');
    const accepted = await messaging.call(asha, 'POST', `/api/conversations/${id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id, isRequest: false, otherParticipant: { id: ravi.id } });
    expect((await listOf(asha)).find((c) => c.id === id)).toMatchObject({ isRequest: false });

    await messaging.send(ravi, id, 'Great, see you at 6');
    const events = await sentEvents(id);
    expect(events).toHaveLength(2);
    expect(events[1]).not.toHaveProperty('isRequest');
  });

  it("the recipient's reply accepts it", async () => {
    const [asha, ravi] = await pair();
    const id = await messaging.start(ravi, asha);
    await messaging.send(ravi, id, 'Hello');
    await messaging.send(asha, id, 'Hi!');
    expect((await listOf(asha)).find((c) => c.id === id)).toMatchObject({ isRequest: false });
    const [, reply] = await sentEvents(id);
    expect(reply).toMatchObject({ senderId: asha.id });
    expect(reply).not.toHaveProperty('isRequest');
  });

  it('declining hides it from the recipient for good; the sender still sees it and is not told', async () => {
    const [asha, ravi] = await pair();
    const id = await messaging.start(ravi, asha);
    await messaging.send(ravi, id, 'Hello');
    const declined = await messaging.call(asha, 'POST', `/api/conversations/${id}/decline`);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ id });

    await messaging.send(ravi, id, 'Are you there?');
    expect((await listOf(asha)).map((c) => c.id)).not.toContain(id);
    expect((await listOf(ravi)).find((c) => c.id === id)).toMatchObject({ isRequest: false });
    const unread = await messaging.call(asha, 'GET', '/api/messages/unread-count');
    expect(unread.json()).toEqual({ count: 0 });
    // Starting it again as the sender changes nothing for the recipient.
    expect(await messaging.start(ravi, asha)).toBe(id);
    expect((await listOf(asha)).map((c) => c.id)).not.toContain(id);
    expect((await sentEvents(id)).every((event) => event.isRequest === true)).toBe(true);
  });

  it('the recipient messaging the sender on their own accepts even a declined request', async () => {
    const [asha, ravi] = await pair();
    const id = await messaging.start(ravi, asha);
    await messaging.call(asha, 'POST', `/api/conversations/${id}/decline`);
    expect(await messaging.start(asha, ravi)).toBe(id);
    expect((await listOf(asha)).find((c) => c.id === id)).toMatchObject({ isRequest: false });
  });

  it('only the recipient can answer, only once; others get 404, bad ids 400, signed out 401', async () => {
    const [asha, ravi] = await pair();
    const stranger = buildUser();
    await messaging.register(stranger);
    const id = await messaging.start(ravi, asha);

    const bySender = await messaging.call(ravi, 'POST', `/api/conversations/${id}/accept`);
    expect(bySender.statusCode).toBe(400);
    expect(bySender.json()).toEqual({ message: MessageRequestMessages.notARequest });
    const byStranger = await messaging.call(stranger, 'POST', `/api/conversations/${id}/decline`);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toMatchObject({ message: MessagingMessages.conversationNotFound });
    const badId = await messaging.call(asha, 'POST', '/api/conversations/not-a-uuid/accept');
    expect(badId.statusCode).toBe(400);
    const signedOut = await messaging.call(null, 'POST', `/api/conversations/${id}/accept`);
    expect(signedOut.statusCode).toBe(401);

    expect((await messaging.call(asha, 'POST', `/api/conversations/${id}/accept`)).statusCode).toBe(200);
    const again = await messaging.call(asha, 'POST', `/api/conversations/${id}/decline`);
    expect(again.statusCode).toBe(400);
    expect((await listOf(asha)).find((c) => c.id === id)).toMatchObject({ isRequest: false });
  });
});
