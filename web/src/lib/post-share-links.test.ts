import { describe, expect, it } from 'vitest';
import { POST_SHARE_TARGETS, postLink, postShareText, postShareUrl } from './post-share-links';

const link = 'https://saathi.example/post/9b2e';

describe('postLink', () => {
  it('is {origin}/post/{id}', () => {
    expect(postLink('https://saathi.example', '9b2e')).toBe(link);
    expect(postLink('https://saathi.example/', '9b2e')).toBe(link);
  });
});

describe('postShareText', () => {
  it('keeps text of up to 100 characters as it is', () => {
    const text = 'x'.repeat(100);
    expect(postShareText(text)).toBe(text);
    expect(postShareText('  Gym buddy at 6am?  ')).toBe('Gym buddy at 6am?');
  });

  it('cuts longer text at 100 characters', () => {
    expect(postShareText('y'.repeat(101))).toBe(`${'y'.repeat(100)}...`);
  });

  it('counts an emoji as one character and never splits it', () => {
    const text = '🔥'.repeat(101);
    expect(postShareText(text)).toBe(`${'🔥'.repeat(100)}...`);
  });
});

describe('postShareUrl', () => {
  it('offers six targets', () => {
    expect(POST_SHARE_TARGETS.map((t) => t.label)).toEqual([
      'X (Twitter)',
      'Facebook',
      'LinkedIn',
      'WhatsApp',
      'Telegram',
      'Reddit',
    ]);
  });

  it('puts the text and the link into each target', () => {
    const text = 'Looking for a hiking partner';
    const twitter = new URL(postShareUrl('twitter', link, text));
    expect(twitter.searchParams.get('text')).toBe(text);
    expect(twitter.searchParams.get('url')).toBe(link);
    expect(new URL(postShareUrl('facebook', link, text)).searchParams.get('u')).toBe(link);
    expect(new URL(postShareUrl('linkedin', link, text)).searchParams.get('url')).toBe(link);
    expect(new URL(postShareUrl('whatsapp', link, text)).searchParams.get('text')).toBe(`${text} ${link}`);
    const telegram = new URL(postShareUrl('telegram', link, text));
    expect(telegram.hostname).toBe('t.me');
    expect(telegram.searchParams.get('url')).toBe(link);
    expect(telegram.searchParams.get('text')).toBe(text);
    const reddit = new URL(postShareUrl('reddit', link, text));
    expect(reddit.hostname).toBe('www.reddit.com');
    expect(reddit.searchParams.get('url')).toBe(link);
    expect(reddit.searchParams.get('title')).toBe(text);
  });
});
