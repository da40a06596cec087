// "Get a notification when someone replies": offered right after the person did something that
// gets answers (push-offer.ts), never on a first load. Loaded with its first offer, so none of it
// is on the first load. What it shows is push-prompt-rule.ts's decision.
import { useEffect, useState } from 'react';
import { BellRing, Loader2 } from 'lucide-react';
import { useTurnOnPush } from '../api/use-push';
import { buttonPrimary, buttonSecondary } from '../components/ui';
import { toast } from '../lib/toast-store';
import { NOT_NOW_STORAGE_KEY, promptToShow } from './push-prompt-rule';
import { currentPushSubscription, notificationPermission, pushSupport } from './push-subscription';

export const PUSH_PROMPT_TITLE = 'Get a notification when someone replies';

function readNotNow(): string | null {
  try {
    return localStorage.getItem(NOT_NOW_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberNotNow(): void {
  try {
    localStorage.setItem(NOT_NOW_STORAGE_KEY, new Date().toISOString());
  } catch {
    // Storage unavailable (private mode): the prompt is gone for this visit only.
  }
}

async function decide(): Promise<'offer' | 'install-first' | null> {
  return promptToShow({
    support: pushSupport(),
    permission: notificationPermission(),
    subscribed: (await currentPushSubscription().catch(() => null)) !== null,
    notNowAt: readNotNow(),
    now: new Date(),
  });
}

export default function PushPrompt() {
  const [view, setView] = useState<'offer' | 'install-first' | null>(null);
  const turnOn = useTurnOnPush();

  useEffect(() => {
    let live = true;
    void decide().then((next) => {
      if (live) setView(next);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!view) return null;

  const notNow = () => {
    rememberNotNow();
    setView(null);
  };

  const accept = () =>
    turnOn.mutate(undefined, {
      onSuccess: (result) => {
        if (result === 'on') toast({ title: 'Notifications are on for this device' });
        if (result === 'denied')
          toast({ title: 'Notifications are blocked for Saathi in this browser’s settings' });
        // Closed the browser's question without an answer: as good as "Not now".
        if (result === 'dismissed') rememberNotNow();
        setView(null);
      },
      onError: () => {
        toast({ title: 'Could not turn on notifications. Please try again.', variant: 'destructive' });
        setView(null);
      },
    });

  // In the page's flow under the header, like the email banner: never over the message box the
  // person has just used.
  return (
    <section aria-labelledby="push-prompt-title" className="border-b border-teal-100 bg-teal-50">
      <div className="mx-auto flex max-w-5xl gap-3 px-4 py-3">
        <BellRing className="mt-0.5 h-5 w-5 shrink-0 text-teal-800" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="push-prompt-title" className="font-semibold text-slate-900">
            {PUSH_PROMPT_TITLE}
          </h2>
          {view === 'offer' ? (
            <p className="mt-0.5 text-sm text-slate-700">
              Saathi can tell this device when someone answers you, even when the app is closed. It says who
              wrote, never what. You can change this in your profile at any time.
            </p>
          ) : (
            <p className="mt-0.5 text-sm text-slate-700">
              On iPhone and iPad, add Saathi to your Home Screen first: tap the Share button, choose “Add to
              Home Screen”, then open Saathi from there and turn notifications on.
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            {view === 'offer' ? (
              <button
                type="button"
                className={`${buttonPrimary} py-1.5`}
                disabled={turnOn.isPending}
                onClick={accept}
              >
                {turnOn.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                Turn on notifications
              </button>
            ) : null}
            <button
              type="button"
              className={`${buttonSecondary} py-1.5`}
              disabled={turnOn.isPending}
              onClick={notNow}
            >
              Not now
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
