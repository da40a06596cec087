import { describe, expect, it } from 'vitest';
import { activityWindow } from './activities';
import { nextOccurrenceDraft } from './activity-series';
import type { SeriesTemplate } from './activity-series';

/** 5–7 am in India (UTC+5:30): 23:30–01:30 UTC, across the UTC midnight. */
const series: SeriesTemplate = {
  lastStartsAt: new Date('2030-01-06T23:30:00Z'),
  startTime: '05:00',
  endTime: '07:00',
  utcOffsetMinutes: 330,
  spots: 2,
  level: 'any',
  area: 'Lodhi Garden',
  meetingPoint: null,
};
const windowOf = (now: Date) => {
  const window = activityWindow(nextOccurrenceDraft(series, now));
  if ('error' in window) throw new Error(window.error);
  return window;
};

describe('the next occurrence of a weekly series', () => {
  it('keeps the local times a week after the latest start, also across the UTC midnight', () => {
    const draft = nextOccurrenceDraft(series, new Date('2030-01-07T01:30:00Z'));
    expect(draft).toMatchObject({ date: '2030-01-14', startTime: '05:00', endTime: '07:00', spots: 2 });
    expect(draft).not.toHaveProperty('meetingPoint');
    expect(windowOf(new Date('2030-01-07T01:30:00Z'))).toEqual({
      startsAt: new Date('2030-01-13T23:30:00Z'),
      endsAt: new Date('2030-01-14T01:30:00Z'),
    });
  });

  it('skips weeks already over (a sweep that was down writes the coming one)', () => {
    expect(windowOf(new Date('2030-01-20T12:00:00Z')).startsAt).toEqual(new Date('2030-01-20T23:30:00Z'));
  });
});
