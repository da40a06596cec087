import { Bot, Loader2, Sparkles, X } from 'lucide-react';
import { useBotPost, useSeedActivity } from '../api/use-admin-bot';
import type { UserLocation } from '../lib/location';
import { toast } from '../lib/toast-store';
import { buttonPrimary, buttonSecondary } from './ui';

/** The hidden admin tools (Ctrl+Shift+A): seed activity and one bot post, at the current location. */
export default function AdminBotPanel({
  location,
  onClose,
}: {
  location: UserLocation | null;
  onClose: () => void;
}) {
  const seed = useSeedActivity();
  const botPost = useBotPost();

  const seedActivity = () => {
    if (!location) return;
    seed.mutate(location, {
      onSuccess: (result) => toast({ title: 'Activity Seeding Started', description: result.message }),
      onError: () =>
        toast({ title: 'Error', description: 'Failed to start activity seeding', variant: 'destructive' }),
    });
  };

  const createBotPost = () => {
    if (!location) return;
    botPost.mutate(location, {
      onSuccess: () => toast({ title: 'Bot Post Created', description: 'A bot post was added near you.' }),
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to create bot post',
          variant: 'destructive',
        }),
    });
  };

  return (
    <section
      aria-labelledby="admin-bot-title"
      className="fixed right-4 bottom-24 z-40 w-[calc(100%-2rem)] max-w-xs rounded-2xl border border-slate-300 bg-white p-4 shadow-xl"
    >
      <div className="flex items-center justify-between">
        <h2 id="admin-bot-title" className="flex items-center gap-2 font-semibold text-slate-900">
          <Bot className="h-5 w-5 text-teal-700" aria-hidden="true" /> Admin Bot Panel
        </h2>
        <button
          type="button"
          aria-label="Close admin bot panel"
          onClick={onClose}
          className="rounded-md p-1 text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {location ? `At ${location.locationName}` : 'Choose a location first.'}
      </p>
      <div className="mt-3 grid gap-2">
        <button
          type="button"
          className={buttonPrimary}
          onClick={seedActivity}
          disabled={!location || seed.isPending}
        >
          {seed.isPending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <Sparkles className="h-4 w-4" aria-hidden="true" />
          )}
          Seed Activity
        </button>
        <button
          type="button"
          className={buttonSecondary}
          onClick={createBotPost}
          disabled={!location || botPost.isPending}
        >
          {botPost.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          Create Bot Post
        </button>
      </div>
    </section>
  );
}
