import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { serviceMigrations } from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { notificationService } from '../index';
import { users as usersTable } from './schema';
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
    expect(await users.find(userId)).toEqual({ name: 'asha_k', verifiedEmail: null });
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
    const stored = async () =>
      (await database.port.db.select().from(usersTable).where(eq(usersTable.userId, userId)))[0];
    expect((await stored())?.email).toBe('ravi@example.com');
    // A later update (no address in it) keeps the address.
    await users.apply({ userId, username: 'ravi', firstName: 'Ravindra', lastName: null }, new Date(9000));
    expect((await stored())?.email).toBe('ravi@example.com');
  });

  it('gives an address to mail only once its owner proved it, whichever event comes first', async () => {
    const userId = randomUUID();
    const registration = {
      userId,
      username: 'meera',
      firstName: null,
      lastName: null,
      email: 'meera@example.com',
    };
    await users.apply(registration, new Date(1000));
    expect(await users.find(userId)).toEqual({ name: 'meera', verifiedEmail: null });
    await users.apply({ ...registration, verifiedEmail: 'meera@example.com' }, new Date(2000));
    expect(await users.find(userId)).toEqual({ name: 'meera', verifiedEmail: 'meera@example.com' });
    // A later update (no address in it) keeps the proof.
    await users.apply({ userId, username: 'meera', firstName: 'Meera', lastName: null }, new Date(3000));
    expect(await users.find(userId)).toEqual({ name: 'Meera', verifiedEmail: 'meera@example.com' });

    // The proof handled before the registration (two consumers): still proved.
    const other = randomUUID();
    const proof = {
      userId: other,
      username: 'dev',
      firstName: null,
      lastName: null,
      email: 'dev@example.com',
    };
    await users.apply({ ...proof, verifiedEmail: 'dev@example.com' }, new Date(2000));
    await users.apply(proof, new Date(1000));
    expect(await users.find(other)).toEqual({ name: 'dev', verifiedEmail: 'dev@example.com' });
  });
});
