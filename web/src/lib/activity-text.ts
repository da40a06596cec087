import type { ActivityState, PostActivity } from '@saathi/contracts';

/** "Tue, 24 Nov · 6:00 am – 8:00 am" in the viewer's own time zone. */
export function activityWhen(activity: Pick<PostActivity, 'startsAt' | 'endsAt'>): string {
  const start = new Date(activity.startsAt);
  const end = new Date(activity.endsAt);
  const day = start.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
  const time = (at: Date) =>
    at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }).toLowerCase();
  return `${day} · ${time(start)} – ${time(end)}`;
}

/** "2 of 3 spots left". */
export function spotsText(activity: Pick<PostActivity, 'spots' | 'spotsLeft'>): string {
  return `${activity.spotsLeft} of ${activity.spots} ${activity.spots === 1 ? 'spot' : 'spots'} left`;
}

export const STATE_LABELS: Record<ActivityState, string> = {
  open: 'Open',
  full: 'Full',
  closed: 'Partner found',
  done: 'Done',
};

export const LEVEL_LABELS = {
  any: 'Any level',
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
} as const;
