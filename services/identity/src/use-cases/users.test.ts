import { describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import type { UsersRepository } from '../db/users-repository';
import { fake, member, meta, outcomeOf, userRow } from '../testing/fake-core';
import { publicUser } from './users';

describe('publicUser', () => {
  it('shows the names only, never the address, phone or hash', async () => {
    const row = userRow({ firstName: 'Asha', lastName: 'Rao', phone: '+91', passwordHash: 'x' });
    const users = fake<UsersRepository>({ findById: () => Promise.resolve(row) });
    const input = { user: member(), params: { userId: row.id }, query: undefined, body: undefined, meta };
    expect(await publicUser({ users }, input)).toEqual({
      id: row.id,
      username: row.username,
      firstName: 'Asha',
      lastName: 'Rao',
    });
  });

  it('is a 404 for someone unknown', async () => {
    const users = fake<UsersRepository>({ findById: () => Promise.resolve(undefined) });
    const input = {
      user: member(),
      params: { userId: userRow().id },
      query: undefined,
      body: undefined,
      meta,
    };
    expect(await outcomeOf(publicUser({ users }, input))).toMatchObject({
      kind: 'not-found',
      message: IdentityMessages.userNotFound,
    });
  });
});
