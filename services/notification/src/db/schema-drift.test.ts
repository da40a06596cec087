import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceMigrations } from '@saathi/platform';
import { createTestDatabase, schemaDrift } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { notificationService } from '../index';
import {
  activityMails,
  activityPeople,
  blocks,
  blockTombstones,
  erasedPeople,
  feedback,
  messageMails,
  notificationActors,
  notifications,
  mutes,
  noticeSettings,
  pushSubscriptions,
  pushThreads,
  sentEmails,
  users,
} from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('notification_drift');
  await database.port.migrate(notificationService.dbSchema, serviceMigrations(notificationService));
});
afterAll(() => database?.drop());

describe('notification migrations', () => {
  it('create exactly the columns the Drizzle schema declares', async () => {
    const { migrated, declared } = await schemaDrift(database.port.db, [
      sentEmails,
      users,
      notifications,
      notificationActors,
      messageMails,
      feedback,
      activityPeople,
      activityMails,
      blocks,
      blockTombstones,
      erasedPeople,
      pushSubscriptions,
      noticeSettings,
      mutes,
      pushThreads,
    ]);
    expect(migrated).toEqual(declared);
  });
});
