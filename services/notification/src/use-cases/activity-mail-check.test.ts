import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_SETTINGS, QueueName } from '@saathi/contracts';
import type { JobData, NoticeSettings } from '@saathi/contracts';
import type { ActivityMailsRepository } from '../db/activity-mails-repository';
import type { NoticeSettingsRepository } from '../db/notice-settings-repository';
import type { UsersRepository } from '../db/users-repository';
import { fake, fakeClock, fakeQueue, silentLogger, testConfig } from '../testing/fake-core';
import { checkActivityMail } from './activity-mail-check';

// The delayed check behind an activity notice, on fakes: mailed only when still unread, wanted,
// to a proved address, and not within the activity's cool-down.

const recipientId = '00000000-0000-4000-8000-0000000000a1';
const postId = '00000000-0000-4000-8000-0000000000b1';
const job: JobData<typeof QueueName.activityMailChecks> = {
  key: `activity-mail:event-1:${recipientId}`,
  recipientId,
  type: 'activity_accepted',
  targetKey: `activity-in:${postId}`,
  postId,
};

function parts(
  options: {
    unread?: boolean;
    settings?: NoticeSettings;
    muted?: boolean;
    verifiedEmail?: string | null;
    claimed?: boolean;
  } = {},
) {
  const queue = fakeQueue();
  const core = {
    activityMails: fake<ActivityMailsRepository>({
      unreadNotice: () => Promise.resolve(options.unread === false ? undefined : { actorName: 'Host' }),
      claim: () => Promise.resolve(options.claimed ?? true),
    }),
    noticeSettings: fake<NoticeSettingsRepository>({
      getOwn: () => Promise.resolve(options.settings ?? DEFAULT_NOTICE_SETTINGS),
      mutedAmong: () => Promise.resolve(options.muted ?? false),
    }),
    users: fake<UsersRepository>({
      find: () =>
        Promise.resolve({
          name: 'Asha',
          verifiedEmail: options.verifiedEmail === undefined ? 'asha@example.com' : options.verifiedEmail,
        }),
    }),
    queue,
    clock: fakeClock(),
    config: testConfig,
    logger: silentLogger,
  };
  return { core, queue };
}

describe('checkActivityMail', () => {
  it('mails a notice still unread, with the check’s key as job id and dedupe key', async () => {
    const { core, queue } = parts();
    expect(await checkActivityMail(core, job)).toBe('mailed');
    expect(queue.added).toEqual([
      expect.objectContaining({
        queue: QueueName.email,
        data: expect.objectContaining({ to: 'asha@example.com', dedupeKey: job.key }) as unknown,
        options: expect.objectContaining({ jobId: job.key }) as unknown,
      }),
    ]);
  });

  it('says why no mail went: read, not wanted, muted, no proved address, cooling down, not mailed', async () => {
    const noMail: NoticeSettings = {
      ...DEFAULT_NOTICE_SETTINGS,
      channels: { ...DEFAULT_NOTICE_SETTINGS.channels, activity: 'push' },
    };
    expect(await checkActivityMail(parts({ unread: false }).core, job)).toBe('read');
    expect(await checkActivityMail(parts({ settings: noMail }).core, job)).toBe('not-wanted');
    expect(await checkActivityMail(parts({ muted: true }).core, job)).toBe('not-wanted');
    expect(await checkActivityMail(parts({ verifiedEmail: null }).core, job)).toBe('no-address');
    expect(await checkActivityMail(parts({ claimed: false }).core, job)).toBe('cooling-down');
    expect(await checkActivityMail(parts().core, { ...job, type: 'activity_met' })).toBe('not-mailed');
  });
});
