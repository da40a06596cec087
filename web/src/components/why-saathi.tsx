import { HeartHandshake, MapPin, ShieldCheck } from 'lucide-react';
import { cardClass } from './ui';

const reasons = [
  {
    icon: MapPin,
    title: 'Truly local',
    text: 'Only people within 1 km see your post, so plans are easy to keep.',
  },
  {
    icon: HeartHandshake,
    title: 'Built for companionship',
    text: 'Find a gym buddy, a study partner or a hiking companion, not followers.',
  },
  {
    icon: ShieldCheck,
    title: 'Private by design',
    text: 'Built with love in India, Data never sold. Locations are rounded to about 110 m.',
  },
] as const;

/** The empty feed's invitation: what Saathi is for, and a nudge to post first. */
export function WhySaathi({ onCreatePost }: { onCreatePost: () => void }) {
  return (
    <section aria-labelledby="why-saathi-title" className={`${cardClass} text-center`}>
      <h2 id="why-saathi-title" className="text-xl font-semibold text-slate-900">
        Why Saathi?
      </h2>
      <p className="mt-2 text-slate-600">Nobody nearby has posted yet. Be the first!</p>
      <ul className="mt-6 grid gap-4 text-left sm:grid-cols-3">
        {reasons.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl bg-slate-50 p-4">
            <Icon className="h-5 w-5 text-teal-700" aria-hidden="true" />
            <h3 className="mt-2 font-semibold text-slate-900">{title}</h3>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onCreatePost}
        aria-haspopup="dialog"
        className="mt-6 inline-flex items-center justify-center gap-2 rounded-lg bg-teal-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        Create the first post
      </button>
    </section>
  );
}
