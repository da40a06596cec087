import { parseIsoWeek } from './iso-week';
import { OTHER_AREA } from './areas';

/** An area with fewer posts than this in a week is folded into OTHER_AREA, so a tiny count never stands out. */
export const MIN_POSTS_PER_AREA = 3;
/** Hashtags named per area. */
export const TOP_HASHTAGS = 3;

export interface AreaActivity {
  area: string;
  posts: number;
  hashtags: { hashtag: string; posts: number }[];
}

export interface DigestStory {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  tags: string[];
  metaTitle: string;
  metaDescription: string;
}

export const DIGEST_TAGS = ['community', 'digest'];

export function digestSlugOf(week: string): string {
  return `community-digest-${week.toLowerCase()}`;
}

/** Small areas folded into one, largest first; hashtag counts summed. */
export function foldSmallAreas(areas: readonly AreaActivity[]): AreaActivity[] {
  const kept: AreaActivity[] = [];
  const other: AreaActivity = { area: OTHER_AREA, posts: 0, hashtags: [] };
  for (const area of areas) {
    if (area.area !== OTHER_AREA && area.posts >= MIN_POSTS_PER_AREA) {
      kept.push(area);
      continue;
    }
    other.posts += area.posts;
    for (const tag of area.hashtags) {
      const existing = other.hashtags.find((t) => t.hashtag === tag.hashtag);
      if (existing) existing.posts += tag.posts;
      else other.hashtags.push({ ...tag });
    }
  }
  kept.sort((a, b) => b.posts - a.posts || a.area.localeCompare(b.area));
  if (other.posts > 0) kept.push(other);
  return kept;
}

function topHashtags(area: AreaActivity): string[] {
  return [...area.hashtags]
    .sort((a, b) => b.posts - a.posts || a.hashtag.localeCompare(b.hashtag))
    .slice(0, TOP_HASHTAGS)
    .map((tag) => `#${tag.hashtag}`);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The community digest of one ISO week, from counts alone: totals, the busiest cities and their
 * favourite hashtags. Its only inputs are area names from a fixed city list, hashtags from the
 * fixed list and numbers, so it cannot name a person or a place finer than a city.
 */
export function composeDigest(week: string, rawAreas: readonly AreaActivity[]): DigestStory | null {
  const areas = foldSmallAreas(rawAreas);
  const total = areas.reduce((sum, area) => sum + area.posts, 0);
  if (total === 0) return null;
  const { year, week: number } = parseIsoWeek(week);
  const allTags: AreaActivity = {
    area: 'all',
    posts: total,
    hashtags: Object.entries(
      areas
        .flatMap((area) => area.hashtags)
        .reduce<Record<string, number>>((sums, tag) => {
          sums[tag.hashtag] = (sums[tag.hashtag] ?? 0) + tag.posts;
          return sums;
        }, {}),
    ).map(([hashtag, posts]) => ({ hashtag, posts })),
  };
  const favourites = topHashtags(allTags);
  const cities = areas.filter((area) => area.area !== OTHER_AREA);
  const busiest = cities[0];

  const lines = [
    `# Community Digest: Week ${number}, ${year}`,
    '',
    `Here is what the Saathi community was up to in week ${number} of ${year}. This story is written automatically from counts alone: it never names a person or a place smaller than a city.`,
    '',
    '## At a glance',
    '',
    `Neighbours wrote **${plural(total, 'new activity post', 'new activity posts')}** this week${
      cities.length > 0 ? `, in ${plural(cities.length, 'city', 'cities')} and beyond` : ''
    }.`,
  ];
  if (favourites.length > 0) lines.push('', `The most popular plans were ${favourites.join(', ')}.`);
  if (busiest) lines.push('', `The busiest city was *${busiest.area}*.`);
  lines.push('', '## City by city', '');
  for (const area of areas) {
    const tags = topHashtags(area);
    const label = area.area === OTHER_AREA ? 'Other places' : area.area;
    lines.push(
      `**${label}**: ${plural(area.posts, 'post', 'posts')}${tags.length > 0 ? `, mostly ${tags.join(', ')}` : ''}.`,
    );
  }
  lines.push(
    '',
    '## Join in',
    '',
    'Looking for a partner for your own plan? Post it on the home screen: people within 1 km will see it.',
  );

  return {
    title: `Community Digest: Week ${number}, ${year}`,
    slug: digestSlugOf(week),
    excerpt: `${plural(total, 'new activity post', 'new activity posts')} in week ${number} of ${year}${
      favourites.length > 0 ? `, with ${favourites.join(', ')} the favourite plans` : ''
    }.`,
    content: lines.join('\n'),
    tags: [...DIGEST_TAGS],
    metaTitle: `Saathi Community Digest: Week ${number}, ${year}`,
    metaDescription: `What the Saathi community got up to in week ${number} of ${year}, from anonymous counts.`,
  };
}
