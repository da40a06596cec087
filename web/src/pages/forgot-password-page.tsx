import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { forgotPasswordBodySchema } from '@saathi/contracts';
import { useForgotPassword } from '../api/use-password-reset';
import { isApiError } from '../api/api-error';
import { NoticeCard } from '../components/notice-card';
import { TextField } from '../components/text-field';
import { buttonPrimary, buttonSecondary, cardClass, linkClass } from '../components/ui';
import { serverMessage } from '../lib/error-message';
import { toast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';

/** /forgot-password: request a reset link by email. */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password - Saathi');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useForgotPassword();

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    const parsed = forgotPasswordBodySchema.safeParse({ email });
    if (!parsed.success) {
      toast({ title: 'Invalid email', description: parsed.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    request.mutate(parsed.data, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: (error) => {
        if (isApiError(error)) {
          toast({
            title: 'Error',
            description: serverMessage(error) ?? 'Failed to send reset email',
            variant: 'destructive',
          });
        } else {
          toast({
            title: 'Error',
            description: 'Something went wrong. Please try again.',
            variant: 'destructive',
          });
        }
      },
    });
  };

  const sendAnother = () => {
    setSentTo(null);
    setEmail('');
    request.reset();
  };

  if (sentTo) {
    return (
      <div className="mx-auto max-w-md px-4 py-10">
        <NoticeCard icon={MailCheck} title="Check Your Email">
          <p className="mt-2 text-slate-600">
            If an account exists for <strong className="font-semibold text-slate-900">{sentTo}</strong>, we
            have sent a link to reset your password.
          </p>
          <p className="mt-2 text-sm text-slate-600">The link expires in 1 hour.</p>
          <div className="mt-6 grid gap-3">
            <button type="button" className={buttonSecondary} onClick={sendAnother}>
              Send Another Email
            </button>
            <Link to="/auth" className={`${linkClass} inline-flex items-center justify-center gap-1 text-sm`}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Sign In
            </Link>
          </div>
        </NoticeCard>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className={cardClass}>
        <h1 className="text-2xl font-semibold text-slate-900">Forgot your password?</h1>
        <p className="mt-1 text-sm text-slate-600">
          Enter the email address of your account and we will send you a reset link.
        </p>
        <form onSubmit={onSubmit} className="mt-6 space-y-4" noValidate>
          <TextField
            id="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
          />
          <button
            type="submit"
            className={`${buttonPrimary} w-full`}
            disabled={!email.trim() || request.isPending}
          >
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </button>
        </form>
        <Link to="/auth" className={`${linkClass} mt-6 inline-flex items-center gap-1 text-sm`}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Sign In
        </Link>
      </div>
    </div>
  );
}
