import { describe, expect, it } from 'vitest';
import type { CircleRecord } from '../db/circles-repository';
import { pageFromCircleCells } from './circle-page';

const centre = { latitude: 12.9716, longitude: 77.5946 };
let counter = 0;

/** A circle at the centre (or `kmNorth` of it), last active `minutesAgo`. */
function circle(minutesAgo: number, extra: Partial<CircleRecord> & { kmNorth?: number } = {}): CircleRecord {
  counter += 1;
  const { kmNorth = 0, ...rest } = extra;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    creatorId: '00000000-0000-4000-8000-000000000000',
    name: `Circle ${counter}`,
    description: 'x',
    topic: 'fitness',
    joinPolicy: 'open',
    latitude: centre.latitude + kmNorth / 111.195,
    longitude: centre.longitude,
    memberCount: 1,
    createdAt: new Date(0),
    lastActivityAt: new Date(Date.UTC(2026, 0, 1) - minutesAgo * 60_000),
    closedAt: null,
    moderation: null,
    nextActivity: null,
    ...rest,
  };
}
const query = { center: centre, radiusKm: 1, offset: 0, limit: 2 };
const ids = (page: CircleRecord[] | undefined) => page?.map((one) => one.name);

describe('a page of circles from cached cells', () => {
  it('merges the cells newest first, keeping only circles within the radius and of the topic', () => {
    const a = [circle(1), circle(5, { kmNorth: 1.2 }), circle(7)];
    const b = [circle(3, { topic: 'study' }), circle(6)];
    expect(
      ids(
        pageFromCircleCells(
          [
            { circles: a, complete: true },
            { circles: b, complete: true },
          ],
          query,
        ),
      ),
    ).toEqual([a[0]!.name, b[0]!.name]);
    const studying = pageFromCircleCells(
      [
        { circles: a, complete: true },
        { circles: b, complete: true },
      ],
      {
        ...query,
        topic: 'study',
      },
    );
    expect(ids(studying)).toEqual([b[0]!.name]);
  });

  it('answers nothing (the database decides) once a page reaches below an incomplete cell’s last circle', () => {
    const full = [circle(1), circle(2)];
    const other = [circle(3), circle(4)];
    const cells = [
      { circles: full, complete: false },
      { circles: other, complete: true },
    ];
    // The first two are above the line: sure.
    expect(ids(pageFromCircleCells(cells, query))).toEqual([full[0]!.name, full[1]!.name]);
    // The next page needs circles older than the incomplete cell's last: unsure.
    expect(pageFromCircleCells(cells, { ...query, offset: 2 })).toBeUndefined();
    // An incomplete cell with nothing cached is never sure.
    expect(pageFromCircleCells([{ circles: [], complete: false }], query)).toBeUndefined();
  });
});
