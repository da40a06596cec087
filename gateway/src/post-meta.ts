/**
 * Server-side head tags for `/post/:id`, the target of a shared post: a link pasted into a chat
 * app shows a card (title, the post's opening words, an image) only if the HTML as sent already
 * has them, since previews run no JavaScript. The tags name the post's area (the coarse name the
 * feed derives from its point, a city or a 0.1° square) and nothing finer: no coordinates, no
 * distance. Every value is escaped; a post's text is the author's, not markup.
 */
import { PRODUCT_NAME, feedPostSchema, postPhotoUrl, type PostPhoto } from '@saathi/contracts';
import { createCachedLookup, type CachedLookupOptions } from './cached-lookup';
import { escapeHtml, withTitle } from './html-head';

/** What a preview of a post shows. */
export interface PostMeta {
  id: string;
  content: string;
  authorName: string;
  /** The feed's area name of the post (areaNameOf), or null. */
  locationName: string | null;
  /** Its photos, in the author's order (absent: none): the first is the card's image. */
  photos?: readonly PostPhoto[] | undefined;
}

export interface PostMetaSource {
  /** The live post's preview fields, or null (unknown, expired, hidden, or the feed unreachable). */
  lookup(id: string): Promise<PostMeta | null>;
}

/** The fields a preview reads, and nothing else of the feed's answer (not its point). */
const postMetaSchema = feedPostSchema.pick({
  id: true,
  content: true,
  authorName: true,
  locationName: true,
  photos: true,
});

/** og:description is the post's first this many characters. */
export const POST_DESCRIPTION_MAX = 150;
/** The site's image for the card of a post without photos (an absolute URL is built from it). */
export const DEFAULT_SHARE_IMAGE = '/icons/icon-512.png';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/post/<uuid>` → the id; anything else → null. */
export function postIdOfPath(pathname: string): string | null {
  const match = /^\/post\/([^/]+)\/?$/.exec(pathname);
  const id = match?.[1];
  return id && UUID.test(id) ? id.toLowerCase() : null;
}

/**
 * Asks the feed for the post (signed out, no viewer point: the answer anyone gets), each answer
 * remembered for 10 s by default: a deleted post's words linger in previews for no longer.
 */
export function createPostMetaSource(options: CachedLookupOptions): PostMetaSource {
  return {
    lookup: createCachedLookup({
      ...options,
      defaultTtlMs: 10_000,
      pathOf: (id) => `/api/posts/${encodeURIComponent(id)}`,
      schema: postMetaSchema,
    }),
  };
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first `max` characters as a reader counts them (no emoji cut in half), spaces collapsed. */
export function openingOf(content: string, max = POST_DESCRIPTION_MAX): string {
  let opening = '';
  let count = 0;
  for (const { segment } of graphemes.segment(content.replace(/\s+/g, ' ').trim())) {
    if (count === max) break;
    opening += segment;
    count += 1;
  }
  return opening;
}

/** The page and card title: who, and the area at most. */
export function postPageTitle(meta: Pick<PostMeta, 'authorName' | 'locationName'>): string {
  const where = meta.locationName ? ` in ${meta.locationName}` : '';
  return `${meta.authorName} is looking for a partner${where} | ${PRODUCT_NAME}`;
}

/**
 * index.html with the post's <title>, description, Open Graph and Twitter tags, and its first
 * photo (the full size: stripped of every metadata like all of them) or else the site's image.
 * The description index.html carries is replaced, not duplicated.
 */
export function withPostMeta(indexHtml: string, meta: PostMeta, origin: string): string {
  const title = escapeHtml(postPageTitle(meta));
  const description = escapeHtml(openingOf(meta.content));
  const url = escapeHtml(`${origin}/post/${meta.id}`);
  const photo = meta.photos?.[0];
  const image = escapeHtml(`${origin}${photo ? postPhotoUrl(photo.id, 'full') : DEFAULT_SHARE_IMAGE}`);
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    ...(photo
      ? [
          `<meta property="og:image:width" content="${photo.width}" />`,
          `<meta property="og:image:height" content="${photo.height}" />`,
        ]
      : []),
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}" />`,
    // A photo shows large; the site's square icon, small.
    `<meta name="twitter:card" content="${photo ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    `<link rel="canonical" href="${url}" />`,
  ].join('\n    ');
  return withTitle(
    indexHtml.replace(/<meta\s+name="description"[^>]*>/i, ''),
    postPageTitle(meta),
    `\n    ${tags}`,
  );
}
