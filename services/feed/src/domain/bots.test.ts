import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { POST_HASHTAGS } from '@saathi/contracts';
import { BOT_AUTHORS, BOT_POST_RADIUS_KM, botPostNear, seededRandom, stableUuid } from './bots';
import { distanceKm, snapPoint } from './geo';

describe('bots', () => {
  it('are named as bots', () => {
    for (const bot of BOT_AUTHORS) expect(bot.firstName).toMatch(/ Bot$/);
  });

  it('write the same posts for the same job and valid ones within 700 m', () => {
    const place = { latitude: 28.6139, longitude: 77.209, locationName: 'Janpath' };
    const first = Array.from(
      { length: 20 },
      (
        (random) => () =>
          botPostNear(place, random)
      )(seededRandom('job-1')),
    );
    const again = Array.from(
      { length: 20 },
      (
        (random) => () =>
          botPostNear(place, random)
      )(seededRandom('job-1')),
    );
    expect(again).toEqual(first);
    for (const draft of first) {
      expect(distanceKm(place, snapPoint(draft))).toBeLessThanOrEqual(BOT_POST_RADIUS_KM);
      expect(draft.content).toContain('New Delhi');
      expect(draft.content).not.toContain('Janpath');
      expect(draft.content.length).toBeLessThanOrEqual(500);
      expect(draft.hashtags.length).toBeGreaterThan(0);
      for (const tag of draft.hashtags) expect(POST_HASHTAGS).toContain(tag);
    }
  });

  it('stay within the bot radius after the stored point is snapped, at the equator and far north', () => {
    const random = seededRandom('snap');
    for (const place of [
      { latitude: 0.0005, longitude: 0.0005 },
      { latitude: 12.9716, longitude: 77.5946 },
      { latitude: 64.1466, longitude: -21.9426 },
    ]) {
      for (let i = 0; i < 2000; i += 1) {
        const draft = botPostNear(place, random);
        expect(distanceKm(place, snapPoint(draft))).toBeLessThanOrEqual(BOT_POST_RADIUS_KM);
      }
    }
  });

  it('derive stable, valid uuids from names', () => {
    expect(stableUuid('job#1')).toBe(stableUuid('job#1'));
    expect(stableUuid('job#1')).not.toBe(stableUuid('job#2'));
    expect(z.uuid().safeParse(stableUuid('job#1')).success).toBe(true);
  });
});
