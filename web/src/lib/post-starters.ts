import type { PostHashtag } from '@saathi/contracts';

/** A post the create dialog opens with, for the person to change or send as it is. */
export interface PostDraftStart {
  content: string;
  hashtags: PostHashtag[];
}

/** A quiet area's one-tap starters: a label, and the post it fills in. */
export const POST_STARTERS: readonly { label: string; draft: PostDraftStart }[] = [
  {
    label: 'Morning walk tomorrow',
    draft: {
      content: 'Morning walk tomorrow: anyone nearby want to join? Any pace is fine.',
      hashtags: ['morning', 'fitness'],
    },
  },
  {
    label: 'Badminton this weekend',
    draft: {
      content: 'Badminton this weekend: looking for a partner or two for a few friendly games.',
      hashtags: ['weekend', 'fitness'],
    },
  },
  {
    label: 'Study partner this week',
    draft: {
      content: 'Study partner this week: anyone want to study together at a library or café?',
      hashtags: ['study', 'library'],
    },
  },
];

/** The 1 km feed counts as quiet below this many posts: the home screen then offers more. */
export const QUIET_AREA_BELOW = 3;
