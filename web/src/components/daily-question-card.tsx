import { Suspense, lazy, useMemo, useState, type SubmitEvent } from 'react';
import { Loader2, MessageSquareQuote } from 'lucide-react';
import { DAILY_RESPONSES_SHOWN, DAILY_RESPONSE_MAX, areaNameOf, dailyQuestionFor } from '@saathi/contracts';
import type { DailyResponse, GeoPoint } from '@saathi/contracts';
import { loginRedirectRoute } from '../api/routes';
import { useCurrentUser } from '../api/use-current-user';
import { useDailyResponses, useShareDailyResponse } from '../api/use-daily-question';
import { serverMessage } from '../lib/error-message';
import { toast } from '../lib/toast-store';
import { ReportButton } from './report-button';
import { buttonPrimary, cardClass, inputClass } from './ui';

// Loaded on the first Report tap: the card is on the home page, whose first-load JS is budgeted.
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

/**
 * Today's question (by day of the year), a box to answer it, and up to five answers. The answer
 * carries the viewer's point, never their place's name (it may be a typed address): the server
 * shows the area it derives, and the card shows the person that same area before they post.
 */
export function DailyQuestionCard({ location }: { location: GeoPoint }) {
  const question = useMemo(() => dailyQuestionFor(new Date()), []);
  const { isAuthenticated, user } = useCurrentUser();
  const responses = useDailyResponses();
  const share = useShareDailyResponse();
  const [answer, setAnswer] = useState('');
  const [reporting, setReporting] = useState<DailyResponse | null>(null);

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    const response = answer.trim();
    if (!response) return;
    if (!isAuthenticated) {
      window.location.assign(loginRedirectRoute.path);
      return;
    }
    share.mutate(
      { question, response, latitude: location.latitude, longitude: location.longitude },
      {
        onSuccess: () => {
          setAnswer('');
          toast({ title: 'Answer Shared', description: 'Thanks for sharing with your neighbours.' });
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessage(error) ?? 'Failed to share response',
            variant: 'destructive',
          }),
      },
    );
  };

  const shown = responses.data?.slice(0, DAILY_RESPONSES_SHOWN) ?? [];

  return (
    <section aria-labelledby="daily-question-title" className={`${cardClass} p-5`}>
      <h2 id="daily-question-title" className="flex items-center gap-2 text-sm font-semibold text-teal-800">
        <MessageSquareQuote className="h-4 w-4" aria-hidden="true" />
        Question of the Day
      </h2>
      <p className="mt-2 text-lg font-semibold text-slate-900">{question}</p>
      <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="daily-answer" className="sr-only">
          Your answer
        </label>
        <input
          id="daily-answer"
          value={answer}
          maxLength={DAILY_RESPONSE_MAX}
          onChange={(e) => setAnswer(e.target.value)}
          placeholder="Share your answer..."
          className={inputClass}
        />
        <button
          type="submit"
          className={`${buttonPrimary} shrink-0`}
          disabled={!answer.trim() || share.isPending}
        >
          {share.isPending ? 'Sharing...' : 'Share Answer'}
        </button>
      </form>
      {/* Once they start typing: the first screen's HTML is pre-rendered without the viewer's
          location (services/contracts/src/web/prerender.ts), and must stay the start of React's. */}
      {answer.trim() ? <PublishedAreaNote location={location} /> : null}
      {responses.isLoading ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Loader2 className="h-4 w-4 animate-spin-late" aria-hidden="true" /> Loading answers...
        </p>
      ) : shown.length > 0 ? (
        <ul className="mt-4 space-y-2" aria-label="Answers from your neighbours">
          {shown.map((item) => (
            <li key={item.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <p className="break-words text-slate-800">{item.response}</p>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                <span>
                  {item.authorName} · {item.location}
                </span>
                {user && user.id !== item.authorId ? (
                  <ReportButton what={`answer by ${item.authorName}`} onClick={() => setReporting(item)} />
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      ) : responses.isSuccess ? (
        <p className="mt-3 text-sm text-slate-600">Be the first to answer today.</p>
      ) : null}
      {reporting ? (
        <Suspense fallback={null}>
          <ReportDialog
            open
            onOpenChange={(open) => !open && setReporting(null)}
            target={{ kind: 'daily_answer', id: reporting.id, excerpt: reporting.response }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** What others will read beside an answer: the viewer's name and the area the server derives. */
export function PublishedAreaNote({ location }: { location: GeoPoint }) {
  return (
    <p className="mt-1 text-xs text-slate-600">
      Shown to everyone with your name and <span className="font-medium">{areaNameOf(location)}</span>.
    </p>
  );
}
