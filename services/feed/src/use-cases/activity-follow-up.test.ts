import { describe, expect, it } from 'vitest';
import {
  activityCheckedInV1,
  ActivityFollowUpMessages,
  activityRatedV1,
  ActivityMessages,
  activitySeriesStoppedV1,
} from '@saathi/contracts';
import type { ActivitiesRepository } from '../db/activities-repository';
import type { ActivityHistoryRepository, KeptActivity } from '../db/activity-history-repository';
import type { ActivitySeriesRepository } from '../db/activity-series-repository';
import { checkInCode } from '../domain/check-in';
import {
  activityCore,
  activityFake,
  fake,
  fakeClock,
  fakeUnitOfWork,
  member,
  NOW,
  outcomeOf,
  routeInput,
} from '../testing/fake-core';
import { checkIn, giveActivityFeedback, pastActivities, stopRepeating } from './activity-follow-up';

// After the meet, on fakes: check-in between the host and an accepted person within the window,
// stopping a weekly series, and one verdict about another person of a done activity.

const host = member({ id: 'host' });
const runner = member({ id: 'runner' });
const post = { id: 'post-1' };
const codeOf = (userId: string) => checkInCode('key', userId);

describe('checkIn', () => {
  const starting = () =>
    activityFake({ startsInHours: 0.25, members: [{ userId: 'runner', status: 'accepted' }] });
  const scan = (activity: ReturnType<typeof activityFake>, user: typeof host, code: string) => {
    const core = activityCore(activity.repo);
    return { core, done: checkIn(core, routeInput(user, { params: post, body: { code } })) };
  };

  it('marks the pair as met when the host scans an accepted person’s code, once', async () => {
    const { core, done } = scan(starting(), host, codeOf('runner'));
    expect((await done).members.map((m) => [m.userId, m.met])).toEqual([['runner', true]]);
    expect(core.uow.emitted.map((event) => [event.type, event.data])).toEqual([
      [activityCheckedInV1.type, { postId: 'post-1', hostId: 'host', userId: 'runner' }],
    ]);
  });

  it('refuses before the window, an unknown code, one’s own code, and anyone not in the pair', async () => {
    const early = activityFake({ startsInHours: 3, members: [{ userId: 'runner', status: 'accepted' }] });
    expect(await outcomeOf(scan(early, host, codeOf('runner')).done)).toEqual({
      kind: 'conflict',
      message: ActivityFollowUpMessages.checkInNotYet,
    });
    expect(await outcomeOf(scan(starting(), host, 'AAAAA-AAAAA').done)).toEqual({
      kind: 'not-found',
      message: ActivityFollowUpMessages.unknownCode,
    });
    expect(await outcomeOf(scan(starting(), runner, codeOf('runner')).done)).toEqual({
      kind: 'invalid',
      message: ActivityFollowUpMessages.ownCode,
    });
    expect(await outcomeOf(scan(starting(), member(), codeOf('host')).done)).toEqual({
      kind: 'forbidden',
      message: ActivityFollowUpMessages.checkInPair,
    });
  });
});

describe('stopRepeating', () => {
  it('is the host’s, for a repeating activity only', async () => {
    const once = activityFake();
    const core = { ...activityCore(once.repo), activitySeries: fake<ActivitySeriesRepository>() };
    expect(await outcomeOf(stopRepeating(core, routeInput(runner, { params: post })))).toEqual({
      kind: 'forbidden',
      message: ActivityMessages.hostOnly,
    });
    expect(await outcomeOf(stopRepeating(core, routeInput(host, { params: post })))).toEqual({
      kind: 'conflict',
      message: ActivityFollowUpMessages.notRepeating,
    });
    const weekly = activityFake();
    weekly.record.seriesId = 'series-1';
    weekly.record.repeating = true;
    const repeating = {
      ...activityCore(weekly.repo),
      activitySeries: fake<ActivitySeriesRepository>({ stop: () => Promise.resolve(true) }),
    };
    await stopRepeating(repeating, routeInput(host, { params: post }));
    expect(repeating.uow.emitted.map((event) => event.type)).toEqual([activitySeriesStoppedV1.type]);
  });
});

describe('giveActivityFeedback', () => {
  const kept: KeptActivity = {
    postId: 'post-1',
    hostId: 'host',
    content: 'Run',
    area: 'Lodhi Garden',
    startsAt: new Date(NOW.getTime() - 3 * 3_600_000),
    endsAt: new Date(NOW.getTime() - 3_600_000),
    members: [{ userId: 'runner', metAt: NOW }],
  };
  function core(found: KeptActivity | undefined, stillLive = false) {
    return {
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      activities: fake<ActivitiesRepository>({ find: () => Promise.resolve(stillLive ? {} : undefined) }),
      activityHistory: fake<ActivityHistoryRepository>({
        find: () => Promise.resolve(found),
        rate: () => Promise.resolve(),
      }),
    };
  }
  const rate = (user: typeof host, userId: string) =>
    routeInput(user, { params: post, body: { userId, verdict: 'showed_up' as const } });

  it('saves one verdict between the host and an accepted person, and announces it', async () => {
    const deps = core(kept);
    expect(await giveActivityFeedback(deps, rate(host, 'runner'))).toEqual({
      message: ActivityFollowUpMessages.feedbackSaved,
    });
    expect(deps.uow.emitted.map((event) => event.type)).toEqual([activityRatedV1.type]);
  });

  it('refuses before the activity is done, about oneself, about a stranger, and from one', async () => {
    expect(await outcomeOf(giveActivityFeedback(core(undefined, true), rate(host, 'runner')))).toEqual({
      kind: 'conflict',
      message: ActivityFollowUpMessages.feedbackNotYet,
    });
    expect(await outcomeOf(giveActivityFeedback(core(kept), rate(host, 'host')))).toEqual({
      kind: 'invalid',
      message: ActivityFollowUpMessages.feedbackSelf,
    });
    expect(await outcomeOf(giveActivityFeedback(core(kept), rate(host, 'stranger')))).toEqual({
      kind: 'forbidden',
      message: ActivityFollowUpMessages.feedbackPair,
    });
    expect(await outcomeOf(giveActivityFeedback(core(kept), rate(member(), 'runner')))).toEqual({
      kind: 'not-found',
      message: ActivityFollowUpMessages.feedbackNotFound,
    });
  });
});

describe('pastActivities', () => {
  it('lists the viewer’s done activities with the other people and what was said about them', async () => {
    const history = fake<ActivityHistoryRepository>({
      pastOf: () =>
        Promise.resolve([
          {
            postId: 'post-1',
            hostId: 'host',
            content: 'Run',
            area: 'Lodhi Garden',
            startsAt: NOW,
            endsAt: NOW,
            members: [{ userId: 'runner', metAt: NOW }],
          },
        ]),
      names: () => Promise.resolve(new Map([['host', 'Hari']])),
      verdictsBy: () => Promise.resolve([{ postId: 'post-1', subjectId: 'host', verdict: 'showed_up' }]),
      verdictsAbout: () => Promise.resolve({ showed_up: 2, no_show: 0, unsafe: 0 }),
      reliability: () => Promise.resolve(new Map([['runner', { met: 1, of: 1 }]])),
    });
    const answer = await pastActivities({ activityHistory: history }, routeInput(runner));
    expect(answer.activities[0]).toMatchObject({
      met: true,
      people: [{ userId: 'host', name: 'Hari', isHost: true, myVerdict: 'showed_up' }],
    });
    expect(answer.aboutMe).toEqual({ reliability: { met: 1, of: 1 }, showedUp: 2, noShow: 0, unsafe: 0 });
  });
});
