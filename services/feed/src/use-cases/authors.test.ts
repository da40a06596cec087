import { describe, expect, it } from 'vitest';
import { userRegisteredV1, userUpdatedV1 } from '@saathi/contracts';
import type { AccountNames, AuthorsRepository } from '../db/authors-repository';
import { consumed, fake } from '../testing/fake-core';
import { recordRegisteredAccount, recordUpdatedAccount } from './authors';

describe('the authors projection', () => {
  it('records an account’s names as of the event’s time, from registration and from updates', async () => {
    const applied: [AccountNames, Date][] = [];
    const authors = fake<AuthorsRepository>({
      applyAccount: (names: AccountNames, at: Date) => Promise.resolve(void applied.push([names, at])),
    });
    const names = { userId: 'u', username: 'asha', firstName: 'Asha', lastName: null };
    const registered = consumed(userRegisteredV1, { ...names, email: 'asha@example.com' } as never);
    await recordRegisteredAccount({ authors }, registered);
    const updated = consumed(userUpdatedV1, { ...names, username: 'asha2' } as never, new Date('2026-06-02'));
    await recordUpdatedAccount({ authors }, updated);
    expect(applied).toEqual([
      [names, registered.occurredAt],
      [{ ...names, username: 'asha2' }, new Date('2026-06-02')],
    ]);
  });
});
