import { describe, expect, it } from 'vitest';
import { userDeletedV1 } from '@saathi/contracts';
import type { ErasedPeople } from '@saathi/platform';
import type { AccountErasureRepository } from '../db/account-erasure-repository';
import type { NoticeSettingsRepository } from '../db/notice-settings-repository';
import type { PushSubscriptionsRepository } from '../db/push-subscriptions-repository';
import type { PushThreadsRepository } from '../db/push-threads-repository';
import { consumed, fake, fakeClock } from '../testing/fake-core';
import { eraseAccount } from './account-erasure';

describe('eraseAccount', () => {
  it('remembers the id as erased first, then deletes their rows, browsers, settings and held pushes', async () => {
    const steps: string[] = [];
    const step =
      (name: string) =>
      (...args: unknown[]) => {
        steps.push(`${name} ${args.map(String).join(' ')}`);
        return Promise.resolve();
      };
    const userId = '00000000-0000-4000-8000-0000000000a1';
    const clock = fakeClock();
    await eraseAccount(
      {
        erased: fake<ErasedPeople>({ remember: step('remember') }),
        accountErasure: fake<AccountErasureRepository>({ deleteRowsOf: step('rows') }),
        pushSubscriptions: fake<PushSubscriptionsRepository>({ deleteAllOf: step('subscriptions') }),
        noticeSettings: fake<NoticeSettingsRepository>({ deleteAllOf: step('settings') }),
        pushThreads: fake<PushThreadsRepository>({ deleteAllOf: step('threads') }),
        clock,
      },
      consumed(userDeletedV1, { userId }),
    );
    expect(steps).toEqual([
      `remember ${userId} ${String(clock.now())}`,
      `rows ${userId}`,
      `subscriptions ${userId}`,
      `settings ${userId}`,
      `threads ${userId}`,
    ]);
  });
});
