// Runs the service worker's push text (web/build/service-worker.ts) as the worker would, with the
// worker's globals replaced by recording fakes. The browser test (web/e2e/push.test.ts) runs it
// in Chromium; this covers the payloads a server should never send.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PUSH_SOURCE } from '../../build/service-worker';

const ORIGIN = 'https://saathi.example';

interface Shown {
  title: string;
  options: { body: string; tag: string; data: { url: string }; icon: string };
}

interface FakeWindow {
  url: string;
  focused: boolean;
  controlled: boolean;
  focus(): Promise<FakeWindow>;
  navigate(url: string): Promise<FakeWindow | null>;
}

function fakeWindow(
  url: string,
  options: { focused?: boolean; controlled?: boolean; canFocus?: boolean } = {},
) {
  const calls: string[] = [];
  const client: FakeWindow = {
    url,
    focused: options.focused ?? false,
    controlled: options.controlled ?? true,
    focus: () => {
      calls.push('focus');
      return options.canFocus === false ? Promise.reject(new Error('not allowed')) : Promise.resolve(client);
    },
    navigate: (target: string) => {
      calls.push(`navigate ${target}`);
      return client.controlled ? Promise.resolve(client) : Promise.reject(new TypeError('not controlled'));
    },
  };
  return { client, calls };
}

/** The worker's script on fake globals: what it showed and opened, and a way to fire its events. */
function startWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: (title: string, options: Shown['options']) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: () => Promise.resolve(windows),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
  };
  // Its own global scope, as a worker has: `self` and what the platform gives every worker.
  runInNewContext(PUSH_SOURCE, { self, URL });

  const fire = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    expect(waits).toHaveLength(1);
    await Promise.all(waits);
  };
  const push = (data: unknown) =>
    fire('push', {
      data:
        data === undefined
          ? null
          : { json: () => (typeof data === 'string' ? (JSON.parse(data) as unknown) : data) },
    });
  const click = (data: unknown) => {
    let closed = false;
    return fire('notificationclick', { notification: { data, close: () => (closed = true) } }).then(
      () => closed,
    );
  };
  return { shown, opened, push, click };
}

describe('the service worker shows a push', () => {
  it('with its title, body and thread tag, and the screen to open', async () => {
    const worker = startWorker();
    await worker.push({ title: 'Asha', body: 'Asha sent you a message', url: '/messages?c=c1', tag: 'c:c1' });
    expect(worker.shown).toEqual([
      {
        title: 'Asha',
        options: expect.objectContaining({
          body: 'Asha sent you a message',
          tag: 'c:c1',
          data: { url: '/messages?c=c1' },
          icon: '/icons/icon-192.png',
        }) as unknown,
      },
    ]);
  });

  it.each([
    ['no data', undefined],
    ['text that is not JSON', '{"title":'],
    ['JSON that is not an object', '42'],
    ['an object without a title', { body: 'b', url: '/post/p1' }],
    ['a blank title', { title: '  ', body: 'b' }],
  ])('as a generic notice when it carries %s', async (_label, data) => {
    const worker = startWorker();
    await worker.push(data);
    expect(worker.shown).toHaveLength(1);
    expect(worker.shown[0]!.title).toBe('Saathi');
    expect(worker.shown[0]!.options).toMatchObject({
      body: 'You have a new notification on Saathi',
      data: { url: '/' },
    });
  });

  it.each([
    ['another origin', 'https://evil.example/phish'],
    ['a protocol-relative address', '//evil.example/phish'],
    ['a script address', 'javascript:alert(1)'],
    ['a number', 7],
  ])('opening the home screen instead of %s', async (_label, url) => {
    const worker = startWorker();
    await worker.push({ title: 'Asha', body: 'b', url, tag: 't' });
    expect(worker.shown[0]!.options.data).toEqual({ url: '/' });
  });
});

describe('a tap on the notification', () => {
  it('closes it, focuses the open Saathi window and takes it to the screen', async () => {
    const other = fakeWindow(`${ORIGIN}/home`);
    const focused = fakeWindow(`${ORIGIN}/blog`, { focused: true });
    const worker = startWorker([other.client, focused.client]);
    expect(await worker.click({ url: '/messages?c=c1' })).toBe(true);
    expect(focused.calls).toEqual(['focus', 'navigate /messages?c=c1']);
    expect(other.calls).toEqual([]);
    expect(worker.opened).toEqual([]);
  });

  it('still navigates the window when the browser refuses to focus it', async () => {
    const open = fakeWindow(`${ORIGIN}/home`, { canFocus: false });
    const worker = startWorker([open.client]);
    await worker.click({ url: '/post/p1' });
    expect(open.calls).toEqual(['focus', 'navigate /post/p1']);
    expect(worker.opened).toEqual([]);
  });

  it('opens a new window when no Saathi window can be taken there', async () => {
    const foreign = fakeWindow('https://elsewhere.example/');
    const uncontrolled = fakeWindow(`${ORIGIN}/home`, { controlled: false });
    const worker = startWorker([foreign.client, uncontrolled.client]);
    await worker.click({ url: '/post/p1' });
    expect(foreign.calls).toEqual([]);
    expect(worker.opened).toEqual(['/post/p1']);
  });

  it('opens the home screen when the notification carries no usable address', async () => {
    const worker = startWorker();
    await worker.click(null);
    await worker.click({ url: 'https://evil.example/' });
    expect(worker.opened).toEqual(['/', '/']);
  });
});
