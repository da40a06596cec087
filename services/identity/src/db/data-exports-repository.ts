import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';

export type DataExportState = 'preparing' | 'ready' | 'failed';

export interface DataExportRow {
  id: string;
  userId: string;
  status: DataExportState;
  createdAt: Date;
  readyAt: Date | null;
  expiresAt: Date | null;
}

type RawRow = {
  id: string;
  user_id: string;
  status: DataExportState;
  created_at: Date | string;
  ready_at: Date | string | null;
  expires_at: Date | string | null;
};

const COLUMNS = sql`id, user_id, status, created_at, ready_at, expires_at`;
const date = (value: Date | string | null) => (value === null ? null : new Date(value));
const rowOf = (raw: RawRow): DataExportRow => ({
  id: raw.id,
  userId: raw.user_id,
  status: raw.status,
  createdAt: new Date(raw.created_at),
  readyAt: date(raw.ready_at),
  expiresAt: date(raw.expires_at),
});

/** "Download my data" exports: one row per person, the file in it once the job has made it. */
export class DataExportsRepository {
  constructor(private readonly db: Db) {}

  /** Identity's part of the file (`identityPartOf`). */
  identityPart(userId: string): Promise<Record<string, unknown>> {
    return identityPartOf(this.db, userId);
  }

  /**
   * Starts a new export for the person, replacing their ready or failed one (and a preparing one
   * older than `stuckBefore`, whose job died). Null while another is being prepared.
   */
  async replace(userId: string, id: string, now: Date, stuckBefore: Date): Promise<DataExportRow | null> {
    const rows = await queryRows<RawRow>(
      this.db,
      sql`insert into identity.data_exports (id, user_id, status, created_at)
          values (${id}::uuid, ${userId}::uuid, 'preparing', ${now.toISOString()}::timestamptz)
          on conflict (user_id) do update
             set id = excluded.id, status = 'preparing', data = null, created_at = excluded.created_at,
                 ready_at = null, expires_at = null
           where identity.data_exports.status <> 'preparing'
              or identity.data_exports.created_at < ${stuckBefore.toISOString()}::timestamptz
          returning ${COLUMNS}`,
    );
    return rows[0] ? rowOf(rows[0]) : null;
  }

  async findById(id: string): Promise<DataExportRow | null> {
    const rows = await queryRows<RawRow>(
      this.db,
      sql`select ${COLUMNS} from identity.data_exports where id = ${id}::uuid`,
    );
    return rows[0] ? rowOf(rows[0]) : null;
  }

  async findOf(userId: string): Promise<DataExportRow | null> {
    const rows = await queryRows<RawRow>(
      this.db,
      sql`select ${COLUMNS} from identity.data_exports where user_id = ${userId}::uuid`,
    );
    return rows[0] ? rowOf(rows[0]) : null;
  }

  /** The stored file, as the job wrote it. */
  async fileOf(id: string): Promise<string | null> {
    const rows = await queryRows<{ data: string | null }>(
      this.db,
      sql`select data::text as data from identity.data_exports where id = ${id}::uuid`,
    );
    return rows[0]?.data ?? null;
  }

  /** Stores the file; false when the export was replaced or erased meanwhile. */
  async markReady(id: string, json: string, now: Date, expiresAt: Date): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`update identity.data_exports
             set status = 'ready', data = ${json}::json, ready_at = ${now.toISOString()}::timestamptz,
                 expires_at = ${expiresAt.toISOString()}::timestamptz
           where id = ${id}::uuid and status = 'preparing'
          returning id`,
    );
    return rows.length > 0;
  }

  async markFailed(id: string): Promise<void> {
    await this.db.execute(
      sql`update identity.data_exports set status = 'failed' where id = ${id}::uuid and status = 'preparing'`,
    );
  }

  /** Deletes files past their expiry, and failed or stuck exports older than `staleBefore`. */
  async purge(now: Date, staleBefore: Date): Promise<number> {
    const rows = await queryRows(
      this.db,
      sql`delete from identity.data_exports
           where expires_at <= ${now.toISOString()}::timestamptz
              or (status <> 'ready' and created_at < ${staleBefore.toISOString()}::timestamptz)
          returning id`,
    );
    return rows.length;
  }
}

/**
 * Identity's part of "Download my data": the account (without the password hash or Google's
 * id), the profile, the uploaded photos' details (the images download from their URLs) and the
 * people one blocked. Read by `GET /api/export/identity` and, in process, by the export job.
 */
export async function identityPartOf(db: Db, userId: string): Promise<Record<string, unknown>> {
  const rows = async (query: SQL) =>
    (await queryRows<{ row: Record<string, unknown> }>(db, query)).map((found) => found.row);
  const id = sql`${userId}::uuid`;
  const [account] = await rows(
    sql`select (to_jsonb(u) - 'password_hash' - 'google_id')
               || jsonb_build_object('google_linked', u.google_id is not null) as row
          from identity.users u where id = ${id}`,
  );
  const [profile] = await rows(
    sql`select to_jsonb(p) as row from identity.user_profiles p where user_id = ${id}`,
  );
  return {
    account: account ?? null,
    profile: profile ?? null,
    profileImages: await rows(
      sql`select jsonb_build_object('id', id, 'url', '/api/upload/profile-image/' || id,
                                    'content_type', content_type, 'width', width, 'height', height,
                                    'created_at', created_at) as row
            from identity.profile_images where user_id = ${id} order by created_at`,
    ),
    blocked: await rows(
      sql`select jsonb_build_object('user_id', blocked_id, 'since', created_at) as row
            from identity.blocks where blocker_id = ${id} order by created_at`,
    ),
  };
}
