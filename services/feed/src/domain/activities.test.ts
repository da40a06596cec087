import { describe, expect, it } from 'vitest';
import {
  activityState,
  activityWindow,
  latestActivityStart,
  startsBefore,
  toPostActivity,
} from './activities';
import type { ActivityFields } from './activities';
import { POST_LIFETIME_MS } from './posts';

const fields = (overrides: Partial<ActivityFields> = {}): ActivityFields => ({
  startsAt: new Date('2026-11-24T00:30:00Z'),
  endsAt: new Date('2026-11-24T02:30:00Z'),
  spots: 3,
  accepted: 1,
  level: 'any',
  area: 'Lodhi Garden, north gate',
  closedAt: null,
  ...overrides,
});

describe('activityWindow', () => {
  it("reads the host's local date and times with their offset (6–8 am in India is 00:30–02:30 UTC)", () => {
    const window = activityWindow({
      date: '2026-11-24',
      startTime: '06:00',
      endTime: '08:00',
      utcOffsetMinutes: 330,
      spots: 2,
      level: 'any',
      area: 'x',
    });
    expect(window).toEqual({
      startsAt: new Date('2026-11-24T00:30:00Z'),
      endsAt: new Date('2026-11-24T02:30:00Z'),
    });
  });

  it('refuses a window that ends when or before it starts', () => {
    const draft = { date: '2026-11-24', utcOffsetMinutes: 0, spots: 2, level: 'any', area: 'x' } as const;
    expect(activityWindow({ ...draft, startTime: '08:00', endTime: '08:00' })).toEqual({
      error: 'The activity must end after it starts',
    });
    expect(activityWindow({ ...draft, startTime: '08:00', endTime: '06:00' })).toHaveProperty('error');
  });
});

describe('activityState', () => {
  const before = new Date('2026-11-23T12:00:00Z');
  it('is open with spots left, full when every spot is taken, closed by the host, done after its window', () => {
    expect(activityState(fields(), before)).toBe('open');
    expect(activityState(fields({ accepted: 3 }), before)).toBe('full');
    expect(activityState(fields({ closedAt: before }), before)).toBe('closed');
    expect(activityState(fields(), new Date('2026-11-24T02:30:00Z'))).toBe('done');
    expect(activityState(fields({ closedAt: before }), new Date('2026-11-25T00:00:00Z'))).toBe('done');
  });

  it('shows the spots left, never below zero', () => {
    expect(toPostActivity(fields(), before).spotsLeft).toBe(2);
    expect(toPostActivity(fields({ accepted: 4 }), before).spotsLeft).toBe(0);
  });
});

describe('startsBefore', () => {
  it("ends 'today' at the viewer's next local midnight", () => {
    // 20:00 UTC is 01:30 the next day in India: today there ends at 18:30 UTC the following day.
    const now = new Date('2026-11-23T20:00:00Z');
    expect(startsBefore('today', now, 330)).toEqual(new Date('2026-11-24T18:30:00Z'));
    expect(startsBefore('today', now, 0)).toEqual(new Date('2026-11-24T00:00:00Z'));
  });

  it("makes 'this week' the next seven days", () => {
    const now = new Date('2026-11-23T20:00:00Z');
    expect(startsBefore('week', now, 330)).toEqual(new Date('2026-11-30T20:00:00Z'));
  });
});

describe('latestActivityStart', () => {
  it("is a post's lifetime ahead, so an activity cannot outstay a plain post by more than its window", () => {
    const now = new Date('2026-11-23T20:00:00Z');
    expect(latestActivityStart(now).getTime() - now.getTime()).toBe(POST_LIFETIME_MS);
  });
});
