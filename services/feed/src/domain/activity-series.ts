import type { ActivityDraft } from '@saathi/contracts';
import { activityWindow } from './activities';

const MINUTE_MS = 60_000;
const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;

/** What a weekly series repeats: the host's local times and offset, spots, level and place. */
export interface SeriesTemplate {
  lastStartsAt: Date;
  startTime: string;
  endTime: string;
  utcOffsetMinutes: number;
  spots: number;
  level: ActivityDraft['level'];
  area: string;
  meetingPoint: string | null;
}

/**
 * The draft of a series' next occurrence: the same local times a week after the latest start,
 * or as many weeks after as it takes to end in the future (a sweep that was down for weeks
 * writes the coming one, not the missed ones). The offset is the host's at creation.
 */
export function nextOccurrenceDraft(series: SeriesTemplate, now: Date): ActivityDraft {
  const localStart = series.lastStartsAt.getTime() + series.utcOffsetMinutes * MINUTE_MS;
  for (let weeks = 1; ; weeks++) {
    const draft: ActivityDraft = {
      date: new Date(localStart + weeks * WEEK_MS).toISOString().slice(0, 10),
      startTime: series.startTime,
      endTime: series.endTime,
      utcOffsetMinutes: series.utcOffsetMinutes,
      spots: series.spots,
      level: series.level,
      area: series.area,
      ...(series.meetingPoint ? { meetingPoint: series.meetingPoint } : {}),
    };
    const window = activityWindow(draft);
    if ('error' in window || window.endsAt.getTime() > now.getTime()) return draft;
  }
}
