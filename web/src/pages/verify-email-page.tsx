import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CheckCircle2, Loader2, MailX } from 'lucide-react';
import { useVerifyEmail } from '../api/use-email-verification';
import { NoticeCard } from '../components/notice-card';
import { buttonPrimary } from '../components/ui';
import { serverMessage } from '../lib/error-message';
import { usePageTitle } from '../lib/use-page-title';

/** /verify-email?token=…: the link from the verification mail. Needs no sign-in. */
export default function VerifyEmailPage() {
  usePageTitle('Verify Email - Saathi');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { mutate, data, error, isSuccess, isError } = useVerifyEmail();
  // A token works once: never send it twice (effects may run twice in development).
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

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
        <p className="mt-2 text-sm text-slate-600">
          Sign in and choose Resend verification email to get a new link.
        </p>
        {home}
      </NoticeCard>
    </div>
  );
}
