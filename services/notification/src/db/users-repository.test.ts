import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceMigrations } from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { notificationService } from '../index';
import { UsersRepository } from './users-repository';

let database: TestDatabase;
let users: UsersRepository;
beforeAll(async () => {
  database = await createTestDatabase('notification_users');
  await database.port.migrate(notificationService.dbSchema, serviceMigrations(notificationService));
  users = new UsersRepository(database.port.db);
});
afterAll(() => database?.drop());

describe('the users projection', () => {
  it('names people as posts do: first name, else username', async () => {
    const userId = randomUUID();
    await users.apply({ userId, username: 'asha_k', firstName: null, lastName: null }, new Date(1000));
    expect(await users.find(userId)).toEqual({ name: 'asha_k', email: null });
    await users.apply({ userId, username: 'asha_k', firstName: 'Asha', lastName: 'K' }, new Date(2000));
    expect((await users.find(userId))?.name).toBe('Asha');
    expect(await users.find(randomUUID())).toBeUndefined();
  });

  it('keeps the newer name but still takes the address when registration arrives after an update', async () => {
    const userId = randomUUID();
    await users.apply({ userId, username: 'ravi', firstName: 'Ravi', lastName: null }, new Date(5000));
    await users.apply(
      { userId, username: 'ravi', firstName: null, lastName: null, email: 'ravi@example.com' },
      new Date(1000),
    );
    expect(await users.find(userId)).toEqual({ name: 'Ravi', email: 'ravi@example.com' });
    // A later update (no address in it) keeps the address.
    await users.apply({ userId, username: 'ravi', firstName: 'Ravindra', lastName: null }, new Date(9000));
    expect(await users.find(userId)).toEqual({ name: 'Ravindra', email: 'ravi@example.com' });
  });
});
