import { describe, expect, it } from 'vitest';
import { ACTIVITY_REMINDER_LEAD_MS, activityReminderV1 } from '@saathi/contracts';
import type { ActivitiesRepository } from '../db/activities-repository';
import { fake, fakeClock, fakeUnitOfWork, NOW } from '../testing/fake-core';
import { sendActivityReminders } from './activity-reminders';

describe('sendActivityReminders', () => {
  it('announces each due activity once, naming the host and everyone accepted, batch after batch', async () => {
    const asked: number[] = [];
    const batches = [
      Array.from({ length: 200 }, (_, i) => ({
        postId: `p${i}`,
        hostId: 'h',
        startsAt: NOW,
        userIds: ['u'],
      })),
      [{ postId: 'last', hostId: 'h', startsAt: NOW, userIds: [] }],
    ];
    const core = {
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      activities: fake<ActivitiesRepository>({
        claimDueReminders: (_now: Date, leadMs: number) => {
          asked.push(leadMs);
          return Promise.resolve(batches.shift() ?? []);
        },
      }),
    };
    expect(await sendActivityReminders(core)).toBe(201);
    // A full batch means there may be more: asked again, and stopped at the first short one.
    expect(asked).toEqual([ACTIVITY_REMINDER_LEAD_MS, ACTIVITY_REMINDER_LEAD_MS]);
    expect(core.uow.emitted.at(-1)).toMatchObject({
      type: activityReminderV1.type,
      data: { postId: 'last', hostId: 'h', userIds: [], startsAt: NOW.toISOString() },
    });
  });
});
