import { useLocation } from 'react-router-dom';
import { Mail } from 'lucide-react';
import { IdentityMessages } from '@saathi/contracts';
import { useCurrentUser } from '../api/use-current-user';
import { useResendVerificationEmail } from '../api/use-email-verification';
import { serverMessage } from '../lib/error-message';
import { toast } from '../lib/toast-store';
import { buttonSecondary } from './ui';

/**
 * Under the header for a signed-in user whose address is not verified yet, until it is: the
 * account stays an ordinary one (never admin) until its owner proves the address.
 */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const resend = useResendVerificationEmail();
  // The verification page itself says how the check went; the banner would only repeat it.
  if (!user || user.emailVerified || pathname === '/verify-email') return null;

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (res) =>
        res.message === IdentityMessages.emailAlreadyVerified
          ? toast({ title: 'Email already verified', description: res.message })
          : toast({ title: 'Verification email sent', description: `Check ${user.email} for the link.` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error) ?? 'Failed to send verification email',
          variant: 'destructive',
        }),
    });

  return (
    <section aria-label="Email verification" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2">
          <Mail className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Please verify your email address.</strong> We sent a link to{' '}
            <strong className="font-semibold">{user.email}</strong>.
          </span>
        </p>
        <button
          type="button"
          className={`${buttonSecondary} shrink-0 py-1.5`}
          onClick={onResend}
          disabled={resend.isPending}
        >
          {resend.isPending ? 'Sending...' : 'Resend verification email'}
        </button>
      </div>
    </section>
  );
}
