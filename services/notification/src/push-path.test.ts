// Web Push in embedded mode, end to end through the gateway: identity registers the people,
// messaging stores the messages and knows who has a tab open, notification pushes to a push
// service this test runs on 127.0.0.1 only when nobody's tab shows the message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, waitFor } from '@saathi/platform/testing';
import { startTestServer } from '../../../web/e2e/server';
import type { TestServer } from '../../../web/e2e/server';
import { startPushEndpoint } from './testing/push-endpoint';
import type { PushEndpoint } from './testing/push-endpoint';
import {
  acceptedConversation,
  openTab,
  productCall,
  registerPerson,
  sendProductMessage,
  subscribeBrowser,
} from './testing/push-product';

let server: TestServer;
let endpoint: PushEndpoint;

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  server = await startTestServer({ env: { ...process.env, PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await endpoint?.close();
});

describe('Web Push through the gateway (embedded mode)', () => {
  it('serves the VAPID key the product made', async () => {
    const answer = await productCall(server.url, null, 'GET', '/api/push/key');
    expect(answer.status).toBe(200);
    expect((answer.body as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('pushes nothing while the recipient has a tab open, and a push without the text once it is closed', async () => {
    const asha = await registerPerson(server.url, 'asha');
    const ravi = await registerPerson(server.url, 'ravi');
    const conversationId = await acceptedConversation(server.url, ravi, asha);
    const browser = await subscribeBrowser(server.url, asha, endpoint);

    const tab = await openTab(server.url, asha);
    const seen: unknown[] = [];
    tab.on('notification:new', (notification: unknown) => seen.push(notification));
    await sendProductMessage(server.url, ravi, conversationId, 'badminton at 7 near the lake?');
    await waitFor(() => seen.length > 0, 10_000, 'the bell told live');
    await sleep(1_000);
    expect(browser.pushes()).toEqual([]);

    tab.disconnect();
    await sleep(300);
    const secret = 'meet me at gate 3 of the stadium';
    await sendProductMessage(server.url, ravi, conversationId, secret);
    await waitFor(() => browser.pushes().length === 1, 10_000, 'the push once the tab is closed');
    const [payload] = browser.payloads();
    expect(payload).toEqual({
      title: 'Saathi',
      body: `${ravi.username} sent you 2 messages`,
      url: `/messages?c=${conversationId}`,
      tag: `message:${conversationId}`,
    });
    expect(JSON.stringify(payload)).not.toMatch(/stadium|gate|badminton|lake/);
  });
});
