import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { CheckCircle2, Loader2, LogIn, MailX } from 'lucide-react';
import { IdentityMessages } from '@saathi/contracts';
import { isApiError } from '../api/api-error';
import { useCurrentUser } from '../api/use-current-user';
import { useVerifyEmail } from '../api/use-email-verification';
import { NoticeCard } from '../components/notice-card';
import { buttonPrimary } from '../components/ui';
import { serverMessage } from '../lib/error-message';
import { usePageTitle } from '../lib/use-page-title';
import type { AuthReturnState } from './auth-page';

/**
 * /verify-email?token=…: the link from the verification mail. It completes only in the session
 * of the account it was sent for (identity refuses it otherwise, without using it up): signed
 * out, the page asks the person to sign in and comes back to this same link afterwards.
 */
export default function VerifyEmailPage() {
  usePageTitle('Verify Email - Saathi');
  const [searchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const token = searchParams.get('token');
  const { user, isLoading: userLoading } = useCurrentUser();
  const { mutate, data, error, isSuccess, isError } = useVerifyEmail();
  // A token works once: never send it twice (effects may run twice in development).
  const sent = useRef(false);

  useEffect(() => {
    // Signed out, the call could only be refused: ask to sign in first instead.
    if (!token || userLoading || !user || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, userLoading, user, mutate]);

  const signedOut = (!userLoading && !user && !isSuccess && !isError) || isApiError(error, 401);
  if (token && signedOut) {
    const back: AuthReturnState = { returnTo: `${pathname}${search}` };
    return (
      <div className="mx-auto max-w-md px-4 py-10">
        <NoticeCard icon={LogIn} title="Sign In Required">
          <p className="mt-2 text-slate-600">
            {serverMessage(error) ?? IdentityMessages.signInToVerifyEmail}
          </p>
          <p className="mt-2 text-sm text-slate-600">
            Sign in to the account you created with this address; this link then confirms it. If you did not
            create a Saathi account, you can ignore the mail.
          </p>
          <Link to="/auth" state={back} className={`${buttonPrimary} mt-6 w-full`}>
            Sign In
          </Link>
        </NoticeCard>
      </div>
    );
  }

  if (token && !isSuccess && !isError) {
    return (
      <div role="status" className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-slate-600">
        <Loader2 className="h-8 w-8 animate-spin text-teal-700" aria-hidden="true" />
        <p className="mt-4">Verifying your email...</p>
      </div>
    );
  }

  const home = (
    <Link to="/home" className={`${buttonPrimary} mt-6 w-full`}>
      Continue to Saathi
    </Link>
  );

  if (isSuccess) {
    return (
      <div className="mx-auto max-w-md px-4 py-10">
        <NoticeCard icon={CheckCircle2} title="Email Verified">
          <p className="mt-2 text-slate-600">{data.message}</p>
          {home}
        </NoticeCard>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <NoticeCard icon={MailX} title="Verification Failed">
        <p className="mt-2 text-slate-600">
          {token
            ? (serverMessage(error) ?? 'This verification link is invalid or has expired')
            : 'No verification token found in the URL'}
        </p>
        {/* Another account's link (403) stays usable: a new one would not help here. */}
        {isApiError(error, 403) ? null : (
          <p className="mt-2 text-sm text-slate-600">
            Sign in and choose Resend verification email to get a new link.
          </p>
        )}
        {home}
      </NoticeCard>
    </div>
  );
}
