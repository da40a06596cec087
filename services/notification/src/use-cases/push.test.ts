import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_SETTINGS, notificationMissedV1, PushMessages, QueueName } from '@saathi/contracts';
import type { AppNotification, NoticeSettings } from '@saathi/contracts';
import type { NoticeSettingsRepository } from '../db/notice-settings-repository';
import type { PushSubscriptionsRepository } from '../db/push-subscriptions-repository';
import type { PushThread, PushThreadsRepository } from '../db/push-threads-repository';
import {
  consumed,
  fake,
  fakeClock,
  fakeQueue,
  member,
  routeInput,
  silentLogger,
  testConfig,
} from '../testing/fake-core';
import { isAllowedEndpoint, mute, pushKey, pushMissedNotice, savePushSubscription, unmute } from './push';

// Web Push's policies on fakes: which endpoints and keys are taken, what a mute lasts, and when a
// missed notification is pushed now, held, or not sent.

const clock = fakeClock(new Date('2026-06-01T12:00:00.000Z'));
const p256dh = Buffer.concat([Buffer.from([0x04]), Buffer.alloc(64, 1)]).toString('base64url');
const auth = Buffer.alloc(16, 2).toString('base64url');

describe('subscriptions', () => {
  it('gives the VAPID key, and not found where pushes are not set up', () => {
    expect(pushKey({ config: testConfig })).toEqual({ publicKey: testConfig.VAPID_PUBLIC_KEY });
    expect(() => pushKey({ config: { ...testConfig, VAPID_PUBLIC_KEY: undefined } })).toThrow(
      expect.objectContaining({ kind: 'not-found', message: 'Push notifications are not set up here' }),
    );
  });

  it('takes the browsers’ push services (and their subdomains), local ones only where allowed', () => {
    expect(isAllowedEndpoint(testConfig, 'https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isAllowedEndpoint(testConfig, 'https://eu.fcm.googleapis.com/x')).toBe(true);
    expect(isAllowedEndpoint(testConfig, 'https://fcm.googleapis.com.evil.example/x')).toBe(false);
    expect(isAllowedEndpoint(testConfig, 'http://fcm.googleapis.com/x')).toBe(false);
    expect(isAllowedEndpoint(testConfig, 'http://127.0.0.1:9000/push')).toBe(false);
    expect(
      isAllowedEndpoint({ ...testConfig, PUSH_ALLOW_LOCAL_ENDPOINTS: true }, 'http://127.0.0.1:9000/push'),
    ).toBe(true);
  });

  it('saves a valid subscription as the caller’s own, and refuses another host or malformed keys', async () => {
    const asha = member();
    const saved: unknown[] = [];
    const pushSubscriptions = fake<PushSubscriptionsRepository>({
      saveOwn: (userId: string, body: unknown) => {
        saved.push([userId, body]);
        return Promise.resolve();
      },
    });
    const core = { pushSubscriptions, clock, config: testConfig };
    const body = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh, auth } };
    await savePushSubscription(core, routeInput(asha, { body }));
    expect(saved).toEqual([[asha.id, body]]);

    await expect(
      savePushSubscription(core, routeInput(asha, { body: { ...body, endpoint: 'https://example.com/x' } })),
    ).rejects.toMatchObject({ kind: 'invalid', message: PushMessages.invalidEndpoint });
    await expect(
      savePushSubscription(core, routeInput(asha, { body: { ...body, keys: { p256dh, auth: 'c2hvcnQ' } } })),
    ).rejects.toMatchObject({ kind: 'invalid', message: PushMessages.invalidKeys });
    expect(saved).toHaveLength(1);
  });
});

describe('mutes', () => {
  it('lasts the duration asked for, or until turned off', async () => {
    const asha = member();
    const muted: unknown[] = [];
    const noticeSettings = fake<NoticeSettingsRepository>({
      muteOwn: (...args: unknown[]) => {
        muted.push(args);
        return Promise.resolve();
      },
      unmuteOwn: (...args: unknown[]) => {
        muted.push(['off', ...args]);
        return Promise.resolve();
      },
    });
    expect(
      await mute(
        { noticeSettings, clock },
        routeInput(asha, { body: { kind: 'conversation', id: 'c-1', duration: '8h' } }),
      ),
    ).toEqual({ kind: 'conversation', id: 'c-1', until: '2026-06-01T20:00:00.000Z' });
    expect(
      await mute(
        { noticeSettings, clock },
        routeInput(asha, { body: { kind: 'activity', id: 'p-1', duration: 'forever' } }),
      ),
    ).toEqual({ kind: 'activity', id: 'p-1', until: null });
    await unmute({ noticeSettings }, routeInput(asha, { params: { kind: 'activity', id: 'p-1' } }));
    expect(muted).toEqual([
      [asha.id, 'conversation', 'c-1', new Date('2026-06-01T20:00:00.000Z')],
      [asha.id, 'activity', 'p-1', null],
      ['off', asha.id, 'activity', 'p-1'],
    ]);
  });
});

describe('pushMissedNotice', () => {
  const recipientId = '00000000-0000-4000-8000-0000000000a1';
  const notification = {
    id: '00000000-0000-4000-8000-0000000000b1',
    type: 'message',
    actorId: '00000000-0000-4000-8000-0000000000c1',
    actorName: 'Asha',
    othersCount: 0,
    postId: null,
    conversationId: '00000000-0000-4000-8000-0000000000d1',
    emoji: null,
    read: false,
    createdAt: '2026-06-01T11:59:00.000Z',
    updatedAt: '2026-06-01T11:59:00.000Z',
  } satisfies AppNotification;

  function parts(
    options: {
      settings?: NoticeSettings;
      muted?: boolean;
      subscriptions?: number;
      thread?: Partial<PushThread>;
    } = {},
  ) {
    const queue = fakeQueue();
    const threads: unknown[] = [];
    const core = {
      noticeSettings: fake<NoticeSettingsRepository>({
        getOwn: () => Promise.resolve(options.settings ?? DEFAULT_NOTICE_SETTINGS),
        mutedAmong: () => Promise.resolve(options.muted ?? false),
      }),
      pushSubscriptions: fake<PushSubscriptionsRepository>({
        listOwn: () =>
          Promise.resolve(
            Array.from({ length: options.subscriptions ?? 1 }, (_, index) => ({ id: `s-${index}` })),
          ),
      }),
      pushThreads: fake<PushThreadsRepository>({
        lock: (userId: string, tag: string) =>
          Promise.resolve({
            recipientId: userId,
            tag,
            lastPushedAt: null,
            pending: null,
            dueAt: null,
            ...options.thread,
          }),
        pushed: (...args: unknown[]) => {
          threads.push(['pushed', ...args]);
          return Promise.resolve();
        },
        hold: (...args: unknown[]) => {
          threads.push(['held', ...args]);
          return Promise.resolve();
        },
      }),
      queue,
      clock,
      config: testConfig,
      logger: silentLogger,
    };
    return { core, queue, threads };
  }

  const missed = (overrides: Partial<AppNotification> = {}) =>
    consumed(notificationMissedV1, { recipientId, notification: { ...notification, ...overrides } });

  it('pushes at once to each of the recipient’s browsers, with job ids from the event', async () => {
    const { core, queue, threads } = parts({ subscriptions: 2 });
    const event = missed();
    expect(await pushMissedNotice(core, event)).toBe('pushed');
    expect(queue.added.map((job) => [job.queue, job.options?.jobId])).toEqual([
      [QueueName.webPush, `push:${event.envelope.id}:s-0`],
      [QueueName.webPush, `push:${event.envelope.id}:s-1`],
    ]);
    expect(threads[0]).toEqual(['pushed', recipientId, expect.any(String), clock.now()]);
  });

  it('sends nothing for a read notification, a channel turned off, a mute or no browser', async () => {
    expect(await pushMissedNotice(parts().core, missed({ read: true }))).toBe('read');
    const noPush: NoticeSettings = {
      ...DEFAULT_NOTICE_SETTINGS,
      channels: { ...DEFAULT_NOTICE_SETTINGS.channels, messages: 'mail' },
    };
    expect(await pushMissedNotice(parts({ settings: noPush }).core, missed())).toBe('channel-off');
    expect(await pushMissedNotice(parts({ muted: true }).core, missed())).toBe('muted');
    const none = parts({ subscriptions: 0 });
    expect(await pushMissedNotice(none.core, missed())).toBe('no-subscription');
    expect(none.queue.added).toEqual([]);
  });

  it('holds a push within the grouping window after the last one, and books its release', async () => {
    const lastPushedAt = new Date(clock.now().getTime() - 10_000);
    const { core, queue, threads } = parts({ thread: { lastPushedAt } });
    expect(await pushMissedNotice(core, missed())).toBe('held');
    const due = new Date(lastPushedAt.getTime() + testConfig.PUSH_GROUP_MS);
    expect(threads).toEqual([['held', recipientId, expect.any(String), expect.any(Object), due]]);
    expect(queue.added).toEqual([
      expect.objectContaining({
        queue: QueueName.pushReleases,
        options: expect.objectContaining({ delayMs: due.getTime() - clock.now().getTime() }) as unknown,
      }),
    ]);
  });
});
