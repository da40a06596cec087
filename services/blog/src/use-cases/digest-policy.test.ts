import { describe, expect, it } from 'vitest';
import { BlogMessages, postCreatedV1, QueueName } from '@saathi/contracts';
import type { ActivityRepository } from '../db/activity-repository';
import type { BlogPostsRepository } from '../db/posts-repository';
import type { AreaActivity } from '../domain/digest';
import { admin, consumed, fake, fakeClock, fakeQueue, routeInput, storyRow } from '../testing/fake-core';
import { countPost, requestDigest, scheduleWeeklyDigest, writeDigest } from './digest';

// The digest's policy on fakes; digest.test.ts runs it end to end on PostgreSQL.

const post = {
  postId: '00000000-0000-4000-8000-000000000001',
  authorId: '00000000-0000-4000-8000-000000000002',
  latitude: 19.018,
  longitude: 72.856,
  createdAt: '2026-05-13T09:00:00.000Z',
};

describe('counting posts', () => {
  it('counts a post in its ISO week and city with only the known hashtags, lower-cased', async () => {
    const counted: unknown[] = [];
    const activity = fake<ActivityRepository>({
      countPost: (week: string, area: string, hashtags: readonly string[]) =>
        Promise.resolve(void counted.push([week, area, hashtags])),
    });
    await countPost(
      { activity },
      consumed(postCreatedV1, { ...post, hashtags: ['Gym', 'callme9876543210'] }),
    );
    expect(counted).toEqual([['2026-W20', 'Mumbai', ['gym']]]);
  });
});

describe('writing the digest', () => {
  const busyWeek: AreaActivity[] = [{ area: 'Mumbai', posts: 5, hashtags: [{ hashtag: 'gym', posts: 4 }] }];

  it('writes the past week by default, as of the service clock, and stores it by its slug', async () => {
    const clock = fakeClock(new Date('2026-05-20T10:00:00.000Z'));
    const weeks: string[] = [];
    const stored: unknown[] = [];
    const activity = fake<ActivityRepository>({
      weekActivity: (week: string) => {
        weeks.push(week);
        return Promise.resolve(busyWeek);
      },
    });
    const posts = fake<BlogPostsRepository>({
      upsertBySlug: (story: { slug: string }, now: Date) => {
        stored.push([story.slug, now]);
        return Promise.resolve(storyRow({ slug: story.slug }));
      },
    });
    const story = await writeDigest({ activity, posts, clock });
    expect(weeks).toEqual(['2026-W20']);
    expect(stored).toEqual([[story?.slug, clock.now()]]);
  });

  it('writes nothing for a week without activity', async () => {
    const activity = fake<ActivityRepository>({ weekActivity: () => Promise.resolve([]) });
    expect(
      await writeDigest({ activity, posts: fake<BlogPostsRepository>(), clock: fakeClock() }, '2019-W01'),
    ).toBeNull();
  });

  it('queues this week’s digest on an admin’s request, a new job each time', async () => {
    const queue = fakeQueue();
    const clock = fakeClock(new Date('2026-05-20T10:00:00.000Z'));
    expect(await requestDigest({ queue, clock }, routeInput(admin()))).toEqual({
      message: BlogMessages.digestQueued,
    });
    expect(queue.added).toEqual([
      {
        queue: QueueName.blogDigest,
        data: { week: '2026-W21' },
        options: { jobId: `blog-digest-2026-W21-${clock.now().getTime()}` },
      },
    ]);
  });

  it('schedules the weekly digest under one job id, however many replicas start', async () => {
    const queue = fakeQueue();
    await scheduleWeeklyDigest({ queue }, 60_000);
    await scheduleWeeklyDigest({ queue }, 60_000);
    expect(queue.added.map((job) => job.options)).toEqual([
      { jobId: 'blog-digest', repeatEveryMs: 60_000 },
      { jobId: 'blog-digest', repeatEveryMs: 60_000 },
    ]);
  });
});
