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

  const label = resend.isPending ? 'Sending...' : 'Resend verification email';
  return (
    <section aria-label="Email verification" className="border-b border-amber-200 bg-amber-50">
      {/* On a phone the button is a link at the end of the sentence: the banner sits on every
          screen until the address is verified, and should not take a fifth of a phone's height. */}
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2 text-sm text-amber-950 sm:py-3">
        <p className="flex min-w-0 items-start gap-2">
          <Mail className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0">
            <strong className="font-semibold">Please verify your email address.</strong> We sent a link to{' '}
            <strong className="font-semibold wrap-break-word">{user.email}</strong>.{' '}
            <button
              type="button"
              className="tap-target font-semibold text-teal-800 underline underline-offset-2 sm:hidden"
              onClick={onResend}
              disabled={resend.isPending}
            >
              {label}
            </button>
          </span>
        </p>
        <button
          type="button"
          className={`${buttonSecondary} shrink-0 py-1.5 max-sm:hidden`}
          onClick={onResend}
          disabled={resend.isPending}
        >
          {label}
        </button>
      </div>
    </section>
  );
}
