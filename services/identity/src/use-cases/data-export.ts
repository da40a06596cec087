import { randomUUID } from 'node:crypto';
import {
  DATA_EXPORT_REMOTE_PARTS,
  DATA_EXPORT_TTL_HOURS,
  DataExportMessages,
  QueueName,
} from '@saathi/contracts';
import type {
  currentDataExportRoute,
  DataExportStatus,
  dataExportStatusRoute,
  downloadDataExportRoute,
  exportIdentityDataRoute,
  requestDataExportRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { JobContext, RouteInput, RouteOutput } from '@saathi/platform';
import type { DataExportRow } from '../db/data-exports-repository';
import type { IdentityCore } from './identity-core';

/**
 * "Download my data" (docs/privacy.md): identity's own part, and the export requests — ask,
 * follow the status, download the file the job assembled. Every export is its owner's only:
 * anyone else gets 404, as for an id that does not exist.
 */

type DataExportCore = Pick<IdentityCore, 'exports' | 'queue' | 'clock'>;

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
  core: DataExportCore,
  { user }: RouteInput<typeof requestDataExportRoute>,
): Promise<RouteOutput<typeof requestDataExportRoute>> {
  const now = core.clock.now();
  // Not atomic with the replace below, and need not be: whatever replaces the row leaves it
  // "preparing", which the replace refuses (409) — two requests at once still make one export.
  const previous = await core.exports.findOf(user.id);
  if (previous?.status === 'ready') {
    const waitMs = previous.createdAt.getTime() + DATA_EXPORT_COOLDOWN_MS - now.getTime();
    if (waitMs > 0) throw outcomes.rateLimited(DataExportMessages.tooSoon, Math.ceil(waitMs / 1000));
  }
  const row = await core.exports.replace(
    user.id,
    randomUUID(),
    now,
    new Date(now.getTime() - STUCK_EXPORT_MS),
  );
  if (!row) throw outcomes.conflict(DataExportMessages.alreadyPreparing);
  try {
    await core.queue.add(
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
    await core.exports.markFailed(row.id);
    throw error;
  }
  return statusOf(row);
}

/** Identity's part of the file: the account, profile, photos' details and blocks. */
export function exportIdentityPart(
  core: Pick<IdentityCore, 'exports'>,
  { user }: RouteInput<typeof exportIdentityDataRoute>,
): Promise<RouteOutput<typeof exportIdentityDataRoute>> {
  return core.exports.identityPart(user.id);
}

/** The caller's latest export, if any. */
export async function currentDataExport(
  core: Pick<IdentityCore, 'exports'>,
  { user }: RouteInput<typeof currentDataExportRoute>,
): Promise<RouteOutput<typeof currentDataExportRoute>> {
  const row = await core.exports.findOf(user.id);
  return { export: row ? statusOf(row) : null };
}

/** One of the caller's exports. */
export async function dataExportStatus(
  core: Pick<IdentityCore, 'exports'>,
  { user, params }: RouteInput<typeof dataExportStatusRoute>,
): Promise<RouteOutput<typeof dataExportStatusRoute>> {
  return statusOf(await ownDataExport(core, user, params.id));
}

/** The export with this id when it is the caller's; anyone else's is "not found". */
async function ownDataExport(
  core: Pick<IdentityCore, 'exports'>,
  user: { id: string },
  id: string,
): Promise<DataExportRow> {
  const row = await core.exports.findById(id);
  if (!row || row.userId !== user.id) throw outcomes.notFound(DataExportMessages.notFound);
  return row;
}

/**
 * The file to download and the day it was made (its name), or why not: 409 while preparing or
 * failed, 410 past its expiry.
 */
export async function dataExportFile(
  core: Pick<IdentityCore, 'exports' | 'clock'>,
  { user, params }: Pick<RouteInput<typeof downloadDataExportRoute>, 'user' | 'params'>,
): Promise<{ json: string; day: string }> {
  const row = await ownDataExport(core, user, params.id);
  if (row.status !== 'ready' || !row.expiresAt || !row.readyAt)
    throw outcomes.conflict(DataExportMessages.notReady);
  // The sweep deletes it soon after; until then it is refused all the same.
  if (row.expiresAt.getTime() <= core.clock.now().getTime()) throw outcomes.gone(DataExportMessages.expired);
  const json = await core.exports.fileOf(row.id);
  if (json === null) throw outcomes.notFound(DataExportMessages.notFound);
  return { json, day: row.readyAt.toISOString().slice(0, 10) };
}

/**
 * The data-export job: collects every service's part for one person and stores the one file.
 * It runs in the service's own process, where the signing key is: identity's part is read from
 * its own tables, the others come from each service's `GET /api/export/{service}` (`exportParts`,
 * with an export token minted for this person and export).
 */
export async function assembleDataExport(
  core: Pick<IdentityCore, 'exports' | 'exportParts' | 'clock'>,
  job: JobContext<typeof QueueName.dataExport>,
): Promise<void> {
  const { exportId } = job.data;
  const row = await core.exports.findById(exportId);
  // Replaced by a newer request, or erased with the account: nothing to do.
  if (!row || row.status !== 'preparing') return;
  try {
    const identity = await core.exports.identityPart(row.userId);
    const username = (identity.account as { username?: string } | null)?.username;
    if (!username) return; // the account is gone; its export row went with it
    const token = core.exportParts.tokenFor({ userId: row.userId, username, exportId });
    const parts: Record<string, unknown> = { identity };
    for (const route of DATA_EXPORT_REMOTE_PARTS)
      parts[route.service] = await core.exportParts.fetch(route.path, token);
    const now = core.clock.now();
    const file = { exportedAt: now.toISOString(), userId: row.userId, ...parts };
    await core.exports.markReady(exportId, JSON.stringify(file, null, 2), now, expiryAfter(now));
  } catch (error) {
    // The last attempt marks it failed, so the person sees it and can ask again.
    if (job.attemptsMade + 1 >= DATA_EXPORT_ATTEMPTS) await core.exports.markFailed(exportId);
    throw error;
  }
}

/** The periodic sweep: expired files go, and failed or stuck exports a day old. */
export function purgeDataExports(core: Pick<IdentityCore, 'exports' | 'clock'>): Promise<number> {
  const now = core.clock.now();
  return core.exports.purge(now, new Date(now.getTime() - DATA_EXPORT_TTL_HOURS * HOUR_MS));
}
