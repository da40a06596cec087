import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

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
