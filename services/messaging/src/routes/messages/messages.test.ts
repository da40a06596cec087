import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_CONTENT_MAX, MessagingMessages } from '@saathi/contracts';
import type { ChatMessage } from '@saathi/contracts';
import { startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

const page = async (user: Parameters<TestMessaging['call']>[0], conversation: string, query = '') => {
  const response = await messaging.call(user, 'GET', `/api/conversations/${conversation}/messages${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<ChatMessage[]>().map((message) => message.content);
};

describe('sending', () => {
  it('stores the trimmed message, answers 201 and emits message.sent without the content', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const response = await messaging.call(asha, 'POST', '/api/messages', {
      conversationId: conversation,
      content: '  Gym at 7?  ',
    });
    expect(response.statusCode).toBe(201);
    const message = response.json<ChatMessage>();
    expect(message).toMatchObject({ conversationId: conversation, senderId: asha.id, content: 'Gym at 7?' });
    const events = (await messaging.outbox('messaging.message.sent.v1')).filter(
      (event) => event.messageId === message.id,
    );
    expect(events).toEqual([
      {
        messageId: message.id,
        conversationId: conversation,
        senderId: asha.id,
        recipientId: ravi.id,
        recipientOnline: false,
        sentAt: message.createdAt,
        // Ravi never answered: a message request (routes/requests/requests.test.ts).
        isRequest: true,
      },
    ]);
  });

  it('refuses blank and oversize messages with the field message (400)', async () => {
    const { asha, conversation } = await messaging.pair();
    const blank = await messaging.call(asha, 'POST', '/api/messages', {
      conversationId: conversation,
      content: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'Please enter a message' });
    const oversize = await messaging.call(asha, 'POST', '/api/messages', {
      conversationId: conversation,
      content: 'x'.repeat(MESSAGE_CONTENT_MAX + 1),
    });
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json()).toMatchObject({
      message: `Messages can be at most ${MESSAGE_CONTENT_MAX} characters`,
    });
    const longest = await messaging.call(asha, 'POST', '/api/messages', {
      conversationId: conversation,
      content: `  ${'x'.repeat(MESSAGE_CONTENT_MAX)}  `,
    });
    expect(longest.statusCode).toBe(201);
    const missing = await messaging.call(asha, 'POST', '/api/messages', { conversationId: conversation });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Please enter a message' });
  });

  it('stores one message per client message id: a retry answers the stored one and emits nothing more', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const clientMessageId = randomUUID();
    const body = { conversationId: conversation, content: 'Running late', clientMessageId };
    const [first, retry] = await Promise.all([
      messaging.call(asha, 'POST', '/api/messages', body),
      messaging.call(asha, 'POST', '/api/messages', body),
    ]);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    const stored = first.json<ChatMessage>();
    expect(stored).toMatchObject({ content: 'Running late', clientMessageId });
    expect(retry.json()).toEqual(stored);
    expect(await page(asha, conversation)).toEqual(['Running late']);
    const events = (await messaging.outbox('messaging.message.sent.v1')).filter(
      (event) => event.conversationId === conversation,
    );
    expect(events).toHaveLength(1);
    // Ids are per sender: the other participant may use the same one; another thread may not.
    const ravis = await messaging.call(ravi, 'POST', '/api/messages', { ...body, content: 'No worries' });
    expect(ravis.statusCode).toBe(201);
    expect(ravis.json()).toMatchObject({ senderId: ravi.id, clientMessageId });
    const elsewhere = await messaging.pair();
    const reused = await messaging.call(asha, 'POST', '/api/messages', {
      ...body,
      conversationId: await messaging.start(asha, elsewhere.ravi),
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ message: MessagingMessages.clientMessageIdTaken });
    const invalid = await messaging.call(asha, 'POST', '/api/messages', { ...body, clientMessageId: 'x' });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 404 for a conversation that does not exist', async () => {
    const { asha } = await messaging.pair();
    const response = await messaging.call(asha, 'POST', '/api/messages', {
      conversationId: '00000000-0000-4000-8000-000000000000',
      content: 'hello?',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: MessagingMessages.conversationNotFound });
  });
});

describe('reading a thread', () => {
  it('gives the newest page oldest first, pages back with before, catches up with after', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const sent: { id: string }[] = [];
    // The clock stands still: the order still follows the sends (stored 1 ms apart at least).
    for (let i = 1; i <= 7; i++) sent.push(await messaging.send(i % 2 ? asha : ravi, conversation, `m${i}`));

    expect(await page(asha, conversation)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(await page(ravi, conversation, '?limit=3')).toEqual(['m5', 'm6', 'm7']);
    expect(await page(ravi, conversation, `?limit=3&before=${sent[4]?.id}`)).toEqual(['m2', 'm3', 'm4']);
    expect(await page(ravi, conversation, `?limit=3&before=${sent[1]?.id}`)).toEqual(['m1']);
    expect(await page(ravi, conversation, `?after=${sent[3]?.id}`)).toEqual(['m5', 'm6', 'm7']);
    expect(await page(ravi, conversation, `?limit=2&after=${sent[3]?.id}`)).toEqual(['m5', 'm6']);
    expect(await page(ravi, conversation, `?after=${sent[6]?.id}`)).toEqual([]);
  });

  it('keeps the send order across clock ties and refuses a cursor from another thread', async () => {
    const first = await messaging.pair();
    const second = await messaging.pair();
    const a = await messaging.send(first.asha, first.conversation, 'a');
    const b = await messaging.send(first.ravi, first.conversation, 'b');
    expect(Date.parse(b.createdAt)).toBeGreaterThan(Date.parse(a.createdAt));
    const other = await messaging.send(second.asha, second.conversation, 'elsewhere');
    const response = await messaging.call(
      first.asha,
      'GET',
      `/api/conversations/${first.conversation}/messages?after=${other.id}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Invalid cursor' });
    const both = await messaging.call(
      first.asha,
      'GET',
      `/api/conversations/${first.conversation}/messages?after=${a.id}&before=${b.id}`,
    );
    expect(both.statusCode).toBe(400);
  });
});
