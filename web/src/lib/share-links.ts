// Share targets of the "Share Your Profile" dialog: text is "Check out my Saathi profile!" plus the link.

export const PROFILE_SHARE_TEXT = 'Check out my Saathi profile!';

export type ShareTarget = 'twitter' | 'facebook' | 'linkedin' | 'whatsapp';

export const SHARE_TARGETS: readonly { id: ShareTarget; label: string }[] = [
  { id: 'twitter', label: 'X (Twitter)' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'linkedin', label: 'LinkedIn' },
  { id: 'whatsapp', label: 'WhatsApp' },
];

/** The profile link shared everywhere: {origin}/profile/{userId}. */
export function profileLink(origin: string, userId: string): string {
  return `${origin.replace(/\/+$/, '')}/profile/${encodeURIComponent(userId)}`;
}

export function shareUrl(target: ShareTarget, link: string, text: string = PROFILE_SHARE_TEXT): string {
  const u = encodeURIComponent(link);
  const t = encodeURIComponent(text);
  switch (target) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${t}&url=${u}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}&quote=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}`;
  }
}
