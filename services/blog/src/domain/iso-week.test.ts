import { describe, expect, it } from 'vitest';
import { isoWeekOf, parseIsoWeek, previousIsoWeek } from './iso-week';

describe('ISO weeks', () => {
  it.each([
    ['2026-11-23T00:00:00Z', '2026-W48'], // a Monday
    ['2026-11-29T23:59:59Z', '2026-W48'], // that week's Sunday
    ['2021-01-03T12:00:00Z', '2020-W53'], // early January belongs to the previous year's last week
    ['2024-12-30T12:00:00Z', '2025-W01'], // late December belongs to the next year's first week
  ])('%s is in %s', (moment, week) => {
    expect(isoWeekOf(new Date(moment))).toBe(week);
  });

  it('steps back one week across a year boundary', () => {
    expect(previousIsoWeek(new Date('2025-01-01T00:00:00Z'))).toBe('2024-W52');
  });

  it('parses a week and refuses anything else', () => {
    expect(parseIsoWeek('2026-W07')).toEqual({ year: 2026, week: 7 });
    expect(() => parseIsoWeek('2026-7')).toThrow();
  });
});
