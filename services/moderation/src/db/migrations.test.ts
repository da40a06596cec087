import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, serviceMigrations } from '@saathi/platform';
import { createTestDatabase, schemaDrift } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { moderationService } from '../index';
import {
  activityThreadLeaves,
  activityThreadMembers,
  auditLog,
  cases,
  circleLeaves,
  circleMembers,
  contentOwners,
  conversationParticipants,
  erasedPeople,
  reports,
  suspensions,
} from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('moderation_migrations');
  await database.port.migrate(moderationService.dbSchema, serviceMigrations(moderationService));
});
afterAll(() => database.drop());

describe('moderation migrations', () => {
  it('create exactly the columns the Drizzle schema declares', async () => {
    const { migrated, declared } = await schemaDrift(database.port.db, [
      reports,
      cases,
      auditLog,
      contentOwners,
      suspensions,
      erasedPeople,
      activityThreadMembers,
      activityThreadLeaves,
      circleMembers,
      circleLeaves,
      conversationParticipants,
    ]);
    expect(migrated).toEqual(declared);
  });

  it('keep one report per reporter and item, and index the open queue', async () => {
    const rows = await queryRows<{ indexname: string; indexdef: string }>(
      database.port.db,
      sql`select indexname, indexdef from pg_indexes where schemaname = 'moderation'`,
    );
    const definitions = Object.fromEntries(rows.map((row) => [row.indexname, row.indexdef]));
    expect(definitions.reports_reporter_target_key).toMatch(
      /UNIQUE INDEX .* \(target_kind, target_id, reporter_id\)/,
    );
    expect(definitions.cases_open_idx).toMatch(/\(first_reported_at\) WHERE \(status = 'open'::text\)/);
  });
});
