import { randomUUID } from 'node:crypto';
import { DATA_EXPORT_TTL_HOURS, DataExportMessages, QueueName } from '@saathi/contracts';
import type { DataExportStatus } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { Clock, JobQueue } from '@saathi/platform';
import type { DataExportRow, DataExportsRepository } from '../db/data-exports-repository';

export interface DataExportDeps {
  exports: DataExportsRepository;
  queue: JobQueue;
  clock: Clock;
}

const HOUR_MS = 3_600_000;
/** A preparing export this old has lost its job (the process died): a new request may replace it. */
export const STUCK_EXPORT_MS = 30 * 60_000;
/** The job's attempts before the export counts as failed (a service briefly down is retried). */
export const DATA_EXPORT_ATTEMPTS = 3;
/**
 * The least time between two exports of one person, from the last one's request. Each export
 * asks four services for their part through the gateway: asking over and over would re-dump the
 * account and use up the gateway's per-address limit of identity's pod, failing other people's
 * exports. A failed (or stuck) export does not count: it may be asked again at once.
 */
export const DATA_EXPORT_COOLDOWN_MS = HOUR_MS;

export const statusOf = (row: DataExportRow): DataExportStatus => ({
  id: row.id,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  readyAt: row.readyAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

export const expiryAfter = (readyAt: Date) => new Date(readyAt.getTime() + DATA_EXPORT_TTL_HOURS * HOUR_MS);

/**
 * Starts an export for the person and queues the job that assembles it. One at a time: while one
 * is being prepared, 409; a ready one asked for less than DATA_EXPORT_COOLDOWN_MS ago, 429 (with
 * Retry-After) and it stays downloadable; an older ready one, or a failed one, is replaced, so
 * its download link stops working.
 */
export async function requestDataExport(
  deps: DataExportDeps,
  user: { id: string },
): Promise<DataExportStatus> {
  const now = deps.clock.now();
  // Not atomic with the replace below, and need not be: whatever replaces the row leaves it
  // "preparing", which the replace refuses (409) — two requests at once still make one export.
  const previous = await deps.exports.findOf(user.id);
  if (previous?.status === 'ready') {
    const waitMs = previous.createdAt.getTime() + DATA_EXPORT_COOLDOWN_MS - now.getTime();
    if (waitMs > 0)
      throw httpErrors.tooManyRequests(DataExportMessages.tooSoon, undefined, Math.ceil(waitMs / 1000));
  }
  const row = await deps.exports.replace(
    user.id,
    randomUUID(),
    now,
    new Date(now.getTime() - STUCK_EXPORT_MS),
  );
  if (!row) throw httpErrors.conflict(DataExportMessages.alreadyPreparing);
  try {
    await deps.queue.add(
      QueueName.dataExport,
      { exportId: row.id },
      {
        jobId: `data-export-${row.id}`,
        attempts: DATA_EXPORT_ATTEMPTS,
        backoffMs: 2_000,
        retainForMs: HOUR_MS,
      },
    );
  } catch (error) {
    // Not queued: say so now rather than leave "preparing" until it counts as stuck.
    await deps.exports.markFailed(row.id);
    throw error;
  }
  return statusOf(row);
}

/** The export with this id when it is the caller's; anyone else's is "not found". */
export async function ownDataExport(
  deps: Pick<DataExportDeps, 'exports'>,
  user: { id: string },
  id: string,
): Promise<DataExportRow> {
  const row = await deps.exports.findById(id);
  if (!row || row.userId !== user.id) throw httpErrors.notFound(DataExportMessages.notFound);
  return row;
}

/** What a download answers: the file, or why not (409 preparing or failed, 410 past its expiry). */
export async function dataExportFile(
  deps: Pick<DataExportDeps, 'exports' | 'clock'>,
  user: { id: string },
  id: string,
): Promise<{ status: 200; json: string; day: string } | { status: 409 | 410; message: string }> {
  const row = await ownDataExport(deps, user, id);
  if (row.status !== 'ready' || !row.expiresAt || !row.readyAt)
    return { status: 409, message: DataExportMessages.notReady };
  // The sweep deletes it soon after; until then it is refused all the same.
  if (row.expiresAt.getTime() <= deps.clock.now().getTime())
    return { status: 410, message: DataExportMessages.expired };
  const json = await deps.exports.fileOf(id);
  if (json === null) throw httpErrors.notFound(DataExportMessages.notFound);
  return { status: 200, json, day: row.readyAt.toISOString().slice(0, 10) };
}

/** The periodic sweep: expired files go, and failed or stuck exports a day old. */
export function purgeDataExports(deps: Pick<DataExportDeps, 'exports'>, now: Date): Promise<number> {
  return deps.exports.purge(now, new Date(now.getTime() - DATA_EXPORT_TTL_HOURS * HOUR_MS));
}
