import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceMigrations } from '@saathi/platform';
import { createTestDatabase, schemaDrift } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { identityService } from '../index';
import {
  blocks,
  dataExports,
  emailVerifications,
  passwordResets,
  profileImages,
  sessions,
  userProfiles,
  users,
} from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('identity_drift');
  await database.port.migrate(identityService.dbSchema, serviceMigrations(identityService));
});
afterAll(() => database?.drop());

describe('identity migrations', () => {
  it('create exactly the columns the Drizzle schema declares', async () => {
    const { migrated, declared } = await schemaDrift(database.port.db, [
      users,
      sessions,
      passwordResets,
      emailVerifications,
      userProfiles,
      profileImages,
      blocks,
      dataExports,
    ]);
    expect(migrated).toEqual(declared);
  });
});
