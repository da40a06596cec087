import { describe, expect, it } from 'vitest';
import type { ExportRepository, ExportRows } from '../db/export-repository';
import { fake, member, routeInput } from '../testing/fake-core';
import { exportMyData } from './export';

describe('exportMyData', () => {
  it('is the part of the person asking (or asked for by the export job), meetings as times only', async () => {
    const person = member();
    const asked: string[] = [];
    const rows: ExportRows = {
      conversations: [{ id: 'c1' }],
      activityThreadMessages: [],
      circleThreads: [],
      circleThreadMessages: [{ id: 'm1' }],
      whoMayStart: 'met',
      metTimes: ['2026-05-01 10:00:00+00', new Date('2026-05-02T10:00:00.000Z')],
    };
    const exports = fake<ExportRepository>({
      partOf: (userId: string) => {
        asked.push(userId);
        return Promise.resolve(rows);
      },
    });
    expect(await exportMyData({ exports }, routeInput(person))).toEqual({
      conversations: [{ id: 'c1' }],
      activityThreadMessages: [],
      circleThreads: [],
      circleThreadMessages: [{ id: 'm1' }],
      messageSettings: { whoMayStart: 'met' },
      metAtActivities: [{ metAt: '2026-05-01T10:00:00.000Z' }, { metAt: '2026-05-02T10:00:00.000Z' }],
    });
    expect(asked).toEqual([person.id]);
  });
});
