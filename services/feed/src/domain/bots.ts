import { createHash } from 'node:crypto';
import { areaNameOf } from '@saathi/contracts';
import type { PostHashtag } from '@saathi/contracts';
import { EARTH_RADIUS_KM, MAX_SNAP_SHIFT_KM } from './geo';
import type { Point } from './geo';

/** Feed-local authors of seeded activity. Their names say they are bots; they have no account. */
export const BOT_AUTHORS = [
  { userId: '0b0a0000-0000-4000-8000-000000000001', username: 'saathi_gym_bot', firstName: 'Gym Bot' },
  { userId: '0b0a0000-0000-4000-8000-000000000002', username: 'saathi_study_bot', firstName: 'Study Bot' },
  { userId: '0b0a0000-0000-4000-8000-000000000003', username: 'saathi_trail_bot', firstName: 'Trail Bot' },
  { userId: '0b0a0000-0000-4000-8000-000000000004', username: 'saathi_food_bot', firstName: 'Foodie Bot' },
  { userId: '0b0a0000-0000-4000-8000-000000000005', username: 'saathi_music_bot', firstName: 'Music Bot' },
] as const;

export type BotAuthor = (typeof BOT_AUTHORS)[number];

/** What each bot posts about: its lines ({place} is filled in) and hashtags. */
const BOT_TOPICS: Record<BotAuthor['username'], { lines: string[]; hashtags: PostHashtag[] }> = {
  saathi_gym_bot: {
    lines: [
      'Looking for a gym buddy for 6 am workouts near {place}. Beginners welcome!',
      'Anyone up for a morning run around {place} tomorrow? Easy pace, 5 km.',
      'Need a spotter for leg day this evening near {place}. Who is in?',
    ],
    hashtags: ['gym', 'fitness', 'morning'],
  },
  saathi_study_bot: {
    lines: [
      'Preparing for exams — want to study together at the library near {place} this week?',
      'Forming a quiet study group near {place}. Two-hour focus sessions with tea breaks.',
      'Looking for a partner to practise spoken English near {place} on weekday evenings.',
    ],
    hashtags: ['study', 'library'],
  },
  saathi_trail_bot: {
    lines: [
      'Planning a sunrise hike this weekend. Meeting near {place} at 5:30 am — who is coming?',
      'Day trip this Saturday, leaving from {place}. Two seats left in the car.',
      'Cycling group forming near {place} for Sunday mornings. All speeds welcome.',
    ],
    hashtags: ['hiking', 'weekend', 'travel'],
  },
  saathi_food_bot: {
    lines: [
      'Trying the new street-food stalls near {place} this evening. Join me?',
      'Best chai near {place}? Looking for someone to explore cafés with this weekend.',
      'Cooking a big pot of rajma tonight near {place} — happy to share with a new friend.',
    ],
    hashtags: ['food', 'weekend'],
  },
  saathi_music_bot: {
    lines: [
      'Guitar jam at the park near {place} on Saturday. Bring your instrument!',
      'Looking for a singer for a small acoustic set near {place}.',
      'Anyone going to the open-mic night near {place}? Would love company.',
    ],
    hashtags: ['music', 'weekend'],
  },
};

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

/** A repeatable random source in [0, 1), so a retried seeding job writes the same posts. */
export function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    // xorshift32: small, fast, good enough for picking lines and places.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}

/** A stable uuid (version 5 layout) for the name, e.g. `<job id>#3`. */
export function stableUuid(name: string): string {
  const bytes = createHash('sha256').update(name).digest().subarray(0, 16);
  bytes.writeUInt8((bytes.readUInt8(6) & 0x0f) | 0x50, 6);
  bytes.writeUInt8((bytes.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A point uniformly within `radiusKm` of the centre. */
export function pointNear(center: Point, radiusKm: number, random: () => number): Point {
  const distance = radiusKm * Math.sqrt(random());
  const bearing = 2 * Math.PI * random();
  const dLat = ((distance / EARTH_RADIUS_KM) * Math.cos(bearing) * 180) / Math.PI;
  const cosLat = Math.max(0.01, Math.cos((center.latitude * Math.PI) / 180));
  const dLon = ((distance / EARTH_RADIUS_KM) * Math.sin(bearing) * 180) / (Math.PI * cosLat);
  const latitude = Math.max(-90, Math.min(90, center.latitude + dLat));
  let longitude = center.longitude + dLon;
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;
  return { latitude, longitude };
}

export interface BotPostDraft {
  bot: BotAuthor;
  content: string;
  hashtags: PostHashtag[];
  latitude: number;
  longitude: number;
}

/** How far from the place a bot post may be shown, once its point is snapped (well inside the 1 km feed). */
export const BOT_POST_RADIUS_KM = 0.7;

/**
 * One realistic bot post within BOT_POST_RADIUS_KM of the place, after the stored point is
 * snapped. The place is named by the area Saathi derives from the point, never by the name the
 * admin's picker gave it (a map search may have returned an address).
 */
export function botPostNear(place: Point, random: () => number): BotPostDraft {
  const bot = pick(BOT_AUTHORS, random);
  const topic = BOT_TOPICS[bot.username];
  const line = pick(topic.lines, random);
  const hashtags = topic.hashtags.filter((_tag, i) => i === 0 || random() < 0.5);
  return {
    bot,
    content: line.replaceAll('{place}', areaNameOf(place)),
    hashtags,
    ...pointNear(place, BOT_POST_RADIUS_KM - MAX_SNAP_SHIFT_KM, random),
  };
}
