import { describe, expect, it } from 'vitest';
import type { MaintenanceRepository } from '../db/maintenance';
import { fake, fakeClock, NOW } from '../testing/fake-core';
import { sweepExpired } from './maintenance';

describe('sweepExpired', () => {
  it('sweeps as of the clock', async () => {
    const swept: Date[] = [];
    const maintenance = fake<MaintenanceRepository>({
      sweep: (now: Date) => {
        swept.push(now);
        return Promise.resolve();
      },
    });
    await sweepExpired({ maintenance, clock: fakeClock() });
    expect(swept).toEqual([NOW]);
  });
});
