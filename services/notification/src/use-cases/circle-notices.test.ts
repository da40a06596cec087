import { describe, expect, it } from 'vitest';
import {
  circleActivityPostedV1,
  circleMemberJoinedV1,
  circleMentionedV1,
  circleRequestedV1,
  QueueName,
} from '@saathi/contracts';
import { consumed, fakeQueue, noticeParts, testConfig } from '../testing/fake-core';
import {
  noticeCircleActivityPosted,
  noticeCircleMemberJoined,
  noticeCircleMentioned,
  noticeCircleRequested,
} from './circle-notices';

// The circle notices on fakes: who hears what about a circle, grouped under which key.

const [organiser, asha, ravi] = [
  '00000000-0000-4000-8000-0000000000a1',
  '00000000-0000-4000-8000-0000000000a2',
  '00000000-0000-4000-8000-0000000000a3',
];
const circleId = '00000000-0000-4000-8000-0000000000c1';
const postId = '00000000-0000-4000-8000-0000000000b1';

function parts(blocked: [string, string][] = []) {
  const notices = noticeParts({ blocked });
  const queue = fakeQueue();
  return { core: { ...notices, queue, config: testConfig }, recorded: notices.recorded, queue };
}

describe('circle notices', () => {
  it('a request tells each organiser, grouped per circle, naming the circle', async () => {
    const { core, recorded } = parts();
    await noticeCircleRequested(
      core,
      consumed(circleRequestedV1, { circleId, userId: asha, organiserIds: [organiser, ravi] }),
    );
    expect(
      recorded.map((notice) => [notice.recipientId, notice.type, notice.targetKey, notice.circleId]),
    ).toEqual([
      [organiser, 'circle_request', `circle:${circleId}`, circleId],
      [ravi, 'circle_request', `circle:${circleId}`, circleId],
    ]);
    expect(recorded[0]).toMatchObject({ postId: null, repeatBumps: false });
  });

  it('joining is told only when an organiser accepted', async () => {
    const { core, recorded } = parts();
    const joined = { circleId, circleName: 'Runners', userId: asha, role: 'member' as const };
    await noticeCircleMemberJoined(core, consumed(circleMemberJoinedV1, { ...joined, acceptedBy: null }));
    await noticeCircleMemberJoined(
      core,
      consumed(circleMemberJoinedV1, { ...joined, acceptedBy: organiser }),
    );
    expect(recorded.map((notice) => [notice.recipientId, notice.type, notice.actorId])).toEqual([
      [asha, 'circle_accepted', organiser],
    ]);
  });

  it('a circle activity tells every other member about the post, each with a mail check', async () => {
    const { core, recorded, queue } = parts([[ravi, organiser]]);
    await noticeCircleActivityPosted(
      core,
      consumed(circleActivityPostedV1, {
        circleId,
        postId,
        hostId: organiser,
        memberIds: [asha, ravi],
        startsAt: '2026-06-02T08:00:00.000Z',
      }),
    );
    expect(recorded.map((notice) => [notice.recipientId, notice.postId, notice.circleId])).toEqual([
      [asha, postId, circleId],
    ]);
    expect(queue.added.map((job) => [job.queue, (job.data as { type: string }).type])).toEqual([
      [QueueName.activityMailChecks, 'circle_activity'],
    ]);
  });

  it('a mention tells each person named once, and a further one moves it up', async () => {
    const { core, recorded } = parts();
    await noticeCircleMentioned(
      core,
      consumed(circleMentionedV1, {
        circleId,
        messageId: '00000000-0000-4000-8000-0000000000d1',
        senderId: organiser,
        userIds: [asha, asha, organiser],
      }),
    );
    expect(recorded.map((notice) => [notice.recipientId, notice.type, notice.repeatBumps])).toEqual([
      [asha, 'circle_mention', true],
    ]);
  });
});
