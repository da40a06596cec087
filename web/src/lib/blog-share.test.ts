import { describe, expect, it } from 'vitest';
import { shareStory, shareToast } from './blog-share';

const story = { title: 'Safety tips', url: 'https://saathi.example/blog/safety-tips' };

describe('sharing a story', () => {
  it("uses the device's share sheet when there is one, and ignores its errors", async () => {
    const shared: unknown[] = [];
    const copy = () => Promise.reject(new Error('must not copy'));
    expect(
      await shareStory(story, {
        share: (data) => {
          shared.push(data);
          return Promise.resolve();
        },
        copy,
      }),
    ).toBe('shared');
    expect(shared).toEqual([{ title: 'Safety tips', url: story.url }]);
    expect(await shareStory(story, { share: () => Promise.reject(new Error('AbortError')), copy })).toBe(
      'shared',
    );
    expect(shareToast('shared')).toBeNull();
  });

  it('copies the link otherwise, with the success or failure toast', async () => {
    const copied: string[] = [];
    const outcome = await shareStory(story, {
      copy: (text) => {
        copied.push(text);
        return Promise.resolve(true);
      },
    });
    expect(outcome).toBe('copied');
    expect(copied).toEqual([story.url]);
    expect(shareToast(outcome)).toEqual({
      title: 'Link copied!',
      description: 'The blog post link has been copied to your clipboard.',
    });
    expect(await shareStory(story, { copy: () => Promise.resolve(false) })).toBe('failed');
    expect(shareToast('failed')).toMatchObject({
      title: 'Share failed',
      description: 'Unable to copy link to clipboard.',
    });
  });
});
