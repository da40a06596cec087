import { describe, expect, it } from 'vitest';
import { NOW, limits, outcomeOf } from '../testing/fake-core';

// The password-guess rules on an in-memory limiter: the right password gives its guess back, an
// address past its share stops filling the account-wide cap, and a device token of the account
// is never held by that cap.

const rule = (limit: number) => ({ limit, windowMs: 60_000 });

describe('AttemptLimits.enforcePasswordGuess', () => {
  it('gives a right guess back, so the owner’s sign-ins never add up', async () => {
    const attempts = limits({ loginPerAccountIp: rule(2), loginPerAccount: rule(2) });
    for (let i = 0; i < 5; i += 1)
      await (await attempts.enforcePasswordGuess('user:a', 'ip-1', NOW)).succeeded();
  });

  it('refuses wrong guesses past the per-address rule, with the product’s words', async () => {
    const attempts = limits({ loginPerAccountIp: rule(2) });
    await attempts.enforcePasswordGuess('user:a', 'ip-1', NOW);
    await attempts.enforcePasswordGuess('user:a', 'ip-1', NOW);
    expect(await outcomeOf(attempts.enforcePasswordGuess('user:a', 'ip-1', NOW))).toMatchObject({
      kind: 'rate-limited',
      code: 'RATE_LIMITED',
    });
    // Another address is not held by the first one's guesses.
    await attempts.enforcePasswordGuess('user:a', 'ip-2', NOW);
  });

  it('lets a browser with the account’s device token past a full account-wide cap', async () => {
    const attempts = limits({ loginPerAccount: rule(1), loginCountedPerAccountIp: rule(5) });
    await attempts.enforcePasswordGuess('user:a', 'ip-1', NOW);
    expect(await outcomeOf(attempts.enforcePasswordGuess('user:a', 'ip-2', NOW))).toMatchObject({
      kind: 'rate-limited',
    });
    await attempts.enforcePasswordGuess('user:a', 'ip-3', NOW, 'device-1');
  });
});
