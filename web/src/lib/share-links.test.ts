import { describe, expect, it } from 'vitest';
import { PROFILE_SHARE_TEXT, SHARE_TARGETS, profileLink, shareUrl } from './share-links';

const link = 'https://saathi.example/profile/3f1c';

describe('profileLink', () => {
  it('is {origin}/profile/{userId}', () => {
    expect(profileLink('https://saathi.example', '3f1c')).toBe(link);
    expect(profileLink('https://saathi.example/', '3f1c')).toBe(link);
  });
});

describe('shareUrl', () => {
  it('uses the product share text', () => {
    expect(PROFILE_SHARE_TEXT).toBe('Check out my Saathi profile!');
  });

  it('builds the four targets with the text and the link', () => {
    expect(SHARE_TARGETS.map((t) => t.id)).toEqual(['twitter', 'facebook', 'linkedin', 'whatsapp']);
    const twitter = new URL(shareUrl('twitter', link));
    expect(twitter.hostname).toBe('twitter.com');
    expect(twitter.searchParams.get('text')).toBe('Check out my Saathi profile!');
    expect(twitter.searchParams.get('url')).toBe(link);
    expect(new URL(shareUrl('facebook', link)).searchParams.get('u')).toBe(link);
    expect(new URL(shareUrl('linkedin', link)).searchParams.get('url')).toBe(link);
    expect(new URL(shareUrl('whatsapp', link)).searchParams.get('text')).toBe(
      `Check out my Saathi profile! ${link}`,
    );
  });
});
