/** Hashtags a post may carry (docs/product.md#hashtags). */
export const POST_HASHTAGS = [
  'gym',
  'travel',
  'study',
  'food',
  'music',
  'hiking',
  'fitness',
  'morning',
  'weekend',
  'library',
] as const;
export type PostHashtag = (typeof POST_HASHTAGS)[number];

/** The sidebar's popular hashtags: the post list without library and weekend. */
export const POPULAR_HASHTAGS = POST_HASHTAGS.filter(
  (tag) => tag !== 'library' && tag !== 'weekend',
) as readonly PostHashtag[];

/** The eight reactions: thumbs up, heart, laughing, surprised, sad, fire, 100, party popper. */
export const REACTION_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '🔥', '💯', '🎉'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

export const POST_CONTENT_MAX = 500;
export const COMMENT_CONTENT_MAX = 500;
/** How long after posting the author may edit a post or comment (24 hours). */
export const EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const DAILY_RESPONSE_MAX = 500;
export const FEED_LIMIT_MAX = 50;

/** Photos one post may carry. */
export const POST_PHOTOS_MAX = 4;
/** Bytes of one uploaded photo before re-encoding (a phone's JPEG is 2–6 MB). */
export const POST_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Photos one person may upload in 24 hours (attached or not): five posts of four photos. Each
 * costs a decode and two encodes, and is kept in the database until its post goes.
 */
export const POST_PHOTOS_PER_DAY = 20;
/** The sizes a photo is kept in: about 480 px wide for the card, 1280 px for the full view. */
export const POST_PHOTO_SIZES = ['card', 'full'] as const;
export type PostPhotoSize = (typeof POST_PHOTO_SIZES)[number];
export const POST_PHOTO_PATH = '/api/post-photos';
/** Where an admin reviewing a report reads a post's photo, whatever moderation did to the post. */
export const REVIEW_POST_PHOTO_PATH = '/api/admin/review/post-photos';
export function reviewPostPhotoUrl(id: string): string {
  return `${REVIEW_POST_PHOTO_PATH}/${id}`;
}
/** Where one size of a photo is served (our own origin, never the upload's URL). */
export function postPhotoUrl(id: string, size: PostPhotoSize): string {
  return `${POST_PHOTO_PATH}/${id}?size=${size}`;
}
export const SEARCH_QUERY_MAX = 100;
export const LOCATION_NAME_MAX = 200;
/** Daily-question answers shown at most. */
export const DAILY_RESPONSES_SHOWN = 5;

/** Fifteen questions; the day of the year picks one (docs/product.md#daily-question). */
export const DAILY_QUESTIONS = [
  "What's one activity you'd love to find a partner for this week?",
  "What's your favourite way to spend a weekend morning?",
  'Which place in your neighbourhood deserves more visitors?',
  "What's a skill you'd like to learn with someone nearby?",
  'Where do you go for a walk when you need to clear your head?',
  "What's the best local spot for a quick, healthy meal?",
  'Which sport would you try if you had a partner to play with?',
  "What's a book you'd recommend to a study buddy?",
  'Sunrise run or sunset walk?',
  "What's a hobby you picked up recently?",
  'Which weekend trip from your city is worth taking?',
  'What music gets you moving during a workout?',
  "What's one small thing that makes your neighbourhood feel like home?",
  "What's a goal you'd like an accountability partner for?",
  'Which festival or local event are you looking forward to?',
] as const;

/** The question of the given day (UTC day of the year, 1–366). */
export function dailyQuestionFor(date: Date): string {
  const start = Date.UTC(date.getUTCFullYear(), 0, 0);
  const dayOfYear = Math.floor((date.getTime() - start) / 86_400_000);
  return DAILY_QUESTIONS[dayOfYear % DAILY_QUESTIONS.length] ?? DAILY_QUESTIONS[0];
}
