import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Loader2, Trash2 } from 'lucide-react';
import {
  dataExportDownloadPath,
  useDataExport,
  useDeleteAccount,
  useRequestDataExport,
} from '../api/use-your-data';
import { dataExportExpiryText } from '../lib/data-export';
import { serverMessage } from '../lib/error-message';
import { toast } from '../lib/toast-store';
import { PasswordInput } from './password-input';
import { buttonGhost, buttonPrimary, buttonSecondary, cardClass, labelClass } from './ui';

/**
 * "Your data" on one's own profile: ask for everything as one JSON file (the server prepares it
 * and keeps it 24 hours), or delete the account.
 */
export function YourDataSection() {
  const current = useDataExport();
  const requestExport = useRequestDataExport();
  const deleteAccount = useDeleteAccount();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const dataExport = current.data?.export ?? null;
  const status = dataExport?.status;

  // Tell the person when the file they are waiting for is done (or could not be made).
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'preparing' && status === 'ready')
      toast({ title: 'Your data is ready to download' });
    if (previous.current === 'preparing' && status === 'failed')
      toast({ title: 'Your data could not be prepared. Please try again.', variant: 'destructive' });
    previous.current = status;
  }, [status]);

  const prepare = () =>
    requestExport.mutate(undefined, {
      onError: (error) =>
        toast({ title: serverMessage(error) ?? 'Could not prepare your data', variant: 'destructive' }),
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
        — in one JSON file. We prepare it for you and keep it for 24 hours.
      </p>
      {status === 'preparing' ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          Preparing your data…
        </p>
      ) : status === 'ready' && dataExport?.expiresAt ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <a href={dataExportDownloadPath(dataExport.id)} download className={buttonPrimary}>
            <Download className="h-4 w-4" aria-hidden="true" />
            Download
          </a>
          <span className="text-sm text-slate-600">
            {dataExportExpiryText(dataExport.expiresAt, new Date())}
          </span>
          <button type="button" className={buttonGhost} disabled={requestExport.isPending} onClick={prepare}>
            Prepare a new copy
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={`${buttonSecondary} mt-3`}
          disabled={requestExport.isPending || current.isPending}
          onClick={prepare}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Download my data
        </button>
      )}

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
