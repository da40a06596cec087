import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IdentityMessages, ModerationMessages, reportRejectedV1 } from '@saathi/contracts';
import type { CreateReportBody } from '@saathi/contracts';
import { Outcome } from '@saathi/platform';
import type { OwnersRepository } from '../db/owners-repository';
import type { CaseRow, NewReport, ReportsRepository } from '../db/reports-repository';
import {
  consumed,
  fake,
  fakeClock,
  fakeUnitOfWork,
  member,
  routeInput,
  settings,
} from '../testing/fake-core';
import { fileReport, withdrawReport } from './reports';

// fileReport's and withdrawReport's policies on fakes: who may report what, the rate, the
// threshold that hides an item from everyone, and what a rejected report undoes.

const caseRow = (overrides: Partial<CaseRow> = {}): CaseRow => ({
  target_kind: 'post',
  target_id: randomUUID(),
  owner_id: null,
  status: 'open',
  hidden: false,
  conversation_id: null,
  ...overrides,
});

/** A reports repository that opens cases and counts reporters as told; `added` holds what was stored. */
function reportsFake(options: { reporters?: number; hidden?: boolean; again?: boolean } = {}) {
  const added: NewReport[] = [];
  const hidden: string[] = [];
  const reports = fake<ReportsRepository>({
    openCase: (report: NewReport) =>
      Promise.resolve(caseRow({ hidden: options.hidden ?? false, target_id: report.targetId })),
    addOnce: (report: NewReport) => {
      added.push(report);
      return Promise.resolve(!options.again);
    },
    reportersSinceReview: () => Promise.resolve(options.reporters ?? 1),
    markHidden: (_kind: string, id: string) => {
      hidden.push(id);
      return Promise.resolve();
    },
  });
  return { reports, added, hidden };
}

function ownersFake(methods: Partial<Record<keyof OwnersRepository, unknown>> = {}) {
  return fake<OwnersRepository>({
    find: () => Promise.resolve(undefined),
    isErased: () => Promise.resolve(false),
    ...methods,
  });
}

function core(
  parts: { reports?: ReportsRepository; owners?: OwnersRepository; reportsPerHour?: number } = {},
) {
  return {
    uow: fakeUnitOfWork(),
    clock: fakeClock(),
    reports: parts.reports ?? reportsFake().reports,
    owners: parts.owners ?? ownersFake(),
    ...settings(parts.reportsPerHour ? { reportsPerHour: parts.reportsPerHour } : {}),
  };
}

function report(reporter = member(), overrides: Partial<CreateReportBody> = {}) {
  const body: CreateReportBody = { targetKind: 'post', targetId: randomUUID(), reason: 'spam', ...overrides };
  return routeInput(reporter, { body });
}

/** The outcome a use case ended with (fails the test when it did not throw one). */
async function outcomeOf(work: Promise<unknown>): Promise<Pick<Outcome, 'kind' | 'message'>> {
  const error: unknown = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Outcome)) throw new Error(`expected an outcome, got ${String(error)}`);
  return { kind: error.kind, message: error.message };
}

describe('fileReport', () => {
  it('thanks the reporter and announces the report, with the owner from the owners projection', async () => {
    const ownerId = randomUUID();
    const { reports, added } = reportsFake();
    const deps = core({
      reports,
      owners: ownersFake({ find: () => Promise.resolve({ ownerId, threadId: null, circleId: null }) }),
    });
    const input = report();
    expect(await fileReport(deps, input)).toEqual({ message: ModerationMessages.reported });
    expect(added).toEqual([
      expect.objectContaining({ ownerId, reporterId: input.user.id, countsTowardHiding: true }),
    ]);
    expect(deps.uow.emitted.map((event) => [event.type, event.traceId])).toEqual([
      ['moderation.report.filed.v1', 'trace-1'],
    ]);
  });

  it('hides the item from everyone at the threshold, and not again once hidden', async () => {
    const crossing = core({ reports: reportsFake({ reporters: 3 }).reports });
    await fileReport(crossing, report());
    expect(crossing.uow.emitted.map((event) => event.type)).toEqual([
      'moderation.report.filed.v1',
      'moderation.content.hidden.v1',
    ]);
    const already = core({ reports: reportsFake({ reporters: 4, hidden: true }).reports });
    await fileReport(already, report());
    expect(already.uow.emitted.map((event) => event.type)).toEqual(['moderation.report.filed.v1']);
    const below = core({ reports: reportsFake({ reporters: 2 }).reports });
    await fileReport(below, report());
    expect(below.uow.emitted.map((event) => event.type)).toEqual(['moderation.report.filed.v1']);
  });

  it('announces nothing when the reporter had reported the item already, and still thanks them', async () => {
    const deps = core({ reports: reportsFake({ again: true, reporters: 5 }).reports });
    expect(await fileReport(deps, report())).toEqual({ message: ModerationMessages.reported });
    expect(deps.uow.emitted).toEqual([]);
  });

  it('counts an unverified reporter’s report without letting it count toward hiding', async () => {
    const { reports, added } = reportsFake();
    await fileReport(core({ reports }), report(member({ emailVerified: false })));
    expect(added[0]?.countsTowardHiding).toBe(false);
  });

  it('refuses reporting oneself, a person whose account is gone, and past the hourly rate', async () => {
    const me = member();
    expect(await outcomeOf(fileReport(core(), report(me, { targetKind: 'user', targetId: me.id })))).toEqual({
      kind: 'invalid',
      message: ModerationMessages.cannotReportSelf,
    });
    const erased = core({ owners: ownersFake({ isErased: () => Promise.resolve(true) }) });
    expect(
      await outcomeOf(fileReport(erased, report(me, { targetKind: 'user', targetId: randomUUID() }))),
    ).toEqual({
      kind: 'not-found',
      message: ModerationMessages.itemGone,
    });
    const limited = core({ reportsPerHour: 2 });
    await fileReport(limited, report(me));
    await fileReport(limited, report(me));
    const refused = await fileReport(limited, report(me)).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      kind: 'rate-limited',
      message: IdentityMessages.tooManyAttempts,
      code: 'RATE_LIMITED',
    });
    expect((refused as Outcome).retryAfterSeconds).toBeGreaterThan(0);
    // Another person is not held by it.
    expect(await fileReport(limited, report())).toEqual({ message: ModerationMessages.reported });
  });

  it('lets only a thread’s or circle’s members report its messages', async () => {
    const inThread = ownersFake({
      find: () => Promise.resolve({ ownerId: randomUUID(), threadId: randomUUID(), circleId: null }),
      inThread: () => Promise.resolve(false),
    });
    expect(
      await outcomeOf(fileReport(core({ owners: inThread }), report(member(), { targetKind: 'message' }))),
    ).toEqual({
      kind: 'forbidden',
      message: ModerationMessages.notInThread,
    });
    const inCircle = ownersFake({
      find: () => Promise.resolve({ ownerId: randomUUID(), threadId: null, circleId: randomUUID() }),
      inCircle: () => Promise.resolve(false),
    });
    expect(
      await outcomeOf(fileReport(core({ owners: inCircle }), report(member(), { targetKind: 'message' }))),
    ).toEqual({
      kind: 'forbidden',
      message: ModerationMessages.notInThread,
    });
  });

  it('takes a 1:1 message’s owner from its conversation: the other person, only for the two of them', async () => {
    const me = member();
    const other = randomUUID();
    const conversationId = randomUUID();
    const message = (people: string[]) => ownersFake({ participants: () => Promise.resolve(people) });
    expect(await outcomeOf(fileReport(core(), report(me, { targetKind: 'message' })))).toEqual({
      kind: 'invalid',
      message: ModerationMessages.conversationRequired,
    });
    expect(
      await outcomeOf(
        fileReport(
          core({ owners: message([randomUUID(), other]) }),
          report(me, { targetKind: 'message', conversationId }),
        ),
      ),
    ).toEqual({ kind: 'forbidden', message: ModerationMessages.notInConversation });
    expect(
      await outcomeOf(
        fileReport(core({ owners: message([me.id]) }), report(me, { targetKind: 'message', conversationId })),
      ),
    ).toEqual({ kind: 'not-found', message: ModerationMessages.itemGone });
    const { reports, added } = reportsFake();
    await fileReport(
      core({ reports, owners: message([me.id, other]) }),
      report(me, { targetKind: 'message', conversationId }),
    );
    expect(added[0]).toMatchObject({ ownerId: other, conversationId });
    // Not heard of yet: accepted with no owner, for messaging to check.
    const unknown = reportsFake();
    await fileReport(
      core({ reports: unknown.reports, owners: message([]) }),
      report(me, { targetKind: 'message', conversationId }),
    );
    expect(unknown.added[0]).toMatchObject({ ownerId: null, conversationId });
  });
});

describe('withdrawReport', () => {
  const rejection = (reason: 'not_in_conversation' | 'own_message' = 'not_in_conversation') =>
    consumed(reportRejectedV1, {
      reporterId: randomUUID(),
      targetId: randomUUID(),
      conversationId: randomUUID(),
      reason,
    });

  function withdrawing(
    result: Awaited<ReturnType<ReportsRepository['withdrawMessageReport']>>,
    reporters = 0,
  ) {
    const calls: string[] = [];
    const reports = fake<ReportsRepository>({
      withdrawMessageReport: () => Promise.resolve(result),
      deleteCase: () => Promise.resolve(calls.push('deleteCase')),
      renameMessageOwner: (_id: string, owner?: unknown) =>
        Promise.resolve(calls.push(owner ? 'rename:given' : 'rename:inferred')),
      reportersSinceReview: () => Promise.resolve(reporters),
      markShown: () => Promise.resolve(calls.push('markShown')),
    });
    return { deps: { reports, hideAfterReports: 3 }, calls };
  }

  it('changes nothing without a case, without the report, or once an admin decided the case', async () => {
    for (const result of [
      undefined,
      { withdrawn: false, case: caseRow({ target_kind: 'message' }), reportsLeft: 1 },
      { withdrawn: true, case: caseRow({ target_kind: 'message', status: 'dismissed' }), reportsLeft: 0 },
    ]) {
      const { deps, calls } = withdrawing(result);
      const event = rejection();
      await withdrawReport(deps, event);
      expect([calls, event.emitted]).toEqual([[], []]);
    }
  });

  it('deletes a case left with no report, and shows the item again if it was hidden', async () => {
    const { deps, calls } = withdrawing({
      withdrawn: true,
      case: caseRow({ target_kind: 'message', hidden: true }),
      reportsLeft: 0,
    });
    const event = rejection();
    await withdrawReport(deps, event);
    expect(calls).toEqual(['deleteCase']);
    expect(event.emitted).toEqual([
      {
        type: 'moderation.content.unhidden.v1',
        data: { targetKind: 'message', targetId: event.data.targetId },
      },
    ]);
  });

  it('names the sender as owner when it was their own message, and shows it again below the threshold', async () => {
    const { deps, calls } = withdrawing(
      { withdrawn: true, case: caseRow({ target_kind: 'message', hidden: true }), reportsLeft: 2 },
      2,
    );
    const event = rejection('own_message');
    await withdrawReport(deps, event);
    expect(calls).toEqual(['rename:given', 'markShown']);
    expect(event.emitted.map((emitted) => emitted.type)).toEqual(['moderation.content.unhidden.v1']);
  });

  it('infers the owner again when the case’s owner came from the conversation this report named', async () => {
    const event = rejection();
    const { deps, calls } = withdrawing(
      {
        withdrawn: true,
        case: caseRow({ target_kind: 'message', conversation_id: event.data.conversationId }),
        reportsLeft: 1,
      },
      1,
    );
    await withdrawReport(deps, event);
    expect(calls).toEqual(['rename:inferred']);
    expect(event.emitted).toEqual([]);
  });
});
