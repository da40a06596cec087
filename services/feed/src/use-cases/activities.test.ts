import { describe, expect, it } from 'vitest';
import {
  activityAcceptedV1,
  activityClosedV1,
  activityLeftV1,
  ActivityMessages,
  activityRequestedV1,
  FeedMessages,
} from '@saathi/contracts';
import {
  activityCore,
  activityFake,
  fakeClock,
  limits,
  member,
  outcomeOf,
  routeInput,
} from '../testing/fake-core';
import {
  acceptActivityRequest,
  activityCalendarFile,
  closeActivity,
  getActivity,
  joinActivity,
  leaveActivity,
} from './activities';

// Joining an activity on an in-memory one: requests, the waitlist, the host's decisions, blocks.

const host = member({ id: 'host' });
const asker = member({ id: 'asker' });
const post = { id: 'post-1' };

function joining(activity: ReturnType<typeof activityFake>, perHour = 60) {
  return { ...activityCore(activity.repo), ...limits({ activityJoins: perHour }) };
}

describe('joinActivity', () => {
  it('asks while there are spots and joins the waitlist once full, announcing each', async () => {
    const open = activityFake();
    const core = joining(open);
    const detail = await joinActivity(core, routeInput(asker, { params: post, body: { note: 'Hi' } }));
    expect(detail.myStatus).toBe('requested');
    expect(core.uow.emitted.map((event) => [event.type, (event.data as { status: string }).status])).toEqual([
      [activityRequestedV1.type, 'requested'],
    ]);
    const full = activityFake({ spots: 1, members: [{ userId: 'in', status: 'accepted' }] });
    expect((await joinActivity(joining(full), routeInput(asker, { params: post, body: {} }))).myStatus).toBe(
      'waitlisted',
    );
  });

  it('refuses the host, a pair blocked either way, someone declined, twice, and a closed activity', async () => {
    const join = (activity: ReturnType<typeof activityFake>, user = asker) =>
      outcomeOf(joinActivity(joining(activity), routeInput(user, { params: post, body: {} })));
    expect(await join(activityFake(), host)).toEqual({
      kind: 'invalid',
      message: ActivityMessages.hostCannotJoin,
    });
    expect(await join(activityFake({ blocked: [['host', 'asker']] }))).toEqual({
      kind: 'forbidden',
      message: ActivityMessages.cannotJoin,
    });
    expect(await join(activityFake({ members: [{ userId: 'asker', status: 'declined' }] }))).toEqual({
      kind: 'forbidden',
      message: ActivityMessages.declined,
    });
    expect(await join(activityFake({ members: [{ userId: 'asker', status: 'requested' }] }))).toEqual({
      kind: 'conflict',
      message: ActivityMessages.alreadyIn,
    });
    expect(await join(activityFake({ closed: true }))).toEqual({
      kind: 'conflict',
      message: ActivityMessages.notOpen,
    });
  });

  it('counts each request against the hourly limit first', async () => {
    const core = joining(activityFake(), 1);
    await joinActivity(core, routeInput(asker, { params: post, body: {} }));
    expect(await outcomeOf(joinActivity(core, routeInput(asker, { params: post, body: {} })))).toMatchObject({
      kind: 'rate-limited',
    });
  });
});

describe('leaving and the host’s decisions', () => {
  it('a freed spot goes to the waitlist’s first, announced as promoted', async () => {
    const activity = activityFake({
      spots: 1,
      members: [
        { userId: 'asker', status: 'accepted' },
        { userId: 'next', status: 'waitlisted' },
      ],
    });
    const core = activityCore(activity.repo);
    await leaveActivity(core, routeInput(asker, { params: post }));
    expect(core.uow.emitted.map((event) => event.type)).toEqual([
      activityLeftV1.type,
      activityAcceptedV1.type,
    ]);
    expect(core.uow.emitted[1]?.data).toMatchObject({ userId: 'next', promoted: true });
    expect(
      await outcomeOf(leaveActivity(activityCore(activityFake().repo), routeInput(asker, { params: post }))),
    ).toEqual({ kind: 'conflict', message: ActivityMessages.notAMember });
  });

  it('only the host accepts, and only while a spot is free', async () => {
    const asking = activityFake({ members: [{ userId: 'asker', status: 'requested' }] });
    const accept = (user: typeof host, activity: ReturnType<typeof activityFake>) =>
      acceptActivityRequest(
        activityCore(activity.repo),
        routeInput(user, { params: { id: 'post-1', userId: 'asker' } }),
      );
    expect(await outcomeOf(accept(asker, asking))).toEqual({
      kind: 'forbidden',
      message: ActivityMessages.hostOnly,
    });
    const full = activityFake({
      spots: 1,
      members: [
        { userId: 'in', status: 'accepted' },
        { userId: 'asker', status: 'waitlisted' },
      ],
    });
    expect(await outcomeOf(accept(host, full))).toEqual({
      kind: 'conflict',
      message: ActivityMessages.noSpotsLeft,
    });
    expect((await accept(host, asking)).members.map((m) => [m.userId, m.status])).toEqual([
      ['asker', 'accepted'],
    ]);
  });

  it('the host closes it once (“partner found”), with the product’s message', async () => {
    const activity = activityFake();
    const core = activityCore(activity.repo);
    expect(await closeActivity(core, routeInput(host, { params: post }))).toEqual({
      message: ActivityMessages.closed,
    });
    expect(core.uow.emitted.map((event) => event.type)).toEqual([activityClosedV1.type]);
    expect(
      await outcomeOf(closeActivity(activityCore(activityFake().repo), routeInput(asker, { params: post }))),
    ).toEqual({ kind: 'forbidden', message: ActivityMessages.hostOnly });
  });
});

describe('getActivity and the calendar file', () => {
  it('is 404 for someone blocked with the host, and the calendar only for the host and accepted people', async () => {
    const core = (activity: ReturnType<typeof activityFake>) => ({
      ...activityCore(activity.repo),
      publicOrigin: 'https://saathi.example',
    });
    expect(
      await outcomeOf(
        getActivity(
          core(activityFake({ blocked: [['host', 'asker']] })),
          routeInput(asker, { params: post }),
        ),
      ),
    ).toEqual({ kind: 'not-found', message: FeedMessages.postNotFound });
    expect(
      await outcomeOf(activityCalendarFile(core(activityFake()), { user: asker, params: post })),
    ).toEqual({
      kind: 'forbidden',
      message: ActivityMessages.notAMember,
    });
    const ics = await activityCalendarFile(
      { ...core(activityFake({ members: [{ userId: 'asker', status: 'accepted' }] })), clock: fakeClock() },
      { user: asker, params: post },
    );
    expect(ics).toContain('https://saathi.example/post/post-1');
  });
});
