import { useState, type SubmitEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useDeleteAccount, useExportData } from '../api/use-your-data';
import { dataExportFile } from '../lib/data-export';
import { serverMessage } from '../lib/error-message';
import { toast } from '../lib/toast-store';
import { PasswordInput } from './password-input';
import { buttonPrimary, buttonSecondary, cardClass, labelClass } from './ui';

/** "Your data" on one's own profile: take everything out as one JSON file, or delete the account. */
export function YourDataSection({ userId }: { userId: string }) {
  const exportData = useExportData();
  const deleteAccount = useDeleteAccount();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');

  const download = () =>
    exportData.mutate(undefined, {
      onSuccess: (parts) => {
        const file = dataExportFile(userId, parts, new Date());
        const url = URL.createObjectURL(new Blob([file.json], { type: 'application/json' }));
        const link = document.createElement('a');
        link.href = url;
        link.download = file.name;
        link.click();
        // Long enough for the browser to start saving it.
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      },
      onError: (error) =>
        toast({ title: serverMessage(error) ?? 'Could not export your data', variant: 'destructive' }),
    });

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    deleteAccount.mutate(password, {
      onSuccess: ({ message }) => {
        toast({ title: message });
        queryClient.clear();
        window.location.assign('/');
      },
      onError: (error) =>
        toast({ title: serverMessage(error) ?? 'Could not delete your account', variant: 'destructive' }),
    });
  };

  return (
    <section aria-labelledby="your-data-title" className={`${cardClass} mt-6`}>
      <h2 id="your-data-title" className="text-lg font-semibold text-slate-900">
        Your data
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Everything Saathi stores about you — account, profile, posts, comments, reactions, likes and messages
        — in one JSON file.
      </p>
      <button
        type="button"
        className={`${buttonSecondary} mt-3`}
        disabled={exportData.isPending}
        onClick={download}
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        {exportData.isPending ? 'Preparing…' : 'Download my data'}
      </button>

      <div className="mt-6 border-t border-slate-200 pt-4">
        {confirming ? (
          <form onSubmit={submit} aria-label="Delete my account">
            <p className="text-sm text-slate-700">
              This deletes your account, posts and comments for good and signs you out everywhere. People you
              messaged keep the conversation, with you shown as “Deleted user”.
            </p>
            <label htmlFor="delete-password" className={`${labelClass} mt-3`}>
              Password
            </label>
            <PasswordInput
              id="delete-password"
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
            />
            <p className="mt-1 text-xs text-slate-600">
              Signed up with Google? Sign in with Google again, then leave this empty.
            </p>
            <div className="mt-3 flex gap-2">
              <button
                type="submit"
                className={`${buttonPrimary} bg-red-700 hover:bg-red-800`}
                disabled={deleteAccount.isPending}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                Delete my account permanently
              </button>
              <button type="button" className={buttonSecondary} onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className={buttonSecondary} onClick={() => setConfirming(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete my account
          </button>
        )}
      </div>
    </section>
  );
}
