import { describe, expect, it } from 'vitest';
import type { ExportRepository } from '../db/export-repository';
import { fake, member, routeInput } from '../testing/fake-core';
import { exportMyData } from './export';

describe('exportMyData', () => {
  it('answers what the feed holds about the signed-in person, and nobody else', async () => {
    const asked: string[] = [];
    const exports = fake<ExportRepository>({
      of: (id: string) => {
        asked.push(id);
        return Promise.resolve({ posts: [{ id: 'p' }] });
      },
    });
    const me = member();
    expect(await exportMyData({ exports }, routeInput(me))).toEqual({ posts: [{ id: 'p' }] });
    expect(asked).toEqual([me.id]);
  });
});
