import { useId } from 'react';
import { Link } from 'react-router-dom';
import { CalendarClock, MapPin, Users } from 'lucide-react';
import clsx from 'clsx';
import type { Circle } from '@saathi/contracts';
import { formatDistance } from '../lib/distance';
import { JOIN_POLICY_LABELS, memberCountText, nextActivityText } from '../lib/circle-text';

/** A circle's badge: closed, the viewer's place in it, or how others get in. */
function badgeOf(circle: Circle): { text: string; tone: 'teal' | 'amber' | 'slate' } {
  if (circle.closedAt) return { text: 'Closed', tone: 'slate' };
  if (circle.viewer?.isCreator) return { text: 'Creator', tone: 'teal' };
  if (circle.viewer?.role === 'organiser') return { text: 'Organiser', tone: 'teal' };
  if (circle.viewer?.role === 'member') return { text: 'Member', tone: 'teal' };
  if (circle.viewer?.request === 'requested') return { text: 'Requested', tone: 'amber' };
  return {
    text: JOIN_POLICY_LABELS[circle.joinPolicy],
    tone: circle.joinPolicy === 'open' ? 'teal' : 'amber',
  };
}

/** One circle in a list: its name (the link to its page), topic, area, distance, members, next activity. */
export function CircleCard({ circle }: { circle: Circle }) {
  const nameId = useId();
  const badge = badgeOf(circle);
  const next = nextActivityText(circle.nextActivity);
  return (
    <article
      aria-labelledby={nameId}
      className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-teal-300 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <h3 id={nameId} className="min-w-0 flex-1 text-base font-semibold break-words text-slate-900">
          {/* The whole card is the link's hit area (the ::after), the name its text. */}
          <Link
            to={`/circles/${circle.id}`}
            className="rounded after:absolute after:inset-0 after:rounded-2xl hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
          >
            {circle.name}
          </Link>
        </h3>
        <span
          className={clsx(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
            badge.tone === 'teal' && 'bg-teal-100 text-teal-900',
            badge.tone === 'amber' && 'bg-amber-100 text-amber-900',
            badge.tone === 'slate' && 'bg-slate-200 text-slate-800',
          )}
        >
          {badge.text}
        </span>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
        <span className="rounded-full bg-teal-50 px-2 py-0.5 font-medium text-teal-900">#{circle.topic}</span>
        <span className="inline-flex items-center gap-0.5">
          <MapPin className="h-3 w-3" aria-hidden="true" />
          {circle.areaName}
          {circle.distanceKm !== null ? ` · ${formatDistance(circle.distanceKm)}` : ''}
        </span>
        <span className="inline-flex items-center gap-0.5">
          <Users className="h-3 w-3" aria-hidden="true" />
          {memberCountText(circle.memberCount)}
        </span>
      </p>
      <p className="mt-2 line-clamp-2 text-sm text-slate-700">{circle.description}</p>
      {next ? (
        <p className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-slate-800">
          <CalendarClock className="h-4 w-4 text-teal-700" aria-hidden="true" />
          {next}
        </p>
      ) : null}
    </article>
  );
}

/** Grey placeholders in the shape of circle cards while a list loads. */
export function CircleSkeletons({ count = 3, label }: { count?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="animate-pulse-late rounded-2xl border border-slate-200 bg-white p-5"
        >
          <div className="h-4 w-1/2 rounded bg-slate-200" />
          <div className="mt-3 h-3 w-2/3 rounded bg-slate-200" />
          <div className="mt-3 h-3 w-full rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}
