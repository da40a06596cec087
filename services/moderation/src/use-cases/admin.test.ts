import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INVALID_CURSOR, ModerationMessages } from '@saathi/contracts';
import type { ModerationActionBody, OpenCasesQuery } from '@saathi/contracts';
import type { CaseRow, ReportsRepository } from '../db/reports-repository';
import type { SuspensionsRepository } from '../db/suspensions-repository';
import { encodeCaseCursor } from '../domain/case-cursor';
import { admin, fake, fakeClock, fakeUnitOfWork, routeInput } from '../testing/fake-core';
import { AUDIT_PAGE, listAuditLog, listOpenCases, takeAction } from './admin';

// The review queue's and the admin actions' policies on fakes: what each action needs, the event
// and audit row it writes, and the outcome when it cannot be taken.

const openCase = (overrides: Partial<CaseRow> = {}): CaseRow => ({
  target_kind: 'post',
  target_id: randomUUID(),
  owner_id: randomUUID(),
  status: 'open',
  hidden: true,
  conversation_id: null,
  ...overrides,
});

function deps(options: { open?: CaseRow; reinstated?: boolean } = {}) {
  const calls: unknown[][] = [];
  const record =
    (name: string, answer?: unknown) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return Promise.resolve(answer);
    };
  return {
    calls,
    core: {
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      reports: fake<ReportsRepository>({
        lockOpenCase: () => Promise.resolve(options.open),
        closeCase: record('closeCase'),
        audit: record('audit'),
      }),
      suspensions: fake<SuspensionsRepository>({
        suspend: record('suspend'),
        reinstate: record('reinstate', options.reinstated ?? true),
      }),
    },
  };
}

const act = (body: ModerationActionBody, by = admin()) => routeInput(by, { body });

const failure = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('takeAction', () => {
  it('dismisses an open case: the item shows again, one event, one audit row', async () => {
    const open = openCase();
    const { core, calls } = deps({ open });
    const by = admin();
    const answer = await takeAction(
      core,
      act({ action: 'dismiss', targetKind: 'post', targetId: open.target_id }, by),
    );
    expect(answer).toEqual({ message: ModerationMessages.actionDone });
    expect(
      calls.map(([name, , , status]) => (name === 'closeCase' ? `closeCase:${String(status)}` : name)),
    ).toEqual(['closeCase:dismissed', 'audit']);
    expect(core.uow.emitted).toEqual([
      {
        type: 'moderation.report.dismissed.v1',
        data: { targetKind: 'post', targetId: open.target_id, actorId: by.id },
        traceId: 'trace-1',
      },
    ]);
  });

  it('suspends the owner the owning service announced, and nobody while the owner is unknown (409)', async () => {
    const open = openCase({ target_kind: 'comment' });
    const { core, calls } = deps({ open });
    await takeAction(core, act({ action: 'suspend', targetKind: 'comment', targetId: open.target_id }));
    expect(calls.filter(([name]) => name === 'suspend').map(([, userId]) => userId)).toEqual([open.owner_id]);
    expect(core.uow.emitted.map((event) => event.type)).toEqual(['moderation.user.suspended.v1']);

    const unknown = deps({ open: openCase({ owner_id: null }) });
    expect(
      await failure(
        takeAction(unknown.core, act({ action: 'suspend', targetKind: 'post', targetId: randomUUID() })),
      ),
    ).toMatchObject({ kind: 'conflict', message: ModerationMessages.ownerUnknown });
    expect(unknown.core.uow.emitted).toEqual([]);
  });

  it('removes only content, and acts only on an open case', async () => {
    const person = deps({ open: openCase({ target_kind: 'user' }) });
    expect(
      await failure(
        takeAction(person.core, act({ action: 'remove', targetKind: 'user', targetId: randomUUID() })),
      ),
    ).toMatchObject({ kind: 'invalid', message: ModerationMessages.removeNeedsContent });
    const none = deps();
    expect(
      await failure(
        takeAction(none.core, act({ action: 'dismiss', targetKind: 'post', targetId: randomUUID() })),
      ),
    ).toMatchObject({ kind: 'not-found', message: ModerationMessages.nothingToReview });
  });

  it('takes one photo off a post: the case closes as kept, one event, the audit says remove_photo', async () => {
    const open = openCase();
    const { core, calls } = deps({ open });
    const by = admin();
    const photoId = randomUUID();
    await takeAction(
      core,
      act({ action: 'remove_photo', targetKind: 'post', targetId: open.target_id, photoId }, by),
    );
    expect(calls.find(([name]) => name === 'closeCase')?.[3]).toBe('dismissed');
    expect(calls.find(([name]) => name === 'audit')?.[1]).toEqual({
      actorId: by.id,
      action: 'remove_photo',
      targetKind: 'post',
      targetId: open.target_id,
      ownerId: open.owner_id,
    });
    expect(core.uow.emitted).toEqual([
      {
        type: 'moderation.photo.removed.v1',
        data: { postId: open.target_id, photoId, actorId: by.id },
        traceId: 'trace-1',
      },
    ]);

    // Only a post's photo, only a named one, only on an open case.
    const comment = deps({ open: openCase({ target_kind: 'comment' }) });
    expect(
      await failure(
        takeAction(
          comment.core,
          act({ action: 'remove_photo', targetKind: 'comment', targetId: randomUUID(), photoId }),
        ),
      ),
    ).toMatchObject({ kind: 'invalid', message: ModerationMessages.photoActionNeedsPost });
    expect(
      await failure(
        takeAction(
          deps({ open }).core,
          act({ action: 'remove_photo', targetKind: 'post', targetId: open.target_id }),
        ),
      ),
    ).toMatchObject({ kind: 'invalid', message: ModerationMessages.photoActionNeedsPhoto });
    const none = deps();
    expect(
      await failure(
        takeAction(
          none.core,
          act({ action: 'remove_photo', targetKind: 'post', targetId: randomUUID(), photoId }),
        ),
      ),
    ).toMatchObject({ kind: 'not-found', message: ModerationMessages.nothingToReview });
    expect([...comment.core.uow.emitted, ...none.core.uow.emitted]).toEqual([]);
  });

  it('reinstates only a person who is suspended', async () => {
    const { core } = deps();
    const userId = randomUUID();
    expect(
      await takeAction(core, act({ action: 'reinstate', targetKind: 'user', targetId: userId })),
    ).toEqual({
      message: ModerationMessages.actionDone,
    });
    expect(core.uow.emitted.map((event) => event.type)).toEqual(['moderation.user.reinstated.v1']);
    expect(
      await failure(takeAction(core, act({ action: 'reinstate', targetKind: 'post', targetId: userId }))),
    ).toMatchObject({ kind: 'invalid', message: ModerationMessages.reinstateNeedsPerson });
    const notSuspended = deps({ reinstated: false });
    expect(
      await failure(
        takeAction(notSuspended.core, act({ action: 'reinstate', targetKind: 'user', targetId: userId })),
      ),
    ).toMatchObject({ kind: 'not-found', message: ModerationMessages.notSuspended });
  });
});

describe('the review queue', () => {
  const page = { cases: [], nextCursor: null };
  const queue = (asked: unknown[][]) =>
    fake<ReportsRepository>({
      openCases: (...args: unknown[]) => {
        asked.push(args);
        return Promise.resolve(page);
      },
      auditLog: (limit: number) => Promise.resolve(limit === AUDIT_PAGE ? [] : undefined),
    });

  it('pages from a cursor it wrote, and calls any other cursor the caller’s mistake', async () => {
    const asked: unknown[][] = [];
    const reports = queue(asked);
    const query = (cursor?: string): OpenCasesQuery => ({ limit: 20, ...(cursor ? { cursor } : {}) });
    expect(await listOpenCases({ reports }, routeInput(admin(), { query: query() }))).toBe(page);
    const cursor = { firstReportedMicros: '1', targetKind: 'post' as const, targetId: randomUUID() };
    await listOpenCases({ reports }, routeInput(admin(), { query: query(encodeCaseCursor(cursor)) }));
    expect(asked).toEqual([[20], [20, cursor]]);
    expect(
      await failure(listOpenCases({ reports }, routeInput(admin(), { query: query('made-up') }))),
    ).toMatchObject({
      kind: 'invalid',
      message: INVALID_CURSOR,
    });
  });

  it('lists the latest audit page', async () => {
    expect(await listAuditLog({ reports: queue([]) }, routeInput(admin()))).toEqual([]);
  });
});
