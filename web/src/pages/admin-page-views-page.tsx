import { useState } from 'react';
import { BarChart3 } from 'lucide-react';
import { useCurrentUser } from '../api/use-current-user';
import { usePageViews } from '../api/use-page-views';
import { NoticeCard } from '../components/notice-card';
import { Spinner } from '../components/spinner';
import { cardClass, labelClass } from '../components/ui';
import { usePageTitle } from '../lib/use-page-title';

const PERIODS = [7, 30, 90] as const;

/** Admins: how often each screen was opened, per day — counts only, nobody's visits. */
export default function AdminPageViewsPage() {
  usePageTitle('Page views - Saathi');
  const { user, isLoading } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const [days, setDays] = useState<number>(30);
  const views = usePageViews(days, isAdmin);

  if (isLoading) return <Spinner />;
  if (!isAdmin)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <NoticeCard icon={BarChart3} title="Page views" className="py-12">
          <p className="text-slate-600">Only admins can see this page.</p>
        </NoticeCard>
      </div>
    );

  const counts = views.data?.counts ?? [];
  const totals = new Map<string, number>();
  for (const { route, views: n } of counts) totals.set(route, (totals.get(route) ?? 0) + n);
  const byRoute = [...totals.entries()].sort((a, b) => b[1] - a[1]);
  const dayTotals = new Map<string, number>();
  for (const { day, views: n } of counts) dayTotals.set(day, (dayTotals.get(day) ?? 0) + n);

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Page views</h1>
        <p className="mt-1 text-sm text-slate-600">
          Views per screen and day. No user, address or cookie is recorded, and browsers that ask not to be
          tracked are not counted.
        </p>
      </div>
      <div>
        <label htmlFor="page-views-period" className={labelClass}>
          Period
        </label>
        <select
          id="page-views-period"
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              Last {period} days
            </option>
          ))}
        </select>
      </div>
      {views.isLoading ? (
        <Spinner />
      ) : views.error ? (
        <p role="alert" className="text-red-700">
          Could not load page views.
        </p>
      ) : counts.length === 0 ? (
        <p className="text-slate-600">No views in this period.</p>
      ) : (
        <>
          <section className={cardClass} aria-labelledby="by-screen">
            <h2 id="by-screen" className="text-lg font-semibold text-slate-900">
              By screen
            </h2>
            <table className="mt-3 w-full text-left text-sm">
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="py-1 font-medium">
                    Screen
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Views
                  </th>
                </tr>
              </thead>
              <tbody>
                {byRoute.map(([route, n]) => (
                  <tr key={route} className="border-t border-slate-100" data-route={route}>
                    <td className="py-1 font-mono text-slate-800">{route}</td>
                    <td className="py-1 text-right tabular-nums">{n}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className={cardClass} aria-labelledby="by-day">
            <h2 id="by-day" className="text-lg font-semibold text-slate-900">
              By day
            </h2>
            <ul className="mt-3 space-y-1 text-sm">
              {[...dayTotals.entries()].map(([day, n]) => (
                <li key={day} className="flex justify-between border-t border-slate-100 py-1">
                  <span>{day}</span>
                  <span className="tabular-nums">{n}</span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
