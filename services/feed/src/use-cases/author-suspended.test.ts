import { describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import type { AuthorsRepository } from '../db/authors-repository';
import { fake } from '../testing/fake-core';
import { AuthorSuspended, ensureActiveWriter } from './author-suspended';

describe('ensureActiveWriter', () => {
  it('lets an active writer through and refuses a suspended one (403, ACCOUNT_SUSPENDED)', async () => {
    const writer = { id: 'a', username: 'asha' };
    const active = fake<AuthorsRepository>({ ensureWriter: () => Promise.resolve({ suspended: false }) });
    await ensureActiveWriter(active, writer);
    const suspended = fake<AuthorsRepository>({ ensureWriter: () => Promise.resolve({ suspended: true }) });
    const refused = await ensureActiveWriter(suspended, writer).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthorSuspended);
    expect(refused).toMatchObject({
      kind: 'forbidden',
      message: IdentityMessages.accountSuspended,
      code: 'ACCOUNT_SUSPENDED',
    });
  });
});
