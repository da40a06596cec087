import { describe, expect, it } from 'vitest';
import type { ErasedPeople } from '@saathi/platform';
import type { ActivityMailsRepository } from '../db/activity-mails-repository';
import type { ActivityPeopleRepository } from '../db/activity-people-repository';
import type { MessageMailsRepository } from '../db/message-mails-repository';
import type { NoticeSettingsRepository } from '../db/notice-settings-repository';
import type { NotificationsRepository } from '../db/notifications-repository';
import type { PageViewsRepository } from '../db/page-views-repository';
import type { PushThreadsRepository } from '../db/push-threads-repository';
import type { SentEmailsRepository } from '../db/sent-emails-repository';
import { fake, fakeClock, testConfig } from '../testing/fake-core';
import { pruneNotifications, SENT_EMAIL_RETENTION_MS } from './prune';

const DAY = 24 * 60 * 60 * 1000;

describe('the periodic clean-up', () => {
  it('forgets each kind of row past its own retention, as of now', async () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    const cut: Record<string, string> = {};
    const at = (name: string, answer?: unknown) => (before: Date | string) => {
      cut[name] = before instanceof Date ? before.toISOString() : before;
      return Promise.resolve(answer);
    };
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const result = await pruneNotifications({
      clock: fakeClock(now),
      config: testConfig,
      notifications: fake<NotificationsRepository>({ deleteReadBefore: at('read notifications', 4) }),
      messageMails: fake<MessageMailsRepository>({ deleteOlderThan: at('message mails') }),
      activityMails: fake<ActivityMailsRepository>({ deleteOlderThan: at('activity mails') }),
      activityPeople: fake<ActivityPeopleRepository>({ deleteEndedBefore: at('ended activities') }),
      pageViews: fake<PageViewsRepository>({ deleteBefore: at('page views') }),
      erased: fake<ErasedPeople>({ prune: at('erased people', 0) }),
      sentEmails: fake<SentEmailsRepository>({ deleteSentBefore: at('sent mails') }),
      noticeSettings: fake<NoticeSettingsRepository>({ deleteEndedMutes: at('mutes') }),
      pushThreads: fake<PushThreadsRepository>({ deleteIdleBefore: at('push threads') }),
    });
    expect(result).toEqual({ notifications: 4 });
    expect(cut).toEqual({
      'read notifications': ago(testConfig.READ_NOTIFICATION_RETENTION_DAYS * DAY),
      'message mails': ago(testConfig.MESSAGE_MAIL_COOLDOWN_MS),
      'activity mails': ago(testConfig.ACTIVITY_MAIL_COOLDOWN_MS),
      'ended activities': ago(8 * DAY),
      'page views': ago(400 * DAY).slice(0, 10),
      'erased people': now.toISOString(),
      'sent mails': ago(SENT_EMAIL_RETENTION_MS),
      mutes: now.toISOString(),
      'push threads': ago(testConfig.PUSH_GROUP_MS),
    });
  });
});
