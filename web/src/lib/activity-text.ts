import type { ActivityState, ActivityVerdict, PostActivity, Reliability } from '@saathi/contracts';

const dayOf = (at: Date) =>
  at.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
const timeOf = (at: Date) =>
  at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }).toLowerCase();

/** "Tue, 24 Nov · 6:00 am – 8:00 am" in the viewer's own time zone. */
export function activityWhen(activity: Pick<PostActivity, 'startsAt' | 'endsAt'>): string {
  const start = new Date(activity.startsAt);
  return `${dayOf(start)} · ${timeOf(start)} – ${timeOf(new Date(activity.endsAt))}`;
}

/** "Tue, 24 Nov · 6:00 am": when an activity starts (its thread knows no end). */
export function activityStart(startsAt: string): string {
  const start = new Date(startsAt);
  return `${dayOf(start)} · ${timeOf(start)}`;
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

/** What the host sees of a requester: "Met 7 of 8", or "New to activities" with nothing to go on. */
export function reliabilityText(reliability: Reliability): string {
  return reliability.of === 0 ? 'New to activities' : `Met ${reliability.met} of ${reliability.of}`;
}

export const VERDICT_LABELS: Record<ActivityVerdict, string> = {
  showed_up: 'Showed up',
  no_show: "Didn't show",
  unsafe: 'Felt unsafe',
};
