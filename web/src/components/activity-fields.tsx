import { useId } from 'react';
import {
  ACTIVITY_AREA_MAX,
  ACTIVITY_LEVELS,
  ACTIVITY_MAX_DAYS_AHEAD,
  ACTIVITY_POINT_MAX,
  ACTIVITY_SPOTS_MAX,
  ACTIVITY_SPOTS_MIN,
  type ActivityDraft,
  type ActivityLevel,
} from '@saathi/contracts';
import { LEVEL_LABELS } from '../lib/activity-text';
import { inputClass, labelClass } from './ui';

export type ActivityForm = Omit<ActivityDraft, 'utcOffsetMinutes' | 'meetingPoint'> & {
  meetingPoint: string;
};

const DAY_MS = 24 * 3_600_000;

/** The browser's local YYYY-MM-DD of an instant, as a date input holds it. */
const localDate = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/** Tomorrow at 6–8 am, 1 spot: a sensible start the host edits. */
export function defaultActivityForm(now = new Date()): ActivityForm {
  const date = localDate(new Date(now.getTime() + DAY_MS));
  return { date, startTime: '06:00', endTime: '08:00', spots: 1, level: 'any', area: '', meetingPoint: '' };
}

/**
 * The last day the date picker offers: the server refuses a start more than
 * ACTIVITY_MAX_DAYS_AHEAD days ahead (a post's lifetime). A late start on that very day can still
 * be past the bound, and then the server's message shows in the dialog's error toast.
 */
export function lastActivityDate(now = new Date()): string {
  return localDate(new Date(now.getTime() + ACTIVITY_MAX_DAYS_AHEAD * DAY_MS));
}

/** The draft the server takes: the host's local date and times with their own UTC offset. */
export function toActivityDraft(form: ActivityForm): ActivityDraft {
  return {
    ...form,
    area: form.area.trim(),
    meetingPoint: form.meetingPoint.trim() || undefined,
    utcOffsetMinutes: -new Date(`${form.date}T${form.startTime}`).getTimezoneOffset(),
  };
}

/** "Make it an activity": when, the window, spots, level, the coarse area, the exact point, weekly or not. */
export function ActivityFields({
  value,
  onChange,
}: {
  value: ActivityForm;
  onChange: (next: ActivityForm) => void;
}) {
  const id = useId();
  const set = <K extends keyof ActivityForm>(key: K, field: ActivityForm[K]) =>
    onChange({ ...value, [key]: field });
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="col-span-2">
        <label htmlFor={`${id}-date`} className={labelClass}>
          Date
        </label>
        <input
          id={`${id}-date`}
          type="date"
          max={lastActivityDate()}
          className={inputClass}
          value={value.date}
          onChange={(e) => set('date', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-start`} className={labelClass}>
          Starts
        </label>
        <input
          id={`${id}-start`}
          type="time"
          className={inputClass}
          value={value.startTime}
          onChange={(e) => set('startTime', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-end`} className={labelClass}>
          Ends
        </label>
        <input
          id={`${id}-end`}
          type="time"
          className={inputClass}
          value={value.endTime}
          onChange={(e) => set('endTime', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-spots`} className={labelClass}>
          People wanted
        </label>
        <input
          id={`${id}-spots`}
          type="number"
          min={ACTIVITY_SPOTS_MIN}
          max={ACTIVITY_SPOTS_MAX}
          className={inputClass}
          value={value.spots}
          onChange={(e) => set('spots', Number(e.target.value))}
        />
      </div>
      <div>
        <label htmlFor={`${id}-level`} className={labelClass}>
          Level
        </label>
        <select
          id={`${id}-level`}
          className={inputClass}
          value={value.level}
          onChange={(e) => set('level', e.target.value as ActivityLevel)}
        >
          {ACTIVITY_LEVELS.map((level) => (
            <option key={level} value={level}>
              {LEVEL_LABELS[level]}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2">
        <label htmlFor={`${id}-area`} className={labelClass}>
          Meeting area
        </label>
        <input
          id={`${id}-area`}
          className={inputClass}
          maxLength={ACTIVITY_AREA_MAX}
          placeholder="Lodhi Garden, north gate"
          value={value.area}
          onChange={(e) => set('area', e.target.value)}
        />
      </div>
      <div className="col-span-2">
        <label htmlFor={`${id}-point`} className={labelClass}>
          Exact meeting point (only people you accept see it)
        </label>
        <input
          id={`${id}-point`}
          className={inputClass}
          maxLength={ACTIVITY_POINT_MAX}
          placeholder="The bench left of the gate"
          value={value.meetingPoint}
          onChange={(e) => set('meetingPoint', e.target.value)}
        />
      </div>
      <label className="col-span-2 flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={value.repeatWeekly ?? false}
          onChange={(e) => set('repeatWeekly', e.target.checked)}
          className="h-4 w-4 accent-teal-700"
        />
        Repeat weekly
      </label>
      <p className="col-span-2 -mt-2 text-xs text-slate-600">
        Each week&apos;s is posted when the last one is over, with its own spots, until you stop it.
      </p>
    </div>
  );
}
