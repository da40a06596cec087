import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_SETTINGS, messageSentV1, QueueName } from '@saathi/contracts';
import type { EventData, NoticeSettings } from '@saathi/contracts';
import type { MessageMailsRepository } from '../db/message-mails-repository';
import type { NoticeSettingsRepository } from '../db/notice-settings-repository';
import type { NotificationsRepository } from '../db/notifications-repository';
import { sameActorKey } from '../db/notifications-repository';
import type { UsersRepository } from '../db/users-repository';
import {
  consumed,
  fake,
  fakeClock,
  fakeQueue,
  noticeParts,
  silentLogger,
  testConfig,
} from '../testing/fake-core';
import { noticeMessage, noticeMessagesWithoutChange } from './message-notice';

// A message's notice and mail on fakes: the cheap path's choice, the notice's type, and the
// rules of the "new message" mail (away, proved address, mail on, not muted, one per cool-down).

const [asha, ravi] = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
const conversationId = '00000000-0000-4000-8000-0000000000c1';

const message = (
  overrides: Partial<EventData<typeof messageSentV1>> = {},
): EventData<typeof messageSentV1> => ({
  messageId: '00000000-0000-4000-8000-0000000000d1',
  conversationId,
  senderId: asha,
  recipientId: ravi,
  recipientOnline: false,
  sentAt: '2026-06-01T11:59:00.000Z',
  ...overrides,
});

describe('the cheap path', () => {
  it('only a message to someone online, not a request, can be a bump; those moved need nothing more', async () => {
    const asked: unknown[] = [];
    const notifications = fake<NotificationsRepository>({
      bumpSameActors: (activities: Parameters<NotificationsRepository['bumpSameActors']>[0]) => {
        asked.push(...activities);
        return Promise.resolve(new Set(activities.slice(0, 1).map(sameActorKey)));
      },
    });
    const done = await noticeMessagesWithoutChange({ notifications }, [
      message({ recipientOnline: true }),
      message({ recipientOnline: true, senderId: ravi, recipientId: asha }),
      message({ recipientOnline: false }),
      message({ recipientOnline: true, isRequest: true }),
    ]);
    expect(done).toEqual([true, false, false, false]);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toEqual({
      recipientId: ravi,
      type: 'message',
      targetKey: `conversation:${conversationId}`,
      actorId: asha,
      at: new Date('2026-06-01T11:59:00.000Z'),
    });
  });
});

describe('noticeMessage', () => {
  function parts(
    options: {
      settings?: NoticeSettings;
      muted?: boolean;
      verifiedEmail?: string | null;
      claimed?: boolean;
      blocked?: [string, string][];
    } = {},
  ) {
    const notices = noticeParts({ names: { [asha]: 'Asha' }, blocked: options.blocked ?? [] });
    const queue = fakeQueue();
    const core = {
      ...notices,
      users: fake<UsersRepository>({
        find: (userId: string) =>
          Promise.resolve(
            userId === ravi
              ? {
                  name: 'Ravi',
                  verifiedEmail:
                    options.verifiedEmail === undefined ? 'ravi@example.com' : options.verifiedEmail,
                }
              : { name: 'Asha', verifiedEmail: null },
          ),
      }),
      noticeSettings: fake<NoticeSettingsRepository>({
        getOwn: () => Promise.resolve(options.settings ?? DEFAULT_NOTICE_SETTINGS),
        mutedAmong: () => Promise.resolve(options.muted ?? false),
      }),
      messageMails: fake<MessageMailsRepository>({ claim: () => Promise.resolve(options.claimed ?? true) }),
      queue,
      clock: fakeClock(),
      config: testConfig,
      logger: silentLogger,
    };
    return { core, queue, recorded: notices.recorded };
  }

  it('notices the message and mails someone away, at most once per event', async () => {
    const { core, queue, recorded } = parts();
    const event = consumed(messageSentV1, message());
    await noticeMessage(core, event);
    expect(
      recorded.map((notice) => [notice.recipientId, notice.type, notice.targetKey, notice.conversationId]),
    ).toEqual([[ravi, 'message', `conversation:${conversationId}`, conversationId]]);
    expect(queue.added).toEqual([
      expect.objectContaining({
        queue: QueueName.email,
        data: expect.objectContaining({ to: 'ravi@example.com', dedupeKey: event.envelope.id }) as unknown,
        options: {
          jobId: event.envelope.id,
          attempts: testConfig.EMAIL_MAX_ATTEMPTS,
          backoffMs: testConfig.EMAIL_RETRY_BACKOFF_MS,
        },
      }),
    ]);
  });

  it('no mail when online, a request, no proved address, mail off, muted, or within the cool-down', async () => {
    const noMail: NoticeSettings = {
      ...DEFAULT_NOTICE_SETTINGS,
      channels: { ...DEFAULT_NOTICE_SETTINGS.channels, messages: 'push' },
    };
    const cases = [
      { options: {}, data: message({ recipientOnline: true }) },
      { options: {}, data: message({ isRequest: true }) },
      { options: { verifiedEmail: null }, data: message() },
      { options: { settings: noMail }, data: message() },
      { options: { muted: true }, data: message() },
      { options: { claimed: false }, data: message() },
    ];
    for (const { options, data } of cases) {
      const { core, queue, recorded } = parts(options);
      await noticeMessage(core, consumed(messageSentV1, data));
      expect(recorded).toHaveLength(1);
      expect(queue.added).toEqual([]);
    }
  });

  it('a request’s messages make a message request notice', async () => {
    const { core, recorded } = parts();
    await noticeMessage(core, consumed(messageSentV1, message({ isRequest: true })));
    expect(recorded[0]?.type).toBe('message_request');
  });

  it('nothing across a block, not even a mail', async () => {
    const { core, queue, recorded } = parts({ blocked: [[ravi, asha]] });
    await noticeMessage(core, consumed(messageSentV1, message()));
    expect(recorded).toEqual([]);
    expect(queue.added).toEqual([]);
  });
});
