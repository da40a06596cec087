import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, serviceMigrations } from '@saathi/platform';
import { createTestDatabase, schemaDrift } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { messagingService } from '../index';
import {
  activityThreadLeaves,
  activityThreadMembers,
  activityThreadMessages,
  activityThreads,
  blocks,
  blockTombstones,
  circleThreadLeaves,
  circleThreadMembers,
  circleThreadMessages,
  circleThreadReadMarkers,
  circleThreads,
  conversations,
  erasedPeople,
  hiddenForViewer,
  messages,
  metPairs,
  participants,
  readMarkers,
} from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('messaging_drift');
  await database.port.migrate(messagingService.dbSchema, serviceMigrations(messagingService));
});
afterAll(() => database.drop());

describe('messaging migrations', () => {
  it('create exactly the columns the Drizzle schema declares', async () => {
    const { migrated, declared } = await schemaDrift(database.port.db, [
      participants,
      conversations,
      messages,
      readMarkers,
      blocks,
      blockTombstones,
      hiddenForViewer,
      activityThreads,
      activityThreadMembers,
      activityThreadMessages,
      activityThreadLeaves,
      erasedPeople,
      metPairs,
      circleThreads,
      circleThreadMembers,
      circleThreadReadMarkers,
      circleThreadMessages,
      circleThreadLeaves,
    ]);
    expect(migrated).toEqual(declared);
  });

  it('index one conversation per unordered pair and the thread cursor order', async () => {
    const rows = await queryRows<{ indexname: string; indexdef: string }>(
      database.port.db,
      sql`select indexname, indexdef from pg_indexes where schemaname = 'messaging'`,
    );
    const definitions = Object.fromEntries(rows.map((row) => [row.indexname, row.indexdef]));
    expect(definitions.conversations_pair_idx).toMatch(
      /UNIQUE INDEX .* \(LEAST\(participant1_id, participant2_id\), GREATEST\(participant1_id, participant2_id\)\)/,
    );
    expect(definitions.messages_conversation_created_idx).toMatch(/\(conversation_id, created_at, id\)/);
  });
});
