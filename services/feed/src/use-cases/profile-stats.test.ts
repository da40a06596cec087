import { describe, expect, it } from 'vitest';
import type { AuthorsRepository } from '../db/authors-repository';
import { fake, member, routeInput } from '../testing/fake-core';
import { profileStats } from './profile-stats';

describe('profileStats', () => {
  it('answers the author’s all-time counters', async () => {
    const asked: string[] = [];
    const authors = fake<AuthorsRepository>({
      statsOf: (id: string) => {
        asked.push(id);
        return Promise.resolve({ posts: 3, likesReceived: 7 });
      },
    });
    expect(await profileStats({ authors }, routeInput(member(), { params: { userId: 'u1' } }))).toEqual({
      posts: 3,
      likesReceived: 7,
    });
    expect(asked).toEqual(['u1']);
  });
});
