import { describe, expect, it } from 'vitest';
import { userEmailVerifiedV1, userRegisteredV1, userUpdatedV1 } from '@saathi/contracts';
import type { AccountFacts, UsersRepository } from '../db/users-repository';
import { consumed, fake } from '../testing/fake-core';
import { recordRegisteredUser, recordUpdatedUser, recordVerifiedEmail } from './users';

// The users projection on fakes: what each account event says, as of the event's time.

function usersFake() {
  const applied: [AccountFacts, Date][] = [];
  const users = fake<UsersRepository>({
    apply: (facts: AccountFacts, asOf: Date) => {
      applied.push([facts, asOf]);
      return Promise.resolve();
    },
  });
  return { users, applied };
}

const account = {
  userId: '00000000-0000-4000-8000-0000000000a1',
  username: 'asha',
  firstName: 'Asha',
  lastName: null,
};
const at = new Date('2026-06-01T10:00:00.000Z');

describe('the users projection', () => {
  it('registration gives the names and the address typed (not proved)', async () => {
    const { users, applied } = usersFake();
    await recordRegisteredUser(
      { users },
      consumed(userRegisteredV1, { ...account, email: 'asha@example.com', profileImageUrl: null }, at),
    );
    expect(applied).toEqual([[{ ...account, email: 'asha@example.com' }, at]]);
  });

  it('the proof of an address makes it the one mails may go to', async () => {
    const { users, applied } = usersFake();
    await recordVerifiedEmail(
      { users },
      consumed(userEmailVerifiedV1, { ...account, email: 'asha@example.com' }, at),
    );
    expect(applied).toEqual([
      [{ ...account, email: 'asha@example.com', verifiedEmail: 'asha@example.com' }, at],
    ]);
  });

  it('an update gives the names only', async () => {
    const { users, applied } = usersFake();
    await recordUpdatedUser(
      { users },
      consumed(userUpdatedV1, { ...account, displayName: 'Asha', profileImageUrl: null }, at),
    );
    expect(applied).toEqual([[account, at]]);
  });
});
