// "Who can start a conversation with you" (issue 30), for one's own profile. Saved as soon as a
// choice is made; conversations that already exist are never affected by it.
import { Loader2 } from 'lucide-react';
import { WHO_MAY_START, type WhoMayStart } from '@saathi/contracts';
import { useMessageSettings, useSaveMessageSettings } from '../api/use-message-settings';
import { serverMessage } from '../lib/error-message';
import { toast } from '../lib/toast-store';
import { cardClass } from './ui';

export const WHO_MAY_START_LABELS = {
  everyone: 'Everyone',
  met: "People I've met at an activity",
  nobody: 'Nobody new',
} as const satisfies Record<WhoMayStart, string>;

const WHO_MAY_START_NOTES = {
  everyone: 'A first message from someone new arrives as a request.',
  met: 'Only people you checked in with at an activity, and people you already talk with.',
  nobody: 'Only people you already talk with.',
} as const satisfies Record<WhoMayStart, string>;

export function WhoMayMessageSetting() {
  const settings = useMessageSettings();
  const save = useSaveMessageSettings();

  if (settings.isPending) {
    return (
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        Loading who can message you…
      </p>
    );
  }
  if (settings.isError) {
    return (
      <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        {serverMessage(settings.error) ?? 'Could not load who can message you.'}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void settings.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  // While a save is on its way, show the choice being saved.
  const current = save.isPending ? save.variables.whoMayStart : settings.data.whoMayStart;
  const choose = (whoMayStart: WhoMayStart) => {
    if (whoMayStart === settings.data.whoMayStart || save.isPending) return;
    save.mutate(
      { whoMayStart },
      {
        onSuccess: () => toast({ title: 'Saved' }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessage(error) ?? 'Could not save. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <fieldset className="mt-4" aria-busy={save.isPending}>
      <legend className="text-sm font-semibold text-slate-900">Who can start a conversation with you</legend>
      <div className="mt-3 grid gap-2">
        {WHO_MAY_START.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
          >
            <input
              type="radio"
              name="who-may-start"
              value={option}
              checked={current === option}
              disabled={save.isPending}
              onChange={() => choose(option)}
              className="mt-1 h-4 w-4 accent-teal-700"
              aria-describedby={`who-may-start-${option}-note`}
            />
            <span>
              <span className="block text-sm font-medium text-slate-900">{WHO_MAY_START_LABELS[option]}</span>
              <span id={`who-may-start-${option}-note`} className="block text-sm text-slate-600">
                {WHO_MAY_START_NOTES[option]}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The control in a card of its own ("Messages"), for the profile screen. */
export function WhoMayMessageSection() {
  return (
    <section aria-labelledby="message-settings-title" className={`${cardClass} mt-6`}>
      <h2 id="message-settings-title" className="text-lg font-semibold text-slate-900">
        Messages
      </h2>
      <WhoMayMessageSetting />
    </section>
  );
}

export default WhoMayMessageSection;
