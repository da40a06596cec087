import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Circle } from '@saathi/contracts';
import { CircleCard } from './circle-card';

const circle = (over: Partial<Circle> = {}): Circle => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Saturday Shuttlers',
  description: 'Badminton doubles on Saturday mornings.',
  topic: 'fitness',
  joinPolicy: 'ask',
  areaName: 'Dharampeth',
  latitude: 21.146,
  longitude: 79.088,
  distanceKm: 0.46,
  memberCount: 1,
  createdAt: '2026-11-28T10:00:00.000Z',
  lastActivityAt: '2026-11-28T10:00:00.000Z',
  closedAt: null,
  nextActivity: null,
  viewer: null,
  ...over,
});

const render = (value: Circle) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <CircleCard circle={value} />
    </MemoryRouter>,
  );

describe('a circle card', () => {
  it('links its name to its page and says topic, area, distance, members and how to get in', () => {
    const html = render(circle());
    expect(html).toMatch(
      /<a[^>]*href="\/circles\/00000000-0000-4000-8000-0000000000c1"[^>]*>Saturday Shuttlers<\/a>/,
    );
    expect(html).toContain('#fitness');
    expect(html).toContain('Dharampeth · 0.5km away');
    expect(html).toContain('1 member');
    expect(html).toContain('Ask to join');
  });

  it("shows the viewer's place in it, the next activity, and Open for an open circle", () => {
    expect(render(circle({ joinPolicy: 'open' }))).toContain('>Open<');
    const html = render(
      circle({
        memberCount: 5,
        viewer: { role: 'member', isCreator: false, request: null },
        nextActivity: {
          postId: '00000000-0000-4000-8000-0000000000a1',
          startsAt: '2026-11-28T01:30:00.000Z',
          content: 'Doubles',
        },
      }),
    );
    expect(html).toContain('>Member<');
    expect(html).toContain('5 members');
    expect(html).toContain('Next: ');
    expect(render(circle({ viewer: { role: null, isCreator: false, request: 'requested' } }))).toContain(
      '>Requested<',
    );
  });
});
