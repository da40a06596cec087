import type { EventData, EventDefinition } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { buildTestUser, consumed as consumedOn } from '@saathi/platform/testing';
import type { BlogPostRow } from '../db/schema';

/**
 * Fakes for the use-case tests (`use-cases/*.test.ts`): the platform's (a fake repository, queue,
 * a route's and an event's input) and the blog's day, admin and stories.
 */
export { fake, fakeMeta as meta, fakeQueue, fakeTx, routeInput } from '@saathi/platform/testing';

export const fakeClock = (at = new Date('2026-06-03T12:00:00.000Z')) => ({ now: () => at });

export const admin = (): AuthUser => buildTestUser({ role: 'admin' }, 'admin');

/** An event use case's input, on the blog tests' day. */
export const consumed = <E extends EventDefinition>(
  event: E,
  data: EventData<E>,
  occurredAt = new Date('2026-06-03T11:00:00.000Z'),
) => consumedOn(event, data, occurredAt);

/** A stored story as the repository returns it. */
export function storyRow(overrides: Partial<BlogPostRow> = {}): BlogPostRow {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    title: 'Chai walks',
    slug: 'chai-walks',
    content: 'We walked.',
    excerpt: 'A walk.',
    tags: ['walks'],
    metaTitle: null,
    metaDescription: null,
    featured: false,
    published: true,
    viewCount: 3,
    wordCount: 2,
    authorId: '00000000-0000-4000-8000-0000000000bb',
    createdAt: new Date('2026-05-01T08:00:00.000Z'),
    updatedAt: new Date('2026-05-02T08:00:00.000Z'),
    ...overrides,
  };
}
