import { describe, expect, it } from 'vitest';
import { DATA_EXPORT_REMOTE_PARTS, DataExportMessages, QueueName } from '@saathi/contracts';
import type { JobQueue } from '@saathi/platform';
import type { DataExportRow, DataExportsRepository } from '../db/data-exports-repository';
import type { ExportParts } from '../export-parts';
import { fake, fakeClock, member, NOW, outcomeOf, routeInput } from '../testing/fake-core';
import {
  assembleDataExport,
  DATA_EXPORT_ATTEMPTS,
  DATA_EXPORT_COOLDOWN_MS,
  dataExportFile,
  dataExportStatus,
  purgeDataExports,
  requestDataExport,
} from './data-export';

// One export at a time per person, the hour between two, who may see and download which, and
// what the job does with the parts, on fakes.

const EXPORT_ID = '00000000-0000-4000-8000-0000000000e1';

function exportRow(overrides: Partial<DataExportRow> = {}): DataExportRow {
  return {
    id: EXPORT_ID,
    userId: 'owner',
    status: 'preparing',
    createdAt: NOW,
    readyAt: null,
    expiresAt: null,
    ...overrides,
  };
}

function queueFake(fails = false) {
  const added: unknown[] = [];
  const queue = fake<JobQueue>({
    add: (name: string, data: unknown, options: unknown) => {
      if (fails) return Promise.reject(new Error('queue down'));
      added.push({ name, data, options });
      return Promise.resolve();
    },
  });
  return { queue, added };
}

const owner = () => member({ id: 'owner' });
const route = () => routeInput(owner());
const about = (user = owner()) => routeInput(user, { params: { id: EXPORT_ID } });

describe('requestDataExport', () => {
  it('starts an export and queues its job', async () => {
    const { queue, added } = queueFake();
    const exports = fake<DataExportsRepository>({
      findOf: () => Promise.resolve(undefined),
      replace: () => Promise.resolve(exportRow()),
    });
    const answer = await requestDataExport({ exports, queue, clock: fakeClock() }, route());
    expect(answer).toMatchObject({ id: EXPORT_ID, status: 'preparing' });
    expect(added).toEqual([
      {
        name: QueueName.dataExport,
        data: { exportId: EXPORT_ID },
        options: expect.objectContaining({
          jobId: `data-export-${EXPORT_ID}`,
          attempts: DATA_EXPORT_ATTEMPTS,
        }),
      },
    ]);
  });

  it('refuses within the hour of a ready export, saying when to try again', async () => {
    const { queue } = queueFake();
    const exports = fake<DataExportsRepository>({
      findOf: () =>
        Promise.resolve(exportRow({ status: 'ready', createdAt: new Date(NOW.getTime() - 60_000) })),
    });
    const refused = await requestDataExport({ exports, queue, clock: fakeClock() }, route()).catch(
      (error: unknown) => error as { kind: string; message: string; retryAfterSeconds: number },
    );
    expect(refused).toMatchObject({
      kind: 'rate-limited',
      message: DataExportMessages.tooSoon,
      retryAfterSeconds: DATA_EXPORT_COOLDOWN_MS / 1000 - 60,
    });
  });

  it('is a conflict while one is being prepared, and marks it failed when it cannot be queued', async () => {
    const preparing = fake<DataExportsRepository>({
      findOf: () => Promise.resolve(exportRow()),
      replace: () => Promise.resolve(undefined),
    });
    expect(
      await outcomeOf(
        requestDataExport({ exports: preparing, queue: queueFake().queue, clock: fakeClock() }, route()),
      ),
    ).toMatchObject({ kind: 'conflict', message: DataExportMessages.alreadyPreparing });

    const failed: string[] = [];
    const exports = fake<DataExportsRepository>({
      findOf: () => Promise.resolve(undefined),
      replace: () => Promise.resolve(exportRow()),
      markFailed: (id: string) => {
        failed.push(id);
        return Promise.resolve();
      },
    });
    await expect(
      requestDataExport({ exports, queue: queueFake(true).queue, clock: fakeClock() }, route()),
    ).rejects.toThrow('queue down');
    expect(failed).toEqual([EXPORT_ID]);
  });
});

describe('dataExportStatus and dataExportFile', () => {
  const ready = exportRow({
    status: 'ready',
    readyAt: new Date('2026-06-01T10:00:00.000Z'),
    expiresAt: new Date(NOW.getTime() + 60_000),
  });
  const exportsWith = (row: DataExportRow) =>
    fake<DataExportsRepository>({
      findById: () => Promise.resolve(row),
      fileOf: () => Promise.resolve('{}'),
    });

  it('shows and gives the file to its owner only; anyone else gets 404', async () => {
    const deps = { exports: exportsWith(ready), clock: fakeClock() };
    expect(await dataExportStatus(deps, about())).toMatchObject({ status: 'ready' });
    expect(await dataExportFile(deps, about())).toEqual({ json: '{}', day: '2026-06-01' });
    const stranger = about(member({ id: 'stranger' }));
    expect(await outcomeOf(dataExportFile(deps, stranger))).toMatchObject({
      kind: 'not-found',
      message: DataExportMessages.notFound,
    });
  });

  it('is a conflict before it is ready, and gone past its expiry', async () => {
    expect(
      await outcomeOf(dataExportFile({ exports: exportsWith(exportRow()), clock: fakeClock() }, about())),
    ).toMatchObject({ kind: 'conflict', message: DataExportMessages.notReady });
    const later = fakeClock(new Date(NOW.getTime() + 60_000));
    expect(
      await outcomeOf(dataExportFile({ exports: exportsWith(ready), clock: later }, about())),
    ).toMatchObject({
      kind: 'gone',
      message: DataExportMessages.expired,
    });
  });
});

describe('assembleDataExport', () => {
  function jobCore(options: { row?: DataExportRow; failing?: boolean } = {}) {
    const marked: string[] = [];
    const asked: string[] = [];
    const exports = fake<DataExportsRepository>({
      findById: () => Promise.resolve(options.row ?? exportRow()),
      identityPart: () => Promise.resolve({ account: { username: 'asha' } }),
      markReady: (_id: string, json: string) => {
        marked.push(`ready ${json.length > 0}`);
        return Promise.resolve(true);
      },
      markFailed: () => {
        marked.push('failed');
        return Promise.resolve();
      },
    });
    const exportParts: ExportParts = {
      tokenFor: (claims) => `token-for-${claims.userId}-${claims.exportId}`,
      fetch: (path, token) => {
        asked.push(`${path} ${token}`);
        return options.failing
          ? Promise.reject(new Error(`${path} answered 503`))
          : Promise.resolve({ path });
      },
    };
    return { deps: { exports, exportParts, clock: fakeClock() }, marked, asked };
  }
  const job = (attemptsMade = 0) => ({
    id: 'j',
    name: QueueName.dataExport,
    data: { exportId: EXPORT_ID },
    attemptsMade,
  });

  it('asks every other service for its part with the export token, and stores the file', async () => {
    const { deps, marked, asked } = jobCore();
    await assembleDataExport(deps, job());
    expect(asked).toEqual(
      DATA_EXPORT_REMOTE_PARTS.map((part) => `${part.path} token-for-owner-${EXPORT_ID}`),
    );
    expect(marked).toEqual(['ready true']);
  });

  it('does nothing for an export replaced or erased meanwhile', async () => {
    const { deps, asked, marked } = jobCore({ row: exportRow({ status: 'ready' }) });
    await assembleDataExport(deps, job());
    expect([...asked, ...marked]).toEqual([]);
  });

  it('marks the export failed only on its last attempt', async () => {
    const early = jobCore({ failing: true });
    await expect(assembleDataExport(early.deps, job())).rejects.toThrow(/answered 503/);
    expect(early.marked).toEqual([]);
    const last = jobCore({ failing: true });
    await expect(assembleDataExport(last.deps, job(DATA_EXPORT_ATTEMPTS - 1))).rejects.toThrow(
      /answered 503/,
    );
    expect(last.marked).toEqual(['failed']);
  });
});

describe('purgeDataExports', () => {
  it('purges as of the clock, failed ones a day old', async () => {
    const purged: Date[][] = [];
    const exports = fake<DataExportsRepository>({
      purge: (now: Date, staleBefore: Date) => {
        purged.push([now, staleBefore]);
        return Promise.resolve(1);
      },
    });
    expect(await purgeDataExports({ exports, clock: fakeClock() })).toBe(1);
    expect(purged).toEqual([[NOW, new Date(NOW.getTime() - 24 * 3_600_000)]]);
  });
});
