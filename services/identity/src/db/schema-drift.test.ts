import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, schemaDrift } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { migrations } from '../index';
import { SCHEMA } from '../context';
import { passwordResets, profileImages, sessions, userProfiles, users } from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('identity_drift');
  await database.port.migrate(SCHEMA, migrations);
});
afterAll(() => database?.drop());

describe('identity migrations', () => {
  it('create exactly the columns the Drizzle schema declares', async () => {
    const { migrated, declared } = await schemaDrift(database.port.db, [
      users,
      sessions,
      passwordResets,
      userProfiles,
      profileImages,
    ]);
    expect(migrated).toEqual(declared);
  });
});
