import { describe, expect, it } from 'vitest';
import {
  activityAcceptedV1,
  activityCheckedInV1,
  activityClosedV1,
  activityLeftV1,
  activityReminderV1,
  activityRepeatedV1,
  activityRequestedV1,
  QueueName,
} from '@saathi/contracts';
import type { ActivityPeopleRepository, ActivityPerson } from '../db/activity-people-repository';
import { consumed, fake, fakeQueue, noticeParts, testConfig } from '../testing/fake-core';
import {
  noticeActivityAccepted,
  noticeActivityCheckedIn,
  noticeActivityClosed,
  noticeActivityLeft,
  noticeActivityReminder,
  noticeActivityRepeated,
  noticeActivityRequested,
} from './activity-notices';

// The activity notices' policies on fakes: who hears what, grouped under which key, which
// notices get a mail check (queued with the event), and what a block keeps out.

const [host, asha, ravi, meera] = [
  '00000000-0000-4000-8000-0000000000a1',
  '00000000-0000-4000-8000-0000000000a2',
  '00000000-0000-4000-8000-0000000000a3',
  '00000000-0000-4000-8000-0000000000a4',
];
const postId = '00000000-0000-4000-8000-0000000000b1';
const startsAt = '2026-06-01T18:00:00.000Z';

function parts(options: { people?: ActivityPerson[]; blocked?: [string, string][] } = {}) {
  const notices = noticeParts({ names: { [host]: 'Host', [asha]: 'Asha' }, blocked: options.blocked ?? [] });
  const applied: unknown[] = [];
  const queue = fakeQueue();
  const core = {
    ...notices,
    activityPeople: fake<ActivityPeopleRepository>({
      apply: (person: unknown) => {
        applied.push(person);
        return Promise.resolve();
      },
      peopleOf: () => Promise.resolve(options.people ?? []),
    }),
    queue,
    config: testConfig,
  };
  return { core, recorded: notices.recorded, applied, queue };
}

const summary = (notice: { recipientId: string; type: string; targetKey: string; actorId: string }) => [
  notice.recipientId,
  notice.type,
  notice.targetKey,
  notice.actorId,
];

describe('activity notices', () => {
  it('a request tells the host, grouped per activity, without a mail', async () => {
    const { core, recorded, applied, queue } = parts();
    await noticeActivityRequested(
      core,
      consumed(activityRequestedV1, { postId, hostId: host, userId: asha, status: 'requested', note: null }),
    );
    expect(applied).toEqual([expect.objectContaining({ userId: asha, status: 'requested' })]);
    expect(recorded.map(summary)).toEqual([[host, 'activity_request', `activity:${postId}`, asha]]);
    expect(recorded[0]?.repeatBumps).toBe(false);
    expect(queue.added).toEqual([]);
  });

  it('acceptance tells the person from the host, and books the mail check with the event and recipient', async () => {
    const { core, recorded, queue } = parts();
    const event = consumed(activityAcceptedV1, {
      postId,
      hostId: host,
      userId: asha,
      promoted: false,
      startsAt,
    });
    await noticeActivityAccepted(core, event);
    expect(recorded.map(summary)).toEqual([[asha, 'activity_accepted', `activity-in:${postId}`, host]]);
    const key = `activity-mail:${event.envelope.id}:${asha}`;
    expect(queue.added).toEqual([
      {
        queue: QueueName.activityMailChecks,
        data: {
          key,
          recipientId: asha,
          type: 'activity_accepted',
          targetKey: `activity-in:${postId}`,
          postId,
        },
        options: {
          jobId: key,
          delayMs: testConfig.ACTIVITY_MAIL_DELAY_MS,
          attempts: testConfig.EMAIL_MAX_ATTEMPTS,
          backoffMs: testConfig.EMAIL_RETRY_BACKOFF_MS,
        },
      },
    ]);
  });

  it('no notice and no mail check across a block', async () => {
    const { core, recorded, queue } = parts({ blocked: [[asha, host]] });
    await noticeActivityAccepted(
      core,
      consumed(activityAcceptedV1, { postId, hostId: host, userId: asha, promoted: true, startsAt }),
    );
    expect(recorded).toEqual([]);
    expect(queue.added).toEqual([]);
  });

  it('the host hears of a spot given up, not of a withdrawn request', async () => {
    const given = parts();
    await noticeActivityLeft(
      given.core,
      consumed(activityLeftV1, { postId, hostId: host, userId: asha, wasAccepted: true }),
    );
    expect(given.recorded.map(summary)).toEqual([[host, 'activity_left', `activity-left:${postId}`, asha]]);
    const withdrawn = parts();
    await noticeActivityLeft(
      withdrawn.core,
      consumed(activityLeftV1, { postId, hostId: host, userId: asha, wasAccepted: false }),
    );
    expect(withdrawn.recorded).toEqual([]);
    expect(withdrawn.applied).toEqual([expect.objectContaining({ status: 'left' })]);
  });

  it('a check-in tells both sides they met', async () => {
    const { core, recorded } = parts();
    await noticeActivityCheckedIn(
      core,
      consumed(activityCheckedInV1, { postId, hostId: host, userId: asha }),
    );
    expect(recorded.map(summary)).toEqual([
      [host, 'activity_met', `activity-met:${postId}`, asha],
      [asha, 'activity_met', `activity-met:${postId}`, host],
    ]);
  });

  it('a reminder asks each person in, each with a mail check', async () => {
    const { core, recorded, queue } = parts();
    await noticeActivityReminder(
      core,
      consumed(activityReminderV1, { postId, hostId: host, userIds: [asha, ravi], startsAt }),
    );
    expect(recorded.map((notice) => notice.recipientId)).toEqual([asha, ravi]);
    expect(queue.added).toHaveLength(2);
  });

  it('"partner found" tells those in and waiting, mails only the waiting, and skips the declined and gone', async () => {
    const { core, recorded, queue } = parts({
      people: [
        { userId: asha, hostId: host, status: 'accepted' },
        { userId: ravi, hostId: host, status: 'requested' },
        { userId: meera, hostId: host, status: 'declined' },
      ],
    });
    await noticeActivityClosed(core, consumed(activityClosedV1, { postId, hostId: host }));
    expect(recorded.map((notice) => [notice.recipientId, notice.type])).toEqual([
      [asha, 'activity_closed'],
      [ravi, 'activity_closed'],
    ]);
    expect(queue.added.map((job) => (job.data as { recipientId: string }).recipientId)).toEqual([ravi]);
  });

  it('the next weekly occurrence goes to last week’s people in, about the new post', async () => {
    const next = '00000000-0000-4000-8000-0000000000b2';
    const { core, recorded, queue } = parts({
      people: [
        { userId: asha, hostId: host, status: 'accepted' },
        { userId: ravi, hostId: host, status: 'left' },
      ],
    });
    await noticeActivityRepeated(
      core,
      consumed(activityRepeatedV1, {
        seriesId: '00000000-0000-4000-8000-0000000000c1',
        hostId: host,
        previousPostId: postId,
        postId: next,
        startsAt,
      }),
    );
    expect(recorded.map(summary)).toEqual([[asha, 'activity_repeated', `activity-repeated:${next}`, host]]);
    expect(recorded[0]?.postId).toBe(next);
    expect(queue.added).toEqual([]);
  });
});
