import { describe, expect, it } from 'vitest';
import type { SuspensionsRepository } from '../db/suspensions-repository';
import { admin, fake, routeInput } from '../testing/fake-core';
import { listSuspensions, SUSPENSIONS_PAGE } from './suspensions';

describe('listSuspensions', () => {
  it('lists the latest page of the people suspended now', async () => {
    const now = [{ userId: 'u', actorId: 'a', suspendedAt: '2026-06-01T12:00:00.000Z' }];
    const asked: number[] = [];
    const suspensions = fake<SuspensionsRepository>({
      list: (limit: number) => {
        asked.push(limit);
        return Promise.resolve(now);
      },
    });
    expect(await listSuspensions({ suspensions }, routeInput(admin()))).toBe(now);
    expect(asked).toEqual([SUSPENSIONS_PAGE]);
  });
});
