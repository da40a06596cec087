import { describe, expect, it } from 'vitest';
import { pageFromCells } from './feed-page';
import type { CellPosts } from './feed-page';
import type { PostView } from './views';

const centre = { latitude: 28.6, longitude: 77.2 };
const now = new Date('2026-06-01T12:00:00Z');
let counter = 0;

/** A post `minutesAgo` old, `km` north of the centre. */
function post(minutesAgo: number, km = 0.1, expired = false): PostView {
  counter += 1;
  const createdAt = new Date(now.getTime() - minutesAgo * 60_000);
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    content: `${minutesAgo} min ago, ${km} km`,
    authorId: '00000000-0000-4000-8000-000000000000',
    authorName: 'A',
    authorInitials: 'A',
    hashtags: [],
    likes: 0,
    reactions: {},
    commentCount: 0,
    latitude: centre.latitude + km / 111.195,
    longitude: centre.longitude,
    locationName: null,
    createdAt,
    expiresAt: new Date(expired ? now.getTime() - 1 : now.getTime() + 86_400_000),
  };
}

const page = (cells: CellPosts[], offset = 0, limit = 3) =>
  pageFromCells(cells, { center: centre, radiusKm: 1, now, offset, limit })?.map((view) => view.content);

describe('pageFromCells', () => {
  it('merges complete cells newest first, leaving out posts beyond the radius and expired ones', () => {
    const cells = [
      { views: [post(1), post(5, 1.5), post(9)], complete: true },
      { views: [post(2), post(3, 0.5, true), post(4, 0.99)], complete: true },
    ];
    expect(page(cells, 0, 10)).toEqual([
      '1 min ago, 0.1 km',
      '2 min ago, 0.1 km',
      '4 min ago, 0.99 km',
      '9 min ago, 0.1 km',
    ]);
    expect(page(cells, 3, 10)).toEqual(['9 min ago, 0.1 km']);
    expect(page(cells, 4, 10)).toEqual([]);
  });

  it('answers from incomplete cells only above the newest of their oldest cached posts', () => {
    // Cell B is cut after 6 min: anything older in B is unknown, so nothing older than 6 min is certain.
    const cells = [
      { views: [post(1), post(7), post(8), post(20)], complete: true },
      { views: [post(2), post(6)], complete: false },
    ];
    expect(page(cells, 0, 3)).toEqual(['1 min ago, 0.1 km', '2 min ago, 0.1 km', '6 min ago, 0.1 km']);
    expect(page(cells, 0, 4)).toBeUndefined();
    expect(page(cells, 2, 2)).toBeUndefined();
  });

  it('gives up when the posts inside the circle run out above that line', () => {
    const cells = [
      { views: [post(1, 1.4), post(2, 1.4)], complete: false },
      { views: [post(3)], complete: true },
    ];
    expect(page(cells, 0, 1)).toBeUndefined();
  });
});
