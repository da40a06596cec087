import { describe, expect, it } from 'vitest';
import type { ExportRepository } from '../db/export-repository';
import { fake, member, routeInput } from '../testing/fake-core';
import { exportMyData } from './export';

describe('exportMyData', () => {
  it('is the part of the person asking (or asked for by the export job), never anyone else’s', async () => {
    const person = member();
    const asked: string[] = [];
    const part = { contact: null, notifications: [], feedback: [], pushSubscriptions: [], mutes: [] };
    const exports = fake<ExportRepository>({
      partOf: (userId: string) => {
        asked.push(userId);
        return Promise.resolve(part);
      },
    });
    expect(await exportMyData({ exports }, routeInput(person))).toEqual(part);
    expect(asked).toEqual([person.id]);
  });
});
