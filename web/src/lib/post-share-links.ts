// The "Share Post" dialog's targets: the post's text (cut at 100 characters) and its link.
import { shareUrl } from './share-links';

export const SHARE_TEXT_MAX = 100;

export type PostShareTarget = 'twitter' | 'facebook' | 'linkedin' | 'whatsapp' | 'telegram' | 'reddit';

export const POST_SHARE_TARGETS: readonly { id: PostShareTarget; label: string }[] = [
  { id: 'twitter', label: 'X (Twitter)' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'linkedin', label: 'LinkedIn' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'telegram', label: 'Telegram' },
  { id: 'reddit', label: 'Reddit' },
];

/** Where a shared post opens: {origin}/post/{id}. */
export function postLink(origin: string, postId: string): string {
  return `${origin.replace(/\/+$/, '')}/post/${encodeURIComponent(postId)}`;
}

/** The post's content, cut at 100 characters (with "..." when cut). */
export function postShareText(content: string): string {
  const text = content.trim();
  const chars = Array.from(text); // never split an emoji in half
  return chars.length > SHARE_TEXT_MAX ? `${chars.slice(0, SHARE_TEXT_MAX).join('')}...` : text;
}

export function postShareUrl(target: PostShareTarget, link: string, text: string): string {
  const u = encodeURIComponent(link);
  const t = encodeURIComponent(text);
  switch (target) {
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
    case 'twitter':
    case 'facebook':
    case 'linkedin':
    case 'whatsapp':
      return shareUrl(target, link, text);
  }
}
